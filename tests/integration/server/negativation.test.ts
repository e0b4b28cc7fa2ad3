/**
 * Negativação on a migrated database (PGlite, and PostgreSQL with TEST_DATABASE_URL): the candidates (N days late by
 * the title's declaration, else 30; protest left to the notary), a submit and the record's life through the sandbox
 * bureau (submitted → notified the next business day → active ten days later), a payment that queues the removal
 * with its deadline of five business days from the payment (STJ Súmula 548) and the removal sent, a removal the bureau
 * refuses flagged once its deadline passed, two job runs at once sending a removal once; then over HTTP: who may call,
 * the refusals in Portuguese (address missing, not late enough, sent twice, no confirmation), one record's events.
 *
 * Dates: business dates given to the job, never the machine's clock. 2026-03-03 is a Tuesday.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../../src/server/db/connect';
import { migrate } from '../../../src/server/db/migrate';
import { formatCpf } from '../../../src/shared/documents';
import { listRecords, runNegativation, submitInstallment, candidates, recordWithEvents, negativationProviderFromSettings, SANDBOX_REMOVAL_FAILS_CPF, type NegativationProvider } from '../../../src/server/areas/negativation';
import { createTestDatabase, startTestServer, testDatabaseUrl, type TestServer } from '../../helpers/server';
import { insertOperations, type FixtureOperation } from './ledger-accrual-fixtures';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';

const DATE = '2026-03-03';
const ADDRESS = { cep: '01310-100', address: 'Av. Paulista', city: 'São Paulo', state: 'SP' };

let handle: DbHandle;
let drop: (() => Promise<void>) | undefined;
let userId: number;

async function borrower(name: string, document: string, withAddress = true): Promise<number> {
  const a = withAddress ? ADDRESS : { cep: null, address: null, city: 'São Paulo', state: null };
  const [row] = await handle.rows<{ id: number }>("INSERT INTO borrowers (person_type, name, document, cep, address, city, state) VALUES ('PF', $1, $2, $3, $4, $5, $6) RETURNING id", [name, document, a.cep, a.address, a.city, a.state]);
  return Number(row.id);
}

const op = (firstDueDate: string, extra: Partial<FixtureOperation> = {}): FixtureOperation => ({
  amortization: 'price',
  principal: '3000.00',
  monthlyRatePercent: '2.00',
  installments: 3,
  disbursementDate: '2025-12-05',
  firstDueDate,
  ...extra,
});

async function installmentsOf(operationId: number): Promise<number[]> {
  return (await handle.rows<{ id: number }>('SELECT id FROM credit_operation_installments WHERE credit_operation_id = $1 ORDER BY number', [operationId])).map((r) => Number(r.id));
}

/** The sandbox, with the removals it was asked for counted. */
function counting(): NegativationProvider & { removals: string[] } {
  const inner = negativationProviderFromSettings('sandbox');
  const removals: string[] = [];
  return {
    name: inner.name,
    removals,
    submit: (s) => inner.submit(s),
    standing: (p, from, on) => inner.standing(p, from, on),
    remove: async (p, on) => {
      removals.push(p);
      return inner.remove(p, on);
    },
  };
}

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
  const [u] = await handle.rows<{ id: number }>("INSERT INTO users (name, email, password_hash, role_id) VALUES ('Olga Teste', 'olga-neg@example.com', 'x', 5) RETURNING id");
  userId = Number(u.id);
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await drop?.();
});

