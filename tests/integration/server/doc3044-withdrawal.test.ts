/**
 * Doc 3044: an operation withdrawn within seven days (CDC art. 49) is an event of its own (PGlite and PostgreSQL),
 * worth what left the receivable (the amount financed), the balance after it zero, due five business days after,
 * added once however many times the queue is refreshed, and carried by the next remittance after the operation's
 * concessão; an operation not withdrawn has none.
 *
 * Operations of twelve (Price, 2% a month) released on Thursday 2026-01-15; one withdrawn on Tuesday 2026-01-20
 * (five business days after: 2026-01-27).
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, raw, signInEveryRole, type DemoRole } from './client';
import { disbursedOperation, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId = 0;
let withdrawnId = 0;
let keptId = 0;
const TODAY = '2026-01-20';

type Row = Record<string, any>;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Wanda Desiste Evento', '529.982.247-25');
  withdrawnId = await disbursedOperation(server, tokens, borrowerId);
  server.clock.set('2026-01-10');
  keptId = await disbursedOperation(server, tokens, borrowerId);
  server.clock.set(TODAY);
}, 300_000);
afterAll(() => server?.close());

async function eventsOf(operationId: number): Promise<Row[]> {
  const answer = await call(server, 'doc3044.list', { filter: { credit_operation_id: operationId }, limit: 100 }, tokens.admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items as Row[];
}

describe('a withdrawal in the Doc 3044 queue', () => {
  it('one event, worth the amount financed, the balance after it zero, due five business days after, added once', async () => {
    expect((await eventsOf(withdrawnId)).map((e) => e.kind)).toEqual(['disbursement']);
    const quote = await call(server, 'withdrawal.quote', { id: withdrawnId }, tokens.operator);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.allowed).toBe(true);
    const version = (await call(server, 'creditOperation.get', { id: withdrawnId }, tokens.operator)).body.version as number;
    const withdrawn = await call(server, 'withdrawal.withdraw', { id: withdrawnId, version, idempotency_key: key(), expected_return: quote.body.amount_to_return }, tokens.operator);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);

    const events = (await eventsOf(withdrawnId)).filter((e) => e.kind === 'withdrawal');
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(new Decimal(event.amount).toFixed(2)).toBe(new Decimal(quote.body.financed).toFixed(2));
    expect(event.balance_after).toBe('0.00');
    expect(event.event_date).toBe(TODAY);
    expect(event.deadline).toBe('2026-01-27');
    expect(event.status).toBe('pending');
    // Refreshed again: still one.
    expect((await eventsOf(withdrawnId)).filter((e) => e.kind === 'withdrawal')).toHaveLength(1);
    // The operation not withdrawn has its concessão only.
    expect((await eventsOf(keptId)).map((e) => e.kind)).toEqual(['disbursement']);
  });

  it('the next remittance carries it after the concessão, and passes the layout checks', async () => {
    const generated = await call(server, 'doc3044.generate', { idempotency_key: key() }, tokens.admin);
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const file = await raw(server, 'doc3044.file', { params: { fileId: generated.body.id }, token: tokens.admin });
    expect(file.status).toBe(200);
    const doc = file.body as { operacoes: Array<Record<string, any>> };
    const [ipoc] = (await eventsOf(withdrawnId)).map((e) => e.ipoc);
    const ours = doc.operacoes.filter((o) => o.ipoc === ipoc);
    expect(ours.map((o) => o.tipoEvento)).toEqual(['disbursement', 'withdrawal']);
    expect(ours[1]).toMatchObject({ acao: 1, saldoDevedor: '0.00', dataEvento: TODAY });
  });
});
