/**
 * Dashboard over 200,000 solicitations: fills a test server's solicitations
 * with INSERT … SELECT generate_series (one every five minutes going back
 * about two years, every status, with a status history move into approved
 * for those decided so), then times GET /home/all for a whole year through
 * the main-process handlers (the path the bridge takes), and the server's
 * default year; beside it, in the same minute, the two scans of the year the
 * handler ran before the per-month figures (the same machine load for both);
 * then a status change (pending → in review, which also keeps the per-month
 * figures), and checks the figures against a recount from the rows. On PGlite, then on PostgreSQL (BENCH_DATABASE_URL, else a throwaway
 * cluster from scripts/pg-cluster.sh when PostgreSQL is installed). Aims
 * printed beside the figures: p95 under 150 ms on PGlite, 50 ms on PostgreSQL.
 *
 * Run alone: `npx tsx scripts/bench/dashboard.ts` (BENCH_DASHBOARD_ROWS, BENCH_RUNS, BENCH_SKIP_POSTGRES=1).
 */
import { pathToFileURL } from 'node:url';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { benchMain } from './main-harness';
import { timeRuns } from './logs';
import { postgres } from './load';

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

/** The per-month figures recounted from the rows; any difference from the kept ones is printed as a failure. */
const RECOUNT_SQL = `
WITH received AS (
  SELECT dashboard_month(s.created_at) AS month, s.status,
         EXISTS (SELECT 1 FROM solicitation_status_history h WHERE h.solicitation_id = s.id AND h.to_status = 'approved') AS converted,
         count(*)::int AS n, sum(s.lending_value) AS value
  FROM solicitations s WHERE s.deleted_at IS NULL GROUP BY 1, 2, 3
), kept AS (SELECT month, status, converted, n, value FROM dashboard_received WHERE n <> 0 OR value <> 0)
SELECT (SELECT count(*)::int FROM ((TABLE received EXCEPT TABLE kept) UNION ALL (TABLE kept EXCEPT TABLE received)) d) AS differences`;

/** What GET /home/all read before migration 0014, for a year: every solicitation of it, and its approvals. */
const SCAN_SQL = [
  `WITH grouped AS (
     SELECT extract(month FROM r.created_at AT TIME ZONE 'America/Sao_Paulo')::int AS month, r.status,
            count(*) AS n, sum(r.lending_value) AS value, count(a.solicitation_id) AS converted
     FROM solicitations r
     LEFT JOIN (SELECT DISTINCT solicitation_id FROM solicitation_status_history
                WHERE to_status = 'approved' AND created_at >= make_timestamptz($1::int, 1, 1, 0, 0, 0, 'America/Sao_Paulo')) a
       ON a.solicitation_id = r.id
     WHERE r.deleted_at IS NULL
       AND r.created_at >= make_timestamptz($1::int, 1, 1, 0, 0, 0, 'America/Sao_Paulo')
       AND r.created_at < make_timestamptz($1::int + 1, 1, 1, 0, 0, 0, 'America/Sao_Paulo')
     GROUP BY 1, 2)
   SELECT month, status, sum(n)::int AS n, coalesce(sum(value), 0)::numeric(16, 2)::text AS value, sum(converted)::int AS converted
   FROM grouped GROUP BY GROUPING SETS ((month), (status), ())`,
  `SELECT a.month, count(*)::int AS n, coalesce(sum(s.lending_value), 0)::numeric(16, 2)::text AS value
   FROM (SELECT solicitation_id, extract(month FROM min(created_at) AT TIME ZONE 'America/Sao_Paulo')::int AS month
         FROM solicitation_status_history
         WHERE to_status = 'approved'
           AND created_at >= make_timestamptz($1::int, 1, 1, 0, 0, 0, 'America/Sao_Paulo')
           AND created_at < make_timestamptz($1::int + 1, 1, 1, 0, 0, 0, 'America/Sao_Paulo')
         GROUP BY solicitation_id) a
   JOIN solicitations s ON s.id = a.solicitation_id AND s.deleted_at IS NULL
   GROUP BY GROUPING SETS ((a.month), ())`,
];

