/**
 * Pricing a cession of installments (src/server/domain/servicing/cession.ts):
 * the discounted price at a monthly rate over calendar days / 30, a stated
 * price shared in whole cents, and the result against the carrying amount.
 *
 * The worked figures are computed by hand from the formula the module
 * documents, price = face / (1 + i)^(days / 30), the convention of monthly
 * discount rates in receivables purchase agreements:
 * - R$ 1.000,00 due in 30 days at 2% a.m.: 1000 / 1.02 = 980.392… → R$ 980,39;
 * - R$ 1.000,00 due in 45 days at 1.5% a.m.: 1000 / 1.015^1.5
 *   = 1000 / 1.022584… = 977.914… → R$ 977,91;
 * - R$ 2.500,00 due in 90 days at 3% a.m.: 2500 / 1.03^3 = 2500 / 1.092727
 *   = 2287.854… → R$ 2.287,85.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCession, returnedPart, shareInCents, type AssignableInstallment } from '../../../../src/server/domain/servicing/cession';
import { addDays } from '../../../../src/server/domain/servicing/days';

const DATE = '2026-03-10';
const inst = (id: number, days: number, face: string, principal = face): AssignableInstallment => ({ id, dueDate: addDays(DATE, days), faceValue: face, openPrincipal: principal });
const centsArb = fc.integer({ min: 1, max: 10 ** 9 }).map((c) => new Decimal(c).div(100));

describe('cession price', () => {
  it('discounts each installment at the monthly rate over calendar days / 30, to the cent (hand-computed figures)', () => {
    expect(priceCession(DATE, [inst(1, 30, '1000.00')], { kind: 'rate', monthlyRatePercent: '2' }).price.toFixed(2)).toBe('980.39');
    expect(priceCession(DATE, [inst(1, 45, '1000.00')], { kind: 'rate', monthlyRatePercent: '1.5' }).price.toFixed(2)).toBe('977.91');
    const three = priceCession(DATE, [inst(1, 30, '1000.00'), inst(2, 45, '1000.00'), inst(3, 90, '2500.00', '2400.00')], { kind: 'rate', monthlyRatePercent: '2' });
    expect(three.installments.map((p) => p.days)).toEqual([30, 45, 90]);
    const ninety = priceCession(DATE, [inst(3, 90, '2500.00')], { kind: 'rate', monthlyRatePercent: '3' });
    expect(ninety.price.toFixed(2)).toBe('2287.85');
    expect(ninety.discount.toFixed(2)).toBe('212.15');
  });

  it('never discounts what is due on or before the cession date, and a zero rate sells at face value', () => {
    const p = priceCession(DATE, [inst(1, 0, '100.00'), inst(2, -5, '50.00')], { kind: 'rate', monthlyRatePercent: '4' });
    expect(p.installments.map((i) => [i.days, i.price.toFixed(2)])).toEqual([[0, '100.00'], [0, '50.00']]);
    expect(priceCession(DATE, [inst(1, 400, '10.00')], { kind: 'rate', monthlyRatePercent: '0' }).price.toFixed(2)).toBe('10.00');
  });

  it('for any installments and rate: lines add up to the total, 0 ≤ price ≤ face, result = price − carrying, a higher rate never pays more', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -10, max: 2000 }), centsArb, fc.integer({ min: 0, max: 100 })), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 500 }),
        (rows, rateBp, extraBp) => {
          const items = rows.map(([days, face, pct], k) => inst(k + 1, days, face.toFixed(2), face.mul(pct).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2)));
          const rate = new Decimal(rateBp).div(100);
          const p = priceCession(DATE, items, { kind: 'rate', monthlyRatePercent: rate });
          expect(p.price.eq(p.installments.reduce((a, i) => a.plus(i.price), new Decimal(0)))).toBe(true);
          for (const i of p.installments) {
            expect(i.price.gte(0) && i.price.lte(i.faceValue)).toBe(true);
            expect(i.price.decimalPlaces()).toBeLessThanOrEqual(2);
            expect(i.result.eq(i.price.minus(i.carrying))).toBe(true);
          }
          expect(p.result.eq(p.price.minus(p.carrying))).toBe(true);
          expect(p.discount.eq(p.faceValue.minus(p.price))).toBe(true);
          const dearer = priceCession(DATE, items, { kind: 'rate', monthlyRatePercent: rate.plus(new Decimal(extraBp).div(100)) });
          expect(dearer.price.lte(p.price)).toBe(true);
        },
      ),
      { seed: 20261126, numRuns: 200 },
    );
  });

  it('shares a stated price in whole cents in proportion to face value, exactly', () => {
    const p = priceCession(DATE, [inst(1, 30, '100.00'), inst(2, 60, '100.00'), inst(3, 90, '100.00')], { kind: 'stated', price: '100.00' });
    // 33.33… each: the leftover cent goes to the first of the equal remainders.
    expect(p.installments.map((i) => i.price.toFixed(2))).toEqual(['33.34', '33.33', '33.33']);
    fc.assert(
      fc.property(fc.array(centsArb, { minLength: 1, maxLength: 50 }), fc.integer({ min: 1, max: 100 }), (faces, pct) => {
        const total = sumOf(faces).mul(pct).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
        if (total.lte(0)) return;
        const shares = shareInCents(total, faces);
        expect(sumOf(shares).eq(total)).toBe(true);
        shares.forEach((s, k) => {
          expect(s.decimalPlaces()).toBeLessThanOrEqual(2);
          // Within a cent of the exact proportional share.
          expect(s.minus(total.mul(faces[k]).div(sumOf(faces))).abs().lt(new Decimal('0.01'))).toBe(true);
        });
      }),
      { seed: 20261126, numRuns: 200 },
    );
  });

  it('refuses what cannot be priced, naming the field', () => {
    const ok = [inst(1, 30, '100.00')];
    expect(() => priceCession(DATE, [], { kind: 'rate', monthlyRatePercent: '2' })).toThrow(/installments/);
    expect(() => priceCession('2026-02-30', ok, { kind: 'rate', monthlyRatePercent: '2' })).toThrow(/date/);
    expect(() => priceCession(DATE, ok, { kind: 'rate', monthlyRatePercent: '-1' })).toThrow(/monthly rate/);
    expect(() => priceCession(DATE, ok, { kind: 'rate', monthlyRatePercent: '150' })).toThrow(/monthly rate/);
    expect(() => priceCession(DATE, ok, { kind: 'rate', monthlyRatePercent: 'abc' })).toThrow(/monthly rate/);
    expect(() => priceCession(DATE, ok, { kind: 'stated', price: '100.01' })).toThrow(/price must not exceed/);
    expect(() => priceCession(DATE, ok, { kind: 'stated', price: '1.001' })).toThrow(/price/);
    expect(() => priceCession(DATE, [inst(1, 30, '100.00', '100.01')], { kind: 'rate', monthlyRatePercent: '1' })).toThrow(/openPrincipal/);
    expect(() => priceCession(DATE, [inst(1, 30, '0.00')], { kind: 'rate', monthlyRatePercent: '1' })).toThrow(/faceValue/);
    expect(() => priceCession(DATE, [inst(1, 30, '10.00'), inst(1, 60, '10.00')], { kind: 'rate', monthlyRatePercent: '1' })).toThrow(/distinct/);
  });
});

function sumOf(values: readonly Decimal[]): Decimal {
  return values.reduce((a, b) => a.plus(b), new Decimal(0));
}

describe('reverse cession after collection: what returns to the lender', () => {
  const item = { faceValue: '1000.00', price: '950.00', carrying: '900.00' };

  it('returns the whole item when nothing was collected', () => {
    const back = returnedPart(item, { faceValue: '1000.00', principal: '900.00' });
    expect([back.price, back.carrying, back.result].map((d) => d.toFixed(2))).toEqual(['950.00', '900.00', '50.00']);
  });

  it('returns the open principal and the price share of the open face value (hand-computed)', () => {
    // R$ 400,00 collected (R$ 100,00 interest, R$ 300,00 principal): open face 600 → price 950 × 600/1000 = 570.00.
    const back = returnedPart(item, { faceValue: '600.00', principal: '600.00' });
    expect([back.price, back.carrying, back.result].map((d) => d.toFixed(2))).toEqual(['570.00', '600.00', '-30.00']);
    // A third open: 950 / 3 = 316.666… → 316.67 (half up).
    expect(returnedPart(item, { faceValue: '333.33', principal: '333.33' }).price.toFixed(2)).toBe('316.66');
    expect(returnedPart({ faceValue: '3.00', price: '1.00', carrying: '3.00' }, { faceValue: '2.00', principal: '2.00' }).price.toFixed(2)).toBe('0.67');
  });

  it('refuses an installment collected in full: nothing returns', () => {
    expect(() => returnedPart(item, { faceValue: '0.00', principal: '0.00' })).toThrow(RangeError);
  });

  it('never returns more price than the item had, and price − carrying is the result (property)', () => {
    fc.assert(
      fc.property(centsArb, fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 100 }), (face, pricePct, openPct, principalPct) => {
        const price = face.times(pricePct).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
        const open = Decimal.max(face.times(openPct).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN), '0.01');
        const principal = open.times(principalPct).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
        const back = returnedPart({ faceValue: face, price, carrying: face }, { faceValue: open, principal });
        expect(back.price.lte(price)).toBe(true);
        expect(back.price.gte(0)).toBe(true);
        expect(back.price.decimalPlaces()).toBeLessThanOrEqual(2);
        expect(back.carrying.eq(principal)).toBe(true);
        expect(back.result.eq(back.price.minus(back.carrying))).toBe(true);
      }),
    );
  });
});
