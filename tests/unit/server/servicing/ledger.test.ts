/** Double-entry postings (src/server/domain/servicing/postings.ts, domain/ledger/posting.ts). */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activePayments,
  amountDueAt,
  reallocationChanges,
  replayInstallment,
  type InstallmentEvent,
  type PaymentRecord,
  type Split,
} from '../../../../src/server/domain/servicing/allocation';
import { addDays } from '../../../../src/server/domain/servicing/days';
import { disbursementPosting, iofRemittancePosting, paymentPosting, prepaymentPosting, reallocationPosting, reversalPosting, writeOffPosting } from '../../../../src/server/domain/servicing/postings';
import { assertBalanced, isBalanced, trialBalance, UnbalancedPostingError, type JournalLine, type Posting } from '../../../../src/server/domain/ledger/posting';
import { CHART_OF_ACCOUNTS, LEDGER_ACCOUNTS as ACCOUNT_KEYS } from '../../../../src/shared/ledger';

const d = (v: Decimal.Value) => new Decimal(v);
const split = (lateFee: string, defaultInterest: string, interest: string, principal: string): Split => ({
  lateFee: d(lateFee),
  defaultInterest: d(defaultInterest),
  interest: d(interest),
  principal: d(principal),
});
const show = (p: Posting) => p.lines.map((l) => `${l.side === 'debit' ? 'D' : 'C'} ${CHART_OF_ACCOUNTS[l.account].code} ${l.amount.toFixed(2)}`);
const allLines = (ps: (Posting | null)[]) => ps.flatMap((p) => (p ? p.lines : []));

