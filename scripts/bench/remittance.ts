/**
 * Remittance speed: a CNAB 240 file of 10,000 boletos (Itaú, entries with
 * segments P, Q and R) generated, validated — the builder checks every field
 * and then re-reads the whole file (sequence, NSA, trailer counts and totals)
 * — and written the way the main process saves a download (streamed to a
 * hidden `.part` beside a free name, renamed into place). Aim: under 1 s,
 * peak memory under 200 MB. Runs in its own process so the peak RSS is this
 * work's (plus the tsx loader).
 *
 * The same count through the server is bench (o3), remittance-server.ts.
 *
 * Run alone: `npx tsx scripts/bench/remittance.ts` (BENCH_REMITTANCE_SLIPS, BENCH_RUNS).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePath } from '../../src/main/services/files';
import { nossoNumero } from '../../src/server/domain/boleto';
import { buildRemittance, type RemittanceAccount, type RemittanceSlip } from '../../src/server/domain/cnab';

const COUNT = Number(process.env.BENCH_REMITTANCE_SLIPS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const AIM_MS = 1000;
const AIM_MB = 200;

const ACCOUNT: RemittanceAccount = { bank: '341', companyName: 'Crédito Fácil Sociedade de Crédito Direto S.A.', companyDocument: '12345678000195', agency: '0057', account: '12345', accountDac: '8', wallet: '109' };

function slips(count: number): RemittanceSlip[] {
  return Array.from({ length: count }, (_, k) => {
    const nn = nossoNumero({ bank: '341', wallet: '109', branch: '0057', account: '12345' }, 1000 + k);
    return {
      reference: `OP-${String(1 + Math.floor(k / 12)).padStart(6, '0')}/${String((k % 12) + 1).padStart(3, '0')}`,
      instruction: 'entry',
      nossoNumero: nn.digits,
      nossoNumeroDigit: nn.checkDigit ?? undefined,
      documentNumber: `${1 + Math.floor(k / 12)}/${String((k % 12) + 1).padStart(3, '0')}`,
      issuedOn: '2026-11-26',
      dueDate: '2026-12-26',
      // Varied amounts, so the trailer's total adds up many different values.
      amount: `${1000 + ((k * 37) % 500)}.${String((k * 13) % 100).padStart(2, '0')}`,
      payer: { name: 'Joana da Conceição Araújo', document: '52998224725', address: 'Rua das Acácias, 45', district: 'Jardim América', postalCode: '13070000', city: 'Campinas', state: 'SP' },
      lateCharges: { interest: { kind: 'dailyAmount', value: '0.35', from: '2026-12-27' }, fine: { kind: 'percent', value: '2.00', from: '2026-12-27' } },
    };
  });
}

async function saveLikeTheMainProcess(folder: string, content: string): Promise<void> {
  const target = await freePath(folder, 'REM341000001', '.rem');
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
  await pipeline(Readable.from([Buffer.from(content, 'latin1')]), createWriteStream(temp));
  await rename(temp, target);
}

interface Figure {
  medianMs: number;
  buildMs: number;
  saveMs: number;
  cpuMs: number;
  lines: number;
  bytes: number;
  /** the process's peak resident memory after the first file (modules loaded, one file built, checked and saved) */
  peakRssMB: number;
  /** resident memory before the first file: Node, the tsx loader and the modules */
  startRssMB: number;
  /** the peak after every run: garbage of earlier runs not yet collected adds to it */
  peakAllRunsMB: number;
}

/** In this process: the runs, then the figures (peak RSS of the whole process). */
export async function benchRemittance(): Promise<Figure> {
  const startRssMB = Math.round(process.memoryUsage().rss / 2 ** 20);
  const folder = await mkdtemp(join(tmpdir(), 'bench-remittance-'));
  const times: number[] = [];
  const builds: number[] = [];
  const saves: number[] = [];
  const cpu: number[] = [];
  let lines = 0;
  let bytes = 0;
  let peakRssMB = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      // The input as the server assembles it from its rows, inside the timing.
      const built = buildRemittance({ account: ACCOUNT, slips: slips(COUNT), fileSequence: 1, previousFileSequence: null, generatedOn: '2026-11-26' });
      if (!built.ok) throw new Error(`remittance refused: ${JSON.stringify(built.problems.slice(0, 3))}`);
      const done = performance.now();
      await saveLikeTheMainProcess(folder, built.file.content);
      const end = performance.now();
      const used = process.cpuUsage(cpuStart);
      times.push(end - start);
      builds.push(done - start);
      saves.push(end - done);
      cpu.push((used.user + used.system) / 1000);
      lines = built.file.lines.length;
      bytes = built.file.content.length;
      if (run === 0) peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    medianMs: median(times),
    buildMs: median(builds),
    saveMs: median(saves),
    cpuMs: median(cpu),
    lines,
    bytes,
    peakRssMB,
    startRssMB,
    peakAllRunsMB: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

function inChild(): Promise<Figure> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? ok(JSON.parse(out.trim().split('\n').pop() ?? '{}') as Figure) : fail(new Error(`remittance bench exited with ${code}`))));
  });
}

/** Prints the figure (the line `npm run bench` shows as (o)), measured in a child process of its own. */
export async function remittanceFigure(): Promise<void> {
  console.log(`\n(o) CNAB 240 remittance of ${COUNT.toLocaleString('pt-BR')} boletos generated, validated and written (own process)`);
  const f = await inChild();
  console.log(
    `remittance of ${COUNT} boletos (${f.lines} lines, ${(f.bytes / 2 ** 20).toFixed(1)} MiB): median ${f.medianMs.toFixed(0)} ms wall (build and check ${f.buildMs.toFixed(0)} ms, ` +
      `save ${f.saveMs.toFixed(0)} ms), ${f.cpuMs.toFixed(0)} ms CPU over ${RUNS} runs — aim under ${AIM_MS} ms ${f.medianMs < AIM_MS ? 'OK' : 'MISSED'}; ` +
      `peak RSS after one file ${f.peakRssMB} MB (process before it ${f.startRssMB} MB with the tsx loader; after all runs ${f.peakAllRunsMB} MB) — aim under ${AIM_MB} MB ${f.peakRssMB < AIM_MB ? 'OK' : 'MISSED'}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--json')) console.log(JSON.stringify(await benchRemittance()));
  else await remittanceFigure();
}
