/**
 * Return file speed (bench (p)): an Itaú CNAB 240 return file of 10,000 lines
 * (4,998 titles, segments T and U, between the headers and trailers), every
 * title a settlement (06) of a slip the company issued, previewed
 * (cnabReturn.preview: read, checked, each line matched to its slip) and then
 * settled (cnabReturn.settle: each paid line a payment of its installment
 * with the fee posted, the file and its lines stored, in one transaction),
 * through the server (PGlite, demo seed) over HTTP as the app sends it. Aim:
 * preview and settle under 5 s together.
 *
 * The titles are spread the way a real file spreads them: two installments of
 * each operation (the first two of a twelve-installment schedule), so 10,000
 * lines name 2,499 operations of as many borrowers, added by SQL beside the
 * demo seed, each with its disbursement and its slips on the Itaú account.
 * (The first version put every title on one operation, so each payment
 * locked and read the same operation: a queue no bank file makes.)
 *
 * The machine's load average is printed beside the figures: on the shared
 * 2-core machine the same run takes several times longer at load 10.
 *
 * Run alone: `npx tsx scripts/bench/return-file.ts` (BENCH_RETURN_LINES).
 * BENCH_CPU_PROFILE=file.cpuprofile writes a CPU profile of the timed part
 * only (preview and settle; the server is in this process), for Chrome
 * DevTools or speedscope.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { startCpuProfile } from './cpu-profile';

const LINES = Number(process.env.BENCH_RETURN_LINES ?? 10_000);
const AIM_MS = 5000;
/** Installments a return file pays per operation (a month's installment, now and then a late one with it). */
const TITLES_PER_OPERATION = 2;
const SCHEDULE = 12;
const RELEASED_ON = '2026-01-05';
const PAID_ON = '2026-01-20';

const BORROWERS_SQL = `
INSERT INTO borrowers (person_type, name, document, city, state)
SELECT 'PF', 'Pagador Retorno ' || g, lpad((700000000 + g)::text, 11, '0'), 'Recife', 'PE'
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

/** The first installments of each operation, each with a slip on the Itaú account issued the day before. */
const SLIPS_SQL = `
INSERT INTO boleto_slips (installment_id, credit_operation_id, bank_account_id, sequence, our_number, amount, due_date, barcode, digitable_line, issued_on)
SELECT i.id, i.credit_operation_id, $2, (SELECT COALESCE(max(sequence), 0) FROM boleto_slips WHERE bank_account_id = $2) + row_number() OVER (ORDER BY i.id),
       'bench', i.payment, i.due_date, repeat('0', 44), repeat('0', 47), $3::date - 1
  FROM credit_operation_installments i
 WHERE i.credit_operation_id = ANY($1::int[]) AND i.number <= ${TITLES_PER_OPERATION}
 ORDER BY i.id
 LIMIT $4
RETURNING sequence::text AS sequence, amount::text AS amount`;

const load = () => `load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`;

export async function returnFileFigure(): Promise<void> {
  const titles = Math.floor((LINES - 4) / 2);
  const operations = Math.ceil(titles / TITLES_PER_OPERATION);
  console.log(
    `\n(p) CNAB 240 return file of ${LINES.toLocaleString('pt-BR')} lines (${titles.toLocaleString('pt-BR')} settlements over ${operations.toLocaleString('pt-BR')} operations) previewed and settled through the server`,
  );
  const { startTestServer } = await import('../../tests/helpers/server');
  const { directCall, directSignIn } = await import('../../tests/e2e/harness/direct-api');
  const { itauReturnFile } = await import('../../tests/helpers/cnab-return-file');
  const server = await startTestServer({ seed: 'demo', today: PAID_ON });
  try {
    const [account] = await server.database.rows<{ id: number; agency: string; account: string; account_digit: string }>(
      "SELECT id, agency, account, account_digit FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' AND active ORDER BY id LIMIT 1",
    );
    if (!account) throw new Error('the demo seed has no Itaú account');
    const borrowers = (await server.database.rows<{ id: number }>(BORROWERS_SQL, [operations])).map((r) => r.id);
    const ops = (await server.database.rows<{ id: number }>(OPERATIONS_SQL, [borrowers, RELEASED_ON])).map((r) => r.id);
    await server.database.rows(INSTALLMENTS_SQL, [ops]);
    await server.database.rows(DISBURSEMENTS_SQL, [ops]);
    const slips = await server.database.rows<{ sequence: string; amount: string }>(SLIPS_SQL, [ops, account.id, PAID_ON, titles]);
    await server.database.rows('ANALYZE');
    const content = itauReturnFile(
      { agency: account.agency, account: account.account, accountDac: account.account_digit ?? '0', companyDocument: '27185642000100' },
      slips.map((s) => ({ movement: '06', nossoNumero: s.sequence.padStart(8, '0'), amount: s.amount, paid: s.amount, fee: '1.90', occurredOn: PAID_ON, creditedOn: PAID_ON })),
      { generatedOn: PAID_ON, fileSequence: 77 },
    );
    const lines = content.split('\r\n').filter((l) => l !== '').length;
    const token = await directSignIn(server.url, 'operador@demo.local', 'Senha123');
    const args = { bankCode: '341', file_name: 'RET341BENCH.ret', content };

    const loadBefore = load();
    // The server and PGlite run in this process: its CPU time is the figure a busy machine inflates least.
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(since);
      return (used.user + used.system) / 1000;
    };
    const stopProfile = await startCpuProfile();
    let cpu = process.cpuUsage();
    let start = performance.now();
    const preview = await directCall<{ lines: Array<{ installment_id: number | null }> }>(server.url, 'cnabReturn.preview', args, token);
    const previewMs = performance.now() - start;
    const previewCpu = cpuMs(cpu);
    if (preview.status !== 200) throw new Error(`preview: ${preview.status} ${JSON.stringify(preview.body).slice(0, 300)}`);
    const matched = preview.body.lines.filter((l) => l.installment_id !== null).length;

    cpu = process.cpuUsage();
    start = performance.now();
    const settled = await directCall<{ totals: { settled_count: number } }>(server.url, 'cnabReturn.settle', { ...args, idempotency_key: `bench-return-${randomBytes(8).toString('hex')}` }, token);
    const settleMs = performance.now() - start;
    const settleCpu = cpuMs(cpu);
    await stopProfile();
    if (settled.status !== 200) throw new Error(`settle: ${settled.status} ${JSON.stringify(settled.body).slice(0, 300)}`);
    const total = previewMs + settleMs;
    console.log(
      `return file of ${lines} lines (${(content.length / 2 ** 20).toFixed(1)} MiB, ${matched} titles matched on ${ops.length} operations): preview ${previewMs.toFixed(0)} ms, ` +
        `settle ${settleMs.toFixed(0)} ms (${settled.body.totals.settled_count} payments) — together ${total.toFixed(0)} ms, aim under ${AIM_MS} ms ${total < AIM_MS ? 'OK' : 'MISSED'}` +
        ` [${loadBefore} before, ${load()} after; CPU of this process: preview ${previewCpu.toFixed(0)} ms, settle ${settleCpu.toFixed(0)} ms]`,
    );
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await returnFileFigure();
