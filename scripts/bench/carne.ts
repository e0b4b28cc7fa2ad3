/**
 * Carnê speed: the PDF of a 360-installment operation, every slip with its
 * own nosso número, barcode and linha digitável, rendered and saved (aim:
 * under 1.5 s). Saved the way the main process's files service saves a
 * download: bytes streamed to a hidden `.part` file beside a free name in the
 * download folder (a temporary folder here), then renamed into place. The
 * renderer and the disk, without a server: the servicing call adds its
 * queries (one replay per installment).
 *
 * Run alone: `npx tsx scripts/bench/carne.ts` (BENCH_CARNE_INSTALLMENTS, BENCH_RUNS).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { freePath } from '../../src/main/services/files';
import { renderCarnePdf, type BoletoPdfInput } from '../../src/server/areas/boletos/boleto-pdf';
import { addMonths } from '../../src/server/domain/credit/calendar';

const COUNT = Number(process.env.BENCH_CARNE_INSTALLMENTS ?? 360);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const AIM_MS = 1500;

function installments(count: number): BoletoPdfInput[] {
  return Array.from({ length: count }, (_, k) => ({
    bank: { account: { bank: '341', wallet: '109', branch: '0057', account: '12345' }, branch: '0057' },
    beneficiary: { name: 'Crédito Fácil Sociedade de Crédito Direto S.A.', cnpj: '12345678000195' },
    payer: {
      name: 'Joana da Conceição Araújo',
      document: '52998224725',
      address: { street: 'Rua das Acácias', number: '45', neighborhood: 'Jardim América', city: 'Campinas', state: 'SP', cep: '13070000' },
    },
    sequence: 1000 + k,
    documentNumber: `OP000123/${String(k + 1).padStart(3, '0')}`,
    // Varied amounts, so no two slips share a barcode.
    amount: `${1000 + ((k * 37) % 500)}.${String((k * 13) % 100).padStart(2, '0')}`,
    dueDate: addMonths('2027-01-10', k),
    issueDate: '2026-12-10',
    installment: { number: k + 1, count },
    lateCharges: { lateFeePercent: '2.00', defaultInterestMonthlyPercent: '1.00', contractMonthlyPercent: '1.99' },
  }));
}

/** As the files service's download: a free name in the folder, the bytes streamed to a `.part` beside it, renamed into place. */
async function saveLikeTheMainProcess(folder: string, pdf: Uint8Array): Promise<string> {
  const target = await freePath(folder, 'carne-OP-000123', '.pdf');
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
  await pipeline(Readable.from([pdf]), createWriteStream(temp));
  await rename(temp, target);
  return target;
}

export async function benchCarne(): Promise<{ medianMs: number; renderMs: number; saveMs: number; cpuMs: number; bytes: number }> {
  const inputs = installments(COUNT);
  await renderCarnePdf(inputs.slice(0, 3)); // warm up bwip-js and pdfkit's fonts
  const folder = await mkdtemp(join(tmpdir(), 'bench-carne-'));
  const times: number[] = [];
  const renders: number[] = [];
  const saves: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      const pdf = await renderCarnePdf(inputs);
      const rendered = performance.now();
      await saveLikeTheMainProcess(folder, pdf);
      const end = performance.now();
      times.push(end - start);
      renders.push(rendered - start);
      saves.push(end - rendered);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
      bytes = pdf.length;
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { medianMs: median(times), renderMs: median(renders), saveMs: median(saves), cpuMs: median(cpu), bytes };
}

/** Prints the figure (the line `npm run bench` shows as (l)). */
export async function carneFigure(): Promise<void> {
  console.log(`\n(l) carnê PDF of ${COUNT} installments, rendered and saved`);
  const { medianMs, renderMs, saveMs, cpuMs, bytes } = await benchCarne();
  // CPU time beside wall time: on a shared machine the wall clock also counts other people's work.
  console.log(
    `carnê of ${COUNT} installments (${Math.ceil(COUNT / 3)} pages, ${(bytes / 1024).toFixed(0)} KiB) rendered and saved: median ${medianMs.toFixed(0)} ms wall ` +
      `(render ${renderMs.toFixed(0)} ms, save ${saveMs.toFixed(0)} ms), ${cpuMs.toFixed(0)} ms CPU over ${RUNS} runs — aim under ${AIM_MS} ms ${medianMs < AIM_MS ? 'OK' : 'MISSED'}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await carneFigure();
