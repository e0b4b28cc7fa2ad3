/**
 * The negativação job run by the server itself (areas/negativation/scheduler.ts), on a migrated database (PGlite,
 * and PostgreSQL with TEST_DATABASE_URL, where the two schedulers work over two connection pools: two servers on one
 * database). No test waits on the timer: each calls the tick the timer calls. What is checked: a tick runs the job
 * for the clock's business date (the bureau's notice seen the next business day); two servers ticking at once send a
 * removal to the bureau once, each step evented and logged once, with no actor; a tick while a run is under way joins
 * it; a failed run (or a provider that cannot be made) answers null and the next tick runs again; 0 turns the timer
 * off, and stop() clears it.
 *
 * Dates: the clock's business date, never the machine's. 2026-03-03 is a Tuesday.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../../src/server/db/connect';
import { migrate } from '../../../src/server/db/migrate';
import { SettableClock } from '../../../src/server/platform/clock';
import { NEGATIVATION_INTERVAL_MS, NegativationScheduler, negativationProviderFromSettings, recordWithEvents, submitInstallment, type NegativationProvider } from '../../../src/server/areas/negativation';
import { createTestDatabase, testDatabaseUrl } from '../../helpers/server';
import { insertOperations } from './ledger-accrual-fixtures';

const DATE = '2026-03-03';

let handle: DbHandle;
/** the second server's connections (PostgreSQL), else the same handle (PGlite is one process's) */
let other: DbHandle;
let drop: (() => Promise<void>) | undefined;
let userId: number;

/** The sandbox, with the removals it was asked for counted; `failing` makes every call fail as a database away would. */
function counting(): NegativationProvider & { removals: string[]; failing: boolean } {
  const inner = negativationProviderFromSettings('sandbox');
  const p = {
    name: inner.name,
    removals: [] as string[],
    failing: false,
    submit: (s: Parameters<NegativationProvider['submit']>[0]) => inner.submit(s),
    standing: async (protocol: string, from: string, on: string) => {
      if (p.failing) throw new Error('connection lost');
      return inner.standing(protocol, from, on);
    },
    remove: async (protocol: string, on: string) => {
      p.removals.push(protocol);
      return inner.remove(protocol, on);
    },
  };
  return p;
}

async function overdueInstallment(name: string, document: string): Promise<number> {
  const [b] = await handle.rows<{ id: number }>(
    "INSERT INTO borrowers (person_type, name, document, cep, address, city, state) VALUES ('PF', $1, $2, '01310-100', 'Av. Paulista', 'São Paulo', 'SP') RETURNING id",
    [name, document],
  );
  const [opId] = await insertOperations(handle, Number(b.id), [{ amortization: 'price', principal: '3000.00', monthlyRatePercent: '2.00', installments: 3, disbursementDate: '2025-12-05', firstDueDate: '2026-01-05' }]);
  const [first] = await handle.rows<{ id: number }>('SELECT id FROM credit_operation_installments WHERE credit_operation_id = $1 ORDER BY number LIMIT 1', [opId]);
  return Number(first.id);
}

beforeAll(async () => {
  const baseUrl = testDatabaseUrl();
  if (baseUrl) {
    const created = await createTestDatabase(baseUrl);
    drop = created.drop;
    handle = await openDatabase({ databaseUrl: created.url });
    other = await openDatabase({ databaseUrl: created.url });
  } else {
    handle = await openDatabase({});
    other = handle;
  }
  await migrate(handle);
  const [u] = await handle.rows<{ id: number }>("INSERT INTO users (name, email, password_hash, role_id) VALUES ('Olga Agenda', 'olga-neg-sched@example.com', 'x', 5) RETURNING id");
  userId = Number(u.id);
}, 120_000);

afterAll(async () => {
  if (other && other !== handle) await other.close();
  await handle?.close();
  await drop?.();
});

