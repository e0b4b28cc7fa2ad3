/**
 * Applying a suspense item to an agreement's installment (renegotiation's; the down payment is its installment 0):
 * the same rules as applying it to an operation's installment (items.ts applyItem) — the item's lock, what is open,
 * no refund waiting, the same borrower (money of one person never pays another's debt), the payment dated the day the
 * money was received and named `valor a identificar nº N`, suspense_apply beside the payment's own posting — with the
 * payment made by renegotiation's payAgreementInstallment (its checks: 404 unknown installment, 409 paid, above what
 * is due, before the agreement; its allocation and its renegotiation_payment entries; recorded as from suspense, so its
 * reversal gives the money back here: the move stops standing, items.ts). The account the money reached:
 * the return file's (an item from a bank line), else the company's first active account. Suspense writes none of
 * renegotiation's tables.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { conflict } from '../../platform/http/errors';
import type { Actor } from '../operations';
import { agreementInstallmentOwner, payAgreementInstallment } from '../renegotiation';
import { companyBankAccounts } from '../company/schema';
import { returnFiles } from '../bank-files/schema-return';
import { appliedOn, itemToApply, recordApplication, SUSPENSE_MESSAGES } from './items';

export const AGREEMENT_APPLY_MESSAGES = {
  otherBorrower: 'Campo agreement_installment_id: o acordo é de outro tomador; um valor a identificar só se aplica a parcela de quem pagou.',
  otherCompany: 'Campo agreement_installment_id: o acordo é de outra empresa.',
  noAccount: 'A empresa não tem conta bancária ativa para registrar o pagamento do acordo.',
} as const;

export interface AgreementApplyInput {
  item: number;
  agreementInstallmentId: number;
  /** default: all that is open */
  amount?: string | null;
}

async function accountOf(tx: Db, returnFileId: number | null, companyId: number): Promise<number> {
  if (returnFileId !== null) {
    const [file] = await tx.select({ account: returnFiles.bank_account_id }).from(returnFiles).where(eq(returnFiles.id, returnFileId));
    if (file) return file.account;
  }
  const [first] = await tx
    .select({ id: companyBankAccounts.id })
    .from(companyBankAccounts)
    .where(and(eq(companyBankAccounts.company_id, companyId), eq(companyBankAccounts.active, true)))
    .orderBy(asc(companyBankAccounts.id))
    .limit(1);
  if (!first) throw conflict(AGREEMENT_APPLY_MESSAGES.noAccount, 'item');
  return first.id;
}

/** Applies (part of) an item to an agreement's installment of the same borrower; answers the move's id. */
export async function applyItemToAgreement(tx: Db, actor: Actor, input: AgreementApplyInput, today: string): Promise<number> {
  const { item, open, amount } = await itemToApply(tx, input.item, input.amount);
  const owner = await agreementInstallmentOwner(tx, input.agreementInstallmentId);
  if (owner.companyId !== item.company_id) throw conflict(AGREEMENT_APPLY_MESSAGES.otherCompany, 'agreement_installment_id');
  if (item.borrower_id !== null && owner.borrowerId !== item.borrower_id) throw conflict(AGREEMENT_APPLY_MESSAGES.otherBorrower, 'agreement_installment_id');
  const paidOn = appliedOn(item, today);
  const bankAccountId = await accountOf(tx, item.return_file_id, item.company_id);
  const payment = await payAgreementInstallment(
    tx,
    actor.id,
    { agreementInstallmentId: input.agreementInstallmentId, amount: amount.toFixed(2), paid_on: paidOn, bank_account_id: bankAccountId, reference: SUSPENSE_MESSAGES.returnReference(item.id) },
    today,
  );
  return recordApplication(
    tx,
    actor,
    { item, open, amount, paidOn, to: { operationId: owner.operationId, agreementInstallmentId: input.agreementInstallmentId, agreementPaymentId: payment.id } },
    { agreement_id: owner.agreementId, agreement_installment: String(input.agreementInstallmentId), borrower_id: owner.borrowerId },
  );
}
