/**
 * Money collected on assigned installments passed through to the assignee
 * (contract: shared/contract/servicing-assignee-statement.ts).
 *
 * - Rule (Código Civil arts. 286–298; the cession agreement): once assigned,
 *   the credit is the assignee's; the lender keeps collecting it, and what it
 *   collects (boleto, Pix, return file, manual payment: collection's pay()
 *   posts bank ← due to assignee) and what it owes for a repurchase is owed
 *   to the assignee until sent. The agreement may let the lender keep a
 *   collection fee (the account's `pass_through_fee_rate`, % of what is
 *   collected; 0 by default).
 * - A transfer is a row of assignee_transfers (migration 0061, append-only):
 *   date sent, amount, fee kept, the company bank account it left from;
 *   entries D due to assignee (amount + fee) / C bank (amount) / C fee income
 *   (fee), company-level (no operation), dated the transfer's date. Amount +
 *   fee at most the open payable (everything recorded), under the account's
 *   advisory lock so two transfers at once cannot both take the same money.
 * - A reversal: a row of its own naming the transfer (once), reason, dated the
 *   business date, the lines swapped.
 */
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { AssigneeTransfer } from '@shared/contract/servicing-assignee-statement';
import { formatCurrency, formatDate } from '@shared/format';
import type { Db } from '../../db/connect';
import { companyBankAccounts } from '../company/schema';
import type { Actor } from '../operations';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { transferPosting, transferReversalPosting } from '../../domain/servicing/assignee-transfer';
import { post } from '../ledger';
import { assigneeAccountOr404, LENDER_COMPANY_ID, openPayable } from './assignee-statement';
import { assigneeTransfers, type AssigneeTransferRow } from './schema-assignee-transfer';

export const ASSIGNEE_TRANSFER_MESSAGES = {
  future: (today: string) => `Campo date: o repasse não pode ser depois de hoje (${formatDate(today)}).`,
  aboveOwed: (owed: string) => `Campo amount: o repasse com a tarifa retida passa do que é devido ao cessionário (${formatCurrency(owed)}).`,
  bankAccount: 'Campo company_bank_account_id: conta bancária da empresa não encontrada ou inativa.',
  fee: 'Campo fee: a tarifa retida não pode ser negativa.',
  notFound: 'Repasse não encontrado nesta conta de cessão.',
  alreadyReversed: 'Este repasse já foi estornado.',
} as const;

async function lockAccount(tx: Db, accountId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('assignee.transfer'), ${accountId}::int)`);
}

export function transferOut(row: AssigneeTransferRow): AssigneeTransfer {
  return {
    id: row.id,
    assignment_account_id: row.assignment_account_id,
    kind: row.kind,
    moved_on: row.moved_on,
    amount: new Decimal(row.amount).toFixed(2),
    fee: new Decimal(row.fee).toFixed(2),
    company_bank_account_id: row.company_bank_account_id,
    reverses_id: row.reverses_id,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
  };
}

export interface TransferInput {
  accountId: number;
  date: string;
  amount: string;
  fee?: string;
  companyBankAccountId: number;
}

export async function recordTransfer(tx: Db, actor: Actor, input: TransferInput, today: string): Promise<AssigneeTransferRow> {
  if (input.date > today) throw badRequest(ASSIGNEE_TRANSFER_MESSAGES.future(today), 'date');
  const fee = new Decimal(input.fee ?? 0);
  if (fee.isNeg()) throw badRequest(ASSIGNEE_TRANSFER_MESSAGES.fee, 'fee');
  await assigneeAccountOr404(tx, input.accountId);
  await lockAccount(tx, input.accountId);
  const [bank] = await tx
    .select()
    .from(companyBankAccounts)
    .where(and(eq(companyBankAccounts.id, input.companyBankAccountId), eq(companyBankAccounts.company_id, LENDER_COMPANY_ID), eq(companyBankAccounts.active, true)));
  if (!bank) throw conflict(ASSIGNEE_TRANSFER_MESSAGES.bankAccount, 'company_bank_account_id');
  const owed = await openPayable(tx, input.accountId, '9999-12-31');
  const amount = new Decimal(input.amount);
  if (amount.plus(fee).gt(owed)) throw conflict(ASSIGNEE_TRANSFER_MESSAGES.aboveOwed(owed.toFixed(2)), 'amount');
  const [postingId] = await post(tx, [{ posting: transferPosting(amount, fee), link: { operationId: null, businessDate: input.date } }]);
  const [row] = await tx
    .insert(assigneeTransfers)
    .values({ assignment_account_id: input.accountId, kind: 'transfer', moved_on: input.date, amount: amount.toFixed(2), fee: fee.toFixed(2), company_bank_account_id: bank.id, posting_id: postingId, actor_id: actor.id })
    .returning();
  await logActivity(tx, {
    actorId: actor.id,
    action: 'assignee-transfer.create',
    entity: 'assignment_bank_account',
    entityId: input.accountId,
    before: { open_payable: owed.toFixed(2) },
    after: { transfer_id: row.id, date: input.date, amount: amount.toFixed(2), fee: fee.toFixed(2), company_bank_account_id: bank.id },
  });
  return row;
}

export async function reverseTransfer(tx: Db, actor: Actor, input: { accountId: number; transfer: number; reason: string }, today: string): Promise<AssigneeTransferRow> {
  await assigneeAccountOr404(tx, input.accountId);
  await lockAccount(tx, input.accountId);
  const [transfer] = await tx
    .select()
    .from(assigneeTransfers)
    .where(and(eq(assigneeTransfers.id, input.transfer), eq(assigneeTransfers.assignment_account_id, input.accountId), eq(assigneeTransfers.kind, 'transfer')));
  if (!transfer) throw notFound(ASSIGNEE_TRANSFER_MESSAGES.notFound);
  const [done] = await tx.select({ id: assigneeTransfers.id }).from(assigneeTransfers).where(eq(assigneeTransfers.reverses_id, transfer.id));
  if (done) throw conflict(ASSIGNEE_TRANSFER_MESSAGES.alreadyReversed, 'transfer');
  const [postingId] = await post(tx, [{ posting: transferReversalPosting(transfer.amount, transfer.fee), link: { operationId: null, businessDate: today } }]);
  const [row] = await tx
    .insert(assigneeTransfers)
    .values({
      assignment_account_id: input.accountId,
      kind: 'transfer_reversal',
      moved_on: today,
      amount: transfer.amount,
      fee: transfer.fee,
      company_bank_account_id: transfer.company_bank_account_id,
      reverses_id: transfer.id,
      reason: input.reason.trim(),
      posting_id: postingId,
      actor_id: actor.id,
    })
    .returning();
  await logActivity(tx, {
    actorId: actor.id,
    action: 'assignee-transfer.reverse',
    entity: 'assignment_bank_account',
    entityId: input.accountId,
    before: { transfer_id: transfer.id, amount: transfer.amount, fee: transfer.fee },
    after: { reversal_id: row.id, reason: input.reason.trim() },
  });
  return row;
}
