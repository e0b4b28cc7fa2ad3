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
 * Run alone: `npx tsx scripts/bench/return-file.ts` (BENCH_RETURN_LINES).
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

// The aim is stated for 10,000 lines, but settling costs ~150 ms a payment today: at that size the whole
// `npm run bench` would wait over ten minutes here. 1,000 by default until settling is fast; 10,000 on request.
const LINES = Number(process.env.BENCH_RETURN_LINES ?? 1_000);
const AIM_MS = 5000;

export async function returnFileFigure(): Promise<void> {
  const titles = Math.floor((LINES - 4) / 2);
  console.log(`\n(p) CNAB 240 return file of ${LINES.toLocaleString('pt-BR')} lines (${titles.toLocaleString('pt-BR')} settlements) previewed and settled through the server`);
  const { startTestServer } = await import('../../tests/helpers/server');
  const { directCall, directSignIn } = await import('../../tests/e2e/harness/direct-api');
  const { itauReturnFile } = await import('../../tests/helpers/cnab-return-file');
  const server = await startTestServer({ seed: 'demo', today: '2026-01-20' });
  try {
    const [account] = await server.database.rows<{ id: number; agency: string; account: string; account_digit: string }>(
      "SELECT id, agency, account, account_digit FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' AND active ORDER BY id LIMIT 1",
    );
    const [op] = await server.database.rows<{ id: number; paid_on: string }>(
      "SELECT o.id, (d.disbursed_on + 1)::text AS paid_on FROM credit_operations o JOIN disbursements d ON d.credit_operation_id = o.id WHERE o.status = 'disbursed' ORDER BY d.disbursed_on, o.id LIMIT 1",
    );
    if (!account || !op) throw new Error('the demo seed has no Itaú account or no disbursed operation');
    // The bank paid the day after the release; the return is read that day.
    server.clock.set(op.paid_on);
    // `titles` more installments on one operation, each with a slip issued on the Itaú account.
    await server.database.rows(
      `INSERT INTO credit_operation_installments (credit_operation_id, number, due_date, payment, interest, amortization, balance, schedule_version)
       SELECT $1, 1000 + g, DATE '2026-03-10' + (g % 300), 100 + (g % 97), 1, 99 + (g % 97), 0, 1 FROM generate_series(1, $2) g`,
      [op.id, titles],
    );
    const slips = await server.database.rows<{ sequence: string; amount: string }>(
      `INSERT INTO boleto_slips (installment_id, credit_operation_id, bank_account_id, sequence, our_number, amount, due_date, barcode, digitable_line, issued_on)
       SELECT i.id, i.credit_operation_id, $2, (SELECT COALESCE(max(sequence), 0) FROM boleto_slips WHERE bank_account_id = $2) + row_number() OVER (ORDER BY i.id),
              'bench', i.payment, i.due_date, repeat('0', 44), repeat('0', 47), DATE '2026-01-19'
         FROM credit_operation_installments i WHERE i.credit_operation_id = $1 AND i.number > 1000
       RETURNING sequence::text AS sequence, amount::text AS amount`,
      [op.id, account.id],
    );
    const content = itauReturnFile(
      { agency: account.agency, account: account.account, accountDac: account.account_digit ?? '0', companyDocument: '27185642000100' },
      slips.map((s) => ({ movement: '06', nossoNumero: s.sequence.padStart(8, '0'), amount: s.amount, paid: s.amount, fee: '1.90', occurredOn: op.paid_on, creditedOn: op.paid_on })),
      { generatedOn: op.paid_on, fileSequence: 77 },
    );
    const lines = content.split('\r\n').filter((l) => l !== '').length;
    const token = await directSignIn(server.url, 'operador@demo.local', 'Senha123');
    const args = { bankCode: '341', file_name: 'RET341BENCH.ret', content };

    let start = performance.now();
    const preview = await directCall<{ lines: Array<{ installment_id: number | null }> }>(server.url, 'cnabReturn.preview', args, token);
    const previewMs = performance.now() - start;
    if (preview.status !== 200) throw new Error(`preview: ${preview.status} ${JSON.stringify(preview.body).slice(0, 300)}`);
    const matched = preview.body.lines.filter((l) => l.installment_id !== null).length;

    start = performance.now();
    const settled = await directCall<{ totals: { settled_count: number } }>(server.url, 'cnabReturn.settle', { ...args, idempotency_key: `bench-return-${randomBytes(8).toString('hex')}` }, token);
    const settleMs = performance.now() - start;
    if (settled.status !== 200) throw new Error(`settle: ${settled.status} ${JSON.stringify(settled.body).slice(0, 300)}`);
    const total = previewMs + settleMs;
    console.log(
      `return file of ${lines} lines (${(content.length / 2 ** 20).toFixed(1)} MiB, ${matched} titles matched): preview ${previewMs.toFixed(0)} ms, ` +
        `settle ${settleMs.toFixed(0)} ms (${settled.body.totals.settled_count} payments) — together ${total.toFixed(0)} ms, aim under ${AIM_MS} ms ${total < AIM_MS ? 'OK' : 'MISSED'}`,
    );
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await returnFileFigure();
