/**
 * Where a promise to pay stands, derived (never stored): the rule is pure so
 * the unit suite can try it over random payments and dates.
 *
 * - The window: from the business date the promise was made on through its
 *   last day, the promised date moved to the next business day when it is not
 *   one (Código Civil art. 132 §1º, as an installment's due date) plus the
 *   company's grace, PROMISE_GRACE_BUSINESS_DAYS business days (@shared/contacts
 *   says why: a boleto paid on the day is recorded a day or two later).
 * - Kept: the operation's standing payments (reversed ones left out) dated
 *   inside the window, up to the business date, add up to the amount or more.
 *   A payment counts for every promise whose window holds it.
 * - Open: not kept and the business date is not past the window's last day.
 * - Broken: not kept and the business date is past it.
 */
import Decimal from 'decimal.js';
import { PROMISE_GRACE_BUSINESS_DAYS, PromiseState } from '@shared/contacts';
import { addBusinessDays, payableUntil } from '../../domain/servicing/business-days';

export interface PromiseTerms {
  made_on: string;
  promised_on: string;
  amount: Decimal.Value;
}

export interface DatedPayment {
  paid_on: string;
  amount: Decimal.Value;
}

/** The last day a payment counts for a promise of this date. */
export function promiseWindowEnd(promisedOn: string, graceBusinessDays = PROMISE_GRACE_BUSINESS_DAYS): string {
  return addBusinessDays(payableUntil(promisedOn), graceBusinessDays);
}

/** What was paid inside [from, to] and on or before `today` (dates compare as YYYY-MM-DD text). */
export function paidWithin(payments: readonly DatedPayment[], from: string, to: string, today: string): Decimal {
  const last = to < today ? to : today;
  return payments.filter((p) => p.paid_on >= from && p.paid_on <= last).reduce((sum, p) => sum.plus(p.amount), new Decimal(0));
}

/** The state of a promise on `today`, given the window's last day and the operation's standing payments. */
export function promiseStateOf(promise: PromiseTerms, windowEnd: string, payments: readonly DatedPayment[], today: string): { state: PromiseState; paid: Decimal } {
  const paid = paidWithin(payments, promise.made_on, windowEnd, today);
  if (paid.gte(promise.amount)) return { state: PromiseState.kept, paid };
  return { state: today > windowEnd ? PromiseState.broken : PromiseState.open, paid };
}
