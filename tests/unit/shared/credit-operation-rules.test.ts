/**
 * The state rules of origination: the credit operation workflow
 * (src/shared/credit-operation-status.ts) and the risk classification
 * (src/shared/risk-classification.ts).
 *
 * Rating bands: Res. CMN 2.682/1999, art. 4º, I — "atraso entre 15 e 30 dias:
 * risco nível B, no mínimo; 31 e 60: C; 61 e 90: D; 91 e 120: E; 121 e 150:
 * F; 151 e 180: G; superior a 180 dias: H". Stages: Res. CMN 4.966/2021 —
 * significant increase of credit risk presumed above 30 days overdue (stage
 * 2), problem asset above 90 days (stage 3).
 */
import { describe, expect, it } from 'vitest';
import {
  ACTION_RULES,
  actionAllowed,
  canMoveOperation,
  actionsFrom,
  CREDIT_OPERATION_ACTIONS,
  CREDIT_OPERATION_STATUSES,
  EDITABLE_STATUSES,
  FINAL_OPERATION_STATUSES,
  operatorsOnlyMove,
  SETTLEMENT_MOVE,
  statusAfterEdit,
  WRITE_OFF_MOVES,
  WITHDRAWAL_MOVE,
  COLLECTING_STATUSES,
  wasDisbursed,
} from '../../../src/shared/credit-operation-status';
import { ratingFor, ratingReason, stageFor, stageReason } from '../../../src/shared/risk-classification';

describe('credit operation workflow', () => {
  it('opens only the designed moves from each status', () => {
    const table = Object.fromEntries(CREDIT_OPERATION_STATUSES.map((s) => [s, actionsFrom(s)]));
    expect(table).toEqual({
      proposal: ['send_to_analysis', 'cancel'],
      analysis: ['approve', 'refuse', 'return', 'cancel'],
      returned: ['send_to_analysis', 'cancel'],
      approved: ['return', 'cancel'],
      refused: [],
      contract_issued: [],
      disbursed: [],
      cancelled: [],
      settled: [],
      written_off: [],
    });
  });

  it('leaves nothing open from a final status, and edits only before the contract', () => {
    for (const status of FINAL_OPERATION_STATUSES) for (const action of CREDIT_OPERATION_ACTIONS) expect(actionAllowed(action, status)).toBe(false);
    expect(EDITABLE_STATUSES).toEqual(['proposal', 'analysis', 'returned', 'approved']);
    expect(statusAfterEdit('approved')).toBe('analysis');
    expect(statusAfterEdit('returned')).toBe('returned');
  });

  it('asks a reason to refuse, return or cancel, and keeps the decisions for operators', () => {
    const needReason = CREDIT_OPERATION_ACTIONS.filter((a) => ACTION_RULES[a].needsReason);
    const operatorsOnly = CREDIT_OPERATION_ACTIONS.filter((a) => ACTION_RULES[a].operatorsOnly);
    expect(needReason).toEqual(['refuse', 'return', 'cancel']);
    expect(operatorsOnly).toEqual(['approve', 'refuse', 'return']);
  });

  it('keeps an operator’s approval for operators to undo: cancelling an approved operation, or one with its first approval given', () => {
    const table = Object.fromEntries(
      CREDIT_OPERATION_STATUSES.map((s) => [s, actionsFrom(s).filter((a) => operatorsOnlyMove(a, s))]),
    );
    expect(table).toEqual({
      proposal: [],
      analysis: ['approve', 'refuse', 'return'],
      returned: [],
      approved: ['return', 'cancel'],
      refused: [],
      contract_issued: [],
      disbursed: [],
      cancelled: [],
      settled: [],
      written_off: [],
    });
    expect(operatorsOnlyMove('cancel', 'analysis', true)).toBe(true);
    expect(operatorsOnlyMove('cancel', 'analysis', false)).toBe(false);
    expect(operatorsOnlyMove('send_to_analysis', 'returned', true)).toBe(false);
  });
});

describe('the moves changeOperation accepts', () => {
  it('are exactly the actions, the edit of an approved operation, the contract’s two moves, the disbursement, the settlement and the write-off with its undoing', () => {
    const moves = CREDIT_OPERATION_STATUSES.flatMap((from) => CREDIT_OPERATION_STATUSES.filter((to) => canMoveOperation(from, to)).map((to) => `${from}>${to}`));
    expect(moves.sort()).toEqual(
      [
        'proposal>analysis',
        'returned>analysis',
        'analysis>approved',
        'analysis>refused',
        'analysis>returned',
        'approved>returned',
        'proposal>cancelled',
        'analysis>cancelled',
        'returned>cancelled',
        'approved>cancelled',
        'approved>analysis',
        'approved>contract_issued',
        'contract_issued>approved',
        'contract_issued>disbursed',
        'disbursed>settled',
        'disbursed>written_off',
        'written_off>disbursed',
        // the borrower's withdrawal within seven days (CDC art. 49)
        'disbursed>cancelled',
      ].sort(),
    );
  });

  it('never leaves a final status but by servicing’s settlement, write-off and its undoing, nor stays in place', () => {
    // disbursed is final for origination; servicing moves it once more, when a prepayment settles it or it is written off.
    const servicing = [SETTLEMENT_MOVE, ...Object.values(WRITE_OFF_MOVES), WITHDRAWAL_MOVE].flatMap((m) => m.from.map((from) => `${from}>${m.to}`));
    expect(servicing).toEqual(['disbursed>settled', 'disbursed>written_off', 'written_off>disbursed', 'disbursed>cancelled']);
    for (const from of FINAL_OPERATION_STATUSES) {
      for (const to of CREDIT_OPERATION_STATUSES) expect(canMoveOperation(from, to)).toBe(servicing.includes(`${from}>${to}`));
    }
    for (const s of CREDIT_OPERATION_STATUSES) expect(canMoveOperation(s, s)).toBe(false);
  });
});

describe('after the money left', () => {
  it('a settled or written-off operation was disbursed but is no longer collected', () => {
    expect(CREDIT_OPERATION_STATUSES.filter(wasDisbursed)).toEqual(['disbursed', 'settled', 'written_off']);
    expect(COLLECTING_STATUSES).toEqual(['disbursed']);
  });
});

describe('risk classification', () => {
  it('rates by the bands of Res. CMN 2.682/1999, art. 4º, I, at their edges', () => {
    const cases: Array<[number, string]> = [
      [0, 'AA'], [1, 'A'], [14, 'A'], [15, 'B'], [30, 'B'], [31, 'C'], [60, 'C'], [61, 'D'], [90, 'D'],
      [91, 'E'], [120, 'E'], [121, 'F'], [150, 'F'], [151, 'G'], [180, 'G'], [181, 'H'], [2000, 'H'],
    ];
    for (const [days, rating] of cases) expect({ days, rating: ratingFor(days) }).toEqual({ days, rating });
  });

  it('stages by Res. CMN 4.966/2021: above 30 days stage 2, above 90 stage 3', () => {
    expect([0, 30, 31, 90, 91, 400].map(stageFor)).toEqual(['1', '1', '2', '2', '3', '3']);
  });

  it('says why, with the band and the rule', () => {
    expect(ratingReason(0)).toContain('Nenhuma parcela em atraso');
    expect(ratingReason(45)).toContain('entre 31 e 60 dias');
    expect(ratingReason(45)).toContain('nível C');
    expect(ratingReason(200)).toContain('acima de 180 dias');
    expect(stageReason(100)).toContain('estágio 3');
    expect(stageReason(10)).toContain('estágio 1');
  });
});
