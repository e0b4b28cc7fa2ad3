/**
 * Assignment remittance speed: a CNAB 444 file of 10,000 installments ceded
 * (header, 10,000 details, trailer) built from its input, every line
 * written from the custodian's tables and checked, the whole file read back
 * (record order, sequences, the trailer's count, the totals), then written
 * the way the main process saves a download (a hidden `.part` beside a free
 * name, renamed into place). Aim: under 1 s, memory bounded. Runs in its own
 * process so the peak RSS is this work's (plus the tsx loader).
 *
 * Run alone: `npx tsx scripts/bench/assignment-remittance.ts` (BENCH_ASSIGNMENT_INSTALLMENTS, BENCH_RUNS).
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
import { buildAssignmentRemittance, type AssignmentItem } from '../../src/server/domain/cnab444';

const COUNT = Number(process.env.BENCH_ASSIGNMENT_INSTALLMENTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const AIM_MS = 1000;
const AIM_MB = 200;

function items(count: number): AssignmentItem[] {
  return Array.from({ length: count }, (_, k) => {
    const op = 1 + Math.floor(k / 12);
    const n = String((k % 12) + 1).padStart(3, '0');
    return {
      reference: `OP-${String(op).padStart(6, '0')}/${n}`,
      documentNumber: `${op}/${n}`,
      cessionNumber: String(1 + Math.floor(k / 500)),
      dueDate: `2027-${String((k % 12) + 1).padStart(2, '0')}-15`,
      issuedOn: '2026-11-26',
      // Varied amounts, so the totals add up many different values.
      faceValue: `${1000 + ((k * 37) % 500)}.${String((k * 13) % 100).padStart(2, '0')}`,
      presentValue: `${900 + ((k * 37) % 500)}.${String((k * 7) % 100).padStart(2, '0')}`,
      payer: { name: 'Joana da Conceição Araújo', document: '52998224725', address: 'Rua das Acácias, 45', postalCode: '13070000' },
    };
  });
}

async function saveLikeTheMainProcess(folder: string, content: string): Promise<void> {
  const target = await freePath(folder, 'CB261101', '.rem');
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
  peakRssMB: number;
  startRssMB: number;
  peakAllRunsMB: number;
}

export async function benchAssignmentRemittance(): Promise<Figure> {
  const startRssMB = Math.round(process.memoryUsage().rss / 2 ** 20);
  const folder = await mkdtemp(join(tmpdir(), 'bench-assignment-'));
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
      const built = buildAssignmentRemittance({
        assignor: { name: 'Crédito Fácil Sociedade de Crédito Direto S.A.', document: '12345678000195' },
        custodian: { bankCode: '611', bankName: 'Paulista S.A.' },
        fileSequence: 1,
        writtenOn: '2026-11-26',
        coobligation: true,
        modality: '0299',
        titleKind: '60',
        items: items(COUNT),
      });
      if (!built.ok) throw new Error(`assignment remittance refused: ${JSON.stringify(built.problems.slice(0, 3))}`);
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
  return { medianMs: median(times), buildMs: median(builds), saveMs: median(saves), cpuMs: median(cpu), lines, bytes, peakRssMB, startRssMB, peakAllRunsMB: Math.round(process.resourceUsage().maxRSS / 1024) };
}

function inChild(): Promise<Figure> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? ok(JSON.parse(out.trim().split('\n').pop() ?? '{}') as Figure) : fail(new Error(`assignment remittance bench exited with ${code}`))));
  });
}

/** Prints the figure (the line `npm run bench` shows as (o2)), measured in a child process of its own. */
export async function assignmentRemittanceFigure(): Promise<void> {
  console.log(`\n(o2) CNAB 444 assignment remittance of ${COUNT.toLocaleString('pt-BR')} installments generated, validated and written (own process)`);
  const f = await inChild();
  console.log(
    `assignment remittance of ${COUNT} installments (${f.lines} lines, ${(f.bytes / 2 ** 20).toFixed(1)} MiB): median ${f.medianMs.toFixed(0)} ms wall (build and check ${f.buildMs.toFixed(0)} ms, ` +
      `save ${f.saveMs.toFixed(0)} ms), ${f.cpuMs.toFixed(0)} ms CPU over ${RUNS} runs — aim under ${AIM_MS} ms ${f.medianMs < AIM_MS ? 'OK' : 'MISSED'}; ` +
      `peak RSS after one file ${f.peakRssMB} MB (process before it ${f.startRssMB} MB with the tsx loader; after all runs ${f.peakAllRunsMB} MB) — aim under ${AIM_MB} MB ${f.peakRssMB < AIM_MB ? 'OK' : 'MISSED'}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--json')) console.log(JSON.stringify(await benchAssignmentRemittance()));
  else await assignmentRemittanceFigure();
}
