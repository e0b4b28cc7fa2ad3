/**
 * The company's bank settlement tolerance (company_parameters.bank_settlement_tolerance, R$ 1,00 unless changed):
 * a bank settlement — a return file's payment, which reaches collection through payBatch — that differs from what
 * the installment owes on its date by at most the tolerance settles the installment. The payment is recorded as the
 * amount due (its split, its row and the ledger's income as if paid in full) and the difference is posted to
 * rounding differences (4.1.05, domain/servicing/postings.ts's roundingPosting), so the bank account moves by what
 * the bank credited. Why: the remittance's daily juros is rounded up (bank-files' remittance-charges.ts) and a bank
 * may round its own way; a few cents off must not leave an installment late and its borrower's risk rising, nor be
 * refused whole. Short by more than the tolerance: recorded as paid, the rest stays open and the collections list
 * says so (bankShortOf). Above what is due by more than the tolerance: refused as any payment above its due.
 * A payment keyed by a person (pay) never takes the tolerance: the person types what was received. An installment an
 * assignee holds never takes it either (its money is the assignee's, owed whole).
 */
import Decimal from 'decimal.js';
import { activePayments, amountDueAt, type Replay } from '../../domain/servicing/allocation';
import { roundingPosting, toleratedSettlement } from '../../domain/servicing/postings';
import { transactionBalance, type JournalItem } from '../ledger';
import { parametersOf } from '../company';
import type { Db } from '../../db/connect';
import { eventsOf, figuresOf, lateChargeTerms, replayOf, type InstallmentRow, type ServicingContext } from './installments';
import type { InstallmentTransactionRow } from './schema';

/** Each company's tolerance, read once per batch. */
export function toleranceReader(db: Db): (companyId: number) => Promise<Decimal> {
  const known = new Map<number, Promise<Decimal>>();
  return (companyId) => {
    if (!known.has(companyId)) known.set(companyId, parametersOf(db, companyId).then((p) => new Decimal(p.bank_settlement_tolerance)));
    return known.get(companyId)!;
  };
}

/** A bank payment with the tolerance applied: the amount to record, and the rounding posting to add (null: as paid). */
export function applyTolerance(
  ctx: Pick<ServicingContext, 'terms'>,
  installment: InstallmentRow,
  rows: readonly InstallmentTransactionRow[],
  paid: string,
  paidOn: string,
  tolerance: Decimal,
  /** the installment's replay as of `today` with its standing payments, when the caller has it */
  replayed?: Replay,
  today?: string,
): { amount: string; short: Decimal } | null {
  const payments = activePayments(eventsOf(rows));
  // Paid today with no standing payment after it: what is due that day is the replay's state (no second replay).
  const due =
    replayed && paidOn === today && payments.every((p) => p.date <= paidOn)
      ? replayed.state.dueTotal
      : amountDueAt(figuresOf(installment), lateChargeTerms(ctx.terms), payments, paidOn);
  const settles = toleratedSettlement(paid, due, tolerance);
  return settles ? { amount: settles.toFixed(2), short: settles.minus(paid) } : null;
}

/** How a return file's payment is referenced (bank-files' cnab-return.ts writes it, the collections list reads it). */
export const BANK_RETURN_REFERENCE = (nossoNumero: string) => `retorno ${nossoNumero}`;
const isBankReturnPayment = (t: InstallmentTransactionRow) => t.kind === 'payment' && t.method === 'boleto' && (t.reference ?? '').startsWith(BANK_RETURN_REFERENCE(''));

/**
 * What a bank settlement left open, when the installment's last standing payment came from the bank's return file
 * (above the tolerance, so not settled): the installment's due on that payment's day, after it; null otherwise.
 */
export function bankShortOf(ctx: ServicingContext, installment: InstallmentRow, rows: readonly InstallmentTransactionRow[]): string | null {
  const reversed = new Set(rows.map((t) => t.reverses_id));
  const last = rows.filter((t) => t.kind === 'payment' && !reversed.has(t.id)).sort((a, b) => a.paid_on.localeCompare(b.paid_on) || a.id - b.id).pop();
  if (!last || !isBankReturnPayment(last)) return null;
  const left = replayOf(ctx, installment, rows, last.paid_on).state.dueTotal;
  return left.gt(0) ? left.toFixed(2) : null;
}

/**
 * A tolerated payment's reversal gives back what the bank credited: its rounding posting swapped, linked to the
 * reversal (none for a payment that took no tolerance).
 */
export async function roundingReversal(tx: Db, paymentId: number, operationId: number, businessDate: string, reversalId: number): Promise<JournalItem[]> {
  const short = await transactionBalance(tx, paymentId, 'rounding_difference', 'rounding_differences');
  return short.isZero() ? [] : [roundingItem(operationId, businessDate, reversalId, short.neg())];
}

/** The rounding posting of a tolerated settlement, linked to its payment. */
export function roundingItem(operationId: number, businessDate: string, transactionId: number, short: Decimal): JournalItem {
  return { posting: roundingPosting(short), link: { operationId, businessDate, transactionId } };
}
