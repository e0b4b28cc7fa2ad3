/**
 * The late charges an entry (01) tells the bank: the same multa and interest
 * collection charges the installment, from its frozen contract's terms as the
 * release copied them (collection's lateChargeTerms), laid out in the bank's
 * codes by domain/servicing/bank-late-charges.ts — multa as a fixed amount
 * (R code 1), juros as an amount per day rounded up (P code 1), and, where the
 * contract charges remuneratory interest during delay, a baixa/devolução after
 * BANK_WINDOW_DAYS days so the daily amount covers every day the bank holds
 * the title. bank-files/README.md says why.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import type { LateCharges } from '../../domain/cnab';
import { bankLateCharges } from '../../domain/servicing/bank-late-charges';
import type { LateChargeTerms } from '../../domain/servicing/late-charges';
import { lateChargeTerms, termsOfDisbursement } from '../collection';
import { disbursements } from '../servicing/schema';

/** The late-charge terms of each operation released (by its disbursement: the frozen contract's, copied at release). */
export async function lateTermsOf(db: Db, operationIds: readonly number[]): Promise<Map<number, LateChargeTerms>> {
  const ids = [...new Set(operationIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(disbursements).where(inArray(disbursements.credit_operation_id, ids));
  return new Map(rows.map((d) => [d.credit_operation_id, lateChargeTerms(termsOfDisbursement(d))]));
}

/** The entry's late charges for a title of `amount` due on `dueDate` (none without terms: an operation not released). */
export function entryLateCharges(amount: string, dueDate: string, terms: LateChargeTerms | undefined): LateCharges | undefined {
  if (!terms) return undefined;
  const c = bankLateCharges(amount, dueDate, terms);
  const charges: LateCharges = {
    ...(c.dailyInterest ? { interest: { kind: 'dailyAmount' as const, value: c.dailyInterest, from: c.from } } : {}),
    ...(c.fine ? { fine: { kind: 'amount' as const, value: c.fine, from: c.from } } : {}),
    ...(c.keepDays !== null ? { keepDays: c.keepDays } : {}),
  };
  return Object.keys(charges).length ? charges : undefined;
}
