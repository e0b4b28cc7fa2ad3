/**
 * (v) Payment reminders at 100,000 open installments on PGlite: the run's choice and queue for one business date
 * (`queueReminders`: one INSERT … SELECT over the rules and channels, ON CONFLICT DO NOTHING on the unique key), then
 * the same run again (nothing more queued: the idempotence costs what). Prints the seconds (wall, and this process's
 * CPU: PGlite runs in it, and a shared machine inflates the wall time most) and rows of each against the aim: under
 * 10 s; the load average beside them.
 *
 * The fixture, by SQL: `BENCH_REMINDER_OPERATIONS` (default 100,000) individuals with an e-mail and a mobile number, one
 * disbursed operation each (the servicing benches' shape: first due 2026-02-05), one in a hundred opted out of SMS.
 * On 2026-02-05 the "on the day" rule picks every operation's first installment: 100,000 installments, two channels.
 */
import { loadavg } from 'node:os';
import { insertDisbursedOperations, insertIndividuals } from './disbursed-operations';

const load = () => `load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`;
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const OPERATIONS = Number(process.env.BENCH_REMINDER_OPERATIONS ?? 100_000);
const DATE = '2026-02-05';

export async function remindersFigure(): Promise<void> {
  console.log(`\n(v) payment reminders: choose and queue for ${OPERATIONS.toLocaleString('pt-BR')} open installments on PGlite (aim: under 10 s)`);
  const { openDatabase } = await import('../../src/server/db/connect');
  const { migrate } = await import('../../src/server/db/migrate');
  const { queueReminders } = await import('../../src/server/areas/reminders');
  const { DEFAULT_REMINDER_RULES } = await import('../../src/shared/reminders');
  const handle = await openDatabase({});
  try {
    await migrate(handle);
    const started = performance.now();
    const borrowers = await insertIndividuals(handle, OPERATIONS, 'Tomador Lembrete', 100_000_001);
    await handle.rows("UPDATE borrowers SET email = 'tomador' || id || '@example.com', phone = '(81) 9' || lpad((id % 100000000)::text, 8, '0') WHERE id = ANY($1::int[])", [borrowers]);
    await handle.rows("INSERT INTO reminder_opt_outs (borrower_id, channel) SELECT b, 'sms' FROM unnest($1::int[]) b WHERE b % 100 = 0", [borrowers]);
    await insertDisbursedOperations(handle, borrowers);
    console.log(`    fixture: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const loadBefore = load();
    const t0 = performance.now();
    const c0 = cpuMs();
    const first = await queueReminders(handle.db, DATE, DEFAULT_REMINDER_RULES);
    const s1 = (performance.now() - t0) / 1000;
    const cpu1 = (cpuMs() - c0) / 1000;
    console.log(
      `    choose and queue: ${s1.toFixed(2)} s (CPU ${cpu1.toFixed(2)} s) — ${first.queued.toLocaleString('pt-BR')} queued, ${first.skipped.toLocaleString('pt-BR')} skipped (opted out)  ` +
        `${s1 < 10 ? 'OK' : 'ABOVE THE AIM'} [${loadBefore} before, ${load()} after]`,
    );
    const t1 = performance.now();
    const c1 = cpuMs();
    const again = await queueReminders(handle.db, DATE, DEFAULT_REMINDER_RULES);
    const s2 = (performance.now() - t1) / 1000;
    console.log(`    the same run again: ${s2.toFixed(2)} s (CPU ${((cpuMs() - c1) / 1000).toFixed(2)} s) — ${again.queued} queued, ${again.skipped} skipped [${load()}]`);
  } finally {
    await handle.close();
  }
}
