/**
 * Written-off positions in the monthly close and the SCR Doc 3040 (anexo
 * Vencimentos: v310 written off up to 12 months ago, v320 over 12 up to 48,
 * v330 over 48). One operation: its first installment written off on
 * 31 March 2026, the rest on 4 May 2026. The closes of 2026-03, 2026-05,
 * 2027-04 and 2030-04 carry the amounts in force with their buckets at each
 * data-base; an operation written off whole has a position with no balance
 * (counted in the totals' written_off, not among the operations provisioned);
 * the Doc 3040 reports the buckets beside the open balance and passes its
 * rules; a write-off undone later leaves the recorded months as they were.
 * Each month's file is byte for byte what the reader before the paged one
 * wrote (tests/fixtures/scr3040-before). Also on PostgreSQL (TEST_DATABASE_URL).
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attr, parseXml, type XmlElement } from '../../../src/server/domain/scr3040/xml';
import { referencePart } from '../../fixtures/scr3040-before/reader';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { disbursedOperation, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let opId = 0;
let installmentIds: number[] = [];
let firstPrincipal = '';
let secondPrincipal = '';

async function closeMonth(month: string, today: string) {
  server.clock.set(today);
  const asked = await call(server, 'ledger.closeAsk', { month }, tokens.admin);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const decided = await call(server, 'ledger.closeDecide', { month, approve: true }, tokens.superadmin);
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  const recorded = await call(server, 'ledger.closeMonth', { filter: { month } }, tokens.admin);
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
  return recorded.body;
}

async function positionOf(month: string) {
  const [row] = await server.database.rows<Record<string, string | null>>(
    `SELECT p.balance::text, p.written_off::text, p.written_off_v310::text AS v310, p.written_off_v320::text AS v320, p.written_off_v330::text AS v330,
            to_char(p.written_off_first_on, 'YYYY-MM-DD') AS first_on, to_char(p.written_off_last_on, 'YYYY-MM-DD') AS last_on, p.stage, p.provision::text
       FROM ledger_close_positions p JOIN ledger_closes c ON c.id = p.close_id
      WHERE c.month = $1 AND c.status = 'closed' AND p.credit_operation_id = $2`,
    [month, opId],
  );
  return row;
}

const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);

/** The close's written-off totals summed from its stored positions (the demo's own write-off included). */
async function storedTotals(month: string) {
  const [t] = await server.database.rows<Record<string, string | number>>(
    `SELECT count(*) FILTER (WHERE p.written_off > 0)::int AS operations, sum(p.written_off)::text AS amount,
            sum(p.written_off_v310)::text AS v310, sum(p.written_off_v320)::text AS v320, sum(p.written_off_v330)::text AS v330
       FROM ledger_close_positions p JOIN ledger_closes c ON c.id = p.close_id WHERE c.month = $1 AND c.status = 'closed'`,
    [month],
  );
  return { operations: t.operations, amount: money(t.amount), v310: money(t.v310), v320: money(t.v320), v330: money(t.v330) };
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  const borrowerId = await insertBorrower(server, 'Wanda Prejuízo', '390.533.447-05');
  opId = await disbursedOperation(server, tokens, borrowerId);
  const list = await call(server, 'servicing.installments', { id: opId }, tokens.agent);
  installmentIds = list.body.installments.map((i: { id: number }) => i.id);
});
afterAll(() => server?.close());

