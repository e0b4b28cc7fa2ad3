/**
 * What needs attention on the business date, for the menu's Cobrança section
 * (contract 'collections.attention'): the overdue installments (the overdue
 * list's own count, capped as it caps), the approvals the reader may check
 * (operations' inbox rule) and the money to identify still open (suspense);
 * a count is null for a role that may not open its list, so the menu never
 * counts what the person cannot open.
 */
import { contract, type Attention } from '@shared/contract';
import { isRoleAllowed } from '@shared/roles';
import type { Db } from '../../db/connect';
import { approvalsToCheck, type Actor } from '../operations';
import { openSuspenseCount } from '../suspense';
import { listExpiredInstallments } from './overdue';

export async function attentionOf(db: Db, reader: Actor, today: string): Promise<Attention> {
  const overdue = await listExpiredInstallments(db, { page: 1, limit: 1 }, today);
  const approvals = isRoleAllowed(reader.role, contract['approvals.inbox'].access) ? await approvalsToCheck(db, reader) : null;
  const suspense = isRoleAllowed(reader.role, contract['suspense.list'].access) ? await openSuspenseCount(db) : null;
  return { as_of: today, overdue_installments: overdue.meta.totalItems, overdue_capped: overdue.capped, approvals_to_check: approvals, suspense_open: suspense };
}
