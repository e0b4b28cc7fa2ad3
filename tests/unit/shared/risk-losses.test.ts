/**
 * The loss rule of the risk classification: a write-off in force within the
 * last twelve months rates the borrower H and stage 3 (Res. CMN 2.682/1999
 * arts. 3 and 7; Res. CMN 4.966/2021), whatever its days overdue; after the
 * window the days overdue rate it again. Calendar arithmetic on strings only.
 */
import { describe, expect, it } from 'vitest';
import { translate } from '../../../src/shared/i18n';
import {
  LOSS_MEMORY_MONTHS,
  lossWeighs,
  monthsBefore,
  portugueseReason,
  riskRatingOf,
  riskRatingReasonOf,
  riskStageOf,
  riskStageReasonOf,
  type RiskFacts,
} from '../../../src/shared/risk-classification';

const facts = (asOf: string, lastLossOn: string | null, maxDaysOverdue = 0): RiskFacts => ({ asOf, lastLossOn, maxDaysOverdue });

describe('monthsBefore', () => {
  it('moves back whole months on the calendar, the 31st of a shorter month to its last day', () => {
    expect(monthsBefore('2026-11-26', 12)).toBe('2025-11-26');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2025-02-28', 12)).toBe('2024-02-28');
    expect(monthsBefore('2024-02-29', 12)).toBe('2023-02-28');
    expect(monthsBefore('2026-01-15', 13)).toBe('2024-12-15');
  });
});

describe('a loss written off', () => {
  it('weighs from its day for twelve months, not on the day twelve months later, and never before it happened', () => {
    expect(LOSS_MEMORY_MONTHS).toBe(12);
    expect(lossWeighs(facts('2026-05-10', '2026-05-10'))).toBe(true);
    expect(lossWeighs(facts('2027-05-09', '2026-05-10'))).toBe(true);
    expect(lossWeighs(facts('2027-05-10', '2026-05-10'))).toBe(false);
    expect(lossWeighs(facts('2026-05-09', '2026-05-10'))).toBe(false);
    expect(lossWeighs(facts('2026-05-10', null))).toBe(false);
  });

  it('rates the borrower H and stage 3 while it weighs, even with nothing overdue', () => {
    expect(riskRatingOf(facts('2026-06-01', '2026-05-10'))).toBe('H');
    expect(riskStageOf(facts('2026-06-01', '2026-05-10'))).toBe('3');
    expect(riskRatingOf(facts('2026-06-01', '2026-05-10', 20))).toBe('H');
  });

  it('leaves the days overdue to rate once the window has passed, or when there is none', () => {
    expect(riskRatingOf(facts('2027-06-01', '2026-05-10'))).toBe('AA');
    expect(riskStageOf(facts('2027-06-01', '2026-05-10'))).toBe('1');
    expect(riskRatingOf(facts('2027-06-01', '2026-05-10', 45))).toBe('C');
    expect(riskStageOf(facts('2027-06-01', '2026-05-10', 45))).toBe('2');
    expect(riskRatingOf(facts('2026-06-01', null, 200))).toBe('H');
    expect(riskRatingReasonOf(facts('2026-06-01', null, 45)).key).toBe('borrowers.risk.reasons.ratingBetween');
  });

  it('gives its reason with the date and the sources, in Portuguese for the server and in both catalogues', () => {
    const rating = riskRatingReasonOf(facts('2026-06-01', '2026-05-10'));
    const stage = riskStageReasonOf(facts('2026-06-01', '2026-05-10'));
    expect(rating).toEqual({ key: 'borrowers.risk.reasons.ratingLoss', vars: { date: '2026-05-10', months: 12 } });
    expect(portugueseReason(rating)).toMatch(/^Perda baixada em 10\/05\/2026, nos últimos 12 meses: nível H \(Res\. CMN 2\.682\/1999, art\. 7º/);
    expect(portugueseReason(stage)).toMatch(/estágio 3 \(Res\. CMN 4\.966\/2021\)/);
    for (const reason of [rating, stage]) {
      const en = translate('en', reason.key, reason.vars);
      expect(en).toContain('2026-05-10');
      expect(en).not.toMatch(/perda|baixada|nível|estágio|meses/i);
      expect(translate('pt-BR', reason.key, reason.vars)).toContain('nos últimos 12 meses');
    }
  });
});
