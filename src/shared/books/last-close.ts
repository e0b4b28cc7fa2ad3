/**
 * What the last monthly close recorded, as the risk card and the collections
 * list show it beside the live figures: a borrower's stage at the close is the
 * worst stage of its operations the close held (Res. CMN 4.966/2021: a client
 * with one operation in stage 3 has all of them in stage 3; the close already
 * records that drag), its provision their sum (Res. BCB 352/2023 art. 82's
 * provision per operation, added up in decimal, two places).
 */
import Decimal from 'decimal.js';
import { RISK_STAGES, type RiskStage } from '../risk-classification';

export interface StageAndProvision {
  stage: RiskStage;
  provision: string;
}

/** The borrower at the close: the worst stage (null when the close held none of its operations), the provisions' sum, how many. */
export function borrowerAtClose(positions: readonly StageAndProvision[]): { stage: RiskStage | null; provision: string; operations: number } {
  let worst = -1;
  let provision = new Decimal(0);
  for (const p of positions) {
    worst = Math.max(worst, RISK_STAGES.indexOf(p.stage));
    provision = provision.plus(p.provision);
  }
  return { stage: worst < 0 ? null : RISK_STAGES[worst], provision: provision.toFixed(2), operations: positions.length };
}

