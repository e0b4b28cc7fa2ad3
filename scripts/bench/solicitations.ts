/**
 * Solicitations list at 200,000 rows: fills the solicitations table of a
 * PGlite test server with INSERT … SELECT generate_series over the demo
 * seed's applicants, then times filtered, sorted pages through the
 * main-process handlers (the path the bridge takes). The count stops at
 * SOLICITATION_COUNT_CAP ("capped" printed beside the total). Aim printed
 * beside the figures: p95 under 50 ms.
 *
 * Run alone: `npx tsx scripts/bench/solicitations.ts` (BENCH_SOLICITATION_ROWS, BENCH_RUNS).
 */
import { pathToFileURL } from 'node:url';
import { startTestServer } from '../../tests/helpers/server';
import { benchMain } from './main-harness';
import type { ArgsOf, ResultOf } from '../../src/shared/contract/index';
import { timeRuns } from './logs';

const ROWS = Number(process.env.BENCH_SOLICITATION_ROWS ?? 200_000);
const CHUNK = 50_000;

/**
 * Spread like real use: the seed's applicants, statuses weighted towards
 * decided ones, a third PJ, values from R$ 1.000 to R$ 150.000, one
 * solicitation every five minutes going back in time (about two years).
 */
const FILL_SQL = `
INSERT INTO solicitations (user_id, status, status_changed_at, type_credit, is_foreign, name, cpf, email, state, city,
                           cnpj, legal_name, lending_value, lending_plots_to_pay, created_at, updated_at)
SELECT p.ids[1 + (g % array_length(p.ids, 1))],
       (ARRAY['pending','in_review','documents_requested','approved','refused','cancelled','contracted','contracted','refused','approved'])[1 + (g % 10)],
       now() - (g * interval '5 minutes') + interval '2 days',
       CASE WHEN g % 3 = 0 THEN 'PJ' ELSE 'PF' END,
       g % 50 = 0,
       (ARRAY['Ana','Bruno','Carla','Diego','Elisa','Fábio','Gabriela','Heitor'])[1 + (g % 8)] || ' ' ||
       (ARRAY['Silva','Souza','Oliveira','Pereira','Lima','Gomes','Ribeiro','Almeida','Nogueira'])[1 + ((g / 8) % 9)] || ' ' || g,
       lpad((g % 999999999)::text, 9, '0') || '00',
       'bench' || g || '@demo.local',
       (ARRAY['SP','RJ','MG','BA','PR','RS','PE','CE'])[1 + ((g / 3) % 8)],
       (ARRAY['São Paulo','Rio de Janeiro','Belo Horizonte','Salvador','Curitiba','Porto Alegre','Recife','Fortaleza'])[1 + ((g / 3) % 8)],
       CASE WHEN g % 3 = 0 THEN lpad(g::text, 12, '0') || '00' END,
       CASE WHEN g % 3 = 0 THEN 'Empresa ' || g || ' LTDA' END,
       (1000 + (g * 37) % 149000)::numeric(14,2),
       (ARRAY[6,10,12,18,24,36])[1 + (g % 6)],
       now() - (g * interval '5 minutes'),
       now() - (g * interval '5 minutes')
FROM generate_series($1::int, $2::int) g,
     (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role_id = 2) p`;

export async function solicitationsAt200k(): Promise<void> {
  console.log(`\n(g) solicitations list at ${ROWS.toLocaleString('pt-BR')} rows: filtered, sorted page of 10 via main handlers (aim: p95 < 50 ms)`);
  const server = await startTestServer({ seed: 'demo' });
  const bench = await benchMain(() => server.url, 'g');
  const { main } = bench;
  try {
    const fillStart = performance.now();
    for (let from = 1; from <= ROWS; from += CHUNK) {
      await server.database.rows(FILL_SQL, [from, Math.min(ROWS, from + CHUNK - 1)]);
    }
    await server.database.rows('ANALYZE solicitations');
    const [{ n }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM solicitations');
    console.log(`    filled ${n.toLocaleString('pt-BR')} rows in ${((performance.now() - fillStart) / 1000).toFixed(1)} s (indexes of migrations 0008 and 0014 in place)`);

    await bench.signIn();

    const cases: Array<[string, ArgsOf<'solicitations.list'>]> = [
      ['newest first, no filter', { page: 1, limit: 10 }],
      ['pending list (open statuses), newest first', { page: 1, limit: 10, filter: { status: ['pending', 'in_review', 'documents_requested'] } }],
      ['in_review, by requested value', { page: 1, limit: 10, filter: { status: 'in_review' }, sort: { field: 'lendingValue', order: 'DESC' } }],
      ['PJ in SP, value 10k–50k, by name', { page: 1, limit: 10, filter: { typeCredit: 'PJ', state: 'SP', lendingValue_min: '10000', lendingValue_max: '50000' }, sort: { field: 'name', order: 'ASC' } }],
      ["name contains 'silva', newest first", { page: 1, limit: 10, filter: { name: 'silva' } }],
      ["name contains 'nogueira 1999' (few), newest first", { page: 1, limit: 10, filter: { name: 'nogueira 1999' } }],
      ['page 500, oldest first', { page: 500, limit: 10, sort: { field: 'created_at', order: 'ASC' } }],
    ];
    for (const [label, args] of cases) {
      let total = 0;
      let capped = false;
      const figure = await timeRuns(async () => {
        const answer = await main.handlers.apiCall('solicitations.list', args);
        if (answer.error) throw new Error(`solicitations.list failed: ${answer.message}`);
        const data = answer.data as ResultOf<'solicitations.list'>;
        total = data.meta.totalItems;
        capped = data.capped;
      });
      console.log(
        `    ${label.padEnd(50)} median ${figure.median.toFixed(2).padStart(7)} ms   p95 ${figure.p95.toFixed(2).padStart(7)} ms   totalItems ${total}${capped ? ' (capped)' : ''}`,
      );
    }
  } finally {
    await bench.dispose();
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await solicitationsAt200k();
