/**
 * An operation's stage at the monthly close (Res. CMN 4.966/2021): stage 1;
 * stage 2 above 30 days late (art. 38's presumption); stage 3 — a problem
 * asset (ativo com problema de recuperação de crédito, art. 3) — above 90
 * days late, restructured (art. 3 §1), or with a loss written off in force;
 * and the client-level drag: one operation of a client in stage 3 takes the
 * client's other operations to stage 3 (art. 3 §4: the problem asset
 * characterises the counterparty). The days-late thresholds are
 * risk-classification.ts's `stageFor`, the borrower card's rule: one rule.
 */
import { stageFor, type RiskStage } from '../risk-classification';
import type { StageReason } from './close';

export interface StageFacts {
  daysLate: number;
  restructured: boolean;
  writtenOff: boolean;
}

/** The operation's own stage and why, before the client's drag. */
export function ownStageOf(facts: StageFacts): { stage: RiskStage; reason: StageReason } {
  const byDays = stageFor(facts.daysLate);
  if (byDays === '3') return { stage: '3', reason: 'late_over_90' };
  if (facts.writtenOff) return { stage: '3', reason: 'written_off' };
  if (facts.restructured) return { stage: '3', reason: 'restructured' };
  if (byDays === '2') return { stage: '2', reason: 'late_over_30' };
  return { stage: '1', reason: 'performing' };
}

/** The client's drag over its operations' own stages: any in stage 3 takes the others to 3 (reason client_drag). */
export function withClientDrag<T extends { borrowerId: number; stage: RiskStage; reason: StageReason }>(operations: readonly T[]): T[] {
  const problem = new Set(operations.filter((o) => o.stage === '3').map((o) => o.borrowerId));
  return operations.map((o) => (o.stage !== '3' && problem.has(o.borrowerId) ? { ...o, stage: '3' as RiskStage, reason: 'client_drag' as StageReason } : o));
}
