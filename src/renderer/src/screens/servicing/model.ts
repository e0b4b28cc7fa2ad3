/**
 * The pure parts of the servicing screens, tested alone: how an installment's
 * state reads (a colour and words, never the colour alone), the bodies the
 * money calls take (the spec's disbursement rule: empty values travel as
 * null), the amounts a payment's confirmation states, the journal's sums by
 * whole cents, and the screen addresses. No binary float touches an amount.
 */
import type { Intent } from '@blueprintjs/core';
import type { InstallmentDetails, InstallmentsView, OperationJournal } from '@shared/contract/servicing';
import { isCalendarDay } from '@shared/contract/common';
import { COLLECTIBLE_STATUSES, type InstallmentStatus } from '@shared/installment-status';
import type { DisbursementMethod, ReceiptMethod } from '@shared/servicing';
import type { LedgerAccount } from '@shared/ledger';
import { centsOf, decimalOfCents } from '../creditOperations/model';

export type InstallmentState = InstallmentsView['installments'][number];
export type InstallmentTransaction = InstallmentDetails['transactions'][number];

// ---------- addresses ----------

/** One operation's installments: the spec's /parcels/:id/:credit_operation_id, `:id` being the borrower (the client of the operation). */
export function parcelsPath(borrowerId: number, operationId: number, date?: string): string {
  return `/app/clientOperation/parcels/${borrowerId}/${operationId}${date ? `?date=${date}` : ''}`;
}

/** One installment's payments: the spec's /payments/:id/:credit_operation_id, `:id` being the installment. */
export function paymentsPath(installmentId: number, operationId: number): string {
  return `/app/clientOperation/payments/${installmentId}/${operationId}`;
}

