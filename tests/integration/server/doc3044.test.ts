/**
 * SCR Doc 3044 events over HTTP: an operation disbursed, paid, its payment
 * reversed, paid again and settled by a full prepayment makes one event per
 * posting with the balance after it and a deadline of five business days
 * (over Carnival and a weekend); late events are counted with their days; the
 * JSON remittance of the pending events is generated, checked, stored and
 * downloaded; sending is recorded per file and per event and never twice; two
 * refreshes at once add each event once (also on PostgreSQL, with
 * TEST_DATABASE_URL); who may call each operation.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, raw, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, insertBorrower, key, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let opId: number;

const events = async (filter: Record<string, unknown> = {}, limit = 500) => {
  const answer = await call(server, 'doc3044.list', { filter, limit }, tokens.admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const ofOperation = async (extra: Record<string, unknown> = {}) => (await events({ credit_operation_id: opId, ...extra })).items as Array<Record<string, any>>;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  const borrowerId = await insertBorrower(server, 'Rita Evento', '529.982.247-25');
  opId = await disbursedOperation(server, tokens, borrowerId);
});

afterAll(async () => {
  await server?.close();
});

describe('who may call the Doc 3044 operations (AllAdmins)', () => {
  const admins = { superadmin: 200, admin: 200, operator: 403, agent: 403, user: 403 };
  itAnswersTheMatrix(
    [
      ['doc3044.list', {}, admins],
      ['doc3044.files', {}, admins],
      ['doc3044.generate', { idempotency_key: 'short' }, { ...admins, superadmin: 400, admin: 400 }],
      ['doc3044.file', { fileId: 999999 }, { ...admins, superadmin: 404, admin: 404 }],
      ['doc3044.markSent', { idempotency_key: key(), file_id: 999999 }, { ...admins, superadmin: 404, admin: 404 }],
    ],
    () => ({ server, tokens }),
  );
});

describe('the Doc 3044 events', () => {
  it('a disbursement is an event: the balance after it is the amount financed, the deadline five business days later', async () => {
    const [disbursement] = await ofOperation();
    const [financed] = await server.database.rows<{ amount: string }>(
      "SELECT amount::text FROM journal_entries WHERE credit_operation_id = $1 AND kind = 'disbursement' AND account = 'loans_receivable'",
      [opId],
    );
    expect(disbursement).toMatchObject({
      kind: 'disbursement',
      status: 'pending',
      acao: 1,
      event_date: '2026-01-15',
      // Thursday 15 → Fri 16, Mon 19, Tue 20, Wed 21, Thu 22
      deadline: '2026-01-22',
      amount: new Decimal(financed.amount).toFixed(2),
      balance_after: new Decimal(financed.amount).toFixed(2),
      borrower_name: 'Rita Evento',
      days_late: 0,
      file_id: null,
      sent_at: null,
    });
    // IPOC: CNPJ base (8) + modality (0215: working capital, 12 months) + 1 (PF) + CPF (11) + contract
    expect(disbursement.ipoc).toMatch(/^\d{8}0215152998224725.+$/);
  });

  it('a payment reversed before any file carried it (both void), a late payment and a settling prepayment; deadlines skip Carnival and weekends; late events counted', async () => {
    let [first] = await operationInstallments<{ id: number; value: string; due_total: string }>(server, tokens.agent, opId);
    // Friday 13 February 2026: Carnival Monday 16 and Tuesday 17 are not business days.
    server.clock.set('2026-02-13');
    const paid = await call(server, 'servicing.pay', { id: opId, installment: first.id, idempotency_key: key(), amount: '100.00', paid_on: '2026-02-13', method: 'pix' }, tokens.operator);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const paymentId = paid.body.transactions[0].id as number;
    // Friday 20 February: the reversal's deadline runs over the weekend.
    server.clock.set('2026-02-20');
    const reversed = await call(server, 'servicing.reverse', { id: opId, installment: first.id, detailId: paymentId, idempotency_key: key(), reason: 'Pix devolvido' }, tokens.operator);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    server.clock.set('2026-02-25');
    [first] = await operationInstallments<{ id: number; value: string; due_total: string }>(server, tokens.agent, opId);
    const late = await call(server, 'servicing.pay', { id: opId, installment: first.id, idempotency_key: key(), amount: first.due_total, paid_on: '2026-02-25', method: 'pix' }, tokens.operator);
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    server.clock.set('2026-03-02');
    const quote = (await call(server, 'prepayment.quote', { id: opId }, tokens.agent)).body;
    const settled = await call(server, 'prepayment.apply', { id: opId, idempotency_key: key(), kind: 'full', amount: quote.present_value, method: 'pix' }, tokens.operator);
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);

    const list = await ofOperation();
    expect(list.map((e) => [e.kind, e.event_date, e.deadline])).toEqual([
      ['disbursement', '2026-01-15', '2026-01-22'],
      // Fri 13 → Wed 18 (Ash Wednesday is a business day), Thu 19, Fri 20, Mon 23, Tue 24
      ['payment', '2026-02-13', '2026-02-24'],
      // The reversal excludes the payment's record (acao 2, dated as the payment, due from the reversal): no file
      // carried the payment yet, so both are void and neither is sent (doc3044-corrections.test.ts: after sending).
      ['payment', '2026-02-13', '2026-02-27'],
      ['payment', '2026-02-25', '2026-03-04'],
      ['settlement', '2026-03-02', '2026-03-09'],
    ]);
    const [disbursement, payment, reversal, second, settlement] = list;
    expect(payment.amount).toBe('100.00');
    expect(new Decimal(payment.balance_after).lt(disbursement.balance_after)).toBe(true);
    expect(payment.status).toBe('void');
    expect(reversal).toMatchObject({ acao: 2, corrects_id: payment.id, status: 'void', amount: payment.amount, balance_after: payment.balance_after });
    expect(second.amount).toBe(first.due_total);
    expect(settlement).toMatchObject({ amount: quote.present_value, balance_after: '0.00' });
    // Each balance is the operation's receivable after its posting.
    for (const e of list.filter((x) => x.acao === 1)) {
      const [owed] = await server.database.rows<{ v: string }>(
        "SELECT COALESCE(sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END), 0)::text AS v FROM journal_entries WHERE credit_operation_id = $1 AND posting_id <= $2 AND account IN ('loans_receivable', 'accrued_interest_receivable')",
        [opId, e.posting_id],
      );
      expect(e.balance_after, e.kind).toBe(new Decimal(owed.v).toFixed(2));
    }

    // On 2 March the disbursement (deadline 22 January) is late; the voided payment and its exclusão are neither late nor pending.
    const lateOnes = await ofOperation({ status: 'late' });
    expect(lateOnes.map((e) => [e.kind, e.days_late])).toEqual([['disbursement', 39]]);
    expect((await ofOperation({ status: 'pending' })).length).toBe(3);
    expect((await ofOperation({ status: 'void' })).map((e) => e.acao)).toEqual([1, 2]);
    expect((await ofOperation({ from: '2026-02-14', to: '2026-02-28' })).map((e) => e.kind)).toEqual(['payment']);
    const body = await events();
    expect(body.totals.pending).toBeGreaterThanOrEqual(5);
    expect(body.totals.late).toBeGreaterThanOrEqual(2);
    expect(body.as_of).toBe('2026-03-02');
  });

  it('refuses an unknown filter, a sort and a bad status, naming them', async () => {
    const unknown = await call(server, 'doc3044.list', { filter: { borrower: 'x' } }, tokens.admin);
    expect(unknown.status).toBe(400);
    const sorted = await call(server, 'doc3044.list', { sort: { field: 'deadline', order: 'asc' } }, tokens.admin);
    expect(sorted.status).toBe(400);
    expect(sorted.body.field).toBe('sort.field');
    const status = await call(server, 'doc3044.list', { filter: { status: 'lost' } }, tokens.admin);
    expect(status.status).toBe(400);
  });

  it('two refreshes at once add each posting once', async () => {
    server.clock.set('2026-03-03');
    const other = await insertBorrower(server, 'Caio Corrida', '111.444.777-35');
    const id = await disbursedOperation(server, tokens, other);
    server.clock.set('2026-03-03');
    const answers = await Promise.all([1, 2, 3, 4].map(() => call(server, 'doc3044.list', { filter: { credit_operation_id: id } }, tokens.admin)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const counts = await server.database.rows<{ postings: number; events: number }>(
      "SELECT (SELECT count(DISTINCT posting_id)::int FROM journal_entries WHERE credit_operation_id = $1 AND kind = 'disbursement') AS postings, (SELECT count(*)::int FROM scr_events WHERE credit_operation_id = $1) AS events",
      [id],
    );
    expect(counts[0]).toEqual({ postings: 1, events: 1 });
    const dupes = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT posting_id FROM scr_events GROUP BY posting_id HAVING count(*) > 1) d');
    expect(dupes[0].n).toBe(0);
  });

  it('generates the JSON of the pending events, checked and stored; records the file as sent; an event sent is not sent again', async () => {
    server.clock.set('2026-03-05');
    const company = await server.database.rows<{ cnpj: string | null }>('SELECT cnpj FROM companies ORDER BY id LIMIT 1');
    // Every event not sent and dated up to the business date (the demo's later postings wait for their day).
    const due = (await events({ status: 'pending', to: '2026-03-05' })).meta.totalItems as number;
    const args = { idempotency_key: key() };
    const generated = await call(server, 'doc3044.generate', args, tokens.admin);
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    expect(generated.body).toMatchObject({ generated_on: '2026-03-05', event_count: due, sent_at: null, pending_count: due });
    expect(generated.body.remittance_at).toMatch(/^2026-03-05T\d{2}:\d{2}:\d{2}-03:00$/);
    // The same key answers the same file.
    const replay = await call(server, 'doc3044.generate', args, tokens.admin);
    expect(replay.body.id).toBe(generated.body.id);

    const file = await raw(server, 'doc3044.file', { params: { fileId: generated.body.id }, token: tokens.admin });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('application/json');
    const doc = file.body as { cnpjIF: string; dataHoraRemessa: string; operacoes: Array<Record<string, any>> };
    expect(doc.cnpjIF).toBe((company[0].cnpj ?? '').replace(/\D/g, '').slice(0, 8));
    expect(doc.dataHoraRemessa).toBe(generated.body.remittance_at);
    expect(doc.operacoes).toHaveLength(generated.body.event_count);
    const mine = (await ofOperation()).map((e) => e.ipoc);
    const ours = doc.operacoes.filter((o) => o.ipoc === mine[0]);
    expect(ours.map((o) => o.tipoEvento)).toEqual(['disbursement', 'payment', 'settlement']);
    expect(ours[2]).toMatchObject({ acao: 1, saldoDevedor: '0.00', dataEvento: '2026-03-02' });
    const logged = await server.database.rows<{ action: string }>("SELECT action FROM activity_log WHERE entity = 'scr_3044_file' AND entity_id = $1", [generated.body.id]);
    expect(logged.map((l) => l.action)).toEqual(['doc3044.generate']);

    // Marked per file: every event it carried, by whom and when.
    const marked = await call(server, 'doc3044.markSent', { idempotency_key: key(), file_id: generated.body.id }, tokens.superadmin);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.marked).toBe(generated.body.event_count);
    const sent = await ofOperation({ status: 'sent' });
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatchObject({ status: 'sent', file_id: generated.body.id, sent_by_name: expect.any(String) });
    expect(sent[0].sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const again = await call(server, 'doc3044.markSent', { idempotency_key: key(), file_id: generated.body.id }, tokens.admin);
    expect(again.status).toBe(409);
    const oneAgain = await call(server, 'doc3044.markSent', { idempotency_key: key(), event_ids: [sent[0].id] }, tokens.admin);
    expect(oneAgain.status).toBe(409);
    expect(oneAgain.body.field).toBe('event_ids');
    const missing = await call(server, 'doc3044.markSent', { idempotency_key: key(), event_ids: [999999] }, tokens.admin);
    expect(missing.status).toBe(404);
    const both = await call(server, 'doc3044.markSent', { idempotency_key: key(), event_ids: [sent[0].id], file_id: generated.body.id }, tokens.admin);
    expect(both.status).toBe(400);
    // Nothing pending up to the business date: no file.
    const empty = await call(server, 'doc3044.generate', { idempotency_key: key() }, tokens.admin);
    expect(empty.status).toBe(409);
    const files = await call(server, 'doc3044.files', {}, tokens.admin);
    expect(files.body.items[0]).toMatchObject({ id: generated.body.id, pending_count: 0, sent_by_name: expect.any(String) });
  });

  it('marks one event sent on its own; a new posting makes a new pending event that the next file carries alone', async () => {
    server.clock.set('2026-03-10');
    const other = await insertBorrower(server, 'Duda Avulsa', '390.533.447-05');
    const id = await disbursedOperation(server, tokens, other);
    server.clock.set('2026-03-10');
    const [event] = (await events({ credit_operation_id: id })).items;
    expect(event).toMatchObject({ status: 'late', days_late: 47 });
    const marked = await call(server, 'doc3044.markSent', { idempotency_key: key(), event_ids: [event.id] }, tokens.admin);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.marked).toBe(1);
    const [after] = (await events({ credit_operation_id: id })).items;
    expect(after).toMatchObject({ status: 'sent', file_id: null, days_late: 0 });
    const logged = await server.database.rows<{ action: string; after: Record<string, unknown> }>("SELECT action, after FROM activity_log WHERE entity = 'scr_event' AND entity_id = $1", [event.id]);
    expect(logged.map((l) => l.action)).toEqual(['doc3044.mark-sent']);
  });
});
