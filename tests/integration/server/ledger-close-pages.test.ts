/**
 * The monthly close reads its facts a page at a time (a cursor, pages of whole clients, so the client drag sees
 * every operation of a client together): whatever the page size — one row, a few, more than the portfolio — the
 * positions, the totals and the largest provisions are the same, and a client's stage-3 operation drags its other
 * operations even when the cursor's pages split that client. Straight on a migrated database (no server).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../../src/server/db/connect';
import { migrate } from '../../../src/server/db/migrate';
import { accrueUpTo } from '../../../src/server/areas/ledger/accrual/run';
import { computeClose, largestProvisions, type ComputedPosition } from '../../../src/server/areas/ledger/close/close';
import { completeCpf } from '../../../src/shared/documents';
import { createTestDatabase, testDatabaseUrl } from '../../helpers/server';
import { insertBorrower, insertOperations, type FixtureOperation } from './ledger-accrual-fixtures';

let handle: DbHandle;
let drop: (() => Promise<void>) | undefined;
const opsOf = new Map<string, number[]>();

const LATE: FixtureOperation = { amortization: 'price', principal: '3000.00', monthlyRatePercent: '2.00', installments: 12, disbursementDate: '2025-10-01', firstDueDate: '2025-11-01' };
const RECENT: FixtureOperation = { ...LATE, principal: '5000.00', disbursementDate: '2026-02-10', firstDueDate: '2026-04-10' };

beforeAll(async () => {
  const baseUrl = testDatabaseUrl();
  if (baseUrl) {
    const created = await createTestDatabase(baseUrl);
    drop = created.drop;
    handle = await openDatabase({ databaseUrl: created.url });
  } else {
    handle = await openDatabase({});
  }
  await migrate(handle);
  // Client A: one operation unpaid since 2025-11-01 (150 days late on 2026-03-31: stage 3) and two recent ones;
  // client B: two recent; client C: one recent, one late paid up to date.
  const clients: Array<[string, FixtureOperation[]]> = [
    ['A', [RECENT, LATE, { ...RECENT, principal: '7000.00' }]],
    ['B', [{ ...RECENT, principal: '1200.00' }, { ...RECENT, principal: '2400.00' }]],
    ['C', [{ ...RECENT, principal: '900.00' }]],
  ];
  for (const [k, [name, ops]] of clients.entries()) {
    const borrower = await insertBorrower(handle, completeCpf(String(310_000_000 + k * 7)));
    opsOf.set(name, await insertOperations(handle, borrower, ops));
  }
  // Accrued on the books (the close holds operations with a balance in the journal): before the late one's stop, then to the month's end.
  await accrueUpTo(handle.db, '2025-12-15');
  await accrueUpTo(handle.db, '2026-03-31');
});

afterAll(async () => {
  await handle?.close();
  await drop?.();
});

async function closeWithPages(pageSize: number) {
  const positions: ComputedPosition[] = [];
  const preview = await handle.db.transaction((tx) =>
    computeClose(
      tx,
      '2026-03',
      async (page) => {
        positions.push(...page);
      },
      pageSize,
    ),
  );
  return { preview, positions: positions.sort((a, b) => a.credit_operation_id - b.credit_operation_id) };
}

describe("the close's facts in pages of whole clients", () => {
  it('the same positions, totals and largest provisions at every page size; the drag across a page boundary', async () => {
    const whole = await closeWithPages(5000);
    expect(whole.positions.map((p) => p.credit_operation_id)).toEqual([...opsOf.values()].flat().sort((a, b) => a - b));
    const [recentA, lateA, otherA] = opsOf.get('A')!;
    const byOp = new Map(whole.positions.map((p) => [p.credit_operation_id, p]));
    expect(byOp.get(lateA)).toMatchObject({ stage: '3', stage_reason: 'late_over_90' });
    expect(byOp.get(recentA)).toMatchObject({ stage: '3', stage_reason: 'client_drag' });
    expect(byOp.get(otherA)).toMatchObject({ stage: '3', stage_reason: 'client_drag' });
    for (const op of [...opsOf.get('B')!, ...opsOf.get('C')!]) expect(byOp.get(op)?.stage).toBe('1');
    for (const size of [1, 2, 4]) {
      const paged = await closeWithPages(size);
      expect(paged.positions, `page size ${size}`).toEqual(whole.positions);
      expect(paged.preview.totals, `page size ${size}`).toEqual(whole.preview.totals);
      expect(paged.preview.top, `page size ${size}`).toEqual(whole.preview.top);
    }
  });

  it('the largest provisions: the same as sorting every position by provision, then by operation', () => {
    const positions = Array.from({ length: 500 }, (_, k) => ({ credit_operation_id: 1000 - k, provision: ((k * 7919) % 97).toFixed(2) }));
    const sorted = [...positions].sort((a, b) => Number(b.provision) - Number(a.provision) || a.credit_operation_id - b.credit_operation_id);
    for (const count of [0, 1, 10, 200, 600]) expect(largestProvisions(positions, count)).toEqual(sorted.slice(0, count));
  });
});
