/**
 * (s) The SCR's Doc 3040 of a month of 100,000 operations on PGlite, through
 * the server: the check (every offline rule over the whole month) and the
 * file streamed to disk as the main process saves it (the answer's body piped
 * to a file, never held whole). Prints each one's time, the file's size and
 * parts, and the process's resident memory at its peak while they ran (the
 * server is in this process: PGlite's buffers count) against the targets:
 * under 60 s and 300 MB.
 *
 * The fixture, by SQL: 100,000 individuals with valid CPFs, one disbursed
 * operation each (the servicing benches' shape), and a close of the month in
 * force with a position per operation (the close's own run is its area's).
 *
 * Each step prints its CPU time beside its wall time (the machine is shared: the CPU says more than the wall at a
 * high load). BENCH_SQL_TIMES=1 prints each step's SQL statements by time (sql-times.ts); BENCH_CPU_PROFILE=file
 * profiles the check and the file (the file's profile in file.file, sql-times' and cpu-profile's helpers).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { insertDisbursedOperations, insertIndividuals } from './disbursed-operations';
import { peakRss } from './peak-rss';
import { startCpuProfile } from './cpu-profile';
import { startSqlTimes } from './sql-times';

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return ((u.user + u.system) / 1e6).toFixed(1);
};
const load = () => loadavg().map((n) => n.toFixed(1)).join(' ');

const OPERATIONS = Number(process.env.BENCH_3040_OPERATIONS ?? 100_000);
const MONTH = '2026-03';
const BASE = '2026-03-31';

const CLOSE_SQL = "INSERT INTO ledger_closes (month, as_of, business_date, status, operations, balance, allowance, previous_allowance) VALUES ($1, $2, $2, 'closed', 0, 0, 0, 0) RETURNING id";

const POSITIONS_SQL = `
INSERT INTO ledger_close_positions (close_id, credit_operation_id, borrower_id, stage, stage_reason, portfolio, days_late, months_in_default, defaulted, restructured, principal, accrued, balance, provision_rate, provision)
SELECT $1, o.id, o.borrower_id, '1', 'performing', 'C5', 0, 0, false, false, s.balance, 0, s.balance, 1.9, round(s.balance * 0.019, 2)
  FROM (SELECT credit_operation_id AS op, sum(amortization) AS balance FROM credit_operation_installments
         WHERE superseded_in IS NULL AND due_date > $2::date GROUP BY credit_operation_id) s
  JOIN credit_operations o ON o.id = s.op AND o.disbursement_date <= $2::date`;

export async function doc3040Figure(): Promise<void> {
  console.log(`\n(s) SCR Doc 3040 of ${OPERATIONS.toLocaleString('pt-BR')} operations on PGlite: check, then the file streamed to disk (target: each under 60 s and 300 MB)`);
  const { startTestServer } = await import('../../tests/helpers/server');
  const { directSignIn } = await import('../../tests/e2e/harness/direct-api');
  const server = await startTestServer({ seed: 'demo', today: '2026-04-06' });
  const dir = await mkdtemp(join(tmpdir(), 'bench-3040-'));
  try {
    const fixtureStarted = performance.now();
    const borrowers = await insertIndividuals(server.database, OPERATIONS, 'Cliente SCR', 100_000_000);
    await insertDisbursedOperations(server.database, borrowers);
    const [close] = await server.database.rows<{ id: number }>(CLOSE_SQL, [MONTH, BASE]);
    await server.database.rows(POSITIONS_SQL, [close.id, BASE]);
    await server.database.rows('ANALYZE');
    console.log(`    fixture: ${((performance.now() - fixtureStarted) / 1000).toFixed(1)} s (load ${load()})`);
    const token = await directSignIn(server.url, 'admin@demo.local', 'Senha123');
    const headers = { authorization: `Bearer ${token}` };

    let stopProfile = await startCpuProfile();
    let stopSql = startSqlTimes('check');
    let cpu = process.cpuUsage();
    const check = await peakRss(async () => {
      const answer = await fetch(`${server.url}/api/regulatory/doc3040/check?month=${MONTH}`, { headers });
      return (await answer.json()) as { operations: number; parts: number; clients: number; failures: unknown[] };
    });
    const checkCpu = cpuSeconds(cpu);
    stopSql();
    await stopProfile();
    console.log(
      `    check: ${(check.ms / 1000).toFixed(1)} s (CPU ${checkCpu} s, load ${load()}), peak RSS ${check.peakMb} MB (${check.beforeMb} MB before: the in-process PGlite server and its data) — ${check.value.operations} operations, ${check.value.clients} clients, ${check.value.parts} part(s), ${check.value.failures.length} failure(s)`,
    );

    let bytes = 0;
    if (process.env.BENCH_CPU_PROFILE) process.env.BENCH_CPU_PROFILE += '.file';
    stopProfile = await startCpuProfile();
    stopSql = startSqlTimes('file');
    cpu = process.cpuUsage();
    const file = await peakRss(async () => {
      for (let part = 1; part <= check.value.parts; part++) {
        const answer = await fetch(`${server.url}/api/regulatory/doc3040/file?month=${MONTH}&part=${part}`, { headers });
        if (answer.status !== 200 || !answer.body) throw new Error(`part ${part}: ${answer.status} ${await answer.text()}`);
        const target = join(dir, `Doc3040_${MONTH}_P${part}.xml`);
        await pipeline(Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream), createWriteStream(target));
        bytes += (await stat(target)).size;
      }
    });
    const fileCpu = cpuSeconds(cpu);
    stopSql();
    await stopProfile();
    console.log(`    file: ${(file.ms / 1000).toFixed(1)} s (CPU ${fileCpu} s, load ${load()}) for ${check.value.parts} part(s), ${(bytes / 1e6).toFixed(1)} MB written, peak RSS ${file.peakMb} MB (${file.beforeMb} MB before; each part checked as it is written)`);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}
