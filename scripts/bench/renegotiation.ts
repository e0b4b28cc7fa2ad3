/**
 * Renegotiation: an agreement over 50 installments (of three operations)
 * simulated by the domain alone — balance, discounts, down payment, the IOF's
 * complement and new parts, a 48-month Price schedule and its CET (aim:
 * median under 50 ms; the server's `simulate` adds the reads of servicing's
 * open amounts).
 *
 * Run alone: `npx tsx scripts/bench/renegotiation.ts` (BENCH_RUNS, default 200).
 */
import { pathToFileURL } from 'node:url';
import { addDays, addMonths } from '../../src/server/domain/credit/calendar';
import { computeAgreement, type PickedInstallment } from '../../src/server/domain/renegotiation/agreement';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PF = { dailyPercent: '0.0082', additionalPercent: '0.38' };

function picked(): PickedInstallment[] {
  const out: PickedInstallment[] = [];
  for (let i = 0; i < 50; i++) {
    const operation = i % 3;
    const disbursementDate = addDays('2025-01-15', operation * 40);
    out.push({
      installmentId: i + 1,
      operationId: operation + 1,
      disbursementDate,
      dueDate: addMonths(disbursementDate, 1 + Math.floor(i / 3)),
      principal: (800 + i * 13.37).toFixed(2),
      interest: (120 + i * 1.11).toFixed(2),
      lateCharges: (i < 20 ? 35.5 + i : 0).toFixed(2),
      iofRates: PF,
    });
  }
  return out;
}

export function renegotiationFigure(): void {
  console.log('\n(u) renegotiation: an agreement over 50 installments simulated (domain)');
  const installments = picked();
  const run = () =>
    computeAgreement({
      installments,
      lateChargesDiscountPercent: '50',
      interestDiscountPercent: '20',
      discountLimitPercent: '60',
      downPayment: '2500.00',
      amortization: 'price',
      monthlyRatePercent: '2.49',
      term: 48,
      agreementDate: '2026-06-01',
      firstDueDate: '2026-07-01',
      iofRates: PF,
      financeIof: true,
    });
  for (let i = 0; i < 20; i++) run();
  const times: number[] = [];
  let last = run();
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    last = run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const p95 = times[Math.floor(times.length * 0.95)];
  console.log(`    balance ${last.renegotiatedBalance.toFixed(2)}, principal ${last.principal.toFixed(2)}, IOF ${last.iof.total.toFixed(2)}, CET ${last.cetMonthly.toFixed(2)}% a month`);
  console.log(`    runs: ${RUNS}; median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms  (aim: under 50 ms)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) renegotiationFigure();
