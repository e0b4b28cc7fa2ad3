import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PORTFOLIOS, type Portfolio } from '@shared/books/close';
import { ANEXO_I, PROBLEM_NOT_DEFAULTED, monthsInDefault, provisionRateOf } from '@shared/books/provision';
import { ownStageOf, withClientDrag } from '@shared/books/stage';
import { portfolioOf } from '@shared/books/portfolio';

const portfolio = fc.constantFrom(...PORTFOLIOS);

describe('provision rates (Res. BCB 352/2023 simplified method)', () => {
  it('reads worked rows of Anexo II by days late', () => {
    expect(provisionRateOf({ portfolio: 'C1', daysLate: 0, problem: false }).rate).toBe(1.4);
    expect(provisionRateOf({ portfolio: 'C5', daysLate: 14, problem: false }).rate).toBe(1.9);
    expect(provisionRateOf({ portfolio: 'C5', daysLate: 15, problem: false }).rate).toBe(7.5);
    expect(provisionRateOf({ portfolio: 'C2', daysLate: 31, problem: false }).rate).toBe(6);
    expect(provisionRateOf({ portfolio: 'C4', daysLate: 60, problem: false }).rate).toBe(13);
    expect(provisionRateOf({ portfolio: 'C3', daysLate: 90, problem: false }).rate).toBe(32);
    expect(provisionRateOf({ portfolio: 'C5', daysLate: 61, problem: false }).source).toMatch(/Anexo II/);
  });

  it('reads worked rows of Anexo I by months in default, from the 91st day', () => {
    expect(monthsInDefault(90)).toBe(0);
    expect(monthsInDefault(91)).toBe(0);
    expect(monthsInDefault(120)).toBe(0);
    expect(monthsInDefault(121)).toBe(1);
    // The first month in default is floored at the problem asset's own rate (C1 5.5% → 10%): it never falls on default.
    const r = provisionRateOf({ portfolio: 'C1', daysLate: 91, problem: true });
    expect(r).toEqual({ rate: 10, source: expect.stringMatching(/Anexo I .*não abaixo/) });
    expect(provisionRateOf({ portfolio: 'C2', daysLate: 120, problem: true }).rate).toBe(33.4);
    expect(provisionRateOf({ portfolio: 'C1', daysLate: 151, problem: true })).toEqual({ rate: 14.5, source: expect.stringMatching(/Anexo I \(/) });
    expect(provisionRateOf({ portfolio: 'C5', daysLate: 121, problem: true }).rate).toBe(53.4);
    expect(provisionRateOf({ portfolio: 'C3', daysLate: 91 + 15 * 30, problem: true }).rate).toBe(100);
    expect(provisionRateOf({ portfolio: 'C1', daysLate: 91 + 20 * 30, problem: true }).rate).toBe(95.5);
    expect(provisionRateOf({ portfolio: 'C1', daysLate: 91 + 21 * 30, problem: true }).rate).toBe(100);
  });

  it('gives a problem asset not defaulted its own row', () => {
    expect(provisionRateOf({ portfolio: 'C4', daysLate: 10, problem: true })).toEqual({ rate: 39.5, source: expect.stringMatching(/não inadimplido/) });
    for (const p of PORTFOLIOS) expect(provisionRateOf({ portfolio: p, daysLate: 0, problem: true }).rate).toBe(PROBLEM_NOT_DEFAULTED[p]);
  });

  it('Anexo I climbs to 100% and stays there; each month above the one before', () => {
    for (const p of PORTFOLIOS) {
      const rows = ANEXO_I[p];
      expect(rows[rows.length - 1]).toBe(100);
      for (let i = 1; i < rows.length; i++) expect(rows[i]).toBeGreaterThan(rows[i - 1]);
    }
    expect(ANEXO_I.C3.length - 1).toBe(15);
    expect(ANEXO_I.C1.length - 1).toBe(21);
  });

  it('property: the rate is in [0, 100], never falls as days late grow (same portfolio and problem), 100% in the end', () => {
    fc.assert(
      fc.property(portfolio, fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 }), fc.boolean(), (p: Portfolio, a, b, problem) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const rl = provisionRateOf({ portfolio: p, daysLate: lo, problem }).rate;
        const rh = provisionRateOf({ portfolio: p, daysLate: hi, problem: problem || hi > 90 }).rate;
        expect(rl).toBeGreaterThanOrEqual(0);
        expect(rh).toBeLessThanOrEqual(100);
        expect(rh).toBeGreaterThanOrEqual(rl);
        expect(provisionRateOf({ portfolio: p, daysLate: 91 + 30 * 30, problem }).rate).toBe(100);
      }),
      { numRuns: 500 },
    );
  });

  it('never falls on the day a problem asset becomes defaulted, in any portfolio', () => {
    for (const p of PORTFOLIOS) {
      expect(provisionRateOf({ portfolio: p, daysLate: 91, problem: true }).rate).toBeGreaterThanOrEqual(provisionRateOf({ portfolio: p, daysLate: 90, problem: true }).rate);
    }
  });
});

describe('stage at the close (Res. CMN 4.966/2021)', () => {
  it('1; 2 above 30 days late; 3 above 90, restructured or written off', () => {
    expect(ownStageOf({ daysLate: 30, restructured: false, writtenOff: false })).toEqual({ stage: '1', reason: 'performing' });
    expect(ownStageOf({ daysLate: 31, restructured: false, writtenOff: false })).toEqual({ stage: '2', reason: 'late_over_30' });
    expect(ownStageOf({ daysLate: 90, restructured: false, writtenOff: false }).stage).toBe('2');
    expect(ownStageOf({ daysLate: 91, restructured: true, writtenOff: false })).toEqual({ stage: '3', reason: 'late_over_90' });
    expect(ownStageOf({ daysLate: 0, restructured: true, writtenOff: false })).toEqual({ stage: '3', reason: 'restructured' });
    expect(ownStageOf({ daysLate: 0, restructured: false, writtenOff: true })).toEqual({ stage: '3', reason: 'written_off' });
  });

  it("drags a client's other operations to stage 3, not another client's", () => {
    const out = withClientDrag([
      { id: 1, borrowerId: 7, stage: '3' as const, reason: 'late_over_90' as const },
      { id: 2, borrowerId: 7, stage: '1' as const, reason: 'performing' as const },
      { id: 3, borrowerId: 8, stage: '2' as const, reason: 'late_over_30' as const },
    ]);
    expect(out.map((o) => [o.id, o.stage, o.reason])).toEqual([
      [1, '3', 'late_over_90'],
      [2, '3', 'client_drag'],
      [3, '2', 'late_over_30'],
    ]);
  });
});

describe('portfolio (C1–C5)', () => {
  it('from the best guarantee pledged, else by the kind of borrower', () => {
    expect(portfolioOf({ company: true, guarantees: ['vehicle', 'property'] })).toBe('C1');
    expect(portfolioOf({ company: false, guarantees: ['equipment'] })).toBe('C2');
    expect(portfolioOf({ company: true, guarantees: ['receivables', 'other'] })).toBe('C3');
    expect(portfolioOf({ company: true, guarantees: ['other'] })).toBe('C4');
    expect(portfolioOf({ company: false, guarantees: [] })).toBe('C5');
  });
});
