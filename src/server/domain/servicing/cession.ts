/**
 * The price of installments sold to an assignee (cessão de recebíveis, e.g.
 * to a receivables fund), before the sale is recorded: what each installment
 * sells for, what the sale takes out of loans receivable, and the result.
 *
 * Conventions (one each, written here so the screen, the ledger and the
 * assignee's statement agree):
 * - Face value: what is still to be received on the installment (its open
 *   value, without late charges: an installment overdue beyond the
 *   agreement's limit is not assignable at all).
 * - Discounted price: the face value at the agreed monthly rate, compound,
 *   over calendar days / 30 from the cession date to the due date ("dias
 *   corridos", the usual basis of a monthly cession rate; an agreement priced
 *   on 252 business days would be another rule). A due date on or before the
 *   cession date is not discounted (never a premium).
 * - Each installment's price is rounded half-up to the cent, and the
 *   cession's price is the sum of those rounded prices, so the lines the
 *   person confirms add up to the total exactly.
 * - A stated price (the agreement names the amount instead of a rate) is
 *   shared among the installments in proportion to face value, in whole
 *   cents, the leftover cents going one by one to the largest remainders
 *   (ties to the earlier installment), so the shares add up exactly.
 * - Carrying amount: the open principal of each installment, what the
 *   ledger holds as loans receivable (interest is recognised when received,
 *   so none is carried). Result = price − carrying amount: a gain when
 *   positive, a loss when negative, per installment and in total.
 */
import Decimal from 'decimal.js';
import { daysBetween } from '../credit/calendar';
import { checkedDay } from './days';
import { cents, money, percent, positiveMoney, sum, ZERO } from './money';

export interface AssignableInstallment {
  id: number;
  dueDate: string;
  /** open value to be received (no charges) */
  faceValue: Decimal.Value;
  /** open principal: what loans receivable carries for it */
  openPrincipal: Decimal.Value;
}

export type CessionPricing = { kind: 'rate'; monthlyRatePercent: Decimal.Value } | { kind: 'stated'; price: Decimal.Value };

export interface PricedInstallment {
  id: number;
  dueDate: string;
  faceValue: Decimal;
  /** calendar days from the cession date to the due date (0 when due on or before it) */
  days: number;
  price: Decimal;
  /** face value − price */
  discount: Decimal;
  carrying: Decimal;
  /** price − carrying: a gain (positive) or a loss (negative) */
  result: Decimal;
}

export interface CessionPrice {
  date: string;
  installments: PricedInstallment[];
  faceValue: Decimal;
  price: Decimal;
  discount: Decimal;
  carrying: Decimal;
  result: Decimal;
}

const ONE = new Decimal(1);
const THIRTY = new Decimal(30);
/** A monthly rate above this is a typing error, not an agreement. */
const MAX_MONTHLY_RATE = 100;

interface Checked {
  id: number;
  dueDate: string;
  faceValue: Decimal;
  carrying: Decimal;
  days: number;
}

function checkInstallments(date: string, installments: readonly AssignableInstallment[]): Checked[] {
  if (!Array.isArray(installments) || installments.length === 0) throw new RangeError('installments: choose at least one installment');
  const seen = new Set<number>();
  return installments.map((i, k) => {
    if (!Number.isInteger(i.id) || seen.has(i.id)) throw new RangeError(`installments[${k}].id must be a distinct whole number`);
    seen.add(i.id);
    const dueDate = checkedDay(i.dueDate, `installments[${k}].dueDate`);
    const faceValue = positiveMoney(i.faceValue, `installments[${k}].faceValue`);
    const carrying = money(i.openPrincipal, `installments[${k}].openPrincipal`);
    if (carrying.gt(faceValue)) throw new RangeError(`installments[${k}].openPrincipal must not exceed its face value`);
    return { id: i.id, dueDate, faceValue, carrying, days: Math.max(0, daysBetween(date, dueDate)) };
  });
}

