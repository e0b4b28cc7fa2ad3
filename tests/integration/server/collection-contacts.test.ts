/**
 * The collections desk's contact log and promises to pay over HTTP (PGlite and PostgreSQL): who may read and log,
 * what the schemas and the server refuse (with the field named, in Portuguese), the log newest first, a promise's
 * state on the business date (open → kept by a payment in its window; open → broken once the window's last day has
 * passed), the overdue list's last contact and promise per row, and the rows the database keeps append-only.
 *
 * The schedule's first due date, 2026-02-15, is a Sunday before Carnival: overdue from Thursday 2026-02-19.
 * A promise for Wednesday 2026-02-25 counts payments through Friday 2026-02-27 (two business days of grace).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, insertBorrower, issuedOperation, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId = 0;
let keptOp = 0;
let brokenOp = 0;
let issuedOp = 0;

type Row = Record<string, any>;

const contact = (id: number, extra: Record<string, unknown> = {}) => ({ id, idempotency_key: key(), channel: 'phone', direction: 'outbound', outcome: 'no_answer', ...extra });

async function log(args: Record<string, unknown>, token = tokens.agent) {
  return call(server, 'collections.logContact', args, token);
}

async function expiredOf(operationId: number): Promise<Row[]> {
  const answer = await call(server, 'collections.expiredInstallments', { page: 1, limit: 50, filter: { credit_operation_id: String(operationId) } }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items as Row[];
}

async function promiseOf(operationId: number): Promise<Row> {
  const answer = await call(server, 'collections.contacts', { id: operationId }, tokens.agent);
  expect(answer.status).toBe(200);
  return (answer.body.items as Row[]).find((c) => c.promise)!.promise;
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Carla Contato Teste', '111.444.777-35');
  issuedOp = (await issuedOperation(server, tokens, borrowerId)).id;
  keptOp = await disbursedOperation(server, tokens, borrowerId);
  brokenOp = await disbursedOperation(server, tokens, borrowerId);
  server.clock.set('2026-02-20');
});
afterAll(() => server?.close());

describe('authorization', () => {
  itAnswersTheMatrix([['collections.contacts', { id: 1 }, { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 }]], () => ({ server, tokens }));

  it('collections.logContact: every panel role logs (a fresh key each), Usuário 403, no token 401', async () => {
    const expected: Record<DemoRole, number> = { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 };
    for (const role of Object.keys(expected) as DemoRole[]) {
      const answer = await log(contact(issuedOp, { note: `matriz ${role}` }), tokens[role]);
      expect({ role, status: answer.status }).toEqual({ role, status: expected[role] });
    }
    expect((await call(server, 'collections.logContact', contact(issuedOp))).status).toBe(401);
  });
});

describe('what is refused', () => {
  it.each([
    [{ channel: 'telegram' }, 'Campo channel: canal inválido'],
    [{ direction: 'sideways' }, 'Campo direction: sentido inválido'],
    [{ outcome: 'maybe' }, 'Campo outcome: resultado inválido'],
    [{ outcome: 'promised' }, 'Campo promise: informe a data e o valor prometidos'],
    [{ outcome: 'no_answer', promise: { promised_on: '2026-02-25', amount: '100.00' } }, 'Campo promise: uma promessa de pagamento vem só com'],
    [{ outcome: 'promised', promise: { promised_on: '25/02/2026', amount: '100.00' } }, 'Campo promise.promised_on: data inválida'],
    [{ outcome: 'promised', promise: { promised_on: '2026-02-25', amount: '100,00' } }, 'Campo promise.amount: valor inválido'],
    [{ outcome: 'promised', promise: { promised_on: '2026-02-25', amount: '0.00' } }, 'Campo promise.amount: informe um valor maior que zero'],
    [{ contacted_at: 'ontem' }, 'Campo contacted_at: data inválida'],
    [{ note: 'x'.repeat(2001) }, 'Campo note: '],
  ])('case %#: 400 %s', async (extra, message) => {
    const answer = await log(contact(keptOp, extra));
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.message).toContain(message);
  });

  it('a promise dated before the business date or beyond 60 days, on an operation not released, a contact in the future or too old: 409 naming the field', async () => {
    const promised = (promised_on: string, id = keptOp) => log(contact(id, { outcome: 'promised', promise: { promised_on, amount: '100.00' } }));
    const past = await promised('2026-02-19');
    expect([past.status, past.body.message]).toEqual([409, 'Campo promise.promised_on: a data prometida não pode ser anterior a hoje (20/02/2026).']);
    const far = await promised('2026-04-22');
    expect([far.status, far.body.message]).toEqual([409, 'Campo promise.promised_on: a data prometida pode ser no máximo 60 dias à frente (até 21/04/2026).']);
    expect((await promised('2026-04-21')).status).toBe(200);
    const notReleased = await promised('2026-02-25', issuedOp);
    expect([notReleased.status, notReleased.body.message]).toEqual([409, 'Campo promise: a operação ainda não foi liberada; não há parcela a prometer.']);
    const future = await log(contact(keptOp, { contacted_at: new Date(Date.now() + 3_600_000).toISOString() }));
    expect([future.status, future.body.message]).toEqual([409, 'Campo contacted_at: o contato não pode estar no futuro.']);
    const old = await log(contact(keptOp, { contacted_at: new Date(Date.now() - 31 * 86_400_000).toISOString() }));
    expect([old.status, old.body.message]).toEqual([409, 'Campo contacted_at: registre contatos de até 30 dias atrás.']);
  });

  it('an operation that does not exist: 404 on the log and on a new contact', async () => {
    expect((await call(server, 'collections.contacts', { id: 999999 }, tokens.agent)).status).toBe(404);
    expect((await log(contact(999999))).status).toBe(404);
  });
});

describe('the log', () => {
  it('newest first by when the contact happened, with who logged it; a key sent again answers the same contact', async () => {
    const earlier = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const first = await log(contact(brokenOp, { channel: 'whatsapp', outcome: 'left_message', note: 'Mensagem deixada no WhatsApp.', contacted_at: earlier }), tokens.operator);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ channel: 'whatsapp', direction: 'outbound', outcome: 'left_message', note: 'Mensagem deixada no WhatsApp.', actor_name: 'Olga Operadora', promise: null });
    expect(first.body.contacted_at).toBe(earlier);
    const args = contact(brokenOp, { channel: 'phone', direction: 'inbound', outcome: 'callback_requested' });
    const second = await log(args);
    const again = await log(args);
    expect(again.body.id).toBe(second.body.id);
    const answer = await call(server, 'collections.contacts', { id: brokenOp }, tokens.admin);
    expect(answer.body.as_of).toBe('2026-02-20');
    expect(answer.body.grace_business_days).toBe(2);
    expect((answer.body.items as Row[]).map((c) => c.id)).toEqual([second.body.id, first.body.id]);
    expect(answer.body.items[0]).toMatchObject({ direction: 'inbound', outcome: 'callback_requested', actor_name: 'Alice Agente' });
    const [entry] = await server.database.rows<{ action: string; after: Row }>("SELECT action, after FROM activity_log WHERE entity = 'collection_contact' AND entity_id = $1", [first.body.id]);
    expect(entry).toEqual({ action: 'collection-contact.log', after: { credit_operation_id: brokenOp, channel: 'whatsapp', outcome: 'left_message', promised_on: null, amount: null } });
  });
});

describe('a promise and the overdue list', () => {
  it('an operation without contacts: the list row says none', async () => {
    const fresh = await disbursedOperation(server, tokens, borrowerId);
    server.clock.set('2026-02-20');
    const [none] = await expiredOf(fresh);
    expect([none.last_contact, none.promise]).toEqual([null, null]);
  });

  it('kept: open until paid, kept once the payments in its window reach the amount', async () => {
    const promised = await log(contact(keptOp, { outcome: 'promised', note: 'Paga a parcela na quarta.', promise: { promised_on: '2026-02-25', amount: '250.00' } }));
    expect(promised.status, JSON.stringify(promised.body)).toBe(200);
    expect(promised.body.promise).toMatchObject({ made_on: '2026-02-20', promised_on: '2026-02-25', amount: '250.00', window_end: '2026-02-27', paid: '0.00', state: 'open' });
    const [row] = await expiredOf(keptOp);
    expect(row.last_contact).toMatchObject({ outcome: 'promised', channel: 'phone' });
    expect(row.promise).toMatchObject({ promised_on: '2026-02-25', amount: '250.00', state: 'open' });

    // Part of it on the 24th: still open; the rest on the 27th (the grace's last day): kept.
    server.clock.set('2026-02-24');
    const [first] = await expiredOf(keptOp);
    const paid = await call(server, 'servicing.pay', { id: keptOp, installment: first.id, idempotency_key: key(), amount: '100.00', paid_on: '2026-02-24', method: 'pix' }, tokens.operator);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await promiseOf(keptOp)).toMatchObject({ paid: '100.00', state: 'open' });
    server.clock.set('2026-02-27');
    const rest = await call(server, 'servicing.pay', { id: keptOp, installment: first.id, idempotency_key: key(), amount: '150.00', paid_on: '2026-02-27', method: 'pix' }, tokens.operator);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(await promiseOf(keptOp)).toMatchObject({ paid: '250.00', state: 'kept' });
    server.clock.set('2026-03-10');
    const [later] = await expiredOf(keptOp);
    expect(later.promise).toMatchObject({ state: 'kept' });
  });

  it('broken: open through the grace, broken the business day after; a payment after the window does not keep it', async () => {
    server.clock.set('2026-02-20');
    const promised = await log(contact(brokenOp, { outcome: 'promised', promise: { promised_on: '2026-02-25', amount: '300.00' } }));
    expect(promised.status, JSON.stringify(promised.body)).toBe(200);
    server.clock.set('2026-02-27');
    expect((await expiredOf(brokenOp))[0].promise).toMatchObject({ state: 'open' });
    server.clock.set('2026-03-02');
    const [row] = await expiredOf(brokenOp);
    expect(row.promise).toMatchObject({ state: 'broken', paid: '0.00' });
    const late = await call(server, 'servicing.pay', { id: brokenOp, installment: row.id, idempotency_key: key(), amount: '200.00', paid_on: '2026-03-02', method: 'pix' }, tokens.operator);
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(await promiseOf(brokenOp)).toMatchObject({ state: 'broken', paid: '0.00' });
    // The list's last contact is the promise's (the newest by when it happened).
    const [after] = await expiredOf(brokenOp);
    expect(after.last_contact).toMatchObject({ outcome: 'promised' });
  });
});

describe('append-only', () => {
  it('a contact and a promise are never changed or removed, even by the tables owner', async () => {
    const [c] = await server.owner.rows<{ id: number }>('SELECT id FROM collection_contacts ORDER BY id LIMIT 1');
    await expect(server.owner.rows("UPDATE collection_contacts SET note = 'outra' WHERE id = $1", [c.id])).rejects.toThrow(/never changed/);
    await expect(server.owner.rows('DELETE FROM collection_contacts WHERE id = $1', [c.id])).rejects.toThrow(/never changed/);
    const [p] = await server.owner.rows<{ id: number }>('SELECT id FROM payment_promises ORDER BY id LIMIT 1');
    await expect(server.owner.rows("UPDATE payment_promises SET amount = '1.00' WHERE id = $1", [p.id])).rejects.toThrow(/never changed/);
  });
});
