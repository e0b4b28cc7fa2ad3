/**
 * Provision percentages of Res. BCB 352/2023's simplified method (S4/S5
 * institutions; COSIF 1.2.3.4 points to the same annexes), each row with its
 * source. Percent of the gross book value of the asset (valor contábil bruto).
 *
 * - Anexo I (incurred loss, defaulted assets: more than 90 days late, COSIF
 *   1.2.3.4.3 a): by whole months in default, from "0 to less than 1 month"
 *   to 100%. The annex's rows start at C1 5.5, C2 30, C3 45, C4 35, C5 50 and
 *   rise 4.5 / 3.4 / 3.7 / 4.5 / 3.4 points a month; C3–C5 reach 100% at
 *   15 months, C1–C2 at 21. Written out row by row below.
 * - Anexo II (additional provision, assets that are not problem assets): by
 *   days late, bands 0–14 / 15–30 / 31–60 / 61–90.
 * - Problem assets not defaulted (stage 3 by restructuring or by the client's
 *   drag, 90 days late or less): C1 10.0, C2 33.4, C3 48.7, C4 39.5,
 *   C5 53.4 (the resolution's "provisão adicional", §1º II, a–e).
 * Pure; money is decimal.js in the callers.
 */
import type { Portfolio } from './close';

export const PROVISION_SOURCE_ANEXO_I = 'Res. BCB 352/2023, Anexo I (ativos inadimplidos, perda incorrida, por meses de inadimplência)';
export const PROVISION_SOURCE_ANEXO_II = 'Res. BCB 352/2023, Anexo II (provisão adicional, ativos sem problema de recuperação, por dias de atraso)';
export const PROVISION_SOURCE_DEFAULT_FLOOR =
  'Res. BCB 352/2023, Anexo I (ativo inadimplido), não abaixo do percentual do ativo com problema de recuperação não inadimplido (COSIF 1.2.3.4.1)';
export const PROVISION_SOURCE_PROBLEM = 'Res. BCB 352/2023, provisão adicional §1º II a–e (ativo com problema de recuperação de crédito não inadimplido)';

/** Anexo I: percent by whole months in default (index 0: less than one month), the last row 100%. */
export const ANEXO_I: Readonly<Record<Portfolio, readonly number[]>> = {
  C1: [5.5, 10.0, 14.5, 19.0, 23.5, 28.0, 32.5, 37.0, 41.5, 46.0, 50.5, 55.0, 59.5, 64.0, 68.5, 73.0, 77.5, 82.0, 86.5, 91.0, 95.5, 100],
  C2: [30.0, 33.4, 36.8, 40.2, 43.6, 47.0, 50.4, 53.8, 57.2, 60.6, 64.0, 67.4, 70.8, 74.2, 77.6, 81.0, 84.4, 87.8, 91.2, 94.6, 98.0, 100],
  C3: [45.0, 48.7, 52.4, 56.1, 59.8, 63.5, 67.2, 70.9, 74.6, 78.3, 82.0, 85.7, 89.4, 93.1, 96.8, 100],
  C4: [35.0, 39.5, 44.0, 48.5, 53.0, 57.5, 62.0, 66.5, 71.0, 75.5, 80.0, 84.5, 89.0, 93.5, 98.0, 100],
  C5: [50.0, 53.4, 56.8, 60.2, 63.6, 67.0, 70.4, 73.8, 77.2, 80.6, 84.0, 87.4, 90.8, 94.2, 97.6, 100],
};

/** Anexo II: [lowest days late, highest days late, percent by portfolio]. */
export const ANEXO_II: ReadonlyArray<{ from: number; to: number; rates: Readonly<Record<Portfolio, number>> }> = [
  { from: 0, to: 14, rates: { C1: 1.4, C2: 1.4, C3: 1.9, C4: 1.9, C5: 1.9 } },
  { from: 15, to: 30, rates: { C1: 3.5, C2: 3.5, C3: 3.5, C4: 3.5, C5: 7.5 } },
  { from: 31, to: 60, rates: { C1: 4.5, C2: 6, C3: 13, C4: 13, C5: 15 } },
  { from: 61, to: 90, rates: { C1: 5, C2: 17, C3: 32, C4: 32, C5: 38 } },
];

/** Problem assets not defaulted. */
export const PROBLEM_NOT_DEFAULTED: Readonly<Record<Portfolio, number>> = { C1: 10.0, C2: 33.4, C3: 48.7, C4: 39.5, C5: 53.4 };

/** More than 90 days late: defaulted (inadimplido; Res. BCB 352/2023 and COSIF 1.2.3.4.3 a). */
export const DEFAULTED_AFTER_DAYS = 90;

/**
 * Whole months in default on the close's day: 0 from the 91st day late to the
 * 120th, 1 from the 121st, … (a month counted as 30 days; the lender's
 * reading of "período igual ou maior que n e menor que n+1 meses").
 */
export function monthsInDefault(daysLate: number): number {
  if (daysLate <= DEFAULTED_AFTER_DAYS) return 0;
  return Math.floor((daysLate - DEFAULTED_AFTER_DAYS - 1) / 30);
}

export interface ProvisionFacts {
  portfolio: Portfolio;
  daysLate: number;
  /** stage 3 (problem asset): more than 90 days late, restructured, written off or dragged by the client */
  problem: boolean;
}

/** The rate (percent) and the row it comes from. */
export function provisionRateOf(facts: ProvisionFacts): { rate: number; source: string } {
  const days = Math.max(0, Math.floor(facts.daysLate));
  if (days > DEFAULTED_AFTER_DAYS) {
    const rows = ANEXO_I[facts.portfolio];
    const rate = rows[Math.min(monthsInDefault(days), rows.length - 1)];
    // Anexo I's rates are floors (COSIF 1.2.3.4.1: "sem prejuízo" of providing for the whole expected loss). Its
    // first month in default sits below the rate of a problem asset not yet defaulted (C1 5.5% against 10%), so a
    // restructured asset that then passes 90 days late would release provision for getting worse: the lender's
    // reading keeps the higher of the two, so the rate never falls as days late grow.
    const floor = PROBLEM_NOT_DEFAULTED[facts.portfolio];
    return rate >= floor ? { rate, source: PROVISION_SOURCE_ANEXO_I } : { rate: floor, source: PROVISION_SOURCE_DEFAULT_FLOOR };
  }
  if (facts.problem) return { rate: PROBLEM_NOT_DEFAULTED[facts.portfolio], source: PROVISION_SOURCE_PROBLEM };
  const band = ANEXO_II.find((b) => days >= b.from && days <= b.to)!;
  return { rate: band.rates[facts.portfolio], source: PROVISION_SOURCE_ANEXO_II };
}
