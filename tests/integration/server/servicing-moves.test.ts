/**
 * The installment's moves besides payments over HTTP: PATCH status
 * (renegotiated, written off behind four eyes, the write-off undone), the
 * write-off of an operation's whole balance, the title data, and the
 * company's reversal limit. One seeded server for the file; the business date
 * is moved with the server's clock. The books must balance after every move.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, changeParameters, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { stillCollected } from '../../../src/server/areas/servicing';
import { disbursedOperation, expectBooksBalanced, insertBorrower, key, operationBalances, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId: number;

const disbursed = () => disbursedOperation(server, tokens, borrowerId);

const expectBalancedBooks = () => expectBooksBalanced(server, tokens.operator);

const balances = (operationId: number) => operationBalances(server, operationId);

const installments = (operationId: number) => operationInstallments<Record<string, any>>(server, tokens.agent, operationId);

async function pay(operationId: number, installment: number, amount: string, paidOn: string) {
  return call(server, 'servicing.pay', { id: operationId, installment, idempotency_key: key(), amount, paid_on: paidOn, method: 'pix' }, tokens.operator);
}

const setStatus = (id: number, installment: number, status: string, token: string, reason = 'Devedor sem bens localizáveis') =>
  call(server, 'servicingMoves.setStatus', { id, installment, status, reason, idempotency_key: key() }, token);
const decide = (id: number, installment: number, token: string, extra: Record<string, unknown>) =>
  call(server, 'servicingMoves.decideWriteOff', { id, installment, idempotency_key: key(), ...extra }, token);

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Otávio Baixa', '390.533.447-05');
});
afterAll(() => server?.close());

describe('authorization', () => {
  let opId = 0;
  beforeAll(async () => {
    opId = await disbursed();
  });
  const movers = { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 };
  itAnswersTheMatrix(
    [
      ['servicingMoves.setStatus', { id: 999999, installment: 1, idempotency_key: key(), status: 'written_off', reason: 'Devedor sem bens' }, movers],
      ['servicingMoves.decideWriteOff', { id: 999999, installment: 1, idempotency_key: key(), approve: true }, movers],
      ['servicingMoves.saveTitle', { id: 999999, installment: 1, version: 0, protest_days: 5 }, movers],
      ['servicingMoves.writeOffOperation', { id: 999999, idempotency_key: key(), reason: 'Devedor sem bens' }, movers],
      ['servicingMoves.decideOperationWriteOff', { id: 999999, idempotency_key: key(), approve: true }, movers],
    ],
    () => ({ server, tokens }),
  );
  it('panel roles read the moves and the operation write-off; the registered role does not; no token 401', async () => {
    const first = (await installments(opId))[0].id as number;
    for (const [name, args] of [
      ['servicingMoves.installment', { id: opId, installment: first }],
      ['servicingMoves.operationWriteOff', { id: opId }],
    ] as const) {
      for (const role of ['superadmin', 'admin', 'operator', 'agent', 'user'] as const) {
        const answer = await call(server, name, args, tokens[role]);
        expect({ name, role, status: answer.status }).toEqual({ name, role, status: role === 'user' ? 403 : 200 });
      }
      expect((await call(server, name, args)).status).toBe(401);
    }
  });
});

describe('the reversal limit is a company parameter', () => {
  it('reads it, changes it with two places, keeps it when left out, and refuses a bad one naming the field', async () => {
    const current = (await call(server, 'company.parameters', { id: 1 }, tokens.agent)).body;
    expect(current.reversal_approval_above).toBe('1000.00');
    const { updated_at: _u, ...values } = current;
    const changed = await changeParameters(server, { ...values, reversal_approval_above: '750.5' }, tokens.admin, tokens.superadmin);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.reversal_approval_above).toBe('750.50');
    const { reversal_approval_above: _r, ...without } = values;
    expect((await changeParameters(server, { ...without, grace_days: values.grace_days + 1 }, tokens.admin, tokens.superadmin)).body.reversal_approval_above).toBe('750.50');
    for (const bad of ['-1', '10.001', 'mil']) {
      const answer = await call(server, 'company.updateParameters', { ...values, reversal_approval_above: bad }, tokens.admin);
      expect({ bad, status: answer.status, field: answer.body.field }).toEqual({ bad, status: 400, field: 'reversal_approval_above' });
    }
    expect((await changeParameters(server, { ...values, reversal_approval_above: '1000.00' }, tokens.admin, tokens.superadmin)).status).toBe(200);
    const logged = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM activity_log WHERE action = 'company.parameters.update' AND after->>'reversal_approval_above' = '750.50'");
    expect(logged[0].n).toBeGreaterThan(0);
  });
});

describe('an installment written off behind four eyes, and undone', () => {
  let opId = 0;
  let list: Array<Record<string, any>> = [];
  beforeAll(async () => {
    opId = await disbursed();
    list = await installments(opId);
    server.clock.set('2026-02-10');
    expect((await pay(opId, list[0].id, list[0].value, '2026-02-10')).status).toBe(200);
    expect((await pay(opId, list[2].id, '100.00', '2026-02-10')).status).toBe(200);
  });

  it('refuses bad input naming the field', async () => {
    const third = list[2].id as number;
    const bad = async (args: Record<string, unknown>, field: string) => {
      const answer = await call(server, 'servicingMoves.setStatus', { id: opId, installment: third, idempotency_key: key(), status: 'written_off', reason: 'Devedor sem bens', ...args }, tokens.operator);
      expect({ args, status: answer.status, field: answer.body.field }).toEqual({ args, status: 400, field });
    };
    await bad({ status: 'paid' }, 'status');
    await bad({ status: 'overdue' }, 'status');
    await bad({ reason: '' }, 'reason');
    await bad({ reason: 'ok' }, 'reason');
    await bad({ idempotency_key: 'x' }, 'idempotency_key');
    const missing = await call(server, 'servicingMoves.setStatus', { id: opId, installment: 999999, idempotency_key: key(), status: 'written_off', reason: 'Devedor sem bens' }, tokens.operator);
    expect(missing.status).toBe(404);
    const decision = await decide(opId, third, tokens.admin, { approve: 'sim' });
    expect({ status: decision.status, field: decision.body.field }).toEqual({ status: 400, field: 'approve' });
  });

  it('refuses the moves the workflow does not allow, naming both statuses', async () => {
    server.clock.set('2026-02-11');
    const paid = await setStatus(opId, list[0].id, 'written_off', tokens.operator);
    expect(paid.status).toBe(409);
    expect(paid.body.field).toBe('status');
    expect(paid.body.message).toContain('"Paga"');
    expect(paid.body.message).toContain('"Baixada como perda"');
    const byHand = await setStatus(opId, list[1].id, 'partially_paid', tokens.operator);
    expect(byHand.status).toBe(409);
    expect(byHand.body.message).toContain('"Em aberto"');
    expect(byHand.body.message).toContain('"Paga parcialmente"');
    const same = await setStatus(opId, list[1].id, 'open', tokens.operator);
    expect(same.status).toBe(409);
    expect(same.body.message).toContain('"Em aberto"');
    const moves = await call(server, 'servicingMoves.installment', { id: opId, installment: list[1].id }, tokens.agent);
    expect(moves.body.next_statuses).toEqual(['renegotiated', 'written_off']);
    expect((await call(server, 'servicingMoves.installment', { id: opId, installment: list[0].id }, tokens.agent)).body.next_statuses).toEqual([]);
  });

  it('waits for another person, who writes it off: loss posted, no payments, off the overdue list, books balanced', async () => {
    server.clock.set('2026-02-12');
    const third = list[2];
    const asked = await setStatus(opId, third.id, 'written_off', tokens.operator);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.installment.status).toBe('partially_paid');
    const open = new Decimal(asked.body.installment.due.principal).toFixed(2);
    expect(asked.body.write_off_request).toMatchObject({ amount: open, reason: 'Devedor sem bens localizáveis', maker_name: expect.any(String) });
    expect(asked.body.next_statuses).toEqual(['renegotiated']);
    const again = await setStatus(opId, third.id, 'written_off', tokens.operator);
    expect({ status: again.status, field: again.body.field }).toEqual({ status: 409, field: 'status' });
    // Nothing moved yet: no loss on the books.
    expect((await balances(opId)).credit_losses).toBeUndefined();

    const own = await decide(opId, third.id, tokens.operator, { approve: true });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('four-eyes');
    expect((await decide(opId, third.id, tokens.agent, { approve: true })).status).toBe(403);
    const noReason = await decide(opId, third.id, tokens.admin, { approve: false, reason: '  ' });
    expect({ status: noReason.status, field: noReason.body.field }).toEqual({ status: 400, field: 'reason' });

    server.clock.set('2026-02-13');
    const approved = await decide(opId, third.id, tokens.admin, { approve: true });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.installment).toMatchObject({ status: 'written_off', overdue: false, days_late: 0 });
    expect(approved.body.write_off_request).toBeNull();
    expect(approved.body.write_offs).toEqual([expect.objectContaining({ principal: open, written_off_on: '2026-02-13', undoes_id: null, undone_by: null, approval_request_id: expect.any(Number) })]);
    expect(approved.body.next_statuses).toEqual(['partially_paid']);
    expect((await decide(opId, third.id, tokens.admin, { approve: true })).status).toBe(409);
    const books = await balances(opId);
    expect(books.credit_losses).toBe(open);
    await expectBalancedBooks();
    const journal = (await call(server, 'servicing.journal', { id: opId }, tokens.agent)).body;
    const loss = journal.postings.find((p: { kind: string }) => p.kind === 'write_off');
    expect(loss.business_date).toBe('2026-02-13');
    expect(loss.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: 'credit_losses', side: 'debit', amount: open }),
        expect.objectContaining({ account: 'loans_receivable', side: 'credit', amount: open }),
      ]),
    );

    // Written off: no payment, no reversal, no title; past its due date it is not overdue.
    const refused = await pay(opId, third.id, '10.00', '2026-02-13');
    expect({ status: refused.status, field: refused.body.field }).toEqual({ status: 409, field: 'status' });
    expect(refused.body.message).toContain('Baixada como perda');
    const payment = (await call(server, 'servicing.installmentDetails', { id: opId, installment: third.id }, tokens.agent)).body.transactions[0];
    const reversal = await call(server, 'servicing.reverse', { id: opId, installment: third.id, detailId: payment.id, idempotency_key: key(), reason: 'Boleto devolvido' }, tokens.operator);
    expect(reversal.status).toBe(409);
    const title = await call(server, 'servicingMoves.saveTitle', { id: opId, installment: third.id, version: 0, protest_days: 5 }, tokens.operator);
    expect({ status: title.status, field: title.body.field }).toEqual({ status: 409, field: 'status' });
    server.clock.set('2026-05-01');
    const later = await installments(opId);
    expect(later[2]).toMatchObject({ status: 'written_off', overdue: false, days_late: 0 });
    expect(later[1]).toMatchObject({ status: 'open', overdue: true });
    const logged = await server.database.rows<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      "SELECT action, before, after FROM activity_log WHERE entity = 'installment' AND entity_id = $1 AND action = 'installment.write-off'",
      [third.id],
    );
    expect(logged).toHaveLength(1);
    expect(logged[0].before).toMatchObject({ status: 'partially_paid', open_principal: open });
    expect(logged[0].after).toMatchObject({ status: 'written_off', principal: open });
    // One collectible installment left out does not write off the operation.
    expect((await call(server, 'creditOperation.get', { id: opId }, tokens.agent)).body.status).toBe('disbursed');
  });

  it('is undone only back to what its payments say, restoring the receivable', async () => {
    const third = list[2];
    const wrong = await setStatus(opId, third.id, 'open', tokens.operator, 'Bens localizados na execução');
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toContain('"Baixada como perda"');
    expect(wrong.body.message).toContain('"Em aberto"');
    expect(wrong.body.message).toContain('"Paga parcialmente"');
    const undone = await setStatus(opId, third.id, 'partially_paid', tokens.operator, 'Bens localizados na execução');
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.installment).toMatchObject({ status: 'partially_paid', overdue: true });
    const [writeOff, undo] = undone.body.write_offs;
    expect(writeOff.undone_by).toBe(undo.id);
    expect(undo).toMatchObject({ undoes_id: writeOff.id, principal: writeOff.principal, written_off_on: '2026-05-01' });
    expect((await balances(opId)).credit_losses).toBe('0.00');
    await expectBalancedBooks();
    // Collecting again: it takes a payment.
    expect((await pay(opId, third.id, '10.00', '2026-05-01')).status).toBe(200);
  });

  it('a refusal with a reason leaves it as it was; the person who asked may withdraw', async () => {
    server.clock.set('2026-05-02');
    const fourth = list[3];
    expect((await setStatus(opId, fourth.id, 'written_off', tokens.operator)).status).toBe(200);
    // While it waits, the operation's whole balance cannot be asked for.
    const whole = await call(server, 'servicingMoves.writeOffOperation', { id: opId, idempotency_key: key(), reason: 'Devedor em recuperação judicial' }, tokens.operator);
    expect({ status: whole.status, field: whole.body.field }).toEqual({ status: 409, field: 'status' });
    expect(whole.body.message).toContain('parcela 4');
    const refused = await decide(opId, fourth.id, tokens.admin, { approve: false, reason: 'Há garantia a executar' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body.installment.status).toBe('open');
    expect(refused.body.write_off_request).toBeNull();
    expect((await setStatus(opId, fourth.id, 'written_off', tokens.operator)).status).toBe(200);
    const withdrawn = await decide(opId, fourth.id, tokens.operator, { approve: false, reason: 'Pedido feito por engano' });
    expect(withdrawn.status).toBe(200);
    const requests = await server.database.rows<{ status: string; reason: string }>(
      "SELECT status, reason FROM approval_requests WHERE kind = 'installment.write_off' AND entity_id = $1 ORDER BY id",
      [fourth.id],
    );
    expect(requests).toEqual([
      { status: 'rejected', reason: 'Há garantia a executar' },
      { status: 'cancelled', reason: 'Pedido feito por engano' },
    ]);
    expect((await balances(opId)).credit_losses).toBe('0.00');
  });

  it('renegotiated is final: no write-off, no payment', async () => {
    const fifth = list[4];
    const moved = await setStatus(opId, fifth.id, 'renegotiated', tokens.operator, 'Acordo de renegociação assinado');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.installment).toMatchObject({ status: 'renegotiated', overdue: false });
    expect(moved.body.next_statuses).toEqual([]);
    const after = await setStatus(opId, fifth.id, 'written_off', tokens.operator);
    expect(after.status).toBe(409);
    expect(after.body.message).toContain('"Renegociada"');
    expect(after.body.message).toContain('"Baixada como perda"');
    expect((await pay(opId, fifth.id, '10.00', '2026-05-02')).status).toBe(409);
    await expectBalancedBooks();
  });

  it('under concurrency: twenty asks open one request, two approvals post one write-off', async () => {
    server.clock.set('2026-05-02');
    const sixth = list[5];
    const asks = await Promise.all(Array.from({ length: 20 }, () => setStatus(opId, sixth.id, 'written_off', tokens.operator)));
    expect(asks.filter((a) => a.status === 200)).toHaveLength(1);
    expect(asks.every((a) => a.status === 200 || (a.status === 409 && a.body.field === 'status'))).toBe(true);
    const decisions = await Promise.all([tokens.admin, tokens.superadmin].map((token) => decide(opId, sixth.id, token, { approve: true })));
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409]);
    const rows = await server.database.rows<{ n: number; postings: number }>(
      'SELECT count(*)::int AS n, count(posting_id)::int AS postings FROM installment_write_offs WHERE installment_id = $1',
      [sixth.id],
    );
    expect(rows[0]).toEqual({ n: 1, postings: 1 });
    await expectBalancedBooks();
  });
});

describe("an operation's whole balance written off", () => {
  let opId = 0;
  let list: Array<Record<string, any>> = [];
  beforeAll(async () => {
    opId = await disbursed();
    list = await installments(opId);
    server.clock.set('2026-02-10');
    expect((await pay(opId, list[0].id, list[0].value, '2026-02-10')).status).toBe(200);
    expect((await pay(opId, list[1].id, '150.00', '2026-02-10')).status).toBe(200);
  });

  it('asks for the open principal of every installment still to collect; another person writes them all off and the operation moves', async () => {
    server.clock.set('2026-04-01');
    const view = await call(server, 'servicingMoves.operationWriteOff', { id: opId }, tokens.agent);
    expect(view.status).toBe(200);
    expect(view.body.installments).toHaveLength(11);
    expect(view.body.installments[0]).toMatchObject({ number: 2, status: 'partially_paid' });
    const receivable = (await balances(opId)).loans_receivable;
    expect(view.body.open_principal).toBe(receivable);
    expect(view.body.request).toBeNull();

    const noReason = await call(server, 'servicingMoves.writeOffOperation', { id: opId, idempotency_key: key(), reason: '' }, tokens.operator);
    expect({ status: noReason.status, field: noReason.body.field }).toEqual({ status: 400, field: 'reason' });
    const asked = await call(server, 'servicingMoves.writeOffOperation', { id: opId, idempotency_key: key(), reason: 'Devedor em recuperação judicial' }, tokens.operator);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.request).toMatchObject({ amount: receivable, reason: 'Devedor em recuperação judicial' });
    expect((await call(server, 'servicingMoves.writeOffOperation', { id: opId, idempotency_key: key(), reason: 'De novo, por engano' }, tokens.operator)).status).toBe(409);
    // An installment alone cannot be asked for while the whole operation waits.
    const single = await setStatus(opId, list[5].id, 'written_off', tokens.operator);
    expect({ status: single.status, field: single.body.field }).toEqual({ status: 409, field: 'status' });

    const own = await call(server, 'servicingMoves.decideOperationWriteOff', { id: opId, idempotency_key: key(), approve: true }, tokens.operator);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('four-eyes');
    server.clock.set('2026-04-02');
    const approved = await call(server, 'servicingMoves.decideOperationWriteOff', { id: opId, idempotency_key: key(), approve: true }, tokens.admin);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'written_off', installments: [], open_principal: '0.00', written_off: receivable, request: null });

    const books = await balances(opId);
    expect(books.loans_receivable).toBe('0.00');
    expect(books.credit_losses).toBe(receivable);
    await expectBalancedBooks();
    const statuses = (await installments(opId)).map((i) => i.status);
    expect(statuses).toEqual(['paid', ...Array.from({ length: 11 }, () => 'written_off')]);
    const op = (await call(server, 'creditOperation.get', { id: opId }, tokens.agent)).body;
    expect(op.status).toBe('written_off');
    // The money left: the complement stays closed as after the disbursement.
    const complement = await call(server, 'creditOperation.updateComplement', { id: opId, version: op.version, payment_method: 'pix' }, tokens.operator);
    expect({ status: complement.status, field: complement.body.field }).toEqual({ status: 409, field: 'status' });
    const events = await server.database.rows<{ kind: string; from_status: string; to_status: string }>(
      'SELECT kind, from_status, to_status FROM credit_operation_events WHERE credit_operation_id = $1 ORDER BY id DESC LIMIT 1',
      [opId],
    );
    expect(events[0]).toEqual({ kind: 'written_off', from_status: 'disbursed', to_status: 'written_off' });
    const nothing = await call(server, 'servicingMoves.writeOffOperation', { id: opId, idempotency_key: key(), reason: 'Devedor em recuperação judicial' }, tokens.operator);
    expect({ status: nothing.status, field: nothing.body.field }).toEqual({ status: 409, field: 'status' });
    expect((await pay(opId, list[11].id, '10.00', '2026-04-02')).status).toBe(409);
  });

  it('undoing one installment brings the operation back to disbursed', async () => {
    const last = list[11];
    const undone = await setStatus(opId, last.id, 'open', tokens.operator, 'Acordo de pagamento da última parcela');
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ operation_status: 'disbursed', installment: { status: 'open' } });
    expect((await balances(opId)).loans_receivable).toBe(new Decimal(last.principal).toFixed(2));
    await expectBalancedBooks();
  });

  it('keeps the title data of an installment still collecting, by version', async () => {
    const last = list[11];
    const save = (extra: Record<string, unknown>) => call(server, 'servicingMoves.saveTitle', { id: opId, installment: last.id, version: 0, ...extra }, tokens.operator);
    for (const [args, field] of [
      [{ protest_days: 0 }, 'protest_days'],
      [{ protest_days: 91 }, 'protest_days'],
      [{ protest_days: 2.5 }, 'protest_days'],
      [{ negativation_days: -1 }, 'negativation_days'],
      [{ protest_days: 5, negativation_days: 10 }, 'negativation_days'],
      [{ document_number: '12345678901' }, 'document_number'],
      [{ document_number: 'NF 12' }, 'document_number'],
      [{ note: 'x'.repeat(201) }, 'note'],
      [{ version: -1 }, 'version'],
    ] as const) {
      const answer = await save(args);
      expect({ args, status: answer.status, field: answer.body.field }).toEqual({ args, status: 400, field });
    }
    const first = await save({ document_number: 'OP12-12', protest_days: 5, note: 'Não receber após 30 dias do vencimento' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.title).toMatchObject({ document_number: 'OP12-12', protest_days: 5, negativation_days: null, note: 'Não receber após 30 dias do vencimento', version: 1 });
    const stale = await save({ negativation_days: 10 });
    expect({ status: stale.status, field: stale.body.field }).toEqual({ status: 409, field: 'version' });
    const second = await save({ version: 1, negativation_days: 10, document_number: '' });
    expect(second.status).toBe(200);
    expect(second.body.title).toMatchObject({ document_number: null, protest_days: null, negativation_days: 10, note: null, version: 2 });
    const read = await call(server, 'servicingMoves.installment', { id: opId, installment: last.id }, tokens.agent);
    expect(read.body.title.version).toBe(2);
    const written = await call(server, 'servicingMoves.saveTitle', { id: opId, installment: list[10].id, version: 0, protest_days: 5 }, tokens.operator);
    expect({ status: written.status, field: written.body.field }).toEqual({ status: 409, field: 'status' });
    const logged = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM activity_log WHERE action = 'installment.title' AND entity_id = $1", [last.id]);
    expect(logged[0].n).toBe(2);
  });

  it('lists of overdue installments can leave the written-off ones out (stillCollected)', async () => {
    const query = new PgDialect().sqlToQuery(
      sql`SELECT i.number FROM credit_operation_installments i WHERE i.credit_operation_id = ${opId} AND ${stillCollected(sql`i.id`)} ORDER BY i.number`,
    );
    const rows = await server.database.rows<{ number: number }>(query.sql, query.params);
    expect(rows.map((r) => r.number)).toEqual([1, 12]);
  });
});
