/**
 * Dashboard over 200,000 solicitations (issue 8, "Speed"): fills a PGlite
 * test server's solicitations with INSERT … SELECT generate_series (one every
 * five minutes going back about two years, every status, with a status
 * history move into approved for those decided so), then times GET
 * /home/all for a whole year through the main-process handlers (the path the
 * bridge takes), and the server's default year. Aim printed beside the
 * figures: under 200 ms.
 *
 * Run alone: `npx tsx scripts/bench/dashboard.ts` (BENCH_DASHBOARD_ROWS, BENCH_RUNS).
 */
import { pathToFileURL } from 'node:url';
import { startTestServer } from '../../tests/helpers/server';
import { benchMain } from './main-harness';
import { timeRuns } from './logs';

const ROWS = Number(process.env.BENCH_DASHBOARD_ROWS ?? 200_000);
const CHUNK = 50_000;

const FILL_SQL = `
INSERT INTO solicitations (user_id, status, status_changed_at, type_credit, name, email, lending_value, lending_plots_to_pay, created_at, updated_at)
SELECT p.ids[1 + (g % array_length(p.ids, 1))],
       (ARRAY['pending','in_review','documents_requested','approved','refused','cancelled','contracted','contracted','refused','approved'])[1 + (g % 10)],
       now() - (g * interval '5 minutes') + interval '3 days',
       CASE WHEN g % 3 = 0 THEN 'PJ' ELSE 'PF' END,
       'Bench ' || g,
       'dash' || g || '@demo.local',
       (1000 + (g * 37) % 149000)::numeric(14,2),
       12,
       now() - (g * interval '5 minutes'),
       now() - (g * interval '5 minutes')
FROM generate_series($1::int, $2::int) g,
     (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role_id = 2) p`;

/** Approved, contracted and every other cancelled one went through approved, three days after arriving. */
const HISTORY_SQL = `
INSERT INTO solicitation_status_history (solicitation_id, from_status, to_status, created_at)
SELECT id, 'in_review', 'approved', created_at + interval '3 days'
FROM solicitations
WHERE email LIKE 'dash%' AND (status IN ('approved', 'contracted') OR (status = 'cancelled' AND id % 2 = 0))`;

export async function dashboardAt200k(): Promise<void> {
  console.log(`\n(h) dashboard over ${ROWS.toLocaleString('pt-BR')} solicitations: GET /home/all for a year via main handlers (aim: < 200 ms)`);
  const server = await startTestServer({ seed: 'demo' });
  const bench = await benchMain(() => server.url, 'h');
  const { main } = bench;
  try {
    const fillStart = performance.now();
    for (let from = 1; from <= ROWS; from += CHUNK) {
      await server.database.rows(FILL_SQL, [from, Math.min(ROWS, from + CHUNK - 1)]);
    }
    await server.database.rows(HISTORY_SQL);
    await server.database.rows('ANALYZE solicitations');
    await server.database.rows('ANALYZE solicitation_status_history');
    const [{ n, h }] = await server.database.rows<{ n: number; h: number }>(
      "SELECT (SELECT count(*)::int FROM solicitations) AS n, (SELECT count(*)::int FROM solicitation_status_history WHERE to_status = 'approved') AS h",
    );
    console.log(`    filled ${n.toLocaleString('pt-BR')} solicitations, ${h.toLocaleString('pt-BR')} approvals in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`);

    await bench.signIn();

    const thisYear = new Date().getUTCFullYear();
    for (const [label, args] of [
      [`year ${thisYear - 1} (a full year)`, { year: thisYear - 1 }],
      [`year ${thisYear} (so far)`, { year: thisYear }],
      ['no year (server default)', {}],
    ] as Array<[string, { year?: number }]>) {
      let received = 0;
      const figure = await timeRuns(async () => {
        const answer = await main.handlers.apiCall('home.all', args);
        if (answer.error) throw new Error(`home.all failed: ${answer.message}`);
        received = (answer.data as { totals: { received: number } }).totals.received;
      }, Number(process.env.BENCH_RUNS ?? 50));
      console.log(`    ${label.padEnd(34)} median ${figure.median.toFixed(1).padStart(7)} ms   p95 ${figure.p95.toFixed(1).padStart(7)} ms   received ${received.toLocaleString('pt-BR')}`);
    }
  } finally {
    await bench.dispose();
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await dashboardAt200k();