describe('the record’s life', () => {
  const provider = counting();
  const actor = () => ({ id: userId, role: 5 as const });
  let ana: number[];
  let failing: number[];
  let raced: number[];
  let renegotiated: number[];
  let renegotiatedOp: number;

  beforeAll(async () => {
    const a = await borrower('Ana Devedora', '529.982.247-25');
    const [opA] = await insertOperations(handle, a, [op('2026-01-05')]);
    ana = await installmentsOf(opA);
    // The second installment's title declares "negativar após 10 dias"; a protest title on the third.
    await handle.rows('INSERT INTO installment_titles (installment_id, credit_operation_id, negativation_days) VALUES ($1, $2, 10)', [ana[1], opA]);
    await handle.rows('INSERT INTO installment_titles (installment_id, credit_operation_id, protest_days) VALUES ($1, $2, 3)', [ana[2], opA]);
    const f = await borrower('Fábio Falha', formatCpf(SANDBOX_REMOVAL_FAILS_CPF));
    failing = await installmentsOf((await insertOperations(handle, f, [op('2026-01-05')]))[0]);
    const r = await borrower('Rita Corrida', '111.444.777-35');
    raced = await installmentsOf((await insertOperations(handle, r, [op('2026-01-05')]))[0]);
    const g = await borrower('Gil Acordo', '123.456.789-09');
    [renegotiatedOp] = await insertOperations(handle, g, [op('2026-01-05')]);
    renegotiated = await installmentsOf(renegotiatedOp);
  });

  it('chooses the candidates by the title’s days, else 30, and leaves protest to the notary', async () => {
    const onDate = await candidates(handle.db, DATE, 1);
    const ofAna = onDate.items.filter((c) => ana.includes(c.installment_id));
    // 01-05: 57 days late (30); 02-05: 26 days late, its title says 10; 03-05: not due; nothing with protest.
    expect(ofAna.map((c) => [c.installment_id, c.days_late, c.after_days, c.missing])).toEqual([
      [ana[0], 57, 30, []],
      [ana[1], 26, 10, []],
    ]);
  });

  it('submit → notified the next business day → active ten days after the notice, each step an event and a log entry', async () => {
    const sent = await submitInstallment(handle.db, provider, actor(), ana[0], DATE);
    expect(sent).toMatchObject({ status: 'submitted', submitted_on: DATE, amount: expect.stringMatching(/^\d+\.\d{2}$/), removal_overdue: false });
    expect(sent.protocol).toMatch(/^SBX-/);
    expect((await candidates(handle.db, DATE, 1)).items.map((c) => c.installment_id)).not.toContain(ana[0]);

    expect(await runNegativation(handle.db, provider, DATE, actor())).toMatchObject({ notified: 0, activated: 0 });
    expect(await runNegativation(handle.db, provider, '2026-03-04', actor())).toMatchObject({ notified: 1, activated: 0 });
    expect(await runNegativation(handle.db, provider, '2026-03-13', actor())).toMatchObject({ notified: 0, activated: 0 });
    expect(await runNegativation(handle.db, provider, '2026-03-16', actor())).toMatchObject({ notified: 0, activated: 1 });
    const record = await recordWithEvents(handle.db, sent.id, '2026-03-16');
    expect(record).toMatchObject({ status: 'active', notified_on: '2026-03-04', active_on: '2026-03-14' });
    expect(record.events.map((e) => [e.kind, e.business_date])).toEqual([
      ['submitted', DATE],
      ['notified', '2026-03-04'],
      ['active', '2026-03-16'],
    ]);
    const logged = await handle.rows<{ action: string }>("SELECT action FROM activity_log WHERE entity = 'negativation' AND entity_id = $1 ORDER BY id", [sent.id]);
    expect(logged.map((l) => l.action)).toEqual(['negativation.submit', 'negativation.notified', 'negativation.active']);
  });

  it('a payment queues the removal due five business days after it (Súmula 548), and the run sends it', async () => {
    // Paid on Friday 2026-03-20; the job runs on Monday 23: the deadline counts from the payment, not the run.
    await handle.rows("UPDATE credit_operation_installments SET paid_on = '2026-03-20' WHERE id = $1", [ana[0]]);
    const run = await runNegativation(handle.db, provider, '2026-03-23', actor());
    expect(run).toMatchObject({ removals_queued: 1, removed: 1, failed: 0 });
    const { items } = await listRecords(handle.db, '2026-03-23', { status: null, overdueRemoval: null, page: 1 });
    const record = items.find((i) => i.installment_id === ana[0])!;
    expect(record).toMatchObject({ status: 'removed', settled_on: '2026-03-20', removal_reason: 'paid', removal_due_on: '2026-03-27', removed_on: '2026-03-23', removal_overdue: false });
    const events = (await recordWithEvents(handle.db, record.id, '2026-03-23')).events.map((e) => e.kind);
    expect(events).toEqual(['submitted', 'notified', 'active', 'removal_queued', 'removed']);
    expect(provider.removals).toEqual([record.protocol]);
    // The events are append-only.
    await expect(handle.rows('UPDATE negativation_events SET detail = NULL WHERE record_id = $1', [record.id])).rejects.toThrow(/append-only/);
  });

  it('a removal the bureau refuses stays queued, and is flagged once its five business days passed', async () => {
    const sent = await submitInstallment(handle.db, provider, actor(), failing[0], DATE);
    await handle.rows("UPDATE credit_operation_installments SET paid_on = '2026-03-05' WHERE id = $1", [failing[0]]);
    const run = await runNegativation(handle.db, provider, '2026-03-05', actor());
    expect(run).toMatchObject({ removals_queued: 1, removed: 0, failed: 1, removals_overdue: 0 });
    const onDeadline = await listRecords(handle.db, '2026-03-12', { status: null, overdueRemoval: true, page: 1 });
    expect(onDeadline.items.map((i) => i.id)).not.toContain(sent.id);
    const after = await listRecords(handle.db, '2026-03-13', { status: null, overdueRemoval: true, page: 1 });
    expect(after.items.map((i) => [i.id, i.status, i.removal_due_on, i.removal_overdue])).toEqual([[sent.id, 'removal_queued', '2026-03-12', true]]);
    expect((await runNegativation(handle.db, provider, '2026-03-13', actor())).removals_overdue).toBe(1);
    // Queued once: the retries add no second removal_queued event.
    expect((await recordWithEvents(handle.db, sent.id, '2026-03-13')).events.map((e) => e.kind)).toEqual(['submitted', 'removal_queued']);
  });

  it('two runs at once send a removal once (each record locked first, then read)', async () => {
    const sent = await submitInstallment(handle.db, provider, actor(), raced[0], DATE);
    await handle.rows("UPDATE credit_operation_installments SET paid_on = '2026-03-06' WHERE id = $1", [raced[0]]);
    const before = provider.removals.filter((p) => p === sent.protocol).length;
    const runs = await Promise.all([runNegativation(handle.db, provider, '2026-03-06', actor()), runNegativation(handle.db, provider, '2026-03-06', actor())]);
    expect(runs[0].removed + runs[1].removed).toBe(1);
    expect(provider.removals.filter((p) => p === sent.protocol).length - before).toBe(1);
    const events = (await recordWithEvents(handle.db, sent.id, '2026-03-06')).events.map((e) => e.kind);
    expect(events).toEqual(['submitted', 'removal_queued', 'removed']);
  });

  it('an agreement closing the installment queues the removal from the run’s day, five business days of the bank calendar', async () => {
    const sent = await submitInstallment(handle.db, provider, actor(), renegotiated[0], DATE);
    await handle.rows("INSERT INTO installment_states (installment_id, credit_operation_id, status) VALUES ($1, $2, 'renegotiated')", [renegotiated[0], renegotiatedOp]);
    // Wednesday 2026-04-01: Good Friday (04-03) and the weekend are not business days.
    expect(await runNegativation(handle.db, provider, '2026-04-01', actor())).toMatchObject({ removals_queued: 1, removed: 1 });
    const record = await recordWithEvents(handle.db, sent.id, '2026-04-01');
    expect(record).toMatchObject({ status: 'removed', removal_reason: 'not_overdue', settled_on: '2026-04-01', removal_due_on: '2026-04-09', removed_on: '2026-04-01' });
    expect((await candidates(handle.db, '2026-04-01', 1)).items.map((c) => c.installment_id)).not.toContain(renegotiated[0]);
  });

  it('two submits of one installment at once: one record', async () => {
    const results = await Promise.allSettled([submitInstallment(handle.db, provider, actor(), ana[1], DATE), submitInstallment(handle.db, provider, actor(), ana[1], DATE)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [{ n }] = await handle.rows<{ n: number }>('SELECT count(*)::int AS n FROM negativation_records WHERE installment_id = $1', [ana[1]]);
    expect(Number(n)).toBe(1);
  });
});

describe('over HTTP', () => {
  let server: TestServer;
  let tokens: Record<DemoRole, string>;
  let noAddress: number[];
  let withAddress: number[];

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', today: DATE });
    tokens = await signInEveryRole(server);
    const db = server.database;
    const insert = async (name: string, document: string, full: boolean) => {
      const [row] = await db.rows<{ id: number }>(
        "INSERT INTO borrowers (person_type, name, document, cep, address, city, state) VALUES ('PF', $1, $2, $3, $4, $5, $6) RETURNING id",
        full ? [name, document, ADDRESS.cep, ADDRESS.address, ADDRESS.city, ADDRESS.state] : [name, document, null, null, 'Recife', 'PE'],
      );
      return insertOperations(db as unknown as DbHandle, Number(row.id), [op('2026-01-05')]);
    };
    const [a] = await insert('Sem Endereço', '390.533.447-05', false);
    const [b] = await insert('Com Endereço', '111.444.777-35', true);
    noAddress = (await db.rows<{ id: number }>('SELECT id FROM credit_operation_installments WHERE credit_operation_id = $1 ORDER BY number', [a])).map((r) => Number(r.id));
    withAddress = (await db.rows<{ id: number }>('SELECT id FROM credit_operation_installments WHERE credit_operation_id = $1 ORDER BY number', [b])).map((r) => Number(r.id));
  }, 300_000);
  afterAll(() => server?.close());

  const OPERATORS = { superadmin: 200, admin: 200, operator: 200, agent: 403, user: 403 };
  const MISSING = { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 };
  itAnswersTheMatrix(
    [
      ['negativation.list', {}, OPERATORS],
      ['negativation.candidates', {}, OPERATORS],
      ['negativation.submit', { installment_id: 999999, confirmed: true }, MISSING],
      ['negativation.run', {}, OPERATORS],
      ['negativation.get', { id: 999999 }, MISSING],
    ],
    () => ({ server, tokens }),
  );

  it('lists the candidates with what is missing, and refuses in Portuguese saying what to fix', async () => {
    const list = await call(server, 'negativation.candidates', {}, tokens.operator);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const missing = list.body.items.find((c: { installment_id: number }) => c.installment_id === noAddress[0]);
    // The missing fields as keys: each screen words them in its own language.
    expect(missing.missing).toEqual(['cep', 'address']);

    const refused = await call(server, 'negativation.submit', { installment_id: noAddress[0], confirmed: true }, tokens.operator);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Não é possível negativar: endereço do tomador incompleto \(falta: CEP, logradouro\)\. Complete o cadastro do tomador/);
    const early = await call(server, 'negativation.submit', { installment_id: withAddress[1], confirmed: true }, tokens.operator);
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('só pode ser negativada após 30 dias do vencimento (2026-02-05)');
    const unconfirmed = await call(server, 'negativation.submit', { installment_id: withAddress[0] }, tokens.operator);
    expect(unconfirmed.status).toBe(400);
  });

  it('submits once, answers the record with its events, and refuses it twice', async () => {
    const sent = await call(server, 'negativation.submit', { installment_id: withAddress[0], confirmed: true }, tokens.operator);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.status).toBe('submitted');
    const again = await call(server, 'negativation.submit', { installment_id: withAddress[0], confirmed: true }, tokens.admin);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('já foi enviada');
    server.clock.set('2026-03-04');
    const run = await call(server, 'negativation.run', {}, tokens.operator);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toMatchObject({ date: '2026-03-04', notified: 1 });
    const one = await call(server, 'negativation.get', { id: sent.body.id }, tokens.operator);
    expect(one.body.events.map((e: { kind: string; actor_name: string | null }) => [e.kind, e.actor_name])).toEqual([
      ['submitted', 'Olga Operadora'],
      ['notified', 'Olga Operadora'],
    ]);
    const filtered = await call(server, 'negativation.list', { status: 'notified', overdue_removal: 'false' }, tokens.operator);
    expect(filtered.body.items.map((i: { id: number }) => i.id)).toContain(sent.body.id);
    expect((await call(server, 'negativation.list', { status: 'lost' }, tokens.operator)).status).toBe(400);
  });
});
