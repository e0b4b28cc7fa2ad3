/**
 * The renegotiation agreement's money: worked examples (balance, discount,
 * down payment allocation, IOF parts, schedule, CET), the refusals naming
 * their field, and the property over random inputs (fast-check, fixed seed):
 * the new schedule's principal is the renegotiated balance less the discount
 * less the down payment plus the financed IOF, to the cent; the amortizations
 * sum to it; and nothing but a RenegotiationInputError is ever thrown.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../../../../src/server/domain/credit/calendar';
import { AGREEMENT_MESSAGES, computeAgreement, RenegotiationInputError, type AgreementInput, type PickedInstallment } from '../../../../src/server/domain/renegotiation/agreement';

const PF = { dailyPercent: '0.0082', additionalPercent: '0.38' };

function installment(over: Partial<PickedInstallment> = {}): PickedInstallment {
  return {
    installmentId: 1,
    operationId: 10,
    disbursementDate: '2026-01-10',
    dueDate: '2026-02-10',
    principal: '900.00',
    interest: '100.00',
    lateCharges: '40.00',
    iofRates: PF,
    ...over,
  };
}

function input(over: Partial<AgreementInput> = {}): AgreementInput {
  return {
    installments: [installment(), installment({ installmentId: 2, dueDate: '2026-03-10', lateCharges: '20.00' })],
    lateChargesDiscountPercent: '50',
    interestDiscountPercent: '10',
    discountLimitPercent: '60',
    downPayment: '100.00',
    amortization: 'price',
    monthlyRatePercent: '2.00',
    term: 12,
    agreementDate: '2026-06-01',
    firstDueDate: '2026-07-01',
    iofRates: PF,
    financeIof: true,
    ...over,
  };
}

function refusal(run: () => unknown): RenegotiationInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof RenegotiationInputError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('computeAgreement', () => {
  it('adds up the balance, forgives within the limit and allocates the down payment to charges, interest, then principal', () => {
    const a = computeAgreement(input());
    expect(a.renegotiatedBalance.toFixed(2)).toBe('2060.00'); // 1800 + 200 + 60
    expect(a.lateChargesDiscount.toFixed(2)).toBe('30.00');
    expect(a.interestDiscount.toFixed(2)).toBe('20.00');
    expect(a.discount.toFixed(2)).toBe('50.00');
    expect(a.base.toFixed(2)).toBe('1910.00');
    // 100 of down payment: the 30 of charges left, then 70 of the 180 of interest left; principal untouched.
    expect(a.taxedPrincipal.toFixed(2)).toBe('1800.00');
    expect(a.capitalised.toFixed(2)).toBe('110.00');
    expect(a.principal.toFixed(2)).toBe(a.base.plus(a.iof.total).toFixed(2));
    expect(a.schedule).toHaveLength(12);
    expect(a.schedule.reduce((s, r) => s.plus(r.amortization), new Decimal(0)).toFixed(2)).toBe(a.principal.toFixed(2));
    expect(a.cetMonthly.gt(2)).toBe(true);
  });

  it('charges on the taxed principal only the daily complement beyond the 365 days, and the additional rate only on what is capitalised', () => {
    // Disbursed 2026-01-10: from the agreement's first due date (2026-07-01, day 172) the rows pass 365 days within the year.
    const a = computeAgreement(input({ financeIof: false }));
    expect(a.iof.newAdditional.toFixed(2)).toBe('0.42'); // 110 × 0.38%
    expect(a.iof.complement.gt(0)).toBe(true);
    // At most a year of the daily rate on the taxed principal, less what the first charge counted (31 and 59 days).
    const cap = new Decimal(900).mul(365 - 31).plus(new Decimal(900).mul(365 - 59)).mul('0.000082');
    expect(a.iof.complement.lte(cap)).toBe(true);
    expect(a.financedIof.isZero()).toBe(true);
    expect(a.principal.toFixed(2)).toBe('1910.00');
  });

  it('charges no complement when the original operation already counted a year', () => {
    const a = computeAgreement(input({ installments: [installment({ disbursementDate: '2024-01-10', dueDate: '2025-02-10' })], downPayment: '0', interestDiscountPercent: '0', lateChargesDiscountPercent: '0' }));
    expect(a.iof.complement.toFixed(2)).toBe('0.00');
    expect(a.iof.newAdditional.toFixed(2)).toBe('0.53'); // 140 × 0.38%
  });

  it('builds SAC on the same math as origination', () => {
    const a = computeAgreement(input({ amortization: 'sac', term: 5, financeIof: false }));
    const parts = a.schedule.map((r) => r.amortization.toFixed(2));
    expect(new Set(parts.slice(0, 3)).size).toBe(1);
    expect(a.schedule.at(-1)?.balance.toFixed(2)).toBe('0.00');
  });

  it.each([
    ['installments', () => computeAgreement(input({ installments: [] })), AGREEMENT_MESSAGES.noInstallments],
    ['installments.1', () => computeAgreement(input({ installments: [installment(), installment()] })), AGREEMENT_MESSAGES.repeated],
    ['lateChargesDiscountPercent', () => computeAgreement(input({ lateChargesDiscountPercent: '61' })), AGREEMENT_MESSAGES.overLimit('60.00')],
    ['interestDiscountPercent', () => computeAgreement(input({ interestDiscountPercent: '-1' })), AGREEMENT_MESSAGES.badPercent],
    ['downPayment', () => computeAgreement(input({ downPayment: '2070.00' })), AGREEMENT_MESSAGES.downPaymentTooLarge],
    ['downPayment', () => computeAgreement(input({ downPayment: 'abc' })), AGREEMENT_MESSAGES.badAmount],
    ['term', () => computeAgreement(input({ term: 0 })), AGREEMENT_MESSAGES.badTerm],
    ['firstDueDate', () => computeAgreement(input({ firstDueDate: '2026-06-01' })), AGREEMENT_MESSAGES.firstDueBeforeAgreement],
    ['firstDueDate', () => computeAgreement(input({ firstDueDate: '2026-02-30' })), AGREEMENT_MESSAGES.badDate],
    ['installments.0.principal', () => computeAgreement(input({ installments: [installment({ principal: '1.001' })] })), AGREEMENT_MESSAGES.badAmount],
  ])('refuses naming %s', (field, run, message) => {
    const error = refusal(run);
    expect(error.field).toBe(field);
    expect(error.message).toBe(message);
  });
});

const SEED = 20_261_202;
const cents = (max: number) => fc.integer({ min: 0, max }).map((c) => new Decimal(c).div(100).toFixed(2));
const picked = fc.record({
  disbursedOffset: fc.integer({ min: 30, max: 1_500 }),
  dueOffset: fc.integer({ min: 1, max: 800 }),
  principal: cents(5_000_000),
  interest: cents(500_000),
  lateCharges: cents(100_000),
  rates: fc.constantFrom(PF, { dailyPercent: '0.0041', additionalPercent: '0.38' }, { dailyPercent: '0', additionalPercent: '0' }),
});

const agreementCase = fc.record({
  installments: fc.array(picked, { minLength: 1, maxLength: 50 }),
  late: fc.integer({ min: 0, max: 10_000 }).map((b) => new Decimal(b).div(100).toFixed(2)),
  interest: fc.integer({ min: 0, max: 10_000 }).map((b) => new Decimal(b).div(100).toFixed(2)),
  limit: fc.integer({ min: 0, max: 10_000 }).map((b) => new Decimal(b).div(100).toFixed(2)),
  downShare: fc.integer({ min: 0, max: 1_100 }),
  amortization: fc.constantFrom('price' as const, 'sac' as const),
  rate: fc.integer({ min: 0, max: 150_000 }).map((t) => new Decimal(t).div(10_000).toFixed(4)),
  term: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 36 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 361 }) }),
  firstPeriod: fc.integer({ min: 0, max: 62 }),
  financeIof: fc.boolean(),
  agreementDate: fc.integer({ min: 0, max: 3_000 }).map((d) => addDays('2024-01-01', d)),
});

describe('computeAgreement over random inputs', () => {
  it('the principal is the balance less the discount less the down payment plus the financed IOF, to the cent; only input errors are thrown', () => {
    fc.assert(
      fc.property(agreementCase, (c) => {
        const installments: PickedInstallment[] = c.installments.map((p, i) => {
          const disbursementDate = addDays(c.agreementDate, -p.disbursedOffset);
          return {
            installmentId: i + 1,
            operationId: 1 + (i % 3),
            disbursementDate,
            dueDate: addDays(disbursementDate, p.dueOffset),
            principal: p.principal,
            interest: p.interest,
            lateCharges: p.lateCharges,
            iofRates: p.rates,
          };
        });
        const total = installments.reduce((s, p) => s.plus(p.principal).plus(p.interest).plus(p.lateCharges), new Decimal(0));
        const downPayment = total.mul(c.downShare).div(1_000).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
        const firstDueDate = c.firstPeriod === 30 ? addMonths(c.agreementDate, 1) : addDays(c.agreementDate, c.firstPeriod);
        const args: AgreementInput = {
          installments,
          lateChargesDiscountPercent: c.late,
          interestDiscountPercent: c.interest,
          discountLimitPercent: c.limit,
          downPayment,
          amortization: c.amortization,
          monthlyRatePercent: c.rate,
          term: c.term,
          agreementDate: c.agreementDate,
          firstDueDate,
          iofRates: PF,
          financeIof: c.financeIof,
        };
        let a;
        try {
          a = computeAgreement(args);
        } catch (error) {
          if (error instanceof RenegotiationInputError) return;
          throw error;
        }
        const expected = a.renegotiatedBalance.minus(a.discount).minus(a.downPayment).plus(a.financedIof);
        expect(a.principal.toFixed(2)).toBe(expected.toFixed(2));
        expect(a.schedule.reduce((s, r) => s.plus(r.amortization), new Decimal(0)).toFixed(2)).toBe(a.principal.toFixed(2));
        expect(a.renegotiatedBalance.toFixed(2)).toBe(total.toFixed(2));
        expect(a.taxedPrincipal.plus(a.capitalised).toFixed(2)).toBe(a.base.toFixed(2));
        expect(a.iof.total.isNegative()).toBe(false);
        expect(a.schedule.every((r) => r.payment.gt(0))).toBe(true);
      }),
      { seed: SEED, numRuns: 400 },
    );
  }, 120_000);
});
