/**
 * Carnê speed: the PDF of a 360-installment operation, every slip with its
 * own nosso número, barcode and linha digitável (aim: under 1.5 s). The
 * renderer alone, without a server: the servicing call adds one query.
 *
 * Run alone: `npx tsx scripts/bench/carne.ts` (BENCH_CARNE_INSTALLMENTS, BENCH_RUNS).
 */
import { pathToFileURL } from 'node:url';
import { renderCarnePdf, type BoletoPdfInput } from '../../src/server/areas/servicing/boleto-pdf';
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

export async function benchCarne(): Promise<{ medianMs: number; cpuMs: number; bytes: number }> {
  const inputs = installments(COUNT);
  await renderCarnePdf(inputs.slice(0, 3)); // warm up bwip-js and pdfkit's fonts
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const pdf = await renderCarnePdf(inputs);
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
    bytes = pdf.length;
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { medianMs: median(times), cpuMs: median(cpu), bytes };
}

/** Prints the figure (the line `npm run bench` shows as (l)). */
export async function carneFigure(): Promise<void> {
  console.log(`\n(l) carnê PDF of ${COUNT} installments`);
  const { medianMs, cpuMs, bytes } = await benchCarne();
  // CPU time beside wall time: on a shared machine the wall clock also counts other people's work.
  console.log(
    `carnê of ${COUNT} installments (${Math.ceil(COUNT / 3)} pages, ${(bytes / 1024).toFixed(0)} KiB): median ${medianMs.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU over ${RUNS} runs — aim under ${AIM_MS} ms ${medianMs < AIM_MS ? 'OK' : 'MISSED'}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await carneFigure();
