/**
 * The seven-day withdrawal's pure rules (domain/withdrawal/withdrawal.ts): the window of CDC art. 49 (the first day
 * left out, the seventh in, a last day on a weekend or bank holiday moved to the next business day: Código Civil
 * art. 132), and the posting that undoes a release, balanced, with the IOF borne by the lender.
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { amountToReturn, withdrawalPosting, withdrawalWindow, withinWindow } from '../../../src/server/domain/withdrawal/withdrawal';

describe('the window', () => {
  it('seven calendar days from the release, the seventh included', () => {
    const w = withdrawalWindow('2026-01-15');
    expect(w).toEqual({ countedFrom: '2026-01-15', lastDay: '2026-01-22' });
    expect(withinWindow(w, '2026-01-15')).toBe(true);
    expect(withinWindow(w, '2026-01-22')).toBe(true);
    expect(withinWindow(w, '2026-01-23')).toBe(false);
    expect(withinWindow(w, '2026-01-14')).toBe(false);
  });

  it('a seventh day on a weekend moves to the next business day', () => {
    // Released Friday 2026-01-16: the seventh day is Friday the 23rd (business). Released Saturday the 17th: Saturday the 24th → Monday the 26th.
    expect(withdrawalWindow('2026-01-16').lastDay).toBe('2026-01-23');
    expect(withdrawalWindow('2026-01-17').lastDay).toBe('2026-01-26');
  });

  it('a bank holiday on the seventh day moves it too (Tiradentes, 2026-04-21)', () => {
    expect(withdrawalWindow('2026-04-14').lastDay).toBe('2026-04-22');
  });

  it('counts from the later of the signature and the release', () => {
    expect(withdrawalWindow('2026-01-15', '2026-01-10').countedFrom).toBe('2026-01-15');
    expect(withdrawalWindow('2026-01-15', '2026-01-19')).toEqual({ countedFrom: '2026-01-19', lastDay: '2026-01-26' });
  });
});

describe('the posting', () => {
  it('returns the principal released; fees undone; the IOF an expense; the receivable closed; balanced', () => {
    const figures = { financed: '3100.00', released: '3000.00', iof: '60.00', fees: '40.00' };
    expect(amountToReturn(figures).toFixed(2)).toBe('3000.00');
    const p = withdrawalPosting(figures);
    expect(p.kind).toBe('withdrawal');
    const by = Object.fromEntries(p.lines.map((l) => [l.account, `${l.side} ${new Decimal(l.amount).toFixed(2)}`]));
    expect(by).toEqual({ bank: 'debit 3000.00', fee_income: 'debit 40.00', iof_expense: 'debit 60.00', loans_receivable: 'credit 3100.00' });
  });

  it('leaves out zero lines and refuses figures that do not add up', () => {
    expect(withdrawalPosting({ financed: '3000.00', released: '3000.00', iof: '0', fees: '0' }).lines).toHaveLength(2);
    expect(() => withdrawalPosting({ financed: '3100.00', released: '3000.00', iof: '60.00', fees: '0' })).toThrow(RangeError);
  });
});
