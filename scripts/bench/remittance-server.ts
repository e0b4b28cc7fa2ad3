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

const COUNT = Number(process.env.BENCH_REMITTANCE_SLIPS ?? 10_000);
const SCHEDULE = 12;
const RELEASED_ON = '2026-01-05';
const TODAY = '2026-01-20';
const GENERATE_AIM_MS = 2000;
const OVERVIEW_AIM_MS = 1000;

const BORROWERS_SQL = `
INSERT INTO borrowers (person_type, name, document, address, address_number, neighborhood, cep, city, state)
SELECT 'PF', 'Pagador Remessa ' || g, lpad((800000000 + g)::text, 11, '0'), 'Rua das Acácias', (g % 900 + 1)::text, 'Jardim América', '13070000', 'Campinas', 'SP'
  FROM generate_series(1, $1::int) g
RETURNING id`;

const OPERATIONS_SQL = `
INSERT INTO credit_operations (borrower_id, status, status_changed_at, product, contract_kind, amortization, requested_amount, principal,
  monthly_rate, installments_count, disbursement_date, first_due_date, finance_iof, fees, fees_total, iof_daily, iof_additional,
  iof_total, iof_rates, cet_monthly, cet_yearly, total_interest, total_payable, released, created_at, updated_at)
SELECT b, 'disbursed', now(), 'working_capital', 'CCB', 'price', x.amount, x.amount, 2.49, ${SCHEDULE}, $2::date, $2::date + 31,
       false, '[]'::jsonb, 0, 10, 3.8, 13.8,
       '{"personType":"PF","dailyPercent":"0.0082","additionalPercent":"0.38","legalBasis":"bench"}'::jsonb,
       2.9, 41.0, 500, 1500, x.amount, now(), now()
  FROM unnest($1::int[]) b
 CROSS JOIN LATERAL (SELECT (1200 + (b * 37) % 24000)::numeric(14,2) AS amount) x
RETURNING id`;

const INSTALLMENTS_SQL = `
INSERT INTO credit_operation_installments (credit_operation_id, number, due_date, payment, interest, amortization, balance, schedule_version)
SELECT o.id, n, (o.first_due_date + (n - 1) * interval '1 month')::date, d.amortization + d.interest, d.interest, d.amortization, 0, 1
  FROM credit_operations o
 CROSS JOIN generate_series(1, ${SCHEDULE}) n
 CROSS JOIN LATERAL (SELECT round(o.principal / ${SCHEDULE}, 2) AS amortization, round(o.principal / ${SCHEDULE} * 0.025, 2) AS interest) d
 WHERE o.id = ANY($1::int[])`;

const DISBURSEMENTS_SQL = `
INSERT INTO disbursements (credit_operation_id, disbursed_on, financed, released, iof, fees, method, payout_account,
  late_fee_percent, default_interest_monthly_percent, contract_monthly_percent)
SELECT id, disbursement_date, principal, principal, 0, 0, 'pix',
       '{"bank_code":"341","bank_name":"Itaú","agency":"1","agency_digit":null,"account":"1","account_digit":"0","account_type":"checking","pix_key":null}'::jsonb,
       2, 1, monthly_rate
  FROM credit_operations WHERE id = ANY($1::int[])`;

/** Every installment of the operations gets a slip on the account, issued the day before, never sent (a carnê). */
const SLIPS_SQL = `
INSERT INTO boleto_slips (installment_id, credit_operation_id, bank_account_id, sequence, our_number, amount, due_date, barcode, digitable_line, issued_on)
SELECT i.id, i.credit_operation_id, $2, (SELECT COALESCE(max(sequence), 0) FROM boleto_slips WHERE bank_account_id = $2) + row_number() OVER (ORDER BY i.id),
       'bench', i.payment, i.due_date, repeat('0', 44), repeat('0', 47), $3::date - 1
  FROM credit_operation_installments i
 WHERE i.credit_operation_id = ANY($1::int[])
 ORDER BY i.id
 LIMIT $4`;

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
  const ops = (await database.rows<{ id: number }>(OPERATIONS_SQL, [borrowers, RELEASED_ON])).map((r) => r.id);
  await database.rows(INSTALLMENTS_SQL, [ops]);
  await database.rows(DISBURSEMENTS_SQL, [ops]);
  await database.rows(SLIPS_SQL, [ops, accountId, TODAY, count]);
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
