/**
 * Doc 3044 corrections (tipo de ação 2 exclusão, 3 alteração) over HTTP: a
 * payment reported and then reversed makes an exclusão of its record, not a
 * second event; the payment re-allocated by that reversal makes an alteração
 * of its balance after; a correction of a record carried by a file not yet
 * marked sent waits for it (per event: 409) and goes in the next file once it
 * is; a write-off undone (a reversal of no event) makes nothing. The
 * reversal of an event no file carried voids both (doc3044.test.ts). Also on
 * PostgreSQL (TEST_DATABASE_URL).
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, raw, signInEveryRole, type DemoRole } from './client';
import { cededInstallmentsFixture, disbursedOperation, insertAssigneeAccount, insertBorrower, key, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let opId = 0;
let installmentId = 0;

type Ev = Record<string, any>;
const ofOperation = async (filter: Record<string, unknown> = {}): Promise<Ev[]> => {
  const answer = await call(server, 'doc3044.list', { filter: { credit_operation_id: opId, ...filter }, limit: 500 }, tokens.admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items;
};

async function pay(day: string, amount: string): Promise<number> {
  server.clock.set(day);
  const paid = await call(server, 'servicing.pay', { id: opId, installment: installmentId, idempotency_key: key(), amount, paid_on: day, method: 'pix' }, tokens.operator);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return paid.body.transactions.at(-1).id as number;
}

async function reverse(day: string, paymentId: number): Promise<void> {
  server.clock.set(day);
  const reversed = await call(server, 'servicing.reverse', { id: opId, installment: installmentId, detailId: paymentId, idempotency_key: key(), reason: 'Pix devolvido' }, tokens.operator);
  expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
}

async function generate(): Promise<{ id: number; operacoes: Ev[] }> {
  const generated = await call(server, 'doc3044.generate', { idempotency_key: key() }, tokens.admin);
  expect(generated.status, JSON.stringify(generated.body)).toBe(200);
  const file = await raw(server, 'doc3044.file', { params: { fileId: generated.body.id }, token: tokens.admin });
  return { id: generated.body.id, operacoes: (file.body as { operacoes: Ev[] }).operacoes };
}

const markFile = async (fileId: number) => expect((await call(server, 'doc3044.markSent', { idempotency_key: key(), file_id: fileId }, tokens.admin)).status).toBe(200);

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  const borrowerId = await insertBorrower(server, 'Tito Correção', '529.982.247-25');
  opId = await disbursedOperation(server, tokens, borrowerId);
  [{ id: installmentId }] = await operationInstallments<{ id: number }>(server, tokens.agent, opId);
});
afterAll(() => server?.close());

describe('Doc 3044 corrections', () => {
  let first = 0;
  let second = 0;
  let ipoc = '';

  it('two late payments reported and sent; the first reversed: an exclusão of its record and an alteração of the second, not new events', async () => {
    first = await pay('2026-03-02', '100.00');
    second = await pay('2026-03-03', '100.00');
    const sentFile = await generate();
    await markFile(sentFile.id);
    const before = await ofOperation();
    expect(before.map((e) => [e.kind, e.acao, e.status])).toEqual([
      ['disbursement', 1, 'sent'],
      ['payment', 1, 'sent'],
      ['payment', 1, 'sent'],
    ]);
    const [, p1, p2] = before;
    ipoc = p1.ipoc;

    await reverse('2026-03-04', first);
    const after = await ofOperation();
    const corrections = after.filter((e) => e.acao > 1);
    // Reversal on Wednesday 4 March: the correction is due five business days later, Wednesday 11.
    expect(corrections.map((e) => [e.acao, e.corrects_id, e.kind, e.event_date, e.deadline, e.status])).toEqual([
      [2, p1.id, 'payment', '2026-03-02', '2026-03-11', 'pending'],
      [3, p2.id, 'payment', '2026-03-03', '2026-03-11', 'pending'],
    ]);
    const [exclusion, alteration] = corrections;
    expect(exclusion).toMatchObject({ amount: p1.amount, balance_after: p1.balance_after, ipoc });
    // The second payment now pays the charges the first had paid: less principal, a higher balance after it.
    const [moved] = await server.database.rows<{ v: string }>(
      "SELECT COALESCE(sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END), 0)::text AS v FROM journal_entries WHERE credit_operation_id = $1 AND kind = 'reallocation' AND transaction_id = $2 AND account IN ('loans_receivable', 'accrued_interest_receivable')",
      [opId, second],
    );
    expect(new Decimal(moved.v).gt(0)).toBe(true);
    expect(alteration).toMatchObject({ amount: p2.amount, balance_after: new Decimal(p2.balance_after).plus(moved.v).toFixed(2) });
    // No event of kind reversal: the correction is the record.
    expect(after.filter((e) => e.kind === 'reversal')).toEqual([]);

    const next = await generate();
    const ours = next.operacoes.filter((o) => o.ipoc === ipoc);
    expect(ours).toEqual([
      { acao: 2, ipoc, saldoDevedor: p1.balance_after, dataEvento: '2026-03-02', tipoEvento: 'payment', valorEvento: p1.amount },
      { acao: 3, ipoc, saldoDevedor: alteration.balance_after, dataEvento: '2026-03-03', tipoEvento: 'payment', valorEvento: p2.amount },
    ]);
    await markFile(next.id);
  });

  it('a payment carried by a file not yet sent, then reversed: its exclusão waits for that file and goes in the next one', async () => {
    const third = await pay('2026-03-05', '50.00');
    const carrying = await generate();
    const p3 = (await ofOperation()).find((e) => e.acao === 1 && e.event_date === '2026-03-05')!;
    expect(p3).toMatchObject({ file_id: carrying.id, status: 'pending' });

    await reverse('2026-03-06', third);
    const exclusion = (await ofOperation()).find((e) => e.corrects_id === p3.id)!;
    expect(exclusion).toMatchObject({ acao: 2, status: 'pending', file_id: null });
    // Not before the record it corrects: per event 409; a file now would not carry it.
    const early = await call(server, 'doc3044.markSent', { idempotency_key: key(), event_ids: [exclusion.id] }, tokens.admin);
    expect(early.status).toBe(409);
    expect(early.body.field).toBe('event_ids');
    expect(JSON.stringify(early.body)).toContain('Marque como enviado o registro que ela corrige antes');
    const meanwhile = await call(server, 'doc3044.generate', { idempotency_key: key() }, tokens.admin);
    if (meanwhile.status === 200) {
      const file = await raw(server, 'doc3044.file', { params: { fileId: meanwhile.body.id }, token: tokens.admin });
      expect((file.body as { operacoes: Ev[] }).operacoes.filter((o) => o.ipoc === ipoc && o.acao === 2)).toEqual([]);
      // that later file carries the payment again (not yet marked sent): send it as the one that carries it
      await markFile(meanwhile.body.id);
    } else {
      expect(meanwhile.status).toBe(409);
      await markFile(carrying.id);
    }

    const next = await generate();
    expect(next.operacoes.filter((o) => o.ipoc === ipoc)).toEqual([
      { acao: 2, ipoc, saldoDevedor: p3.balance_after, dataEvento: '2026-03-05', tipoEvento: 'payment', valorEvento: '50.00' },
    ]);
    await markFile(next.id);
    expect((await ofOperation({ status: 'pending' })).length).toBe(0);
  });

  it('a write-off and its undoing make no record (a write-off is no event, its undoing corrects none)', async () => {
    const count = async () => (await ofOperation()).length;
    const before = await count();
    server.clock.set('2026-03-09');
    const asked = await call(server, 'servicingMoves.setStatus', { id: opId, installment: installmentId, status: 'written_off', reason: 'Sem bens', idempotency_key: key() }, tokens.operator);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect((await call(server, 'servicingMoves.decideWriteOff', { id: opId, installment: installmentId, idempotency_key: key(), approve: true }, tokens.admin)).status).toBe(200);
    server.clock.set('2026-03-10');
    const undone = await call(server, 'servicingMoves.setStatus', { id: opId, installment: installmentId, status: 'partially_paid', reason: 'Bens localizados', idempotency_key: key() }, tokens.operator);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await count()).toBe(before);
  });

  it('refuses to mark a voided event sent, and filters the voided ones', async () => {
    const fourth = await pay('2026-03-11', '30.00');
    await reverse('2026-03-11', fourth);
    const voided = await ofOperation({ status: 'void' });
    expect(voided.map((e) => [e.acao, e.event_date])).toEqual([
      [1, '2026-03-11'],
      [2, '2026-03-11'],
    ]);
    expect(voided[1].corrects_id).toBe(voided[0].id);
    const refused = await call(server, 'doc3044.markSent', { idempotency_key: key(), event_ids: [voided[0].id] }, tokens.admin);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('anulado antes do envio');
    expect(await ofOperation({ status: 'pending' })).toEqual([]);
  });

  it('a cession undone whole (from 2026-05-01) excludes its record once sent; undone in part, an event of its own', async () => {
    const account = await insertAssigneeAccount(server, 'Fundo Correção');
    const borrowerId = await insertBorrower(server, 'Cora Cessão', '111.444.777-35');
    const ceded = await cededInstallmentsFixture(server, tokens, { borrowerId, assignmentAccountId: account, date: '2026-05-04', positions: [8, 9] });
    const cessionEvents = async () => {
      const answer = await call(server, 'doc3044.list', { filter: { credit_operation_id: ceded.operationId }, limit: 500 }, tokens.admin);
      return (answer.body.items as Ev[]).filter((e) => e.kind.startsWith('cession'));
    };
    const [cession] = await cessionEvents();
    expect(cession).toMatchObject({ kind: 'cession', acao: 1, event_date: '2026-05-04' });
    await markFile((await generate()).id);

    server.clock.set('2026-05-05');
    const undone = await call(server, 'cession.reverse', { id: ceded.operationId, idempotency_key: key(), installments: ceded.installmentIds, reason: 'Acordo com o fundo' }, tokens.operator);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const [, exclusion] = await cessionEvents();
    expect(exclusion).toMatchObject({ kind: 'cession', acao: 2, corrects_id: cession.id, amount: cession.amount, event_date: '2026-05-04', status: 'pending' });

    // Ceded again, then one of the two installments given back: a cessão desfeita of its own (acao 1), worth that part.
    const list = (await call(server, 'servicing.installments', { id: ceded.operationId }, tokens.agent)).body.installments as Array<{ id: number }>;
    const again = await call(server, 'cession.assign', { id: ceded.operationId, idempotency_key: key(), assignment_account_id: account, installments: [list[10].id, list[11].id], date: '2026-05-05', monthly_rate: '1.5' }, tokens.operator);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await cessionEvents();
    server.clock.set('2026-05-06');
    const part = await call(server, 'cession.reverse', { id: ceded.operationId, idempotency_key: key(), installments: [list[10].id], reason: 'Parcela devolvida' }, tokens.operator);
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    const all = await cessionEvents();
    const second = all.find((e) => e.kind === 'cession' && e.acao === 1 && e.event_date === '2026-05-05')!;
    const partial = all.find((e) => e.kind === 'cession_reversal')!;
    expect(partial).toMatchObject({ acao: 1, corrects_id: null, event_date: '2026-05-06' });
    expect(new Decimal(partial.amount).gt(0) && new Decimal(partial.amount).lt(second.amount)).toBe(true);
  });
});
