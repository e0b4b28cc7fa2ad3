/**
 * The borrower's risk classification and write-offs, through the borrower
 * risk call: an installment written off stops counting as overdue, and the
 * loss rates the borrower H and stage 3 for twelve months from its day
 * (Res. CMN 2.682/1999 arts. 3 and 7; the rule is in
 * src/shared/risk-classification.ts); its undoing gives the days overdue back;
 * an operation written off whole rates its borrower H. The classification is
 * counted to the server's business date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { disbursedOperation, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId = 0;
let opId = 0;
let ids: number[] = [];

async function classificationOn(day: string): Promise<Record<string, any>> {
  server.clock.set(day);
  const answer = await call(server, 'borrowers.classification', { id: borrowerId }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.as_of).toBe(day);
  return answer.body;
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Rui Perda', '714.602.380-01');
  opId = await disbursedOperation(server, tokens, borrowerId);
  const list = await call(server, 'servicing.installments', { id: opId }, tokens.agent);
  ids = list.body.installments.map((i: { id: number }) => i.id);
});
afterAll(() => server?.close());

describe('risk classification and write-offs', () => {
  it('before any write-off, the days overdue rate the borrower', async () => {
    const before = await classificationOn('2026-03-20');
    // The first installment (due 2026-02-15) is 33 days late, the second (due 03-15) 5.
    expect(before).toMatchObject({ max_days_overdue: 33, overdue_installments: 2, last_loss_on: null, rating: 'C', stage: '2', operations_considered: 1 });
  });

  it('an installment written off leaves the overdue count and rates the borrower H for its loss, from the day it was written off', async () => {
    server.clock.set('2026-03-20');
    expect((await call(server, 'servicingMoves.setStatus', { id: opId, installment: ids[0], status: 'written_off', reason: 'Devedor sem bens localizáveis', idempotency_key: key() }, tokens.operator)).status).toBe(200);
    // Asked, not yet approved: nothing changes.
    expect(await classificationOn('2026-03-20')).toMatchObject({ rating: 'C', last_loss_on: null });
    server.clock.set('2026-03-20');
    const approved = await call(server, 'servicingMoves.decideWriteOff', { id: opId, installment: ids[0], idempotency_key: key(), approve: true }, tokens.admin);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const after = await classificationOn('2026-03-20');
    expect(after).toMatchObject({ max_days_overdue: 5, overdue_installments: 1, last_loss_on: '2026-03-20', rating: 'H', stage: '3', operations_considered: 1 });
    expect(after.rating_reason).toMatch(/^Perda baixada em 20\/03\/2026, nos últimos 12 meses: nível H \(Res\. CMN 2\.682\/1999/);
    expect(after.stage_reason).toMatch(/estágio 3/);
    // The day before, the write-off had not happened.
    expect(await classificationOn('2026-03-19')).toMatchObject({ max_days_overdue: 32, overdue_installments: 2, last_loss_on: null, rating: 'C' });
  });

  it('undone, the loss no longer weighs from the undo on, and the installment counts as overdue again', async () => {
    server.clock.set('2026-04-10');
    const undone = await call(server, 'servicingMoves.setStatus', { id: opId, installment: ids[0], status: 'open', reason: 'Bens localizados na execução', idempotency_key: key() }, tokens.operator);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await classificationOn('2026-04-10')).toMatchObject({ max_days_overdue: 54, last_loss_on: null, rating: 'C', stage: '2' });
    // Between the write-off and its undoing, the loss stood.
    expect(await classificationOn('2026-04-09')).toMatchObject({ last_loss_on: '2026-03-20', rating: 'H', stage: '3' });
  });

  it('an operation written off whole rates its borrower H for twelve months, then the days overdue rate it again', async () => {
    server.clock.set('2026-05-04');
    const asked = await call(server, 'servicingMoves.writeOffOperation', { id: opId, idempotency_key: key(), reason: 'Devedor sem bens localizáveis' }, tokens.operator);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const approved = await call(server, 'servicingMoves.decideOperationWriteOff', { id: opId, idempotency_key: key(), approve: true }, tokens.admin);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await call(server, 'creditOperation.get', { id: opId }, tokens.agent)).body.status).toBe('written_off');

    expect(await classificationOn('2026-05-04')).toMatchObject({
      max_days_overdue: 0,
      overdue_installments: 0,
      operations_considered: 0,
      last_loss_on: '2026-05-04',
      rating: 'H',
      stage: '3',
    });
    expect(await classificationOn('2027-05-03')).toMatchObject({ rating: 'H', last_loss_on: '2026-05-04' });
    const later = await classificationOn('2027-05-04');
    expect(later).toMatchObject({ rating: 'AA', stage: '1', last_loss_on: '2026-05-04' });
    expect(later.rating_reason).toMatch(/nível AA/);
  });

  it('answers only the panel roles, 401 without a token', async () => {
    server.clock.set('2026-05-04');
    for (const role of ['superadmin', 'admin', 'operator', 'agent', 'user'] as const) {
      const answer = await call(server, 'borrowers.classification', { id: borrowerId }, tokens[role]);
      expect({ role, status: answer.status }).toEqual({ role, status: role === 'user' ? 403 : 200 });
    }
    expect((await call(server, 'borrowers.classification', { id: borrowerId })).status).toBe(401);
    expect((await call(server, 'borrowers.classification', { id: 'x' }, tokens.agent)).status).toBe(400);
  });
});
