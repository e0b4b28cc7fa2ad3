/**
 * Pix notices speed and crash safety (bench (r)): 10,000 Pix notices settled
 * through the provider's webhook, then 10,000 more with the server killed
 * (kill -9) mid-run and none lost.
 *
 * The server runs as its own process (src/server/entry.ts) over a copy of the
 * demo PGlite folder, as the embedded backend does. Beside the demo seed, by
 * SQL: 5,000 disbursed operations of as many borrowers (disbursed-operations.ts),
 * slips for their first four installments, a cobv charge for each slip at the
 * sandbox provider, and the company's Pix settings (sandbox, a secret). Each
 * notice pays its charge's installment in full before its due date.
 *
 * 1. Timed, after one warm-up delivery (the first call loads the handlers' modules,
 *    which tsx compiles here and the built app has compiled): the first 10,000 notices (installments 1 and 2) as 20 deliveries of
 *    500 pix (BENCH_PIX_PER_DELIVERY), the body the Pix API's webhook sends, each signed by the sandbox
 *    (HMAC-SHA256, timestamp), two deliveries in flight at a time. Aim: under 10 s.
 * 2. Killed: the next 10,000 (installments 3 and 4) the same way; the server is
 *    killed -9 once about a third of them are acknowledged; started again over
 *    the same folder, every delivery is sent again, signed anew (as a provider
 *    retries what it never saw answered, and some it did). Then, read from the
 *    folder: each of the 20,000 endToEndIds settled exactly once, one Pix payment
 *    per notice, every installment paid once, and every journal posting balanced.
 *
 * Run alone: `npx tsx scripts/bench/pix-notices.ts` (BENCH_PIX_NOTICES, default 10,000 per phase).
 * BENCH_PIX_TIMED_ONLY=1 runs step 1 only and stops the server (SIGTERM), so that BENCH_CPU_PROFILE_DIR's profile
 * and BENCH_SQL_TIMES=1's statement times (sql-times.ts, printed by the server on stderr) cover the timed run.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { insertDisbursedOperations, insertSlips } from './disbursed-operations';

const NOTICES = Number(process.env.BENCH_PIX_NOTICES ?? 10_000);
const PER_DELIVERY = Number(process.env.BENCH_PIX_PER_DELIVERY ?? 500);
const IN_FLIGHT = 2;
const AIM_MS = 10_000;
/** The business day the notices are paid on: after the release, before every due date. */
const TODAY = '2026-01-20';

const load = () => `load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`;

/**
 * The server process's CPU time so far (user + system, ms), from /proc (Linux; null elsewhere): the figure a busy
 * machine inflates least, as the wall time of a run beside other work can double.
 */
async function cpuMsOf(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are the 14th and 15th fields of the line, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

const BORROWERS_SQL = `
INSERT INTO borrowers (person_type, name, document, city, state)
SELECT 'PF', 'Pagador Pix ' || g, lpad((800000000 + g)::text, 11, '0'), 'Recife', 'PE'
  FROM generate_series(1, $1::int) g
RETURNING id`;

/** A cobv per slip, as areas/pix records it after the sandbox answered (txid OP…P…S…, the original, multa and juros). */
const CHARGES_SQL = `
INSERT INTO pix_charges (txid, company_id, credit_operation_id, installment_id, slip_id, provider, amount, due_date, request, location, registered_at)
SELECT 'OP' || lpad(s.credit_operation_id::text, 8, '0') || 'P' || lpad(s.installment_id::text, 8, '0') || 'S' || lpad(s.id::text, 10, '0'),
       1, s.credit_operation_id, s.installment_id, s.id, 'sandbox', s.amount, s.due_date,
       jsonb_build_object(
         'calendario', jsonb_build_object('dataDeVencimento', s.due_date::text, 'validadeAposVencimento', 60),
         'devedor', jsonb_build_object('cpf', '00000000191', 'nome', 'Pagador Pix'),
         'valor', jsonb_build_object('original', s.amount::text, 'multa', jsonb_build_object('modalidade', 2, 'valorPerc', '2.00'),
                                     'juros', jsonb_build_object('modalidade', 3, 'valorPerc', '1.00')),
         'chave', '27185642000169'),
       'pix.sandbox.local/v2/cobv/bench', now()
  FROM boleto_slips s JOIN credit_operation_installments i ON i.id = s.installment_id
 WHERE s.credit_operation_id = ANY($1::int[])
RETURNING txid, amount::text AS amount, (SELECT number FROM credit_operation_installments WHERE id = installment_id) AS number`;

interface Charge {
  txid: string;
  amount: string;
  number: number;
}

function stopped(child: ChildProcess): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', resolve));
}

