/**
 * Repurchases over HTTP: the repurchasable list with the amount due to the assignee by each account's rule, buying
 * back (overdue, or under the agreement with a reason), undoing it, list, count and details, four eyes above the
 * company's limit, the refusals (409 naming the installment, 400 naming the field), idempotency and two concurrent
 * repurchases of one installment; the marks that require a buy-back however late (fraud, contract cancelled): set
 * and cleared with a reason, kept as history, and their refusals. One seeded server for the file; the books must balance after every move.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import {
  assignAtRate,
  disbursedOperation,
  expectBooksBalanced,
  insertAssigneeAccount,
  insertBorrower,
  issuedOperation,
  key,
  operationBalances,
  operationInstallments,
  SERVICING_PARAMETERS_SQL,
} from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId: number;
let faceAccount: number;
let presentValueAccount: number;

const expectBalancedBooks = () => expectBooksBalanced(server, tokens.operator);

const balances = (operationId: number) => operationBalances(server, operationId);

const moved = (before: Record<string, string>, after: Record<string, string>, account: string) => new Decimal(after[account] ?? 0).minus(before[account] ?? 0).toFixed(2);

const installments = (operationId: number) => operationInstallments<Record<string, any>>(server, tokens.agent, operationId);

const repurchase = (operationId: number, installmentId: number, extra: Record<string, unknown> = {}, token = tokens.operator) =>
  call(server, 'repurchase.create', { id: operationId, installment: installmentId, idempotency_key: key(), ...extra }, token);

const undo = (operationId: number, installmentId: number, token = tokens.operator) =>
  call(server, 'repurchase.reverse', { id: operationId, installment: installmentId, idempotency_key: key(), reason: 'Acordo com o fundo: recompra lançada por engano' }, token);

async function repurchasable(operationId: number, include: 'required' | 'all' = 'required') {
  const answer = await call(server, 'repurchase.repurchasable', { id: operationId, include }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.installments as Array<Record<string, any>>;
}

const setCause = (operationId: number, cause: string, reason = 'Documentos falsos apurados pelo fundo', token = tokens.admin, idempotencyKey = key()) =>
  call(server, 'repurchase.setCause', { id: operationId, cause, reason, idempotency_key: idempotencyKey }, token);

const clearCause = (operationId: number, cause: string, reason = 'Apuração concluiu que não houve fraude', token = tokens.admin) =>
  call(server, 'repurchase.clearCause', { id: operationId, cause, reason, idempotency_key: key() }, token);

async function setLimit(limit: string): Promise<void> {
  await server.database.rows('UPDATE company_parameters SET cession_approval_above = $1 WHERE company_id = 1', [limit]);
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  await setLimit('100000.00');
  borrowerId = await insertBorrower(server, 'Rita Recompra', '390.533.447-05');
  faceAccount = await insertAssigneeAccount(server, 'Fundo Face FIDC', { rule: 'face_plus_charges', afterDays: 30 });
  presentValueAccount = await insertAssigneeAccount(server, 'Fundo Presente FIDC', { rule: 'present_value', afterDays: 60 });
});
afterAll(() => server?.close());

describe('authorization', () => {
  const missing = { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 };
  const readers = { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 };
  const admins = { superadmin: 404, admin: 404, operator: 403, agent: 403, user: 403 };
  itAnswersTheMatrix(
    [
      ['repurchase.create', { id: 999999, installment: 999999, idempotency_key: key(), reason: 'Fraude confirmada' }, missing],
      ['repurchase.reverse', { id: 999999, installment: 999999, idempotency_key: key(), reason: 'Acordo com o fundo' }, missing],
      ['repurchase.decide', { repurchase: 999999, idempotency_key: key(), approve: true }, missing],
      ['repurchase.decideReversal', { reversal: 999999, idempotency_key: key(), approve: true }, missing],
      ['repurchase.repurchasable', { id: 999999 }, readers],
      ['repurchase.list', { id: 999999 }, readers],
      ['repurchase.count', { id: 999999 }, readers],
      ['repurchase.get', { id: 999999, installment: 999999 }, readers],
      ['repurchase.causes', { id: 999999 }, readers],
      ['repurchase.setCause', { id: 999999, idempotency_key: key(), cause: 'fraud', reason: 'Fraude confirmada' }, admins],
      ['repurchase.clearCause', { id: 999999, idempotency_key: key(), cause: 'contract_cancelled', reason: 'Decisão judicial revista' }, admins],
    ],
    () => ({ server, tokens }),
  );
});

describe('repurchasing overdue and agreed installments, undoing, the refusals', () => {
  let opId = 0;
  let list: Array<Record<string, any>> = [];
  beforeAll(async () => {
    opId = await disbursedOperation(server, tokens, borrowerId);
    server.clock.set('2026-02-01');
    list = await installments(opId);
    await assignAtRate(server, tokens.operator, opId, faceAccount, [list[0].id, list[1].id, list[2].id, list[6].id]);
    await assignAtRate(server, tokens.operator, opId, presentValueAccount, [list[3].id]);
    // 2026-04-20: installment 1 (due 02-15) is 64 days late, 2 (03-16, the first business day after 03-15) 35, 3 (04-15) 5.
    server.clock.set('2026-04-20');
  });

  it('lists what the agreement makes the lender buy back, each with the amount due by its account rule; include=all adds the rest', async () => {
    const required = await repurchasable(opId);
    expect(required.map((i) => i.number)).toEqual([1, 2]);
    const first = required[0];
    expect(first).toMatchObject({ required: true, cause: 'overdue', rule: 'face_plus_charges', after_days: 30, assignee_name: 'Fundo Face FIDC', status: 'assigned', blocked: null, discount: '0.00' });
    expect(first.days_late).toBeGreaterThan(30);
    expect(new Decimal(first.charges).gt(0)).toBe(true);
    expect(new Decimal(first.face_value).plus(first.charges).toFixed(2)).toBe(first.amount);
    expect(first.carrying).toBe(list[0].principal);
    expect(new Decimal(first.carrying).minus(first.amount).toFixed(2)).toBe(first.result);
    const all = await repurchasable(opId, 'all');
    expect(all.map((i) => i.number)).toEqual([1, 2, 3, 4, 7]);
    const fourth = all.find((i) => i.number === 4)!;
    // present_value: 2026-04-20 → 2026-05-15 is 25 days at the cession's 1.5% a month, no charges.
    const pv = new Decimal(list[3].value).div(new Decimal(1.015).pow(new Decimal(25).div(30))).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(fourth).toMatchObject({ required: false, cause: 'agreement', rule: 'present_value', charges: '0.00', amount: pv.toFixed(2), after_days: 60 });
  });

  it('buys back an overdue installment: the record, repurchased, receivable back against the amount due to the assignee and the loss, logged', async () => {
    const [quoted] = await repurchasable(opId);
    const before = await balances(opId);
    const answer = await repurchase(opId, list[0].id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: 'effective', installment_number: 1, cause: 'overdue', reason: null, repurchased_on: '2026-04-20', amount: quoted.amount, carrying: quoted.carrying, reversal: null });
    expect((await installments(opId))[0].status).toBe('repurchased');
    const after = await balances(opId);
    expect(moved(before, after, 'loans_receivable')).toBe(quoted.carrying);
    expect(moved(before, after, 'due_to_assignee')).toBe(new Decimal(quoted.amount).neg().toFixed(2));
    expect(moved(before, after, 'repurchase_loss')).toBe(new Decimal(quoted.result).neg().toFixed(2));
    const logged = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM activity_log WHERE action = 'repurchase.create' AND entity_id = $1", [answer.body.id]);
    expect(logged[0].n).toBe(1);
    expect((await repurchasable(opId)).map((i) => i.number)).toEqual([2]);
    // No longer the assignee's: not in the cession-reversal list either.
    expect((await call(server, 'cession.reversible', { id: opId }, tokens.agent)).body.installments.map((i: any) => i.id)).not.toContain(list[0].id);
    await expectBalancedBooks();
  });

  it('refuses an installment already repurchased, not assigned, or paid: 409 naming it', async () => {
    const again = await repurchase(opId, list[0].id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ field: 'installment' });
    expect(again.body.message).toContain('parcela 1 já foi recomprada');
    const notAssigned = await repurchase(opId, list[5].id, { reason: 'Fraude confirmada' });
    expect(notAssigned.status).toBe(409);
    expect(notAssigned.body.message).toContain('parcela 6 não está cedida');
    const [second] = await repurchasable(opId);
    const paid = await call(server, 'servicing.pay', { id: opId, installment: list[1].id, idempotency_key: key(), amount: second.amount, paid_on: '2026-04-20', method: 'pix' }, tokens.operator);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.installment.status).toBe('paid');
    const ofPaid = await repurchase(opId, list[1].id);
    expect(ofPaid.status).toBe(409);
    expect(ofPaid.body.message).toContain('parcela 2');
    expect(ofPaid.body.message).toContain('Paga');
    await expectBalancedBooks();
  });

  it('bad input is a 400 naming the field: a buy-back the agreement does not require needs a reason; ids, include and the undo reason are checked', async () => {
    const noReason = await repurchase(opId, list[2].id);
    expect(noReason.status).toBe(400);
    expect(noReason.body.field).toBe('reason');
    expect(noReason.body.message).toContain('parcela 3');
    const badId = await call(server, 'repurchase.create', { id: opId, installment: 'abc', idempotency_key: key() }, tokens.operator);
    expect({ status: badId.status, field: badId.body.field }).toEqual({ status: 400, field: 'installment' });
    const noKey = await call(server, 'repurchase.create', { id: opId, installment: list[2].id, reason: 'Fraude confirmada' }, tokens.operator);
    expect({ status: noKey.status, field: noKey.body.field }).toEqual({ status: 400, field: 'idempotency_key' });
    const badInclude = await call(server, 'repurchase.repurchasable', { id: opId, include: 'everything' }, tokens.agent);
    expect({ status: badInclude.status, field: badInclude.body.field }).toEqual({ status: 400, field: 'include' });
    const shortReason = await call(server, 'repurchase.reverse', { id: opId, installment: list[0].id, idempotency_key: key(), reason: 'ok' }, tokens.operator);
    expect({ status: shortReason.status, field: shortReason.body.field }).toEqual({ status: 400, field: 'reason' });
    expect((await installments(opId))[2].status).toBe('assigned');
  });

  it('buys back under the agreement with a reason, then undoes it: contra entries, assigned again; undoing twice is a 409', async () => {
    const before = await balances(opId);
    const bought = await repurchase(opId, list[2].id, { reason: 'Fraude documental apurada pelo fundo' });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body).toMatchObject({ cause: 'agreement', reason: 'Fraude documental apurada pelo fundo', status: 'effective' });
    const count = await call(server, 'repurchase.count', { id: opId }, tokens.agent);
    expect(count.body).toEqual({ count: 2, total: 2 });
    const undone = await undo(opId, list[2].id);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ id: bought.body.id, status: 'reversed', reversal: { status: 'effective', reason: 'Acordo com o fundo: recompra lançada por engano', reversed_on: '2026-04-20' } });
    expect((await installments(opId))[2].status).toBe('assigned');
    const after = await balances(opId);
    for (const account of ['loans_receivable', 'due_to_assignee', 'repurchase_loss', 'repurchase_gain']) expect(moved(before, after, account)).toBe('0.00');
    expect((await call(server, 'repurchase.count', { id: opId }, tokens.agent)).body).toEqual({ count: 1, total: 2 });
    const twice = await undo(opId, list[2].id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain('parcela 3 não está recomprada');
    const logged = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM activity_log WHERE action = 'repurchase.reverse'");
    expect(logged[0].n).toBe(1);
    await expectBalancedBooks();
  });

  it('lists, details and refuses to undo a repurchase once a payment was recorded since', async () => {
    const listed = await call(server, 'repurchase.list', { id: opId }, tokens.agent);
    expect(listed.status).toBe(200);
    expect(listed.body.repurchases.map((r: any) => [r.installment_number, r.status])).toEqual([
      [3, 'reversed'],
      [1, 'effective'],
    ]);
    const details = await call(server, 'repurchase.get', { id: opId, installment: list[0].id }, tokens.agent);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ installment_id: list[0].id, assignee_name: 'Fundo Face FIDC', cession_number: expect.any(Number) });
    expect((await call(server, 'repurchase.get', { id: opId, installment: list[5].id }, tokens.agent)).status).toBe(404);
    const before = await balances(opId);
    const paid = await call(server, 'servicing.pay', { id: opId, installment: list[0].id, idempotency_key: key(), amount: '50.00', paid_on: '2026-04-20', method: 'pix' }, tokens.operator);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // The lender's again: the payment is its own (bank and receivable), nothing owed to the assignee.
    const after = await balances(opId);
    expect(moved(before, after, 'due_to_assignee')).toBe('0.00');
    expect(moved(before, after, 'bank')).toBe('50.00');
    const blocked = await undo(opId, list[0].id);
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toContain('pagamento ou estorno');
    await expectBalancedBooks();
  });
});

describe('four eyes above the limit, idempotency and concurrency', () => {
  let opId = 0;
  let list: Array<Record<string, any>> = [];
  beforeAll(async () => {
    opId = await disbursedOperation(server, tokens, borrowerId);
    server.clock.set('2026-02-01');
    list = await installments(opId);
    await assignAtRate(server, tokens.operator, opId, faceAccount, [list[0].id, list[1].id, list[2].id, list[3].id]);
    server.clock.set('2026-04-20');
  });
  afterAll(() => setLimit('100000.00'));

  it('a repurchase above the limit waits: still assigned, held, the maker cannot approve, another person does; its undoing too', async () => {
    await setLimit('10.00');
    const asked = await repurchase(opId, list[0].id);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.status).toBe('pending');
    expect(asked.body.approval_request_id).toBeGreaterThan(0);
    expect((await installments(opId))[0].status).toBe('assigned');
    expect((await balances(opId)).repurchase_loss).toBeUndefined();
    const held = await repurchase(opId, list[0].id);
    expect(held.status).toBe(409);
    expect(held.body.message).toContain('aguarda a aprovação');
    expect((await repurchasable(opId)).find((i) => i.id === list[0].id)?.pending_repurchase_id).toBe(asked.body.id);
    expect((await call(server, 'repurchase.decide', { repurchase: asked.body.id, idempotency_key: key(), approve: true }, tokens.operator)).status).toBe(403);
    const noReason = await call(server, 'repurchase.decide', { repurchase: asked.body.id, idempotency_key: key(), approve: false }, tokens.admin);
    expect({ status: noReason.status, field: noReason.body.field }).toEqual({ status: 400, field: 'reason' });
    const approved = await call(server, 'repurchase.decide', { repurchase: asked.body.id, idempotency_key: key(), approve: true }, tokens.admin);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.status).toBe('effective');
    expect((await installments(opId))[0].status).toBe('repurchased');
    expect((await balances(opId)).repurchase_loss).toBe(new Decimal(asked.body.result).neg().toFixed(2));
    await expectBalancedBooks();

    const undoing = await undo(opId, list[0].id);
    expect(undoing.body.status).toBe('reversal_pending');
    expect((await undo(opId, list[0].id)).status).toBe(409);
    const done = await call(server, 'repurchase.decideReversal', { reversal: undoing.body.reversal.id, idempotency_key: key(), approve: true }, tokens.superadmin);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('reversed');
    expect((await installments(opId))[0].status).toBe('assigned');
    expect(new Decimal((await balances(opId)).repurchase_loss ?? 0).toFixed(2)).toBe('0.00');
    await expectBalancedBooks();
  });

  it('a refused repurchase posts nothing and leaves the installment assigned', async () => {
    const asked = await repurchase(opId, list[1].id);
    expect(asked.body.status).toBe('pending');
    const refused = await call(server, 'repurchase.decide', { repurchase: asked.body.id, idempotency_key: key(), approve: false, reason: 'Valor diverge do acordo' }, tokens.admin);
    expect(refused.status).toBe(200);
    expect(refused.body.status).toBe('refused');
    expect((await installments(opId))[1].status).toBe('assigned');
    expect((await repurchasable(opId)).find((i) => i.id === list[1].id)?.blocked).toBeNull();
    await setLimit('100000.00');
  });

  it('the same key twice creates nothing new', async () => {
    const args = { id: opId, installment: list[1].id, idempotency_key: key() };
    const first = await call(server, 'repurchase.create', args, tokens.operator);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await call(server, 'repurchase.create', args, tokens.operator);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const rows = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM repurchases WHERE installment_id = $1', [list[1].id]);
    expect(rows[0].n).toBe(2);
  });

  it('two concurrent repurchases of one installment: one wins, the other is a 409 naming it', async () => {
    const answers = await Promise.all([0, 1].map(() => repurchase(opId, list[2].id, { reason: 'Contrato com vício apontado pelo fundo' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toContain('parcela 3');
    const rows = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM repurchases WHERE installment_id = $1', [list[2].id]);
    expect(rows[0].n).toBe(1);
    await expectBalancedBooks();
  });
});

describe('repurchase causes beyond days late: fraud and contract cancelled marks', () => {
  let opId = 0;
  let list: Array<Record<string, any>> = [];
  beforeAll(async () => {
    opId = await disbursedOperation(server, tokens, borrowerId);
    server.clock.set('2026-02-01');
    list = await installments(opId);
    await assignAtRate(server, tokens.operator, opId, faceAccount, [list[0].id, list[1].id, list[2].id]);
    // 2026-02-10: nothing is due yet (the first installment falls due on 02-15).
    server.clock.set('2026-02-10');
  });
  afterAll(() => setLimit('100000.00'));

  const causesOf = async () => {
    const answer = await call(server, 'repurchase.causes', { id: opId }, tokens.agent);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  it('marking fraud makes assigned installments not overdue repurchasable with cause fraud; one bought back without a reason; books balanced; logged', async () => {
    expect(await repurchasable(opId)).toEqual([]);
    expect(await causesOf()).toMatchObject({ credit_operation_id: opId, markable: true, in_force: [], history: [] });
    const marked = await setCause(opId, 'fraud');
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.in_force).toEqual([
      { id: expect.any(Number), cause: 'fraud', action: 'set', marked_on: '2026-02-10', reason: 'Documentos falsos apurados pelo fundo', actor_name: expect.any(String), created_at: expect.any(String) },
    ]);
    const due = await repurchasable(opId);
    expect(due.map((i) => [i.number, i.cause, i.required, i.days_late])).toEqual([
      [1, 'fraud', true, 0],
      [2, 'fraud', true, 0],
      [3, 'fraud', true, 0],
    ]);
    const before = await balances(opId);
    const bought = await repurchase(opId, list[0].id);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body).toMatchObject({ status: 'effective', cause: 'fraud', reason: null, days_late: 0, amount: due[0].amount });
    expect((await installments(opId))[0].status).toBe('repurchased');
    const after = await balances(opId);
    expect(moved(before, after, 'loans_receivable')).toBe(due[0].carrying);
    expect(moved(before, after, 'due_to_assignee')).toBe(new Decimal(due[0].amount).neg().toFixed(2));
    const history = await server.database.rows<{ reason: string }>(
      "SELECT reason FROM installment_status_history WHERE installment_id = $1 AND status = 'repurchased'",
      [list[0].id],
    );
    expect(history.map((h) => h.reason)).toEqual([expect.stringContaining('fraude')]);
    const logged = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM activity_log WHERE action = 'repurchase-cause.set' AND entity = 'repurchase_cause_mark' AND entity_id = $1", [
      marked.body.in_force[0].id,
    ]);
    expect(logged[0].n).toBe(1);
    await expectBalancedBooks();
  });

  it('a cause already in force is a 409 naming cause; the other cause stands beside it; fraud is the cause the list gives first', async () => {
    const again = await setCause(opId, 'fraud', 'Segunda marcação por engano');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ field: 'cause' });
    expect(again.body.message).toContain('já está marcada por fraude');
    const cancelled = await setCause(opId, 'contract_cancelled', 'Direito de arrependimento exercido em 7 dias');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.in_force.map((m: any) => m.cause)).toEqual(['fraud', 'contract_cancelled']);
    expect((await repurchasable(opId)).map((i) => i.cause)).toEqual(['fraud', 'fraud']);
  });

  it('clearing a mark leaves the history; with none in force the installments are repurchasable only by days late; clearing again is a 409', async () => {
    const cleared = await clearCause(opId, 'fraud');
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.in_force.map((m: any) => m.cause)).toEqual(['contract_cancelled']);
    expect((await repurchasable(opId)).map((i) => [i.number, i.cause])).toEqual([
      [2, 'contract_cancelled'],
      [3, 'contract_cancelled'],
    ]);
    expect((await clearCause(opId, 'contract_cancelled', 'Arrependimento desconsiderado: prazo vencido')).status).toBe(200);
    const state = await causesOf();
    expect(state.in_force).toEqual([]);
    expect(state.history.map((m: any) => [m.cause, m.action])).toEqual([
      ['contract_cancelled', 'clear'],
      ['fraud', 'clear'],
      ['contract_cancelled', 'set'],
      ['fraud', 'set'],
    ]);
    expect(await repurchasable(opId)).toEqual([]);
    expect((await repurchasable(opId, 'all')).map((i) => [i.number, i.cause, i.required])).toEqual([
      [2, 'agreement', false],
      [3, 'agreement', false],
    ]);
    const twice = await clearCause(opId, 'fraud');
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ field: 'cause' });
    expect(twice.body.message).toContain('não está marcada por fraude');
    const logged = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM activity_log WHERE action = 'repurchase-cause.clear'");
    expect(logged[0].n).toBe(2);
    // The rows are the history: never changed nor deleted.
    await expect(server.owner.rows("UPDATE repurchase_cause_marks SET reason = 'outro motivo' WHERE credit_operation_id = $1", [opId])).rejects.toThrow(/never changed/);
    await expect(server.owner.rows('DELETE FROM repurchase_cause_marks WHERE credit_operation_id = $1', [opId])).rejects.toThrow(/never changed/);
  });

  it('a repurchase asked because of a mark and waiting for its second person is refused on approval once the mark was cleared', async () => {
    await setLimit('10.00');
    expect((await setCause(opId, 'fraud')).status).toBe(200);
    const asked = await repurchase(opId, list[1].id);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({ status: 'pending', cause: 'fraud' });
    expect((await clearCause(opId, 'fraud')).status).toBe(200);
    const approved = await call(server, 'repurchase.decide', { repurchase: asked.body.id, idempotency_key: key(), approve: true }, tokens.superadmin);
    expect(approved.status).toBe(409);
    expect(approved.body.message).toContain('marca de fraude');
    expect((await installments(opId))[1].status).toBe('assigned');
    const refused = await call(server, 'repurchase.decide', { repurchase: asked.body.id, idempotency_key: key(), approve: false, reason: 'Marca de fraude retirada' }, tokens.superadmin);
    expect(refused.body.status).toBe('refused');
    await setLimit('100000.00');
    await expectBalancedBooks();
  });

  it('an operation not disbursed cannot be marked: 409 naming id', async () => {
    const issued = await issuedOperation(server, tokens, borrowerId);
    server.clock.set('2026-02-10');
    const answer = await setCause(issued.id, 'contract_cancelled', 'Contrato rescindido antes da liberação');
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ field: 'id' });
    expect((await call(server, 'repurchase.causes', { id: issued.id }, tokens.agent)).body).toMatchObject({ markable: false, in_force: [] });
  });

  it('bad input is a 400 naming the field; the same key twice sets one mark', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['repurchase.setCause', { id: opId, cause: 'late', reason: 'Motivo suficiente', idempotency_key: key() }, 'cause'],
      ['repurchase.setCause', { id: opId, cause: 'fraud', reason: ' abc ', idempotency_key: key() }, 'reason'],
      ['repurchase.setCause', { id: opId, cause: 'fraud', idempotency_key: key() }, 'reason'],
      ['repurchase.setCause', { id: opId, cause: 'fraud', reason: 'Motivo suficiente' }, 'idempotency_key'],
      ['repurchase.setCause', { id: 'abc', cause: 'fraud', reason: 'Motivo suficiente', idempotency_key: key() }, 'id'],
      ['repurchase.clearCause', { id: opId, cause: 'late', reason: 'Motivo suficiente', idempotency_key: key() }, 'cause'],
      ['repurchase.clearCause', { id: opId, cause: 'fraud', reason: 'ok', idempotency_key: key() }, 'reason'],
    ];
    for (const [name, args, field] of cases) {
      const answer = await call(server, name as 'repurchase.setCause', args, tokens.admin);
      expect({ name, args, status: answer.status, field: answer.body.field }).toEqual({ name, args, status: 400, field });
    }
    const same = key();
    const first = await setCause(opId, 'contract_cancelled', 'Decisão judicial de rescisão', tokens.admin, same);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await setCause(opId, 'contract_cancelled', 'Decisão judicial de rescisão', tokens.admin, same);
    expect(again.status).toBe(200);
    const rows = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM repurchase_cause_marks WHERE credit_operation_id = $1 AND cause = 'contract_cancelled' AND action = 'set'", [opId]);
    expect(rows[0].n).toBe(2);
  });

  it('two people setting the same cause at once: one wins, the other is a 409 naming cause', async () => {
    const answers = await Promise.all([tokens.admin, tokens.superadmin].map((token) => setCause(opId, 'fraud', 'Fraude documental confirmada', token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.field).toBe('cause');
    expect((await causesOf()).in_force.map((m: any) => m.cause)).toEqual(['fraud', 'contract_cancelled']);
  });
});
