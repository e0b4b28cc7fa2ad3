/**
 * The company's collecting accounts as boletos use them: which account a
 * boleto is issued from, and the nosso número sequence each account hands out.
 *
 * - The collecting account is the company's first active account (lowest id)
 *   of a bank whose boleto rules the server knows (001, 104, 341); an
 *   administrator chooses another by deactivating the first. One rule, so the
 *   same installment always goes to the same account while nothing changes.
 * - Sequences are reserved under the account's row lock, so concurrent
 *   requests never take the same one. The next number is the larger of the
 *   account's counter and one past the highest sequence ever issued on it, so
 *   a counter an administrator moved back never hands out a number again; the
 *   issued slips' UNIQUE (account, sequence) is the last guard.
 * - Lock order (src/server/areas/servicing/README.md, "One lock order"): the
 *   account's row is locked before any credit operation's, by every
 *   transaction that takes both — a boleto locks the collecting account
 *   (collectingAccountOf with `lock`) before its operation, as a return file
 *   and a remittance lock the account before anything else. reserveSequences
 *   then only takes again a lock its transaction already holds.
 * - The counter cannot be moved back to or below a sequence already issued
 *   (400 on next_our_number), and an account with issued slips cannot be
 *   removed (409): deactivate it instead — its slips stay registered titles.
 */
import { SUPPORTED_BANK_CODES } from '@shared/banks';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { boletoSlips } from '../boletos/schema-boleto';
import { assignmentBankAccounts, companies, companyBankAccounts } from './schema';
import { notFound } from '../../platform/http/errors';

/** The banks whose boleto layouts the domain rules build: every supported bank. */
export const BOLETO_BANK_CODES = SUPPORTED_BANK_CODES;

export const COLLECTING_MESSAGES = {
  counterBack: (last: number) => `Campo next_our_number: esta conta já emitiu boletos até o nosso número ${last}; o próximo deve ser maior.`,
  accountWithSlips: 'Esta conta já emitiu boletos: desative-a em vez de removê-la (os títulos continuam registrados).',
} as const;

export type CollectingAccountRow = typeof companyBankAccounts.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

/**
 * The account boletos of the company are issued from, or null when it has
 * none; `lock` takes its row lock for the caller's transaction (before any
 * operation's: see the module's lock order). Locked, an account deactivated
 * while this waited is passed over for the next one (PostgreSQL checks the
 * row again once its lock is free).
 */
export async function collectingAccountOf(db: Db, companyId: number, lock = false): Promise<CollectingAccountRow | null> {
  const query = db
    .select()
    .from(companyBankAccounts)
    .where(and(eq(companyBankAccounts.company_id, companyId), eq(companyBankAccounts.active, true), inArray(companyBankAccounts.bank_code, [...BOLETO_BANK_CODES])))
    .orderBy(asc(companyBankAccounts.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The company as the boleto's beneficiary prints it. */
export async function companyOf(db: Db, companyId: number): Promise<CompanyRow> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound('Empresa não encontrada.');
  return row;
}

/** The highest sequence issued on an account (0 when none). */
export async function lastIssuedSequence(db: Db, accountId: number): Promise<number> {
  const [row] = await db.select({ last: max(boletoSlips.sequence) }).from(boletoSlips).where(eq(boletoSlips.bank_account_id, accountId));
  return Number(row?.last ?? 0);
}

/**
 * The account's row, locked for the rest of the caller's transaction: a
 * remittance is generated and a return file settled under its account's lock
 * (the lock that hands out nosso números); null when there is no such account.
 */
export async function lockBankAccount(tx: Db, accountId: number): Promise<typeof companyBankAccounts.$inferSelect | null> {
  const [locked] = await tx.select().from(companyBankAccounts).where(eq(companyBankAccounts.id, accountId)).for('update');
  return locked ?? null;
}

/** An assignee's account (assignment remittances), locked for the rest of the caller's transaction; null when there is none. */
export async function lockAssignmentAccount(tx: Db, accountId: number): Promise<typeof assignmentBankAccounts.$inferSelect | null> {
  const [locked] = await tx.select().from(assignmentBankAccounts).where(eq(assignmentBankAccounts.id, accountId)).for('update');
  return locked ?? null;
}

/**
 * Takes `count` consecutive sequences of the account inside the caller's
 * transaction (the row stays locked until it ends) and answers the first.
 * The caller locked the account already, before any operation (lock order
 * above): this lock is then its own again.
 */
export async function reserveSequences(tx: Db, accountId: number, count: number): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
  const [locked] = await tx.select({ next: companyBankAccounts.next_our_number }).from(companyBankAccounts).where(eq(companyBankAccounts.id, accountId)).for('update');
  if (!locked) throw notFound('Conta bancária não encontrada.');
  const first = Math.max(locked.next, (await lastIssuedSequence(tx, accountId)) + 1);
  await tx
    .update(companyBankAccounts)
    .set({ next_our_number: first + count, updated_at: new Date() })
    .where(eq(companyBankAccounts.id, accountId));
  return first;
}