describe('chart of accounts', () => {
  it('gives every account its own code (two branches once both took 4.1.02)', () => {
    const codes = ACCOUNT_KEYS.map((k) => CHART_OF_ACCOUNTS[k].code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('postings', () => {
  it('disbursement: the amount financed enters the receivable; released, IOF and fees on the other side', () => {
    const p = disbursementPosting({ financed: '10000.00', released: '9500.00', iof: '380.00', fees: '120.00' });
    expect(show(p)).toEqual(['D 1.2.01 10000.00', 'C 1.1.01 9500.00', 'C 2.1.01 380.00', 'C 3.1.02 120.00']);
    expect(() => disbursementPosting({ financed: '10000.00', released: '9500.00', iof: '380.00', fees: '100.00' })).toThrow(/must equal/);
    expect(show(disbursementPosting({ financed: '1000', released: '1000', iof: '0', fees: '0' }))).toEqual(['D 1.2.01 1000.00', 'C 1.1.01 1000.00']);
  });

  it('payment by its split: principal off the receivable, interest and charges to income', () => {
    const p = paymentPosting(split('12.00', '6.00', '18.00', '64.00'));
    expect(show(p)).toEqual(['D 1.1.01 100.00', 'C 1.2.01 64.00', 'C 3.1.01 18.00', 'C 3.1.03 18.00']);
    expect(show(paymentPosting(split('0', '0', '0', '50.00')))).toEqual(['D 1.1.01 50.00', 'C 1.2.01 50.00']);
    expect(() => paymentPosting(split('0', '0', '0', '0'))).toThrow(RangeError);
    expect(() => paymentPosting(split('0', '0', '-1', '2'))).toThrow(RangeError);
  });

  it('reversal swaps the lines, so original and reversal cancel out on every account', () => {
    const original = paymentPosting(split('12.00', '6.00', '18.00', '64.00'));
    const reversal = reversalPosting(original);
    expect(show(reversal)).toEqual(['C 1.1.01 100.00', 'D 1.2.01 64.00', 'D 3.1.01 18.00', 'D 3.1.03 18.00']);
    const tb = trialBalance([...original.lines, ...reversal.lines]);
    for (const k of ACCOUNT_KEYS) expect(tb.balances[k].isZero()).toBe(true);
  });

  it('write-off, prepayment (with accrued interest or a discount), IOF remittance', () => {
    expect(show(writeOffPosting('536.00'))).toEqual(['D 4.1.01 536.00', 'C 1.2.01 536.00']);
    expect(show(prepaymentPosting({ amount: '3000.00', principal: '2950.00', interest: '50.00' }))).toEqual([
      'D 1.1.01 3000.00',
      'C 1.2.01 2950.00',
      'C 3.1.01 50.00',
    ]);
    expect(show(prepaymentPosting({ amount: '3000.00', principal: '3000.40', interest: '-0.40' }))).toEqual([
      'D 1.1.01 3000.00',
      'C 1.2.01 3000.40',
      'D 3.1.01 0.40',
    ]);
    expect(() => prepaymentPosting({ amount: '3000.00', principal: '2950.00', interest: '49.99' })).toThrow(RangeError);
    expect(show(iofRemittancePosting('380.00'))).toEqual(['D 2.1.01 380.00', 'C 1.1.01 380.00']);
    expect(() => writeOffPosting('0')).toThrow(RangeError);
  });

  it('re-allocation posts only the difference between the old and new split', () => {
    const p = reallocationPosting(split('12.00', '6.00', '18.00', '64.00'), split('0', '0', '10.00', '90.00'));
    expect(show(p!)).toEqual(['C 1.2.01 26.00', 'D 3.1.01 8.00', 'D 3.1.03 18.00']);
    expect(reallocationPosting(split('12.00', '6.00', '0', '0'), split('6.00', '12.00', '0', '0'))).toBeNull();
    expect(() => reallocationPosting(split('0', '0', '0', '10'), split('0', '0', '0', '11'))).toThrow(/keeps the payment amount/);
  });

  it('assertBalanced refuses malformed or unbalanced lines', () => {
    const line = (account: JournalLine['account'], side: JournalLine['side'], amount: Decimal.Value): JournalLine => ({ account, side, amount: d(amount) });
    expect(() => assertBalanced([line('bank', 'debit', '1')])).toThrow(UnbalancedPostingError);
    expect(() => assertBalanced([line('bank', 'debit', '1'), line('fee_income', 'credit', '2')])).toThrow(/differ/);
    expect(() => assertBalanced([line('bank', 'debit', '0'), line('fee_income', 'credit', '0')])).toThrow(/positive/);
    expect(() => assertBalanced([line('bank', 'debit', '1.001'), line('fee_income', 'credit', '1.001')])).toThrow(/cents/);
    expect(() => assertBalanced([line('toString' as 'bank', 'debit', '1'), line('fee_income', 'credit', '1')])).toThrow(/unknown account/);
    expect(isBalanced([line('bank', 'debit', '1'), line('fee_income', 'credit', '1')])).toBe(true);
  });
});

describe('ledger properties', () => {
  const terms = { lateFeePercent: '2', defaultInterestMonthlyPercent: '1', remuneratory: 'compound_daily', contractMonthlyPercent: '2.5', lateDaysFrom: 'payable_until' } as const;

  it('every posting of a random money flow balances, the trial balance sums to zero and the receivable is what is owed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 5_000_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.array(fc.record({ offset: fc.integer({ min: -10, max: 90 }), share: fc.integer({ min: 1, max: 700 }) }), { maxLength: 5 }),
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        (releasedCents, iofCents, feeCents, plan, reverse) => {
          const released = d(releasedCents).div(100);
          const iof = d(iofCents).div(100);
          const fees = d(feeCents).div(100);
          const financed = released.plus(iof).plus(fees);
          const figures = { dueDate: '2026-03-10', principal: financed, interest: financed.mul('0.05').toDecimalPlaces(2) };
          const postings: (Posting | null)[] = [disbursementPosting({ financed, released, iof, fees })];

          // payments, each within what is due at its date, each posted by its split as recorded
          const payments: PaymentRecord[] = [];
          [...plan]
            .sort((a, b) => a.offset - b.offset)
            .forEach(({ offset, share }, k) => {
              const date = addDays(figures.dueDate, offset);
              const due = amountDueAt(figures, terms, payments, date);
              const amount = Decimal.max('0.01', due.mul(share).div(1000).toDecimalPlaces(2, Decimal.ROUND_DOWN));
              if (due.isZero()) return;
              payments.push({ id: `p${k}`, date, amount });
              const a = replayInstallment(figures, terms, payments, date).allocations.at(-1)!;
              postings.push(paymentPosting(a.split));
            });

          // reversals: the payment's split as it stands now, swapped; later splits re-posted by difference
          const events: InstallmentEvent[] = payments.map((p) => ({ kind: 'payment', ...p }));
          let current = replayInstallment(figures, terms, payments, '2026-12-31').allocations;
          payments.forEach((p, k) => {
            if (!reverse[k]) return;
            events.push({ kind: 'reversal', id: `r${k}`, date: addDays(p.date, 5), reverses: p.id });
            const standing = current.find((a) => a.id === p.id)!;
            const reversal = reversalPosting(paymentPosting(standing.split));
            postings.push(reversal);
            const next = replayInstallment(figures, terms, activePayments(events), '2026-12-31').allocations;
            for (const c of reallocationChanges(current, next)) postings.push(reallocationPosting(c.before, c.after));
            current = next;
          });

          // write off what is left of the principal
          const principalPaid = current.reduce((s, a) => s.plus(a.split.principal), d(0));
          const left = financed.minus(principalPaid);
          if (left.gt(0)) postings.push(writeOffPosting(left));
          postings.push(iofRemittancePosting(iof.gt(0) ? iof : '0.01'));

          for (const p of postings) if (p) expect(isBalanced(p.lines)).toBe(true);
          const tb = trialBalance(allLines(postings));
          expect(tb.debits.eq(tb.credits)).toBe(true);
          expect(ACCOUNT_KEYS.reduce((s, k) => s.plus(tb.balances[k]), d(0)).isZero()).toBe(true);
          expect(tb.balances.loans_receivable.isZero()).toBe(true);
          const interestPaid = current.reduce((s, a) => s.plus(a.split.interest), d(0));
          expect(tb.balances.interest_income.neg().eq(interestPaid)).toBe(true);
        },
      ),
      { seed: 4966, numRuns: 50 },
    );
  });
});