describe('written-off positions, month by month', () => {
  it('March 2026: the first installment written off on the 31st is in v310; the rest stays owed and provisioned', async () => {
    server.clock.set('2026-03-31');
    const asked = await call(server, 'servicingMoves.setStatus', { id: opId, installment: installmentIds[0], status: 'written_off', reason: 'Devedor sem bens localizáveis', idempotency_key: key() }, tokens.operator);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const approved = await call(server, 'servicingMoves.decideWriteOff', { id: opId, installment: installmentIds[0], idempotency_key: key(), approve: true }, tokens.admin);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const [w] = await server.database.rows<{ principal: string }>('SELECT principal::text FROM installment_write_offs WHERE installment_id = $1', [installmentIds[0]]);
    firstPrincipal = money(w.principal);
    expect(new Decimal(firstPrincipal).gt(0)).toBe(true);

    const close = await closeMonth('2026-03', '2026-04-01');
    const p = await positionOf('2026-03');
    expect(p).toMatchObject({ written_off: firstPrincipal, v310: firstPrincipal, v320: '0.00', v330: '0.00', first_on: '2026-03-31', last_on: '2026-03-31', stage: '3' });
    expect(new Decimal(p.balance!).gt(0)).toBe(true);
    expect(close.totals.written_off).toEqual(await storedTotals('2026-03'));
    expect(new Decimal(close.totals.written_off.v310).gte(firstPrincipal)).toBe(true);
    const view = close.positions.find((x: { credit_operation_id: number }) => x.credit_operation_id === opId);
    if (view) expect(view.written_off).toBe(firstPrincipal);
  });

  it('the Doc 3040 of March 2026 reports the open balance in its buckets and the written-off amount in v310, and passes its rules', async () => {
    const check = await call(server, 'doc3040.check', { month: '2026-03' }, tokens.admin);
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    const ours = check.body.failures.filter((f: { credit_operation_id: number | null }) => f.credit_operation_id === opId);
    expect(ours, JSON.stringify(ours)).toEqual([]);
    const venc = await vencOf('2026-03');
    expect(venc.v310).toBe(firstPrincipal);
    const owed = Object.entries(venc).filter(([k]) => !['v310', 'v320', 'v330'].includes(k)).reduce((s, [, v]) => s.plus(v), new Decimal(0));
    expect(owed.toFixed(2)).toBe((await positionOf('2026-03')).balance);
  });

  it('May 2026: the rest written off on the 4th; the operation has no balance, both amounts in v310, counted only as written off', async () => {
    server.clock.set('2026-05-04');
    const asked = await call(server, 'servicingMoves.writeOffOperation', { id: opId, idempotency_key: key(), reason: 'Devedor sem bens localizáveis' }, tokens.operator);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const approved = await call(server, 'servicingMoves.decideOperationWriteOff', { id: opId, idempotency_key: key(), approve: true }, tokens.admin);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const [w] = await server.database.rows<{ principal: string }>("SELECT sum(principal)::text AS principal FROM installment_write_offs WHERE credit_operation_id = $1 AND written_off_on = '2026-05-04'", [opId]);
    secondPrincipal = money(w.principal);
    const total = money(new Decimal(firstPrincipal).plus(secondPrincipal));

    const close = await closeMonth('2026-05', '2026-06-01');
    expect(await positionOf('2026-05')).toMatchObject({ balance: '0.00', provision: '0.00', written_off: total, v310: total, first_on: '2026-03-31', last_on: '2026-05-04', stage: '3' });
    expect(close.totals.written_off).toEqual(await storedTotals('2026-05'));
    expect(new Decimal(close.totals.written_off.v310).gte(total)).toBe(true);
    // Written off whole: not among the operations provisioned.
    const [{ n }] = await server.database.rows<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_close_positions p JOIN ledger_closes c ON c.id = p.close_id WHERE c.month = '2026-05' AND c.status = 'closed' AND p.balance <> 0",
    );
    expect(close.totals.operations).toBe(n);
    const venc = await vencOf('2026-05');
    expect(venc).toEqual({ v310: total });
  });

  it('April 2027: the first write-off is over 12 months old (v320), the second not yet (v310)', async () => {
    await closeMonth('2027-04', '2027-05-01');
    expect(await positionOf('2027-04')).toMatchObject({ v310: secondPrincipal, v320: firstPrincipal, v330: '0.00' });
    expect(await vencOf('2027-04')).toEqual({ v310: secondPrincipal, v320: firstPrincipal });
  });

  it('April 2030: the first is over 48 months old (v330), the second still within 48 (v320)', async () => {
    const close = await closeMonth('2030-04', '2030-05-01');
    expect(await positionOf('2030-04')).toMatchObject({ v310: '0.00', v320: secondPrincipal, v330: firstPrincipal });
    expect(close.totals.written_off).toEqual(await storedTotals('2030-04'));
  });

  it('a write-off undone later leaves the recorded months as they were; the next preview no longer holds it', async () => {
    server.clock.set('2030-05-06');
    const undone = await call(server, 'servicingMoves.setStatus', { id: opId, installment: installmentIds[0], status: 'open', reason: 'Bens localizados', idempotency_key: key() }, tokens.operator);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const before = await storedTotals('2030-04');
    const recorded = await call(server, 'ledger.closeMonth', { filter: { month: '2030-04' } }, tokens.admin);
    expect(recorded.body.totals.written_off).toEqual(before);
    expect(await positionOf('2030-04')).toMatchObject({ v320: secondPrincipal, v330: firstPrincipal });
    expect(await vencOf('2030-04')).toEqual({ v320: secondPrincipal, v330: firstPrincipal });
    server.clock.set('2030-06-01');
    const preview = await call(server, 'ledger.closePreview', { filter: { month: '2030-05' } }, tokens.admin);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // The undone installment leaves the written-off figures: one amount fewer than the close before.
    expect(preview.body.totals.written_off.amount).toBe(money(new Decimal(before.amount).minus(firstPrincipal)));
  });
});

/** The Venc of our operation in the month's Doc 3040 file (read back from the stream). */
async function vencOf(month: string): Promise<Record<string, string>> {
  const answer = await call(server, 'doc3040.file', { month, part: 1 }, tokens.admin);
  expect(answer.status, new TextDecoder().decode(answer.body)).toBe(200);
  const text = new TextDecoder().decode(answer.body);
  expect(text, 'the same bytes as the reader before').toBe(await referencePart(server.database.db, month, 1));
  const root = parseXml(text);
  const contract = `%${String(opId).padStart(9, '0')}`;
  const ops = root.children.filter((c) => c.name === 'Cli').flatMap((c) => c.children);
  const op = ops.find((o: XmlElement) => (attr(o, 'Contrt') ?? '').endsWith(contract.slice(1)));
  expect(op, 'our operation is reported one by one').toBeDefined();
  const venc = op!.children.find((c) => c.name === 'Venc')!;
  return Object.fromEntries(venc.attrs);
}
