/**
 * The accrual run (areas/ledger/accrual/run.ts) on a migrated database: what it recognises equals the pure rule
 * (domain/ledger/accrual.ts) per operation; a second run of the date posts nothing; a run stopped midway (a batch
 * throws) leaves its finished batches booked and the next run completes it with no interest recognised twice; an
 * operation more than 90 days late stops (stage 3) and recognises nothing more; settled operations and installments
 * written off or assigned do not accrue; the books balance.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../../src/server/db/connect';
import { migrate } from '../../../src/server/db/migrate';
import { accrueUpTo } from '../../../src/server/areas/ledger/accrual/run';
import { buildSchedule } from '../../../src/server/domain/credit/schedule';
import { accrualScheduleOf, accruedInterest } from '../../../src/server/domain/ledger/accrual';
import { createTestDatabase, testDatabaseUrl } from '../../helpers/server';
import { insertBorrower, insertOperations, type FixtureOperation } from './ledger-accrual-fixtures';

let handle: DbHandle;
let drop: (() => Promise<void>) | undefined;
let borrower: number;

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
  borrower = await insertBorrower(handle);
});

afterAll(async () => {
  await handle?.close();
  await drop?.();
});

const PRICE: FixtureOperation = { amortization: 'price', principal: '3000.00', monthlyRatePercent: '2.00', installments: 12, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15' };

function expected(op: FixtureOperation, date: string): string {
  const rows = buildSchedule(op);
  return accruedInterest(accrualScheduleOf(op.disbursementDate, op.principal, rows.map((r) => ({ dueDate: r.dueDate, interest: r.interest, balance: r.balance }))), date).toFixed(2);
}

async function accruedOf(op: number): Promise<string> {
  const [row] = await handle.rows<{ amount: string }>(
    "SELECT COALESCE(sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END), 0)::numeric(14,2)::text AS amount FROM journal_entries WHERE credit_operation_id = $1 AND account = 'accrued_interest_receivable'",
    [op],
  );
  return row.amount;
}

async function expectBalanced(): Promise<void> {
  const unbalanced = await handle.rows("SELECT posting_id FROM journal_entries GROUP BY posting_id HAVING sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END) <> 0");
  expect(unbalanced).toEqual([]);
  const [income] = await handle.rows<{ air: string; income: string }>(
    "SELECT COALESCE(sum(amount) FILTER (WHERE account = 'accrued_interest_receivable' AND side = 'debit'), 0)::text AS air, COALESCE(sum(amount) FILTER (WHERE account = 'interest_income' AND side = 'credit' AND kind = 'interest_accrual'), 0)::text AS income FROM journal_entries",
  );
  expect(income.air).toBe(income.income);
}

describe('the accrual run', () => {
  let ids: number[];
  const ops: FixtureOperation[] = [
    PRICE,
    { ...PRICE, amortization: 'sac', principal: '12000.00', monthlyRatePercent: '3.50', installments: 24, disbursementDate: '2026-01-20', firstDueDate: '2026-03-05' },
    { ...PRICE, principal: '500.00', monthlyRatePercent: '0', installments: 3 },
    { ...PRICE, principal: '800000.00', monthlyRatePercent: '14.9', installments: 360, disbursementDate: '2026-01-31', firstDueDate: '2026-02-28' },
    { ...PRICE, status: 'settled' },
    { ...PRICE, status: 'approved' },
  ];

  beforeAll(async () => {
    ids = await insertOperations(handle, borrower, ops);
  });

  it('recognises up to a date what the pure rule says, per operation, and nothing for operations not accruing', async () => {
    const run = await accrueUpTo(handle.db, '2026-02-10');
    expect(run.operations).toBe(3); // the zero-rate one has nothing to recognise; settled and approved ones are not accruing
    for (const k of [0, 1, 2, 3]) expect(await accruedOf(ids[k])).toBe(expected(ops[k], '2026-02-10'));
    expect(await accruedOf(ids[4])).toBe('0.00');
    expect(await accruedOf(ids[5])).toBe('0.00');
    expect(new Decimal(run.amount).eq(ops.slice(0, 4).reduce((s, o) => s.plus(expected(o, '2026-02-10')), new Decimal(0)))).toBe(true);
    await expectBalanced();
  });

  it('is idempotent per date: a second run posts nothing; an earlier date recognises nothing', async () => {
    const before = await handle.rows('SELECT count(*)::int AS n FROM journal_entries');
    expect((await accrueUpTo(handle.db, '2026-02-10')).operations).toBe(0);
    expect((await accrueUpTo(handle.db, '2026-02-01')).operations).toBe(0);
    expect(await handle.rows('SELECT count(*)::int AS n FROM journal_entries')).toEqual(before);
  });

  it('at a due date the operation has recognised its schedule interest to the cent', async () => {
    await accrueUpTo(handle.db, '2026-02-15');
    const first = buildSchedule(PRICE)[0];
    expect(await accruedOf(ids[0])).toBe(first.interest.toFixed(2));
    const [{ n }] = await handle.rows<{ n: number }>('SELECT count(*)::int AS n FROM interest_accruals WHERE credit_operation_id = $1', [ids[0]]);
    expect(n).toBe(2);
    await expectBalanced();
  });

  it('a run stopped midway books its finished batches; the next run completes it and recognises nothing twice', async () => {
    await expect(
      accrueUpTo(handle.db, '2026-03-01', {
        batchSize: 1,
        afterBatch: (n) => {
          if (n === 2) throw new Error('the process died');
        },
      }),
    ).rejects.toThrow('the process died');
    const [unfinished] = await handle.rows<{ finished: boolean }>('SELECT finished_at IS NOT NULL AS finished FROM interest_accrual_runs ORDER BY id DESC LIMIT 1');
    expect(unfinished.finished).toBe(false);
    expect(await accruedOf(ids[0])).toBe(expected(ops[0], '2026-03-01'));
    expect(await accruedOf(ids[1])).toBe(expected(ops[1], '2026-03-01'));
    expect(await accruedOf(ids[3])).toBe(expected(ops[3], '2026-02-15'));
    const resumed = await accrueUpTo(handle.db, '2026-03-01', { batchSize: 1 });
    expect(resumed.operations).toBe(1); // the long one (the zero-rate one earns nothing); the first two were booked before the stop
    for (const k of [0, 1, 2, 3]) expect(await accruedOf(ids[k])).toBe(expected(ops[k], '2026-03-01'));
    const duplicates = await handle.rows("SELECT credit_operation_id FROM interest_accruals WHERE kind = 'accrual' GROUP BY credit_operation_id, accrual_date HAVING count(*) > 1");
    expect(duplicates).toEqual([]);
    await expectBalanced();
  });

  it('stops for an operation more than 90 days late (stage 3) and recognises nothing after', async () => {
    // the first operation pays nothing: its first installment, due 2026-02-15, is 91 days late on 2026-05-17
    await handle.rows("UPDATE credit_operation_installments SET paid_on = due_date WHERE credit_operation_id <> $1 AND due_date <= '2026-06-30'", [ids[0]]);
    await accrueUpTo(handle.db, '2026-05-16');
    expect(await accruedOf(ids[0])).toBe(expected(ops[0], '2026-05-16'));
    const stop = await accrueUpTo(handle.db, '2026-05-17');
    expect(stop.stopped).toBe(1);
    expect(await accruedOf(ids[0])).toBe(expected(ops[0], '2026-05-16'));
    const [position] = await handle.rows<{ stopped_on: string; stop_days_late: number }>('SELECT stopped_on::text, stop_days_late FROM interest_accrual_positions WHERE credit_operation_id = $1', [ids[0]]);
    expect(position).toEqual({ stopped_on: '2026-05-17', stop_days_late: 91 });
    await accrueUpTo(handle.db, '2026-06-30');
    expect(await accruedOf(ids[0])).toBe(expected(ops[0], '2026-05-16'));
    expect(await accruedOf(ids[1])).toBe(expected(ops[1], '2026-06-30'));
    await expectBalanced();
  });

  it('an installment written off or assigned earns the lender nothing more', async () => {
    const [inst] = await handle.rows<{ id: number }>("SELECT id FROM credit_operation_installments WHERE credit_operation_id = $1 AND due_date > '2026-07-01' ORDER BY due_date LIMIT 1", [ids[1]]);
    await handle.rows("INSERT INTO installment_states (installment_id, credit_operation_id, status) VALUES ($1, $2, 'written_off')", [inst.id, ids[1]]);
    const before = new Decimal(await accruedOf(ids[1]));
    await accrueUpTo(handle.db, '2026-08-10');
    const schedule = buildSchedule(ops[1]);
    const k = schedule.findIndex((r) => r.dueDate > '2026-07-01');
    const all = new Decimal(expected(ops[1], '2026-08-10'));
    const upToJuly = new Decimal(expected(ops[1], schedule[k - 1].dueDate));
    // what the written-off installment's period would have earned is left out
    expect(new Decimal(await accruedOf(ids[1])).minus(before).toFixed(2)).toBe(all.minus(upToJuly).minus(schedule[k].interest).plus(upToJuly).minus(before).toFixed(2));
  });
});
