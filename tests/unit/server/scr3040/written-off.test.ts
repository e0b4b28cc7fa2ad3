/**
 * The Doc 3040's written-off buckets (anexo Vencimentos: v310 written off up to
 * 12 months ago, v320 over 12 up to 48, v330 over 48): worked examples for one
 * operation written off at known days, seen from several data-base months, and
 * the property that every amount falls in exactly one bucket and the buckets
 * add up to the amounts written off.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthEnd } from '../../../../src/server/domain/scr3040/checks';
import {
  vencBuckets,
  vencOwedTotal,
  vencTotal,
  vencWrittenOffTotal,
  WRITTEN_OFF_CODES,
  writtenOffBuckets,
  writtenOffCodeFor,
} from '../../../../src/server/domain/scr3040/venc';
import { addDays } from '../../../../src/server/domain/credit/calendar';

const plain = (b: Record<string, Decimal>) => Object.fromEntries(Object.entries(b).map(([k, v]) => [k, v.toFixed(2)]));

describe('written-off buckets of one operation at several data-bases', () => {
  // One installment written off on 31 March 2026 (R$ 300.00), the rest of the operation on 4 May 2026 (R$ 1,200.00).
  const writeOffs = [
    { date: '2026-03-31', amount: '300.00' },
    { date: '2026-05-04', amount: '1200.00' },
  ];
  const at = (month: string) => plain(writtenOffBuckets(monthEnd(month), writeOffs.filter((w) => w.date <= monthEnd(month))));

  it('March 2026: the first write-off, this month', () => {
    expect(at('2026-03')).toEqual({ v310: '300.00' });
  });
  it('May 2026 to March 2027: both up to 12 months ago (31 March 2027 is exactly 12 months)', () => {
    expect(at('2026-05')).toEqual({ v310: '1500.00' });
    expect(at('2027-03')).toEqual({ v310: '1500.00' });
  });
  it('April 2027: the first over 12 months (v320), the second still up to 12', () => {
    expect(at('2027-04')).toEqual({ v310: '1200.00', v320: '300.00' });
  });
  it('May 2027: both over 12 months (4 May 2027 + 27 days)', () => {
    expect(at('2027-05')).toEqual({ v320: '1500.00' });
  });
  it('March 2030: exactly 48 months for the first, still v320; April 2030 it is over 48 (v330)', () => {
    expect(at('2030-03')).toEqual({ v320: '1500.00' });
    expect(at('2030-04')).toEqual({ v320: '1200.00', v330: '300.00' });
    expect(at('2030-05')).toEqual({ v330: '1500.00' });
  });
  it('refuses a write-off after the data-base and a negative amount', () => {
    expect(() => writtenOffBuckets('2026-03-31', [{ date: '2026-04-01', amount: '1' }])).toThrow(RangeError);
    expect(() => writtenOffBuckets('2026-03-31', [{ date: '2026-03-01', amount: '-1' }])).toThrow(RangeError);
  });
  it('an operation partly written off: the open balance in its own buckets, the written-off part beside it', () => {
    const buckets = vencBuckets({ baseDate: '2026-04-30', balance: '700.00', flows: [{ due: '2026-05-15', amount: '700.00' }], writeOffs: [{ date: '2026-03-31', amount: '300.00' }] });
    expect(plain(buckets)).toEqual({ v110: '700.00', v310: '300.00' });
    expect(vencOwedTotal(buckets).toFixed(2)).toBe('700.00');
    expect(vencWrittenOffTotal(buckets).toFixed(2)).toBe('300.00');
  });
});

const day = fc.integer({ min: 0, max: 365 * 12 }).map((n) => addDays('2020-01-01', n));
const cents = fc.integer({ min: 0, max: 10_000_000 }).map((n) => new Decimal(n).div(100));

describe('written-off buckets: properties', () => {
  it('every amount falls in exactly one bucket; the buckets sum to the written-off total', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(day, cents), { maxLength: 12 }), day, (pairs, base) => {
        const amounts = pairs.filter(([d]) => d <= base).map(([date, amount]) => ({ date, amount }));
        const buckets = writtenOffBuckets(base, amounts);
        // only written-off codes, never a zero or negative bucket
        for (const [code, v] of Object.entries(buckets)) {
          expect(WRITTEN_OFF_CODES).toContain(code);
          expect(v.gt(0)).toBe(true);
        }
        const total = amounts.reduce((s, a) => s.plus(a.amount), new Decimal(0));
        expect(vencTotal(buckets).eq(total)).toBe(true);
        // each amount alone lands in exactly one bucket, the one its code names
        for (const a of amounts) {
          if (a.amount.isZero()) continue;
          const alone = writtenOffBuckets(base, [a]);
          expect(Object.keys(alone)).toEqual([writtenOffCodeFor(a.date, base)]);
        }
      }),
    );
  });

  it('the bucket never moves back as the data-base moves on (v310 → v320 → v330)', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 }), (writtenOn, a, b) => {
        const [near, far] = [addDays(writtenOn, Math.min(a, b)), addDays(writtenOn, Math.max(a, b))];
        expect(writtenOffCodeFor(writtenOn, near) <= writtenOffCodeFor(writtenOn, far)).toBe(true);
      }),
    );
  });
});
