/**
 * The API contract: every backend call, once. Areas add their operations
 * here; nothing outside this folder writes a path.
 */
import type { z } from 'zod';
import type { OperationDef } from './define';
import { sessionOperations } from './session';
import { usersOperations } from './users';
import { genericOperations } from './generic';
import { cataloguesOperations } from './catalogues';
import { logsOperations } from './logs';
import { lgpdOperations } from './lgpd';
import { messagesOperations } from './messages';
import { interestsOperations } from './interests';
import { simulationsOperations } from './simulations';
import { solicitationsOperations } from './solicitations';
import { bureauOperations } from './bureau';
import { dashboardOperations } from './dashboard';
import { companyOperations } from './company';
import { creditOperationOperations } from './credit-operations';
import { borrowersOperations } from './borrowers';
import { servicingOperations } from './servicing';
import { prepaymentOperations } from './servicing-prepayment';
import { servicingBoletoOperations } from './servicing-boleto';
import { servicingMovesOperations } from './servicing-moves';
import { collectionsOperations } from './servicing-collections';
import { contactsOperations } from './collections-contacts';
import { lettersOperations } from './letters';
import { renegotiationOperations } from './renegotiation';
import { withdrawalOperations } from './withdrawal';
import { remindersOperations } from './reminders';
import { negativationOperations } from './negativation';
import { cessionOperations } from './servicing-cession';
import { cessionPriceOperations } from './servicing-cession-price';
import { repurchaseOperations } from './servicing-repurchase';
import { companyRemittanceOperations } from './company-remittance';
import { remittanceManualOperations } from './servicing-remittance-manual';
import { companyCnabReturnOperations } from './company-cnab-return';
import { companyReportsOperations } from './company-reports';
import { companyReportParameterizedOperations } from './company-report-parameterized';
import { companyAssignmentRemittanceOperations } from './company-assignment-remittance';
import { companyCustodianReturnOperations } from './company-custodian-return';
import { assigneeStatementOperations } from './servicing-assignee-statement';
import { pixOperations } from './pix';
import { suspenseOperations } from './servicing-suspense';
import { approvalsInboxOperations } from './approvals-inbox';
import { doc3040Operations } from './regulatory-3040';
import { ledgerBooksOperations } from './ledger-books';
import { doc3044Operations } from './regulatory-3044';
import { ledgerCloseOperations } from './ledger-close';
import { ledgerAccrualOperations } from './ledger-accrual';

export const contract = {
  ...sessionOperations,
  ...usersOperations,
  ...genericOperations,
  ...cataloguesOperations,
  ...logsOperations,
  ...lgpdOperations,
  ...messagesOperations,
  ...interestsOperations,
  ...simulationsOperations,
  ...solicitationsOperations,
  ...bureauOperations,
  ...dashboardOperations,
  ...companyOperations,
  ...creditOperationOperations,
  ...borrowersOperations,
  ...servicingOperations,
  ...prepaymentOperations,
  ...servicingBoletoOperations,
  ...servicingMovesOperations,
  ...cessionOperations,
  ...cessionPriceOperations,
  ...repurchaseOperations,
  ...collectionsOperations,
  ...contactsOperations,
  ...lettersOperations,
  ...renegotiationOperations,
  ...withdrawalOperations,
  ...remindersOperations,
  ...negativationOperations,
  ...companyRemittanceOperations,
  ...remittanceManualOperations,
  ...companyCnabReturnOperations,
  ...companyReportsOperations,
  ...companyReportParameterizedOperations,
  ...companyAssignmentRemittanceOperations,
  ...companyCustodianReturnOperations,
  ...assigneeStatementOperations,
  ...pixOperations,
  ...suspenseOperations,
  ...approvalsInboxOperations,
  ...doc3040Operations,
  ...ledgerBooksOperations,
  ...doc3044Operations,
  ...ledgerCloseOperations,
  ...ledgerAccrualOperations,
} as const satisfies Record<string, OperationDef>;

export type Contract = typeof contract;
export type OperationName = keyof Contract;
export type ArgsOf<N extends OperationName> = z.input<Contract[N]['args']>;
type WireResult<N extends OperationName> = z.output<Contract[N]['result']>;

/** What the renderer receives: session answers never carry the token. */
export type ResultOf<N extends OperationName> = Contract[N] extends { session: 'start' | 'renew' }
  ? Omit<WireResult<N>, 'token'>
  : WireResult<N>;

/** Operations the renderer may call through the bridge. */
export type ExposedOperationName = {
  [N in OperationName]: Contract[N] extends { exposed: false } ? never : N;
}[OperationName];

export function isOperationName(name: unknown): name is OperationName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(contract, name);
}

export function isExposed(name: OperationName): boolean {
  return (contract[name] as OperationDef).exposed !== false;
}

export function operation(name: OperationName): OperationDef {
  return contract[name] as OperationDef;
}

export * from './define';
export * from './common';
export * from './session';
export * from './users';
export * from './generic';
export * from './catalogues';
export * from './logs';
export * from './lgpd';
export * from './messages';
export * from './interests';
export * from './simulations';
export * from './entrepreneurs';
export * from './solicitations';
export * from './bureau';
export * from './dashboard';
export * from './money';
export * from './fields';
export * from './company';
export * from './credit-operations';
export * from './borrowers';
export * from './approvals';
export * from './approvals-inbox';
export * from './servicing';
export * from './servicing-prepayment';
export * from './servicing-moves';
export * from './servicing-collections';
export * from './collections-contacts';
export * from './letters';
export * from './renegotiation';
export * from './withdrawal';
export * from './reminders';
export * from './negativation';
export * from './servicing-cession';
export * from './servicing-cession-price';
export * from './servicing-repurchase';
export * from './company-remittance';
export * from './servicing-remittance-manual';
export * from './company-assignment-remittance';
export * from './servicing-assignee-statement';
export * from './pix';
export * from './servicing-suspense';