/** Shares `total` among `weights` in whole cents, in proportion, the leftover cents to the largest remainders. */
export function shareInCents(total: Decimal, weights: readonly Decimal[]): Decimal[] {
  const weightSum = sum(weights as Decimal[]);
  if (weightSum.lte(0)) throw new RangeError('weights must have a positive sum');
  const totalCents = total.mul(100);
  const exact = weights.map((w) => totalCents.mul(w).div(weightSum));
  const floors = exact.map((e) => e.floor());
  let left = totalCents.minus(sum(floors)).toNumber();
  const order = exact.map((e, k) => ({ k, rest: e.minus(floors[k]) })).sort((a, b) => b.rest.comparedTo(a.rest) || a.k - b.k);
  const shares = [...floors];
  for (const { k } of order) {
    if (left <= 0) break;
    shares[k] = shares[k].plus(1);
    left--;
  }
  return shares.map((c) => c.div(100));
}

/** What the installments sell for on `date`, priced at a monthly rate or at a stated price. */
export function priceCession(date: string, installments: readonly AssignableInstallment[], pricing: CessionPricing): CessionPrice {
  checkedDay(date, 'date');
  const checked = checkInstallments(date, installments);
  let prices: Decimal[];
  if (pricing.kind === 'rate') {
    const i = percent(pricing.monthlyRatePercent, 'monthly rate', MAX_MONTHLY_RATE).div(100);
    // One power per distinct day count: installments of a cession share due dates, and a fractional power is the costly step.
    const factors = new Map<number, Decimal>();
    const factor = (days: number) => factors.get(days) ?? factors.set(days, ONE.plus(i).pow(new Decimal(days).div(THIRTY))).get(days)!;
    prices = checked.map((c) => cents(c.faceValue.div(factor(c.days))));
  } else if (pricing.kind === 'stated') {
    const stated = positiveMoney(pricing.price, 'price');
    const face = sum(checked.map((c) => c.faceValue));
    if (stated.gt(face)) throw new RangeError(`price must not exceed the face value (${face.toFixed(2)})`);
    prices = shareInCents(stated, checked.map((c) => c.faceValue));
  } else {
    throw new RangeError('pricing must be a monthly rate or a stated price');
  }
  const priced = checked.map((c, k) => ({
    id: c.id,
    dueDate: c.dueDate,
    faceValue: c.faceValue,
    days: c.days,
    price: prices[k],
    discount: c.faceValue.minus(prices[k]),
    carrying: c.carrying,
    result: prices[k].minus(c.carrying),
  }));
  const total = (pick: (p: PricedInstallment) => Decimal) => priced.reduce((a, p) => a.plus(pick(p)), ZERO);
  return {
    date,
    installments: priced,
    faceValue: total((p) => p.faceValue),
    price: total((p) => p.price),
    discount: total((p) => p.discount),
    carrying: total((p) => p.carrying),
    result: total((p) => p.result),
  };
}

/** A cession item as recorded (its money at the cession). */
export interface CededItem {
  faceValue: Decimal.Value;
  price: Decimal.Value;
  carrying: Decimal.Value;
}

/** What a reversal brings back of one item: the open principal, the price share, their result. */
export interface ReturnedPart {
  price: Decimal;
  carrying: Decimal;
  /** price − carrying of what returns: the part of the cession's gain (positive) or loss (negative) undone */
  result: Decimal;
}

/**
 * Reverse cession after collection (Código Civil arts. 286–298 and 472; the cession agreement): the reversal is a
 * distrato of the part still open. What was collected while the installment was assigned was the assignee's when paid
 * (art. 286 ff.) and stays so — it is already owed to the assignee and passed through; the lender takes back only the
 * open principal (what loans receivable carries), and the assignee is released from the price of what returns, its
 * share of the item's price in proportion to the face value still open (open face / face at the cession, half-up to
 * the cent; all of it when nothing was collected). The assignee keeps paying the price of the part it collected.
 * Nothing open (collected in full): RangeError — there is nothing to return (the caller answers 409).
 */
export function returnedPart(item: CededItem, open: { faceValue: Decimal.Value; principal: Decimal.Value }): ReturnedPart {
  const face = positiveMoney(item.faceValue, 'item face value');
  const price = money(item.price, 'item price');
  const openFace = new Decimal(open.faceValue);
  if (openFace.lte(0)) throw new RangeError('nothing open: the installment was collected in full');
  const carrying = money(open.principal, 'open principal');
  const back = openFace.gte(face) ? price : cents(price.times(openFace).div(face));
  return { price: back, carrying, result: back.minus(carrying) };
}
