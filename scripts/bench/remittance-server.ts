/**
 * Remittance through the server (bench (o3)): 10,000 slips pending on the
 * Itaú account of the demo seed, what the next file carries
 * (remittance.overview: the candidates query and the history) and generating
 * it (remittance.generate: the account's lock, the candidates, the file built
 * and checked, the stored row and its 10,000 items, the log entry), sent over
 * HTTP as the app sends them to a PGlite server (or PostgreSQL with
 * TEST_DATABASE_URL). Then the overview again, now over 10,000 slips sent and
 * nothing pending: what every later overview of that account reads.
 *
 * The slips are spread the way a carnê issues them: the twelve installments of
 * each of 834 operations of as many borrowers (with their addresses, as a
 * segment Q needs), each with its disbursement (the late charges of segment
 * R), added by SQL beside the demo seed.
 *
 * The load average is printed beside the figures, and the CPU time of this
 * process (the server and PGlite run in it), which a busy machine inflates
 * least. Aims: generate under ~2 s, overview well under 1 s.
 *
 * Run alone: `npx tsx scripts/bench/remittance-server.ts` or `npm run bench -- o3`
 * (BENCH_REMITTANCE_SLIPS for another count). BENCH_CPU_PROFILE=file.cpuprofile
 * writes a CPU profile of the timed calls.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { startCpuProfile } from './cpu-profile';
import { insertDisbursedOperations, insertSlips, SCHEDULE } from './disbursed-operations';

const COUNT = Number(process.env.BENCH_REMITTANCE_SLIPS ?? 10_000);
const TODAY = '2026-01-20';
const GENERATE_AIM_MS = 2000;
const OVERVIEW_AIM_MS = 1000;

const BORROWERS_SQL = `
INSERT INTO borrowers (person_type, name, document, address, address_number, neighborhood, cep, city, state)
SELECT 'PF', 'Pagador Remessa ' || g, lpad((800000000 + g)::text, 11, '0'), 'Rua das Acácias', (g % 900 + 1)::text, 'Jardim América', '13070000', 'Campinas', 'SP'
  FROM generate_series(1, $1::int) g
RETURNING id`;





const load = () => `load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`;

interface Timed<T> {
  value: T;
  ms: number;
  cpuMs: number;
}

async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await work();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { value, ms, cpuMs: (used.user + used.system) / 1000 };
}

/** Adds `count` slips pending on the account: every installment of new operations of as many borrowers (twelve each). */
export async function seedPendingSlips(database: { rows<T>(query: string, params?: unknown[]): Promise<T[]> }, accountId: number, count: number): Promise<void> {
  const operations = Math.ceil(count / SCHEDULE);
  const borrowers = (await database.rows<{ id: number }>(BORROWERS_SQL, [operations])).map((r) => r.id);
  const operationIds = await insertDisbursedOperations(database, borrowers);
  await insertSlips(database, { operationIds, accountId, issuedBefore: TODAY, limit: count });
  await database.rows('ANALYZE');
}

export async function remittanceServerFigure(): Promise<void> {
  const operations = Math.ceil(COUNT / SCHEDULE);
  const where = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\n(o3) CNAB 240 remittance of ${COUNT.toLocaleString('pt-BR')} pending slips (${operations.toLocaleString('pt-BR')} operations) through the server (${where}, demo seed)`,
  );
  const { startTestServer } = await import('../../tests/helpers/server');
  const { directCall, directSignIn } = await import('../../tests/e2e/harness/direct-api');
  const server = await startTestServer({ seed: 'demo', today: TODAY });
  try {
    const [account] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' AND active ORDER BY id LIMIT 1");
    if (!account) throw new Error('the demo seed has no Itaú account');
    await seedPendingSlips(server.database, account.id, COUNT);
    const token = await directSignIn(server.url, 'operador@demo.local', 'Senha123');
    const args = { bankCode: '341', date: TODAY, bank_account_id: account.id };

    const loadBefore = load();
    const stopProfile = await startCpuProfile();
    const overview = await timed(() => directCall<{ pending: { slip_count: number } }>(server.url, 'remittance.overview', args, token));
    if (overview.value.status !== 200) throw new Error(`overview: ${overview.value.status} ${JSON.stringify(overview.value.body).slice(0, 300)}`);
    const generated = await timed(() =>
      directCall<{ slip_count: number; sha256: string }>(server.url, 'remittance.generate', { ...args, idempotency_key: `bench-remittance-${randomBytes(8).toString('hex')}` }, token),
    );
    if (generated.value.status !== 200) throw new Error(`generate: ${generated.value.status} ${JSON.stringify(generated.value.body).slice(0, 300)}`);
    const after = await timed(() => directCall<{ pending: { slip_count: number } }>(server.url, 'remittance.overview', args, token));
    if (after.value.status !== 200) throw new Error(`overview after: ${after.value.status} ${JSON.stringify(after.value.body).slice(0, 300)}`);
    await stopProfile();
    // The stored text as the database keeps it (pglz-compressed by default), beside its length.
    const [size] = await server.database.rows<{ text: number; stored: number }>(
      'SELECT octet_length(content) AS text, pg_column_size(content) AS stored FROM remittances ORDER BY id DESC LIMIT 1',
    );
    const mib = (bytes: number) => (Number(bytes) / 2 ** 20).toFixed(1);
    const ok = (ms: number, aim: number) => `aim under ${aim} ms ${ms < aim ? 'OK' : 'MISSED'}`;
    console.log(
      `overview of ${overview.value.body.pending.slip_count} pending: ${overview.ms.toFixed(0)} ms (CPU ${overview.cpuMs.toFixed(0)} ms) — ${ok(overview.ms, OVERVIEW_AIM_MS)}; ` +
        `generate ${generated.value.body.slip_count} (lock, candidates, file built and checked, stored with its items): ${generated.ms.toFixed(0)} ms (CPU ${generated.cpuMs.toFixed(0)} ms) — ${ok(generated.ms, GENERATE_AIM_MS)}; ` +
        `overview after it (${COUNT} sent, ${after.value.body.pending.slip_count} pending): ${after.ms.toFixed(0)} ms (CPU ${after.cpuMs.toFixed(0)} ms)` +
        ` [${loadBefore} before, ${load()} after; file ${mib(size.text)} MiB stored as ${mib(size.stored)} MiB, sha256 ${generated.value.body.sha256.slice(0, 12)}…]`,
    );
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await remittanceServerFigure();
