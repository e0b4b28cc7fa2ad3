/**
 * Credit operations: building, approval (four eyes), state changes, issued contracts (CCB/MPO).
 * This file is the area's only way in for other areas and the server's
 * composition (routes, seeds); its schema*.ts files declare its tables.
 */
export { frozenContractInForce, issueContract } from './contracts';
export {
  changeOperation,
  createOperation,
  decide,
  findOperation,
  guaranteeHeld,
  lockOperation,
  lockOperations,
  OPERATION_MESSAGES,
  overdueOf,
  recordSettlements,
  statusOf,
  STATUS_PT,
  updateComplement,
} from './credit-operations';
export type { Actor, Conditions, OperationRow, Settlement, SettlementDay } from './credit-operations';
export { checkRefusal, closeApproval, describeApproval, giveCheck, isPending, latestApproval, nextCheckRoles, openApproval, pendingApproval, pendingApprovalsOf, pendingRequestsOf, REQUEST } from './approvals';
export { approvalsToCheck } from './approvals-inbox';
export { openMoveApproval, recordMoveAlone, weighMove } from './approval-limits';
export type { LimitedMoveInput, WeighedMove } from './approval-limits';
export { replaceInstallments, type NewInstallment } from './schedule-versions';
export { askSettingChange, decideSettingChange, type SettingChangeMessages } from './setting-changes';