async function figures(label: string, server: TestServer, aim: number): Promise<void> {
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
    console.log(
      `    ${label}: filled ${n.toLocaleString('pt-BR')} solicitations, ${h.toLocaleString('pt-BR')} approvals in ${((performance.now() - fillStart) / 1000).toFixed(1)} s (figures kept by the triggers meanwhile)`,
    );

    await bench.signIn();

    const thisYear = new Date().getUTCFullYear();
    for (const [caseLabel, args] of [
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
      console.log(
        `    ${label.padEnd(10)} ${caseLabel.padEnd(28)} median ${figure.median.toFixed(1).padStart(7)} ms   p95 ${figure.p95.toFixed(1).padStart(7)} ms   received ${received.toLocaleString('pt-BR')}  (aim p95 < ${aim} ms)`,
      );
    }

    const lastYear = thisYear - 1;
    const scan = await timeRuns(async () => {
      for (const query of SCAN_SQL) await server.database.rows(query, [lastYear]);
    }, Math.min(Number(process.env.BENCH_RUNS ?? 50), 20));
    console.log(
      `    ${label.padEnd(10)} ${`before: the two scans of ${lastYear}`.padEnd(28)} median ${scan.median.toFixed(1).padStart(7)} ms   p95 ${scan.p95.toFixed(1).padStart(7)} ms   (SQL alone, without the handler and HTTP)`,
    );

    // The write side: each change also moves the month's figures (two upserts in the same transaction).
    const pending = await server.database.rows<{ id: number }>(
      "SELECT id FROM solicitations WHERE status = 'pending' AND email LIKE 'dash%' ORDER BY id LIMIT 40",
    );
    let next = 0;
    const change = await timeRuns(async () => {
      const id = pending[next++ % pending.length].id;
      const answer = await main.handlers.apiCall('solicitations.setStatusOnly', { id, status: next <= pending.length ? 'in_review' : 'documents_requested', reason: 'bench' });
      if (answer.error) throw new Error(`setStatusOnly failed: ${answer.message}`);
    }, 30);
    console.log(`    ${label.padEnd(10)} status change (with its figures)     median ${change.median.toFixed(1).padStart(7)} ms   p95 ${change.p95.toFixed(1).padStart(7)} ms`);

    const [{ differences }] = await server.database.rows<{ differences: number }>(RECOUNT_SQL);
    console.log(`    ${label.padEnd(10)} kept figures against a recount from the rows: ${differences === 0 ? 'equal' : `${differences} DIFFERENT rows`}`);
  } finally {
    await bench.dispose();
    await server.close();
  }
}

export async function dashboardAt200k(): Promise<void> {
  console.log(`\n(h) dashboard over ${ROWS.toLocaleString('pt-BR')} solicitations: GET /home/all for a year via main handlers (aim p95: PGlite < 150 ms, PostgreSQL < 50 ms)`);
  const saved = process.env.TEST_DATABASE_URL;
  delete process.env.TEST_DATABASE_URL;
  try {
    await figures('PGlite', await startTestServer({ seed: 'demo' }), 150);
    if (process.env.BENCH_SKIP_POSTGRES) return;
    const pg = await postgres();
    if (!pg) {
      console.log('    PostgreSQL skipped: not installed (apt-get install postgresql) and BENCH_DATABASE_URL not set');
      return;
    }
    try {
      // startTestServer creates (and drops) its own database on this server.
      process.env.TEST_DATABASE_URL = pg.url;
      await figures('PostgreSQL', await startTestServer({ seed: 'demo' }), 50);
    } finally {
      delete process.env.TEST_DATABASE_URL;
      await pg.release();
    }
  } finally {
    if (saved !== undefined) process.env.TEST_DATABASE_URL = saved;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await dashboardAt200k();