function start(dataDir: string, uploadsDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(join(process.cwd(), 'src/server/entry.ts'), [], {
    // BENCH_CPU_PROFILE_DIR: each server process writes a CPU profile there (Chrome DevTools, speedscope).
    // BENCH_SQL_TIMES=1: the server prints each statement's time when stopped (sql-times-preload.ts).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : []),
      ...(process.env.BENCH_SQL_TIMES ? ['--import', join(process.cwd(), 'scripts/bench/sql-times-preload.ts')] : []),
    ],
    env: { ...process.env, BACKOFFICE_DATA_DIR: dataDir, BACKOFFICE_UPLOADS_DIR: uploadsDir, BACKOFFICE_PORT: '0', BACKOFFICE_BUSINESS_DATE: TODAY },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, url: (m as { url: string }).url }));
    child.once('exit', (code) => reject(new Error(`entry exited with ${code}`)));
  });
}

type Pix = { endToEndId: string; txid: string; valor: string; horario: string };

function deliveriesOf(charges: readonly Charge[], tag: string): Pix[][] {
  const pix = charges.map((c, k) => ({ endToEndId: `E${tag}${String(k).padStart(10, '0')}${randomBytes(4).toString('hex')}`, txid: c.txid, valor: c.amount, horario: `${TODAY}T12:00:00-03:00` }));
  const out: Pix[][] = [];
  for (let k = 0; k < pix.length; k += PER_DELIVERY) out.push(pix.slice(k, k + PER_DELIVERY));
  return out;
}

/**
 * Sends the deliveries (IN_FLIGHT at a time), each signed when sent; answers how many were acknowledged (200).
 * `onAck` may stop the run (a kill): the deliveries not yet sent are then left out.
 */
