/**
 * Cession speed (bench (q)): 1,000 installments of ten disbursed operations
 * assigned to a receivables fund at a monthly discount rate through the
 * server (PGlite, demo seed) over HTTP as the app sends it: each installment
 * priced under the operations' locks, the cession record and its items, the
 * postings per operation, each installment marked assigned and its history,
 * the log. A cession carries at most MAX_CESSION_INSTALLMENTS (500) in one
 * transaction, so the thousand go as two batch cessions one after the other;
 * the figure is both together. Aim: under 2 s end to end.
 *
 * Run alone: `npx tsx scripts/bench/cession.ts` (BENCH_CESSION_INSTALLMENTS;
 * BENCH_CPU_PROFILE=file.cpuprofile writes a CPU profile of the timed part only,
 * the server being in this process, for Chrome DevTools or speedscope).
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { startCpuProfile } from './cpu-profile';

const INSTALLMENTS = Number(process.env.BENCH_CESSION_INSTALLMENTS ?? 1000);
const OPERATIONS = 10;
const AIM_MS = 2000;

export async function cessionFigure(): Promise<void> {
  const { MAX_CESSION_INSTALLMENTS } = await import('../../src/shared/contract/servicing-cession');
  const batches = Math.ceil(INSTALLMENTS / MAX_CESSION_INSTALLMENTS);
  console.log(`\n(q) a cession of ${INSTALLMENTS.toLocaleString('pt-BR')} installments end to end through the server (${batches} batch cessions of up to ${MAX_CESSION_INSTALLMENTS})`);
  const { startTestServer } = await import('../../tests/helpers/server');
  const { directCall, directSignIn } = await import('../../tests/e2e/harness/direct-api');
  const server = await startTestServer({ seed: 'demo', today: '2026-01-20' });
  try {
    const ops = await server.database.rows<{ id: number; version: number }>(
      `SELECT o.id, (SELECT max(schedule_version) FROM credit_operation_installments WHERE credit_operation_id = o.id) AS version
         FROM credit_operations o JOIN disbursements d ON d.credit_operation_id = o.id WHERE o.status = 'disbursed' ORDER BY o.id LIMIT $1`,
      [OPERATIONS],
    );
    if (ops.length === 0) throw new Error('the demo seed has no disbursed operation');
    const [{ today }] = await server.database.rows<{ today: string }>(
      'SELECT (max(disbursed_on) + 1)::text AS today FROM disbursements WHERE credit_operation_id = ANY($1::int[])',
      [ops.map((o) => o.id)],
    );
    server.clock.set(today);
    // Every installment falls due after the cession date, of the operation's current schedule; no second person, no overdue limit.
    for (const [k, op] of ops.entries()) {
      const count = Math.floor(INSTALLMENTS / ops.length) + (k < INSTALLMENTS % ops.length ? 1 : 0);
      await server.database.rows(
        `INSERT INTO credit_operation_installments (credit_operation_id, number, due_date, payment, interest, amortization, balance, schedule_version)
         SELECT $1, 1000 + g, $3::date + 30 + (g % 300), 100 + (g % 97), 1, 99 + (g % 97), 0, $4 FROM generate_series(1, $2) g`,
        [op.id, count, today, op.version],
      );
    }
    await server.database.rows('UPDATE company_parameters SET cession_approval_above = 99999999, cession_max_days_overdue = 360 WHERE company_id = 1');
    const [account] = await server.database.rows<{ id: number }>(
      "INSERT INTO assignment_bank_accounts (company_id, assignee_name, assignee_cnpj, bank_code, bank_name, agency, account) VALUES (1, 'Fundo Bench FIDC', '11.222.333/0001-81', '341', 'Itaú Unibanco', '0001', '12345') RETURNING id",
    );
    const ids = (
      await server.database.rows<{ id: number }>('SELECT id FROM credit_operation_installments WHERE number > 1000 AND credit_operation_id = ANY($1::int[]) ORDER BY id', [ops.map((o) => o.id)])
    ).map((r) => r.id);
    const token = await directSignIn(server.url, 'operador@demo.local', 'Senha123');

    const stopProfile = await startCpuProfile();
    const start = performance.now();
    const cpu = process.cpuUsage();
    const figures: string[] = [];
    let assigned = 0;
    for (let b = 0; b < ids.length; b += MAX_CESSION_INSTALLMENTS) {
      const at = performance.now();
      const answer = await directCall<{ status: string; installment_count: number }>(
        server.url,
        'cession.assignBatch',
        { idempotency_key: `bench-cession-${randomBytes(8).toString('hex')}`, assignment_account_id: account.id, installments: ids.slice(b, b + MAX_CESSION_INSTALLMENTS), date: today, monthly_rate: '1.5' },
        token,
      );
      if (answer.status !== 200 || answer.body.status !== 'effective') throw new Error(`assign: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      assigned += answer.body.installment_count;
      figures.push(`${(performance.now() - at).toFixed(0)} ms`);
    }
    const total = performance.now() - start;
    const used = process.cpuUsage(cpu);
    await stopProfile();
    console.log(
      `cession of ${assigned} installments of ${ops.length} operations (${figures.length} batches: ${figures.join(', ')}) — together ${total.toFixed(0)} ms (CPU ${((used.user + used.system) / 1000).toFixed(0)} ms, this process holding client and server), aim under ${AIM_MS} ms ${total < AIM_MS ? 'OK' : 'MISSED'}`,
    );
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await cessionFigure();
