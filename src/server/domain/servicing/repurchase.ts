/**
 * What buying back an assigned installment costs (recompra), before it is
 * recorded. One rule per assignee account (its agreement), stored on the
 * account (repurchase_rule; 'face_plus_charges' unless the agreement says
 * otherwise):
 *
 * - face_plus_charges (the default): what the borrower owes on the day of the
 *   repurchase — the face value still open (principal and interest, with the
 *   contract interest accrued after the due date) plus the late charges
 *   (late fee and default interest) accrued to that day. The fund is made
 *   whole as if the borrower had paid that day.
 * - present_value: the face value still open discounted at the cession's own
 *   monthly rate, compound, over calendar days / 30 from the repurchase date
 *   to the due date, rounded half-up to the cent — the same convention as the
 *   cession's price (domain/servicing/cession.ts), so an installment
 *   repurchased the day it was sold costs what it sold for. An installment
 *   due on or before the repurchase date is not discounted and carries no
 *   charges; a cession priced at a stated amount has no rate, so its
 *   installments are repurchased at face value.
 *
 * The carrying amount brought back to loans receivable is the open principal
 * on the day; result = carrying − amount (a loss when negative, a gain when
 * positive), as the ledger's repurchasePosting posts it.
 */
import Decimal from 'decimal.js';
import type { RepurchaseRule } from '@shared/servicing';
import { priceCession } from './cession';
import { checkedDay } from './days';
import { money, ZERO } from './money';

export interface RepurchaseFacts {
  rule: RepurchaseRule;
  /** the repurchase date (the business date) */
  date: string;
  dueDate: string;
  /** principal and interest still open on the date */
  faceValue: Decimal.Value;
  /** late fee and default interest accrued and still open on the date */
  charges: Decimal.Value;
  /** the open principal on the date */
  openPrincipal: Decimal.Value;
  /** the cession's monthly discount rate (percent), null when it was priced at a stated amount */
  cessionMonthlyRate: Decimal.Value | null;
}

export interface RepurchaseAmount {
  faceValue: Decimal;
  /** the charges the amount includes (zero under present_value) */
  charges: Decimal;
  /** face value − the discounted value (zero under face_plus_charges) */
  discount: Decimal;
  /** what the lender pays the assignee */
  amount: Decimal;
  carrying: Decimal;
  /** carrying − amount */
  result: Decimal;
}

export function repurchaseAmount(facts: RepurchaseFacts): RepurchaseAmount {
  const date = checkedDay(facts.date, 'date');
  const dueDate = checkedDay(facts.dueDate, 'dueDate');
  const faceValue = money(facts.faceValue, 'faceValue');
  const openCharges = money(facts.charges, 'charges');
  const carrying = money(facts.openPrincipal, 'openPrincipal');
  if (carrying.gt(faceValue)) throw new RangeError('openPrincipal must not exceed the face value');
  let charges = ZERO;
  let amount: Decimal;
  if (facts.rule === 'face_plus_charges') {
    charges = openCharges;
    amount = faceValue.plus(charges);
  } else if (facts.rule === 'present_value') {
    amount =
      facts.cessionMonthlyRate === null || faceValue.isZero()
        ? faceValue
        : priceCession(date, [{ id: 1, dueDate, faceValue, openPrincipal: carrying }], { kind: 'rate', monthlyRatePercent: facts.cessionMonthlyRate }).price;
  } else {
    throw new RangeError(`unknown repurchase rule ${String(facts.rule)}`);
  }
  return { faceValue, charges, discount: faceValue.minus(amount.minus(charges)), amount, carrying, result: carrying.minus(amount) };
}