async function send(url: string, secret: string, deliveries: readonly Pix[][], onAck: (acked: number) => void = () => {}): Promise<{ acked: Set<number>; settled: number }> {
  const { signedSandboxNotice } = await import('../../src/server/areas/pix/sandbox');
  const acked = new Set<number>();
  let settled = 0;
  let next = 0;
  let dead = false;
  const worker = async () => {
    while (!dead && next < deliveries.length) {
      const k = next++;
      const notice = signedSandboxNotice(secret, deliveries[k], Math.floor(Date.now() / 1000));
      try {
        const answer = await fetch(`${url}/api/pix/webhook/1/pix`, { method: 'POST', headers: notice.headers, body: notice.body });
        const body = (await answer.json()) as { settled?: number; message?: string };
        if (answer.status !== 200) throw new Error(`delivery ${k}: ${answer.status} ${body.message ?? ''}`);
        acked.add(k);
        settled += body.settled ?? 0;
        onAck(acked.size);
      } catch (error) {
        // The connection died with the server: not acknowledged; the provider sends it again.
        if (error instanceof TypeError) dead = true;
        else throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { acked, settled };
}

export async function pixNoticesFigure(): Promise<void> {
  console.log(`\n(r) ${NOTICES.toLocaleString('pt-BR')} Pix notices settled through the signed webhook; then ${NOTICES.toLocaleString('pt-BR')} more with the server killed mid-run`);
  const { prepareDataDir } = await import('../../tests/helpers/server');
  const { openDatabase } = await import('../../src/server/db/connect');
  const { dir, dataDir } = await prepareDataDir('demo');
  const uploadsDir = join(dir, 'uploads');
  await mkdir(uploadsDir, { recursive: true });
  const children: ChildProcess[] = [];
  try {
    const secret = randomBytes(32).toString('base64url');
    const operations = Math.ceil(NOTICES / 2);
    let charges: Charge[];
    const db = await openDatabase({ dataDir });
    try {
      const [account] = await db.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' AND active ORDER BY id LIMIT 1");
      const [operator] = await db.rows<{ id: number }>("SELECT id FROM users WHERE email = 'operador@demo.local'");
      const borrowers = (await db.rows<{ id: number }>(BORROWERS_SQL, [operations])).map((r) => r.id);
      const operationIds = await insertDisbursedOperations(db, borrowers);
      await insertSlips(db, { operationIds, accountId: account.id, issuedBefore: TODAY, limit: operations * 4, perOperation: 4 });
      charges = await db.rows<Charge>(CHARGES_SQL, [operationIds]);
      await db.rows("INSERT INTO pix_settings (company_id, provider, webhook_secret, settle_as) VALUES (1, 'sandbox', $1, $2)", [secret, operator.id]);
      await db.rows('ANALYZE');
    } finally {
      await db.close();
    }
    const timed = deliveriesOf(charges.filter((c) => c.number <= 2).slice(0, NOTICES), 'T');
    const killed = deliveriesOf(charges.filter((c) => c.number > 2).slice(0, NOTICES), 'K');

    // 1. Timed.
    const first = await start(dataDir, uploadsDir);
    children.push(first.child);
    // One warm-up delivery (a pix of no charge: kept unmatched): the first call loads the handlers' modules through tsx.
    await send(first.url, secret, [[{ endToEndId: 'EWARMUP', txid: 'OP99999999P99999999S9999999999', valor: '1.00', horario: `${TODAY}T12:00:00-03:00` }]]);
    const loadBefore = load();
    const cpuBefore = await cpuMsOf(first.child.pid);
    const startedAt = performance.now();
    const run = await send(first.url, secret, timed);
    const ms = performance.now() - startedAt;
    const cpuAfter = await cpuMsOf(first.child.pid);
    const serverCpu = cpuBefore !== null && cpuAfter !== null ? `; server CPU ${(cpuAfter - cpuBefore).toFixed(0)} ms` : '';
    const count = timed.reduce((n, d) => n + d.length, 0);
    console.log(
      `${count} notices in ${timed.length} deliveries of ${PER_DELIVERY} (${IN_FLIGHT} in flight): ${run.settled} settled in ${ms.toFixed(0)} ms ` +
        `(${((ms / count) * 1000).toFixed(0)} µs a notice), aim under ${AIM_MS} ms ${ms < AIM_MS && run.settled === count ? 'OK' : 'MISSED'} [${loadBefore} before, ${load()} after${serverCpu}]`,
    );

    if (process.env.BENCH_PIX_TIMED_ONLY) {
      // The timed part alone: the server stopped, so it writes its CPU profile and statement times.
      first.child.kill('SIGTERM');
      await stopped(first.child);
      return;
    }

    // 2. Killed a third of the way, started again, every delivery sent again.
    const third = Math.ceil(killed.length / 3);
    const acknowledgedBeforeKill = await send(first.url, secret, killed, (acked) => {
      if (acked === third) first.child.kill('SIGKILL');
    });
    await stopped(first.child);
    const second = await start(dataDir, uploadsDir);
    children.push(second.child);
    const resent = await send(second.url, secret, killed);
    second.child.kill('SIGTERM');
    await stopped(second.child);

    const check = await openDatabase({ dataDir });
    try {
      const [notices] = await check.rows<{ n: number; settled: number; distinct: number }>(
        "SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'settled')::int AS settled, count(DISTINCT end_to_end_id)::int AS distinct FROM pix_notices WHERE end_to_end_id ~ '^E[TK]'",
      );
      const [payments] = await check.rows<{ n: number; refs: number }>(
        "SELECT count(*)::int AS n, count(DISTINCT reference)::int AS refs FROM installment_transactions WHERE kind = 'payment' AND method = 'pix' AND reference ~ '^E[TK][0-9]{10}'",
      );
      const [twice] = await check.rows<{ n: number }>(
        "SELECT count(*)::int AS n FROM (SELECT installment_id FROM installment_transactions WHERE method = 'pix' AND kind = 'payment' GROUP BY installment_id HAVING count(*) > 1) t",
      );
      const unbalanced = await check.rows("SELECT posting_id FROM journal_entries GROUP BY posting_id HAVING sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END) <> 0");
      const expected = count + killed.reduce((n, d) => n + d.length, 0);
      const whole = notices.n === expected && notices.settled === expected && notices.distinct === expected && payments.n === expected && payments.refs === expected && twice.n === 0 && unbalanced.length === 0;
      console.log(
        `killed after ${acknowledgedBeforeKill.acked.size} of ${killed.length} deliveries acknowledged; after the restart all ${killed.length} sent again ` +
          `(${resent.settled} pix settled then, the rest duplicates): ${notices.settled} of ${expected} notices settled once, ${payments.n} Pix payments, ` +
          `${twice.n} installments paid twice, ${unbalanced.length} unbalanced postings — ${whole ? 'none lost, none twice: OK' : 'MISSED'}`,
      );
    } finally {
      await check.close();
    }
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await pixNoticesFigure();
