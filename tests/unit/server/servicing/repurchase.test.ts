/** The amount a repurchase costs (domain/servicing/repurchase.ts) and its postings (domain/servicing/postings.ts). */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCession } from '../../../../src/server/domain/servicing/cession';
import { repurchasePosting, repurchaseReversalPosting } from '../../../../src/server/domain/servicing/postings';
import { isBalanced, trialBalance, type Posting } from '../../../../src/server/domain/ledger/posting';
import { CHART_OF_ACCOUNTS } from '../../../../src/shared/ledger';
import { repurchaseAmount, type RepurchaseFacts } from '../../../../src/server/domain/servicing/repurchase';

const show = (p: Posting) => p.lines.map((l) => `${l.side === 'debit' ? 'D' : 'C'} ${CHART_OF_ACCOUNTS[l.account].code} ${l.amount.toFixed(2)}`);
const fixed = (a: ReturnType<typeof repurchaseAmount>) => Object.fromEntries(Object.entries(a).map(([k, v]) => [k, (v as Decimal).toFixed(2)]));

const base: RepurchaseFacts = {
  rule: 'face_plus_charges',
  date: '2026-05-01',
  dueDate: '2026-03-15',
  faceValue: '283.68',
  charges: '9.45',
  openPrincipal: '262.10',
  cessionMonthlyRate: '1.5',
};

describe('the amount due to the assignee', () => {
  it('face_plus_charges: what the borrower owes on the day, charges included; the loss is what exceeds the open principal', () => {
    expect(fixed(repurchaseAmount(base))).toEqual({ faceValue: '283.68', charges: '9.45', discount: '0.00', amount: '293.13', carrying: '262.10', result: '-31.03' });
  });

  it('present_value of an overdue installment: the face value, no charges and no discount', () => {
    expect(fixed(repurchaseAmount({ ...base, rule: 'present_value' }))).toEqual({ faceValue: '283.68', charges: '0.00', discount: '0.00', amount: '283.68', carrying: '262.10', result: '-21.58' });
  });

  it('present_value before the due date: 1,000.00 at 2% a month 45 days ahead is 1,000 / 1.02^1.5 = 970.73 (half-up to the cent)', () => {
    const a = repurchaseAmount({ ...base, rule: 'present_value', date: '2026-01-31', dueDate: '2026-03-17', faceValue: '1000.00', charges: '0.00', openPrincipal: '950.00', cessionMonthlyRate: '2' });
    expect(fixed(a)).toEqual({ faceValue: '1000.00', charges: '0.00', discount: '29.27', amount: '970.73', carrying: '950.00', result: '-20.73' });
  });

  it('present_value of a cession priced at a stated amount (no rate): the face value', () => {
    const a = repurchaseAmount({ ...base, rule: 'present_value', date: '2026-01-31', dueDate: '2026-03-17', cessionMonthlyRate: null });
    expect(a.amount.toFixed(2)).toBe('283.68');
  });

  it('present_value on the cession date costs exactly what the installment sold for', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 0, max: 720 }), fc.integer({ min: 0, max: 500 }), (faceCents, days, ratePerMil) => {
        const faceValue = new Decimal(faceCents).div(100);
        const dueDate = new Date(Date.UTC(2026, 0, 10 + days)).toISOString().slice(0, 10);
        const rate = new Decimal(ratePerMil).div(100);
        const sold = priceCession('2026-01-10', [{ id: 1, dueDate, faceValue, openPrincipal: 0 }], { kind: 'rate', monthlyRatePercent: rate });
        const back = repurchaseAmount({ rule: 'present_value', date: '2026-01-10', dueDate, faceValue, charges: '3.00', openPrincipal: 0, cessionMonthlyRate: rate });
        expect(back.amount.toFixed(2)).toBe(sold.price.toFixed(2));
      }),
      { seed: 20260110, numRuns: 200 },
    );
  });

  it('refuses figures that cannot be: principal above the face value, an unknown rule, a bad day', () => {
    expect(() => repurchaseAmount({ ...base, openPrincipal: '300.00' })).toThrow(RangeError);
    expect(() => repurchaseAmount({ ...base, rule: 'whatever' as never })).toThrow(RangeError);
    expect(() => repurchaseAmount({ ...base, date: '2026-02-30' })).toThrow(RangeError);
  });
});

describe('repurchase postings', () => {
  it('paying more than the open principal: receivable back, the amount due to the assignee, the difference a loss', () => {
    expect(show(repurchasePosting({ amount: '293.13', carrying: '262.10' }))).toEqual(['D 1.2.01 262.10', 'C 2.1.02 293.13', 'D 4.1.04 31.03']);
  });
  it('paying less: the difference a gain; at par: no result line', () => {
    expect(show(repurchasePosting({ amount: '250.00', carrying: '262.10' }))).toEqual(['D 1.2.01 262.10', 'C 2.1.02 250.00', 'C 3.1.05 12.10']);
    expect(show(repurchasePosting({ amount: '262.10', carrying: '262.10' }))).toEqual(['D 1.2.01 262.10', 'C 2.1.02 262.10']);
  });
  it('nothing to pay is not a repurchase', () => {
    expect(() => repurchasePosting({ amount: '0.00', carrying: '0.00' })).toThrow(RangeError);
  });
  it('balances, and its undoing leaves every account where it was', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (amountCents, carryingCents) => {
        const figures = { amount: new Decimal(amountCents).div(100), carrying: new Decimal(carryingCents).div(100) };
        const buy = repurchasePosting(figures);
        const undo = repurchaseReversalPosting(figures);
        expect(buy.kind).toBe('repurchase');
        expect(undo.kind).toBe('repurchase_reversal');
        expect(isBalanced(buy.lines) && isBalanced(undo.lines)).toBe(true);
        const tb = trialBalance([...buy.lines, ...undo.lines]);
        expect(Object.values(tb.balances).every((b) => b.isZero())).toBe(true);
      }),
      { seed: 28, numRuns: 200 },
    );
  });
});
