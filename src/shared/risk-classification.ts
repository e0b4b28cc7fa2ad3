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
 * - Losses: Res. CMN 2.682/1999 art. 7 writes off (transfers to compensation
 *   accounts) only an operation rated H, so an operation or installment
 *   written off is at level H; art. 3 rates all of a client's operations by
 *   the riskiest. The borrower is therefore rated H while a loss weighs on
 *   it: a write-off in force (not undone) dated within the last
 *   LOSS_MEMORY_MONTHS months of the day asked. The window is the lender's
 *   policy (2.682 keeps the written-off operation in compensation for five
 *   years but says nothing of how long it colours new credit). Under Res. CMN
 *   4.966/2021 the loss is a problem asset: stage 3. An installment written
 *   off no longer counts as overdue (its days late are not collected any
 *   more): the loss, not the delay, rates the borrower.
 *
 * Pure: the caller gives the largest number of days overdue among the
 * borrower's open installments and the day of its latest write-off in force.
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

/** How long a loss written off keeps the borrower at H, in months (the lender's policy, see above). */
export const LOSS_MEMORY_MONTHS = 12;

/** The calendar day `months` months before `day` ('YYYY-MM-DD'; the 31st of a shorter month becomes its last day). */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** What the borrower is rated by on a day. */
export interface RiskFacts {
  /** the day asked, 'YYYY-MM-DD' */
  asOf: string;
  maxDaysOverdue: number;
  /** the day of the latest write-off in force on `asOf` (null: none) */
  lastLossOn: string | null;
}

/** Whether the borrower's latest loss still weighs on `asOf`: dated within the last LOSS_MEMORY_MONTHS months. */
export function lossWeighs(facts: Pick<RiskFacts, 'asOf' | 'lastLossOn'>): boolean {
  const on = facts.lastLossOn;
  return on !== null && on <= facts.asOf && on > monthsBefore(facts.asOf, LOSS_MEMORY_MONTHS);
}

export function riskRatingOf(facts: RiskFacts): RiskRating {
  return lossWeighs(facts) ? 'H' : ratingFor(facts.maxDaysOverdue);
}

export function riskStageOf(facts: RiskFacts): RiskStage {
  return lossWeighs(facts) ? '3' : stageFor(facts.maxDaysOverdue);
}

export function riskRatingReasonOf(facts: RiskFacts): RiskReason {
  return lossWeighs(facts) ? { key: `${REASONS}.ratingLoss`, vars: { date: facts.lastLossOn!, months: LOSS_MEMORY_MONTHS } } : ratingReasonOf(facts.maxDaysOverdue);
}

export function riskStageReasonOf(facts: RiskFacts): RiskReason {
  return lossWeighs(facts) ? { key: `${REASONS}.stageLoss`, vars: { date: facts.lastLossOn!, months: LOSS_MEMORY_MONTHS } } : stageReasonOf(facts.maxDaysOverdue);
}

/** 'YYYY-MM-DD' as the Brazilian DD/MM/YYYY, for the server's Portuguese. */
const brazilianDate = (day: string) => day.split('-').reverse().join('/');

/** The Portuguese text of a reason, from the pt-BR catalogue's template (what the server answers); a `date` reads DD/MM/YYYY. */
export function portugueseReason(reason: RiskReason): string {
  const leaf = reason.key.split('.').pop() as keyof typeof ptBorrowers.risk.reasons;
  return ptBorrowers.risk.reasons[leaf].replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    name === 'date' ? brazilianDate(String(reason.vars[name] ?? '')) : String(reason.vars[name] ?? ''),
  );
}

/** The reasons in Portuguese (the server answers them; the screen words them from ratingReasonOf/stageReasonOf in its language). */
export function ratingReason(maxDaysOverdue: number): string {
  return portugueseReason(ratingReasonOf(maxDaysOverdue));
}

export function stageReason(maxDaysOverdue: number): string {
  return portugueseReason(stageReasonOf(maxDaysOverdue));
}
