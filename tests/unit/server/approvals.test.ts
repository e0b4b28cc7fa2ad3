/**
 * The four-eyes rules alone (areas/operations/approvals.ts and the credit operation's
 * use of them): who may give the next check of a request, and what the
 * screens are told beforehand, for every role and every position a person can
 * hold (maker, first checker, someone else).
 */
import { describe, expect, it } from 'vitest';
import { APPROVAL_KINDS } from '../../../src/shared/contract/approvals';
import { ALL_ROLE_IDS, AllAdmins, AllOperators, Role, type RoleId } from '../../../src/shared/roles';
import type { ApprovalRequestRow } from '../../../src/server/areas/operations/schema-approvals';
import { APPROVAL_MESSAGES, checkRefusal, nextCheckRoles } from '../../../src/server/areas/operations/approvals';
import { actionsFor, approveRefusal, type OperationRow } from '../../../src/server/areas/operations/credit-operations';

const MAKER = 10;
const FIRST = 20;
const OTHER = 30;

function request(over: Partial<ApprovalRequestRow> = {}): ApprovalRequestRow {
  return {
    id: 1,
    company_id: 1,
    kind: 'credit_operation.approve',
    entity: 'credit_operation',
    entity_id: 7,
    amount: '60000.00',
    limit_amount: '50000.00',
    amounts: {},
    required_checks: 2,
    status: 'pending',
    maker_id: MAKER,
    made_at: new Date('2026-01-01T12:00:00Z'),
    checker_id: null,
    checked_at: null,
    second_checker_id: null,
    second_checked_at: null,
    closed_by: null,
    closed_at: null,
    reason: null,
    created_at: new Date('2026-01-01T12:00:00Z'),
    ...over,
  };
}

describe('who may give the next check', () => {
  it('never the maker, whatever their role', () => {
    for (const role of ALL_ROLE_IDS) {
      expect(checkRefusal(request(), { id: MAKER, role })).toBe(APPROVAL_MESSAGES.makerCannotCheck('credit_operation.approve'));
      expect(checkRefusal(request({ checker_id: FIRST }), { id: MAKER, role })).toBe(APPROVAL_MESSAGES.makerCannotCheck('credit_operation.approve'));
    }
  });

  it('the first check: any of the kind’s checkers (AllOperators) other than the maker', () => {
    for (const role of ALL_ROLE_IDS) {
      const allowed = (AllOperators as readonly RoleId[]).includes(role);
      expect({ role, refused: checkRefusal(request(), { id: OTHER, role }) !== null }).toEqual({ role, refused: !allowed });
    }
    expect(nextCheckRoles(request())).toEqual(APPROVAL_KINDS['credit_operation.approve'].checkers);
  });

  it('the second check: AllAdmins only, and never the first checker', () => {
    const half = request({ checker_id: FIRST, checked_at: new Date() });
    expect(nextCheckRoles(half)).toEqual(AllAdmins);
    for (const role of ALL_ROLE_IDS) {
      const allowed = (AllAdmins as readonly RoleId[]).includes(role);
      expect({ role, refused: checkRefusal(half, { id: OTHER, role }) !== null }).toEqual({ role, refused: !allowed });
      expect(checkRefusal(half, { id: FIRST, role })).toBe(APPROVAL_MESSAGES.alreadyChecked);
    }
    expect(checkRefusal(half, { id: OTHER, role: Role.OPERATOR })).toBe('A segunda aprovação (valor acima de R$ 50.000,00) cabe a um Super Administrador ou Administrador.');
  });

  it('a request that needs one check is complete after it; a closed request takes none', () => {
    const single = request({ required_checks: 1 });
    expect(nextCheckRoles(single)).toEqual(AllOperators);
    for (const status of ['approved', 'rejected', 'cancelled'] as const) {
      expect(checkRefusal(request({ status }), { id: OTHER, role: Role.SUPER_ADMIN })).toBe(APPROVAL_MESSAGES.notPending);
    }
  });
});

describe('a credit operation tells the screens beforehand', () => {
  const operation = (over: Partial<OperationRow> = {}) => ({ status: 'analysis', maker_id: MAKER, created_by: 99, ...over }) as OperationRow;

  it('why the maker may not approve, and nothing for others or outside analysis', () => {
    expect(approveRefusal(operation(), null, { id: MAKER, role: Role.ADMIN })).toContain('montou ou alterou por último');
    expect(approveRefusal(operation(), null, { id: OTHER, role: Role.OPERATOR })).toBeNull();
    // Without a recorded maker, the creator is the maker.
    expect(approveRefusal(operation({ maker_id: null }), null, { id: 99, role: Role.OPERATOR })).toContain('montou');
    expect(approveRefusal(operation({ status: 'approved' }), null, { id: MAKER, role: Role.ADMIN })).toBeNull();
    // An agent is not offered approval at all: no reason to give.
    expect(approveRefusal(operation(), null, { id: MAKER, role: Role.AGENT })).toBeNull();
    expect(approveRefusal(operation(), request({ checker_id: FIRST }), { id: FIRST, role: Role.ADMIN })).toBe(APPROVAL_MESSAGES.alreadyChecked);
  });

  it('the moves by role: with a first approval pending only AllAdmins are offered the second, and agents no cancel', () => {
    expect(actionsFor('analysis', Role.OPERATOR)).toEqual(['approve', 'refuse', 'return', 'cancel']);
    expect(actionsFor('analysis', Role.OPERATOR, true)).toEqual(['refuse', 'return', 'cancel']);
    expect(actionsFor('analysis', Role.ADMIN, true)).toEqual(['approve', 'refuse', 'return', 'cancel']);
    expect(actionsFor('analysis', Role.AGENT)).toEqual(['cancel']);
    expect(actionsFor('analysis', Role.AGENT, true)).toEqual([]);
    expect(actionsFor('approved', Role.AGENT)).toEqual([]);
    expect(actionsFor('approved', Role.OPERATOR)).toEqual(['return', 'cancel']);
    expect(actionsFor('proposal', Role.AGENT)).toEqual(['send_to_analysis', 'cancel']);
  });
});
