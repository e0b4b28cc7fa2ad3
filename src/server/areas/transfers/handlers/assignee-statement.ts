/** The assignee's statement for an account and a period (a read; the period checked by the contract). */
import type { OperationName } from '@shared/contract/index';
import type { Handlers } from '../../../platform/http/handler';
import { assigneeStatement } from '../assignee-statement';

export type AssigneeStatementName = Extract<OperationName, `assigneeStatement.${string}`>;

export const assigneeStatementHandlers: Pick<Handlers, AssigneeStatementName> = {
  'assigneeStatement.get': async ({ accountId, from, to }, { deps }) => assigneeStatement(deps.db, accountId, from, to),
};