describe('the negativação scheduler', () => {
  const provider = counting();
  const actor = () => ({ id: userId, role: 5 as const });

  it('0 turns the timer off; a positive interval starts it (one hour by default) and stop() clears it', async () => {
    const clock = new SettableClock(DATE);
    const off = new NegativationScheduler(handle.db, clock, 0, () => provider);
    off.start();
    expect(off.scheduled).toBe(false);
    await off.stop();
    expect(NEGATIVATION_INTERVAL_MS).toBe(60 * 60 * 1000);
    const on = new NegativationScheduler(handle.db, clock, NEGATIVATION_INTERVAL_MS, () => provider);
    on.start();
    expect(on.scheduled).toBe(true);
    await on.stop();
    expect(on.scheduled).toBe(false);
  });

  it("a tick runs the job for the clock's business date: the notice seen the next business day, with no actor", async () => {
    const installment = await overdueInstallment('Nina Agenda', '529.982.247-25');
    const sent = await submitInstallment(handle.db, provider, actor(), installment, DATE);
    const clock = new SettableClock(DATE);
    const scheduler = new NegativationScheduler(handle.db, clock, 0, () => provider);
    expect(await scheduler.tick()).toMatchObject({ date: DATE, notified: 0 });
    clock.set('2026-03-04');
    expect(await scheduler.tick()).toMatchObject({ date: '2026-03-04', notified: 1, activated: 0 });
    const record = await recordWithEvents(handle.db, sent.id, '2026-03-04');
    expect(record).toMatchObject({ status: 'notified', notified_on: '2026-03-04' });
    const logged = await handle.rows<{ actor_id: number | null }>("SELECT actor_id FROM activity_log WHERE action = 'negativation.notified' AND entity_id = $1", [sent.id]);
    expect(logged).toEqual([{ actor_id: null }]);
    // The scheduled run is not an operator's: no 'negativation.run' entry.
    const [{ runs }] = await handle.rows<{ runs: number }>("SELECT count(*)::int AS runs FROM activity_log WHERE action = 'negativation.run'");
    expect(Number(runs)).toBe(0);
  });

  it('two servers ticking at once send the removal once, each step evented and logged once', async () => {
    const installment = await overdueInstallment('Rui Duas Agendas', '111.444.777-35');
    const sent = await submitInstallment(handle.db, provider, actor(), installment, DATE);
    await handle.rows("UPDATE credit_operation_installments SET paid_on = '2026-03-05' WHERE id = $1", [installment]);
    const clock = new SettableClock('2026-03-05');
    const a = new NegativationScheduler(handle.db, clock, 0, () => provider);
    const b = new NegativationScheduler(other.db, clock, 0, () => provider);
    const before = provider.removals.filter((p) => p === sent.protocol).length;
    const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
    expect(ra).not.toBeNull();
    expect(rb).not.toBeNull();
    expect((ra?.removed ?? 0) + (rb?.removed ?? 0)).toBe(1);
    expect((ra?.removals_queued ?? 0) + (rb?.removals_queued ?? 0)).toBe(1);
    expect(provider.removals.filter((p) => p === sent.protocol).length - before).toBe(1);
    const record = await recordWithEvents(handle.db, sent.id, '2026-03-05');
    expect(record).toMatchObject({ status: 'removed', removal_reason: 'paid', settled_on: '2026-03-05', removed_on: '2026-03-05' });
    expect(record.events.map((e) => e.kind)).toEqual(['submitted', 'removal_queued', 'removed']);
    const logged = await handle.rows<{ action: string }>("SELECT action FROM activity_log WHERE entity = 'negativation' AND entity_id = $1 ORDER BY id", [sent.id]);
    expect(logged.map((l) => l.action)).toEqual(['negativation.submit', 'negativation.removal-queued', 'negativation.removed']);
  });

  it('a tick while a run is under way joins it; a failed run answers null and the next tick runs again', async () => {
    const installment = await overdueInstallment('Lia Falha Agenda', '123.456.789-09');
    const sent = await submitInstallment(handle.db, provider, actor(), installment, DATE);
    const clock = new SettableClock('2026-03-04');
    const scheduler = new NegativationScheduler(handle.db, clock, 0, () => provider);
    provider.failing = true;
    const first = scheduler.tick();
    expect(scheduler.tick()).toBe(first);
    expect(await first).toBeNull();
    expect((await recordWithEvents(handle.db, sent.id, '2026-03-04')).status).toBe('submitted');
    provider.failing = false;
    expect(await scheduler.tick()).toMatchObject({ notified: 1 });
    expect((await recordWithEvents(handle.db, sent.id, '2026-03-04')).status).toBe('notified');
  });

  it('a provider that cannot be made (an unknown NEGATIVATION_PROVIDER) fails the run, not the server', async () => {
    const scheduler = new NegativationScheduler(handle.db, new SettableClock('2026-03-04'), 0, () => negativationProviderFromSettings('nenhum'));
    await expect(scheduler.tick()).resolves.toBeNull();
  });
});