/** A positive whole id from the address, or null. */
export function idParam(raw: string | undefined): number | null {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** The day asked in the address (?date=YYYY-MM-DD), or null for the lender's today. */
export function dateParam(raw: string | null): string | null {
  return raw && isCalendarDay(raw) ? raw : null;
}

// ---------- how an installment reads ----------

const STATUS_INTENT: Record<InstallmentStatus | 'overdue', Intent> = {
  open: 'primary',
  partially_paid: 'warning',
  paid: 'success',
  renegotiated: 'none',
  written_off: 'danger',
  assigned: 'none',
  repurchased: 'primary',
  cancelled: 'none',
  overdue: 'danger',
};

/** What decides the tag's colour: "overdue" when it is (derived from the date), else the status. */
export function badgeValue(i: Pick<InstallmentState, 'status' | 'overdue'>): InstallmentStatus | 'overdue' {
  return i.overdue ? 'overdue' : i.status;
}

/** The tag's colour; the words always go with it (badgeKeys), never the colour alone. */
export function badgeIntent(value: string): Intent {
  return (STATUS_INTENT as Record<string, Intent>)[value] ?? 'none';
}

/** i18n keys of the tag's words: the status, then "overdue" when it is. */
export function badgeKeys(i: Pick<InstallmentState, 'status' | 'overdue'>): string[] {
  return i.overdue ? [`servicing.status.${i.status}`, 'servicing.status.overdue'] : [`servicing.status.${i.status}`];
}

/**
 * Whether the installment still takes payments: something is open on it and
 * its status collects (a written-off or renegotiated one keeps its open
 * amounts on view but takes no payment, as the server says).
 */
export function isPayable(i: Pick<InstallmentState, 'due_total' | 'status'>): boolean {
  return COLLECTIBLE_STATUSES.includes(i.status) && centsOf(i.due_total) > 0n;
}

// ---------- disbursement ----------

export interface DisbursementValues {
  method: DisbursementMethod | '';
  /** the chosen account's id as the select holds it ('' = the payout account registered) */
  bank_account_id: string | number | null | undefined;
  transfer_reference: string | null | undefined;
}

/**
 * What the disbursement call takes from the form: the spec's rule for this
 * save, every empty or falsy value sent as null (no account chosen means the
 * payout account; no reference means none yet).
 */
export function disbursementBody(values: DisbursementValues): { method: DisbursementMethod | null; bank_account_id: number | null; transfer_reference: string | null } {
  const account = typeof values.bank_account_id === 'string' ? values.bank_account_id.trim() : values.bank_account_id;
  const reference = values.transfer_reference?.trim();
  return {
    method: values.method || null,
    bank_account_id: account ? Number(account) : null,
    transfer_reference: reference ? reference : null,
  };
}

export interface AccountLike {
  bank_code: string;
  bank_name: string;
  agency: string;
  agency_digit: string | null;
  account: string;
  account_digit: string | null;
  pix_key?: string | null;
}

/** "001 Banco do Brasil · ag. 1234-5 · c/c 10001-2", read whole on one line. */
export function accountText(a: AccountLike, words: { agency: string; account: string }): string {
  const withDigit = (n: string, d: string | null) => (d ? `${n}-${d}` : n);
  return `${a.bank_code} ${a.bank_name} · ${words.agency} ${withDigit(a.agency, a.agency_digit)} · ${words.account} ${withDigit(a.account, a.account_digit)}`;
}

// ---------- payments ----------

export interface PaymentValues {
  amount: string;
  paid_on: string;
  method: ReceiptMethod | '';
  reference: string | null | undefined;
}

/** What is left open after paying `amount` of `due` (never below zero: an overpayment is the server's 409). */
export function openAfter(due: string, amount: string): string {
  const rest = centsOf(due) - centsOf(amount);
  return decimalOfCents(rest < 0n ? 0n : rest);
}

/** Whether the amount pays the installment in full on its date. */
export function paysInFull(due: string, amount: string): boolean {
  return centsOf(amount) >= centsOf(due) && centsOf(due) > 0n;
}

/**
 * How a transaction reads in the list: a payment standing, a payment reversed
 * (kept and marked), a payment whose reversal awaits a second person, or the
 * reversal entry itself.
 */
export type TransactionState = 'standing' | 'reversed' | 'reversal_pending' | 'reversal';

export function transactionState(tx: Pick<InstallmentTransaction, 'kind' | 'reversed_by' | 'reversal_request_id'>): TransactionState {
  if (tx.kind === 'reversal') return 'reversal';
  if (tx.reversed_by !== null) return 'reversed';
  if (tx.reversal_request_id !== null) return 'reversal_pending';
  return 'standing';
}

export const TRANSACTION_INTENT: Record<TransactionState, Intent> = {
  standing: 'success',
  reversed: 'none',
  reversal_pending: 'warning',
  reversal: 'danger',
};

/** Whether a payment may be reversed now (standing, no request pending). */
export function canReverse(tx: Pick<InstallmentTransaction, 'kind' | 'reversed_by' | 'reversal_request_id'>): boolean {
  return transactionState(tx) === 'standing';
}

// ---------- the journal ----------

export interface PostingTotals {
  debits: string;
  credits: string;
  balanced: boolean;
}

/** A posting's debits and credits, summed by whole cents: balanced when they are equal. */
export function postingTotals(lines: readonly { side: 'debit' | 'credit'; amount: string }[]): PostingTotals {
  let debits = 0n;
  let credits = 0n;
  for (const line of lines) {
    if (line.side === 'debit') debits += centsOf(line.amount);
    else credits += centsOf(line.amount);
  }
  return { debits: decimalOfCents(debits), credits: decimalOfCents(credits), balanced: debits === credits };
}

/** Every posting of the journal together: the operation's books balance when all debits equal all credits. */
export function journalTotals(journal: Pick<OperationJournal, 'postings'>): PostingTotals {
  return postingTotals(journal.postings.flatMap((p) => p.lines));
}

export interface JournalLineRow {
  /** unique within the journal, for the table's rows */
  id: number;
  posting_id: number;
  kind: OperationJournal['postings'][number]['kind'];
  business_date: string;
  transaction_id: number | null;
  account: LedgerAccount;
  code: string;
  name: string;
  debit: string | null;
  credit: string | null;
  /** the first line of its posting (the posting's facts are shown once) */
  first: boolean;
}

/** The postings as one table of lines, debit and credit in their own columns, newest first (the server gives them oldest first). */
export function journalRows(journal: Pick<OperationJournal, 'postings'>): JournalLineRow[] {
  let n = 0;
  // Newest first: the latest business day on top, then the later posting of the same day.
  const newestFirst = [...journal.postings].sort((a, b) => (a.business_date === b.business_date ? b.posting_id - a.posting_id : a.business_date < b.business_date ? 1 : -1));
  return newestFirst.flatMap((p) =>
    p.lines.map((line, i) => ({
      id: ++n,
      posting_id: p.posting_id,
      kind: p.kind,
      business_date: p.business_date,
      transaction_id: p.transaction_id,
      account: line.account,
      code: line.code,
      name: line.name,
      debit: line.side === 'debit' ? line.amount : null,
      credit: line.side === 'credit' ? line.amount : null,
      first: i === 0,
    })),
  );
}
