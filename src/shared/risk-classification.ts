/**
 * A borrower's risk classification from the days its installments are
 * overdue, shown on the borrower's record. Two scales, both shown, each with why:
 *
 * - Res. CMN 2.682/1999, art. 4 I: an operation overdue 15–30 days is rated B
 *   at least; 31–60 C; 61–90 D; 91–120 E; 121–150 F; 151–180 G; over 180 H.
 *   Below 15 days the rating is the lender's judgement; here AA when nothing
 *   is overdue and A for 1–14 days.
 * - Res. CMN 4.966/2021 (in force since 2025-01-01, replacing 2.682's
 *   provisioning): stage 1 (no significant increase of credit risk), stage 2
 *   (significant increase, presumed when overdue more than 30 days) and
 *   stage 3 (problem asset: overdue more than 90 days).
 *
 * Pure: the caller gives the largest number of days overdue among the
 * borrower's open installments.
 */
import { borrowers as ptBorrowers } from './i18n/pt-BR/borrowers';

export const RISK_RATINGS = ['AA', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export type RiskRating = (typeof RISK_RATINGS)[number];
export const RISK_STAGES = ['1', '2', '3'] as const;
export type RiskStage = (typeof RISK_STAGES)[number];

/** [lowest days overdue, rating], highest bands first. */
const RATING_BANDS: ReadonlyArray<readonly [number, RiskRating]> = [
  [181, 'H'],
  [151, 'G'],
  [121, 'F'],
  [91, 'E'],
  [61, 'D'],
  [31, 'C'],
  [15, 'B'],
  [1, 'A'],
  [0, 'AA'],
];

export function ratingFor(maxDaysOverdue: number): RiskRating {
  const days = Math.max(0, Math.floor(maxDaysOverdue));
  for (const [from, rating] of RATING_BANDS) if (days >= from) return rating;
  return 'AA';
}

export function stageFor(maxDaysOverdue: number): RiskStage {
  if (maxDaysOverdue > 90) return '3';
  if (maxDaysOverdue > 30) return '2';
  return '1';
}

/** A reason as a catalogue key (borrowers.risk.reasons.*) and its values, for the screen to word in the person's language. */
export interface RiskReason {
  key: string;
  vars: Record<string, string | number>;
}

const REASONS = 'borrowers.risk.reasons';

export function ratingReasonOf(maxDaysOverdue: number): RiskReason {
  const days = maxDaysOverdue;
  const rating = ratingFor(maxDaysOverdue);
  if (rating === 'AA') return { key: `${REASONS}.ratingNone`, vars: {} };
  if (rating === 'A') return { key: `${REASONS}.ratingUnder15`, vars: { days } };
  const band = RATING_BANDS.find(([, r]) => r === rating)!;
  const next = RATING_BANDS[RATING_BANDS.indexOf(band) - 1];
  return next
    ? { key: `${REASONS}.ratingBetween`, vars: { days, from: band[0], to: next[0] - 1, rating } }
    : { key: `${REASONS}.ratingAbove`, vars: { days, rating } };
}

export function stageReasonOf(maxDaysOverdue: number): RiskReason {
  const stage = stageFor(maxDaysOverdue);
  return { key: `${REASONS}.stage${stage}`, vars: { days: maxDaysOverdue } };
}

/** The Portuguese text of a reason, from the pt-BR catalogue's template (what the server answers). */
function portuguese(reason: RiskReason): string {
  const leaf = reason.key.split('.').pop() as keyof typeof ptBorrowers.risk.reasons;
  return ptBorrowers.risk.reasons[leaf].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(reason.vars[name] ?? ''));
}

/** The reasons in Portuguese (the server answers them; the screen words them from ratingReasonOf/stageReasonOf in its language). */
export function ratingReason(maxDaysOverdue: number): string {
  return portuguese(ratingReasonOf(maxDaysOverdue));
}

export function stageReason(maxDaysOverdue: number): string {
  return portuguese(stageReasonOf(maxDaysOverdue));
}
