/**
 * Collecting an agreement's installments (domain/renegotiation/collection.ts): the status function, the break's
 * figures, the postings split among operations, and the property over random payment sequences (fast-check, fixed
 * seed) — payments of random installments on increasing dates for random parts of what is due, and reversals of an
 * installment's last payment: the receivable (principal lent less principal received) is never negative, the value
 * paid plus the value open is the agreement's total to the cent, and every posting balances with its parts adding
 * up to the split.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../../../../src/server/domain/credit/calendar';
import { agreementInstallmentStatus, figuresOf, paymentPostings, reversalPostings } from '../../../../src/server/domain/renegotiation/collection';
import { checkNewPayment, replayInstallment, type PaymentRecord, type Split } from '../../../../src/server/domain/servicing/allocation';
import type { LateChargeTerms } from '../../../../src/server/domain/servicing/late-charges';

const TERMS: LateChargeTerms = { lateFeePercent: '2', defaultInterestMonthlyPercent: '1', remuneratory: 'none', contractMonthlyPercent: '1.5', legacyUntil: null, lateDaysFrom: 'payable_until' };
const ZERO = new Decimal(0);
const d = (v: Decimal.Value) => new Decimal(v);

function debitsAndCredits(lines: readonly { side: string; amount: Decimal }[]) {
  const debit = lines.filter((l) => l.side === 'debit').reduce((s, l) => s.plus(l.amount), ZERO);
  const credit = lines.filter((l) => l.side === 'credit').reduce((s, l) => s.plus(l.amount), ZERO);
  return { debit, credit };
}

describe('status', () => {
  const state = (over: Partial<{ overdue: boolean; dueTotal: Decimal; paidTotal: Decimal }>) => ({ overdue: false, dueTotal: d(10), paidTotal: ZERO, ...over });
  it('paid, late, partially paid, open — in that precedence', () => {
    expect(agreementInstallmentStatus(state({ dueTotal: ZERO, paidTotal: d(10) }))).toBe('paid');
    expect(agreementInstallmentStatus(state({ overdue: true }))).toBe('late');
    expect(agreementInstallmentStatus(state({ paidTotal: d(1), overdue: true }))).toBe('late');
    expect(agreementInstallmentStatus(state({ paidTotal: d(1) }))).toBe('partially_paid');
    expect(agreementInstallmentStatus(state({}))).toBe('open');
  });
});

describe('the break', () => {
  const row = { dueDate: '2026-09-20', amortization: '300.00', interest: '25.00' };
  it('an installment not yet due falls due on the break day keeping only the interest already paid', () => {
    expect(figuresOf(row, null)).toEqual({ dueDate: '2026-09-20', principal: '300.00', interest: '25.00' });
    expect(figuresOf(row, '2026-09-20')).toEqual({ dueDate: '2026-09-20', principal: '300.00', interest: '25.00' });
    const broken = figuresOf(row, '2026-08-01', '10.00');
    expect(broken.dueDate).toBe('2026-08-01');
    expect(d(broken.interest).toFixed(2)).toBe('10.00');
    expect(d(figuresOf(row, '2026-08-01').interest).toFixed(2)).toBe('0.00');
  });
});

describe('postings', () => {
  const split: Split = { lateFee: d('2.00'), defaultInterest: d('0.35'), interest: d('10.01'), principal: d('87.64') };
  it('one balanced posting per operation, the parts adding up to the split; the reversal swaps them', () => {
    const weights = [
      { operationId: 1, weight: d('1000.00') },
      { operationId: 2, weight: d('333.33') },
    ];
    const postings = paymentPostings(split, weights);
    expect(postings.map((p) => p.operationId)).toEqual([1, 2]);
    const all = postings.flatMap((p) => p.posting.lines);
    const sum = (account: string) => all.filter((l) => l.account === account).reduce((s, l) => s.plus(l.amount), ZERO).toFixed(2);
    expect(sum('bank')).toBe('100.00');
    expect(sum('loans_receivable')).toBe('87.64');
    expect(sum('interest_income')).toBe('10.01');
    expect(sum('late_charge_income')).toBe('2.35');
    for (const p of postings) {
      const { debit, credit } = debitsAndCredits(p.posting.lines);
      expect(debit.eq(credit)).toBe(true);
    }
    const reversal = reversalPostings(split, weights);
    expect(reversal.every((p) => p.posting.kind === 'renegotiation_payment_reversal')).toBe(true);
    expect(reversal[0].posting.lines.find((l) => l.account === 'bank')!.side).toBe('credit');
  });
});

describe('property: random payment sequences', () => {
  it('receivable never negative; value paid + open = total to the cent; every posting balanced', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amortization: fc.integer({ min: 100, max: 500_000 }), interest: fc.integer({ min: 0, max: 50_000 }) }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.record({ which: fc.nat(), gap: fc.integer({ min: 0, max: 40 }), part: fc.integer({ min: 1, max: 100 }), reverse: fc.boolean() }), { maxLength: 25 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 3 }),
        (rows, steps, weights) => {
          const schedule = rows.map((r, i) => ({ dueDate: addMonths('2026-06-20', i), amortization: d(r.amortization).div(100), interest: d(r.interest).div(100) }));
          const principalLent = schedule.reduce((s, r) => s.plus(r.amortization), ZERO);
          const total = schedule.reduce((s, r) => s.plus(r.amortization).plus(r.interest), ZERO);
          const ws = weights.map((w, i) => ({ operationId: i + 1, weight: d(w) }));
          const standing: PaymentRecord[][] = schedule.map(() => []);
          const splits: Map<string, Split>[] = schedule.map(() => new Map());
          let day = '2026-05-20';
          let n = 0;
          for (const step of steps) {
            day = addDays(day, step.gap);
            const i = step.which % schedule.length;
            const figures = figuresOf(schedule[i], null);
            if (step.reverse && standing[i].length > 0) {
              const last = standing[i].pop()!;
              const posting = reversalPostings(splits[i].get(last.id)!, ws);
              for (const p of posting) expect(debitsAndCredits(p.posting.lines).debit.eq(debitsAndCredits(p.posting.lines).credit)).toBe(true);
              continue;
            }
            const due = replayInstallment(figures, TERMS, standing[i], day).state.dueTotal;
            if (due.isZero()) continue;
            const amount = Decimal.max(d('0.01'), due.mul(step.part).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN));
            const candidate = { id: String(++n), date: day, amount };
            const check = checkNewPayment(figures, TERMS, standing[i], candidate, day);
            expect(check.ok).toBe(true);
            if (!check.ok) return;
            standing[i].push(candidate);
            splits[i].set(candidate.id, check.allocation.split);
            for (const p of paymentPostings(check.allocation.split, ws)) {
              const { debit, credit } = debitsAndCredits(p.posting.lines);
              expect(debit.eq(credit)).toBe(true);
            }
            const bank = paymentPostings(check.allocation.split, ws)
              .flatMap((p) => p.posting.lines)
              .filter((l) => l.account === 'bank')
              .reduce((s, l) => s.plus(l.amount), ZERO);
            expect(bank.toFixed(2)).toBe(amount.toFixed(2));
          }
          let principalPaid = ZERO;
          let valuePaid = ZERO;
          let valueOpen = ZERO;
          schedule.forEach((r, i) => {
            const { state } = replayInstallment(figuresOf(r, null), TERMS, standing[i], day);
            principalPaid = principalPaid.plus(state.paid.principal);
            valuePaid = valuePaid.plus(state.paid.principal).plus(state.paid.interest);
            valueOpen = valueOpen.plus(state.valueOpen);
            expect(state.paid.principal.lte(r.amortization)).toBe(true);
          });
          expect(principalLent.minus(principalPaid).gte(0)).toBe(true);
          expect(valuePaid.plus(valueOpen).toFixed(2)).toBe(total.toFixed(2));
        },
      ),
      { seed: 20261203, numRuns: 150 },
    );
  });
});
