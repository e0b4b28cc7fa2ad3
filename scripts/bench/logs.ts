/**
 * Logs list at 1,000,000 entries: fills activity_log in a
 * PGlite test server with INSERT … SELECT generate_series, then times a
 * filtered, sorted page through the main-process handlers (the path the
 * bridge takes), as the users-list figure (a) of index.ts does.
 *
 * The "same page from the offline cache" figure (OFFLINE_CACHE_FIGURE below)
 * uses the offline-cache bench's offlineCacheFigure: the server is stopped and
 * the same filtered page is answered from the main process's cache.
 *
 * Run alone: `npx tsx scripts/bench/logs.ts` (BENCH_LOG_ROWS, BENCH_RUNS).
 */
import { pathToFileURL } from 'node:url';
import { startTestServer } from '../../tests/helpers/server';
import { benchMain } from './main-harness';
import { LOG_COUNT_CAP, type ArgsOf } from '../../src/shared/contract/index';
import { offlineCacheFigure } from './cache';

const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const CHUNK = 100_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** Times `work` RUNS times after a warm-up; median and 95th percentile in ms. */
export async function timeRuns(work: () => Promise<void>, runs = RUNS): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 10; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

/** Spread like real use: a few dozen staff, a handful of actions and record kinds, one entry every 30 s going back in time. */
const FILL_SQL = `
INSERT INTO activity_log (actor_id, action, entity, entity_id, before, after, created_at)
SELECT a.ids[1 + (g % array_length(a.ids, 1))],
       (ARRAY['user.update','user.create','user.activate','user.deactivate','situations.update','projects.update','lgpd.request.create','user.password.reset'])[1 + (g % 8)],
       (ARRAY['user','user','user','user','situation','project','lgpd_request','user'])[1 + (g % 8)],
       g % 5000,
       jsonb_build_object('active', true, 'name', 'Antes ' || g),
       jsonb_build_object('active', g % 2 = 0, 'name', 'Depois ' || g),
       now() - (g * interval '30 seconds')
FROM generate_series($1::int, $2::int) g,
     (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role_id <> 2) a`;

export async function logsAtAMillion(): Promise<void> {
  console.log(`\n(d) logs list at ${ROWS.toLocaleString('pt-BR')} entries: filtered, sorted page of 10 via main handlers`);
  const server = await startTestServer({ seed: 'demo' });
  const bench = await benchMain(() => server.url, 'd');
  const { main } = bench;
  try {
    const fillStart = performance.now();
    for (let from = 1; from <= ROWS; from += CHUNK) {
      await server.database.rows(FILL_SQL, [from, Math.min(ROWS, from + CHUNK - 1)]);
    }
    await server.database.rows('ANALYZE activity_log');
    const [{ n }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM activity_log');
    console.log(`    filled ${n.toLocaleString('pt-BR')} rows in ${((performance.now() - fillStart) / 1000).toFixed(1)} s (indexes of migration 0003 in place)`);

    await bench.signIn();

    const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[string, ArgsOf<'logs.all'>]> = [
      ['newest first, no filter', { page: 1, limit: 10 }],
      ['action = user.update, newest first', { page: 1, limit: 10, filter: { action: 'user.update' }, sort: { field: 'created_at', order: 'DESC' } }],
      ["actor 'admin' + last 30 days, by action", { page: 1, limit: 10, filter: { actor: 'admin', from: since }, sort: { field: 'action', order: 'ASC' } }],
      ['entity = project, page 50, oldest first', { page: 50, limit: 10, filter: { entity: 'project' }, sort: { field: 'created_at', order: 'ASC' } }],
    ];
    for (const [label, args] of cases) {
      let total = 0;
      let capped = false;
      const figure = await timeRuns(async () => {
        const answer = await main.handlers.apiCall('logs.all', args);
        if (answer.error) throw new Error(`logs.all failed: ${answer.message}`);
        const page = answer.data as { meta: { totalItems: number }; capped: boolean };
        total = page.meta.totalItems;
        capped = page.capped;
      });
      console.log(
        `    ${label.padEnd(44)} median ${figure.median.toFixed(2).padStart(7)} ms   p95 ${figure.p95.toFixed(2).padStart(7)} ms   totalItems ${total}${capped ? ' (capped)' : ''}`,
      );
    }
    // Why the cap: what an uncapped exact count of every matching entry would add to each page.
    const fullCount = await timeRuns(async () => {
      await server.database.rows("SELECT count(*) FROM activity_log WHERE entity = 'user'");
    }, 10);
    console.log(`    (totalItems is exact up to ${LOG_COUNT_CAP.toLocaleString('pt-BR')}; above it the answer says capped: true.`);
    console.log(`     An uncapped exact count of entity = user alone: median ${fullCount.median.toFixed(0)} ms, p95 ${fullCount.p95.toFixed(0)} ms per page.)`);
    // OFFLINE_CACHE_FIGURE: the filtered, sorted page above, answered from the offline cache with the server stopped.
    const [cachedLabel, cachedArgs] = cases[1];
    const cached = await offlineCacheFigure(main, () => server.stop(), 'logs.all', cachedArgs, (work) => timeRuns(work));
    console.log(
      `    ${`same page from the offline cache (${cachedLabel})`.padEnd(44)} median ${cached.median.toFixed(2).padStart(7)} ms   p95 ${cached.p95.toFixed(2).padStart(7)} ms`,
    );
  } finally {
    await bench.dispose();
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await logsAtAMillion();
