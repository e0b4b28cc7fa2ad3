/**
 * Allocation of payments to one installment's dues, replayed from its
 * transactions so that the split of every payment and the installment's
 * state at any date follow from one rule.
 *
 * Conventions:
 * - Order (the documented rule, the same for every payment): late fee
 *   (multa), default interest (juros de mora), interest (the contract
 *   interest accrued after the due date first, then the installment's
 *   scheduled interest), principal (the installment's amortization). Charges
 *   are paid before the installment's value, so a partial payment reduces
 *   the base of later charges only once the charges are cleared.
 * - Charges come from late-charges.ts, by the frozen contract's terms: the
 *   multa is assessed at the first event after the grace (the due date, or
 *   the next business day when the due date is not one, Código Civil art.
 *   132 §1) on the value then open; mora — and remuneratory interest, only
 *   where the contract states it — accrue from `lateFrom` (the moved due
 *   date unless the contract says the printed one) in stretches between
 *   payments, mora on the value open during the stretch, compounded
 *   remuneratory interest on that value plus its own interest still unpaid.
 *   A payment made within the grace bears no charge, and the stretch before
 *   it is not charged later.
 * - A partial payment leaves the rest open; a payment above what is due at
 *   its date is refused (OverpaymentError carries the amount due).
 * - Transactions are never edited: the caller passes the installment's
 *   payments that are not reversed, and the split of each is recomputed
 *   from scratch, in date order (ties keep the caller's order, which should
 *   be the order they were recorded). A payment or reversal dated in the
 *   past therefore re-allocates every later payment — Apache Fineract's
 *   lesson; `reallocationChanges` says which stored splits moved.
 * - A reversal removes its payment from the replay entirely (the money
 *   never arrived, or went back); its own date only dates the ledger entry.
 * - Payments are taken at face value: an early payment of a future
 *   installment earns no discount here (that is prepayment.ts's business).
 */
import Decimal from 'decimal.js';
import { daysBetween, parseCalendarDay } from '../credit/calendar';
import { checkTerms, defaultInterestFor, isLate, lateFeeOn, lateFrom, remuneratoryOver, type CheckedTerms, type LateChargeTerms } from './late-charges';
import { money, positiveMoney, ZERO } from './money';

/** The installment's figures from its schedule row. */
export interface InstallmentFigures {
  dueDate: string;
  /** amortization */
  principal: Decimal.Value;
  /** scheduled interest */
  interest: Decimal.Value;
}

export interface PaymentRecord {
  id: string;
  date: string;
  amount: Decimal.Value;
}

export const ALLOCATION_ORDER = ['lateFee', 'defaultInterest', 'interest', 'principal'] as const;
export type Bucket = (typeof ALLOCATION_ORDER)[number];
export type Split = Record<Bucket, Decimal>;

export interface Allocation {
  id: string;
  date: string;
  amount: Decimal;
  split: Split;
}

export type PaymentStatus = 'open' | 'partially_paid' | 'paid';

export interface InstallmentState {
  asOf: string;
  /** owed on `asOf`, by bucket (interest = contract interest after the due date + scheduled interest still open) */
  due: Split;
  dueTotal: Decimal;
  /** the installment's own value still open (principal + scheduled interest, no charges) */
  valueOpen: Decimal;
  paid: Split;
  paidTotal: Decimal;
  /** charges assessed up to `asOf` */
  charges: { lateFee: Decimal; defaultInterest: Decimal; contractInterest: Decimal };
  /** calendar days late on `asOf` (0 when not late or nothing is open) */
  daysLate: number;
  overdue: boolean;
  status: PaymentStatus;
  /** the date of the payment that settled it */
  paidOn: string | null;
}

export interface Replay {
  allocations: Allocation[];
  state: InstallmentState;
}

/** A payment above what is due at its date. */
export class OverpaymentError extends RangeError {
  constructor(
    readonly transactionId: string,
    readonly date: string,
    readonly amountDue: Decimal,
  ) {
    super(`payment ${transactionId} on ${date} exceeds the amount due ${amountDue.toFixed(2)}`);
    this.name = 'OverpaymentError';
  }
}

const emptySplit = (): Split => ({ lateFee: ZERO, defaultInterest: ZERO, interest: ZERO, principal: ZERO });

export function splitTotal(split: Split): Decimal {
  return ALLOCATION_ORDER.reduce((total, b) => total.plus(split[b]), ZERO);
}

interface Figures {
  dueDate: string;
  principal: Decimal;
  interest: Decimal;
}

interface Running {
  openPrincipal: Decimal;
  openInterest: Decimal;
  lateFeeDue: Decimal;
  defaultInterestDue: Decimal;
  contractInterestDue: Decimal;
  lateFeeAssessed: boolean;
  /** mora and contract interest are accrued up to this day */
  accruedTo: string;
  charged: { lateFee: Decimal; defaultInterest: Decimal; contractInterest: Decimal };
  paid: Split;
  paidOn: string | null;
}

function checkFigures(f: InstallmentFigures): Figures {
  parseCalendarDay(f.dueDate);
  const principal = money(f.principal, 'principal');
  const interest = money(f.interest, 'interest');
  if (principal.plus(interest).isZero()) throw new RangeError('the installment has no value');
  return { dueDate: f.dueDate, principal, interest };
}

function start(f: Figures, terms: CheckedTerms): Running {
  return {
    openPrincipal: f.principal,
    openInterest: f.interest,
    lateFeeDue: ZERO,
    defaultInterestDue: ZERO,
    contractInterestDue: ZERO,
    lateFeeAssessed: false,
    accruedTo: lateFrom(f.dueDate, terms),
    charged: { lateFee: ZERO, defaultInterest: ZERO, contractInterest: ZERO },
    paid: emptySplit(),
    paidOn: null,
  };
}

function copy(r: Running): Running {
  return { ...r, charged: { ...r.charged }, paid: { ...r.paid } };
}

const valueOpen = (r: Running) => r.openPrincipal.plus(r.openInterest);
const totalDue = (r: Running) => r.lateFeeDue.plus(r.defaultInterestDue).plus(r.contractInterestDue).plus(valueOpen(r));

/** Brings the charges up to `date` (mutates `r`). */
function accrue(r: Running, f: Figures, terms: CheckedTerms, date: string): void {
  if (!isLate(f.dueDate, date)) return;
  const base = valueOpen(r);
  if (base.isZero()) return;
  if (!r.lateFeeAssessed) {
    const fee = lateFeeOn(base, terms);
    r.lateFeeDue = r.lateFeeDue.plus(fee);
    r.charged.lateFee = r.charged.lateFee.plus(fee);
    r.lateFeeAssessed = true;
  }
  const days = daysBetween(r.accruedTo, date);
  if (days <= 0) return;
  const defaultInterest = defaultInterestFor(base, days, terms);
  // Compounding: the remuneratory interest of delay still unpaid bears the contract's rate too (never multa or mora).
  const remuneratoryBase = terms.remuneratory === 'compound_daily' ? base.plus(r.contractInterestDue) : base;
  const contractInterest = remuneratoryOver(r.accruedTo, date, base, remuneratoryBase, terms);
  r.defaultInterestDue = r.defaultInterestDue.plus(defaultInterest);
  r.contractInterestDue = r.contractInterestDue.plus(contractInterest);
  r.charged.defaultInterest = r.charged.defaultInterest.plus(defaultInterest);
  r.charged.contractInterest = r.charged.contractInterest.plus(contractInterest);
  r.accruedTo = date;
}

/** Splits `amount` over the dues in the documented order (mutates `r`). */
function allocate(r: Running, amount: Decimal, date: string): Split {
  let rest = amount;
  const take = (owed: Decimal): Decimal => {
    const part = Decimal.min(owed, rest);
    rest = rest.minus(part);
    return part;
  };
  const lateFee = take(r.lateFeeDue);
  r.lateFeeDue = r.lateFeeDue.minus(lateFee);
  const defaultInterest = take(r.defaultInterestDue);
  r.defaultInterestDue = r.defaultInterestDue.minus(defaultInterest);
  const contractInterest = take(r.contractInterestDue);
  r.contractInterestDue = r.contractInterestDue.minus(contractInterest);
  const scheduledInterest = take(r.openInterest);
  r.openInterest = r.openInterest.minus(scheduledInterest);
  const principal = take(r.openPrincipal);
  r.openPrincipal = r.openPrincipal.minus(principal);
  const split: Split = { lateFee, defaultInterest, interest: contractInterest.plus(scheduledInterest), principal };
  for (const b of ALLOCATION_ORDER) r.paid[b] = r.paid[b].plus(split[b]);
  if (r.paidOn === null && valueOpen(r).isZero()) r.paidOn = date;
  return split;
}

interface CheckedPayment {
  id: string;
  date: string;
  amount: Decimal;
}

/** Date order, ties in the caller's order; ids unique. */
function orderPayments(payments: readonly PaymentRecord[]): CheckedPayment[] {
  const ids = new Set<string>();
  const checked = payments.map((p, index) => {
    if (typeof p.id !== 'string' || p.id === '') throw new RangeError('payment id must be a non-empty string');
    if (ids.has(p.id)) throw new RangeError(`payment ${p.id} appears twice`);
    ids.add(p.id);
    parseCalendarDay(p.date);
    return { id: p.id, date: p.date, amount: positiveMoney(p.amount, `amount of payment ${p.id}`), index };
  });
  checked.sort((a, b) => (a.date === b.date ? a.index - b.index : a.date < b.date ? -1 : 1));
  return checked.map(({ id, date, amount }) => ({ id, date, amount }));
}

function snapshot(r0: Running, f: Figures, terms: CheckedTerms, asOf: string): InstallmentState {
  const r = copy(r0);
  accrue(r, f, terms, asOf);
  const due: Split = {
    lateFee: r.lateFeeDue,
    defaultInterest: r.defaultInterestDue,
    interest: r.contractInterestDue.plus(r.openInterest),
    principal: r.openPrincipal,
  };
  const open = valueOpen(r);
  const days = !open.isZero() && isLate(f.dueDate, asOf) ? daysBetween(lateFrom(f.dueDate, terms), asOf) : 0;
  const paidTotal = splitTotal(r.paid);
  const dueTotal = splitTotal(due);
  const status: PaymentStatus = dueTotal.isZero() ? 'paid' : paidTotal.isZero() ? 'open' : 'partially_paid';
  return {
    asOf,
    due,
    dueTotal,
    valueOpen: open,
    paid: r.paid,
    paidTotal,
    charges: r.charged,
    daysLate: days,
    overdue: days > 0,
    status,
    paidOn: r.paidOn,
  };
}

/**
 * Every payment's split and the installment's state on `asOf` (payments
 * dated after `asOf` are allocated but do not count in the state).
 * Throws OverpaymentError at the first payment above what was due at its date.
 */
export function replayInstallment(
  figures: InstallmentFigures,
  lateChargeTerms: LateChargeTerms,
  payments: readonly PaymentRecord[],
  asOf: string,
): Replay {
  const { allocations, state } = replayStanding(figures, lateChargeTerms, payments, asOf);
  return { allocations, state };
}

/** A payment's step of the replay (mutates `r`): its charges brought to its date, then its split. */
function step(r: Running, f: Figures, terms: CheckedTerms, p: CheckedPayment): Allocation {
  accrue(r, f, terms, p.date);
  const due = totalDue(r);
  if (p.amount.gt(due)) throw new OverpaymentError(p.id, p.date, due);
  return { id: p.id, date: p.date, amount: p.amount, split: allocate(r, p.amount, p.date) };
}

/**
 * The replay of the standing payments (replayInstallment's answer) that can also check a new payment
 * (checkNewPayment's answer) without replaying the standing ones again when the new payment comes last — dated on or
 * after every standing payment and by `asOf` (a payment of the day, a bank's or a Pix's): the replay then goes on
 * from where the standing payments left it. Otherwise it is checkNewPayment itself.
 */
export interface StandingReplay extends Replay {
  check(candidate: PaymentRecord): PaymentCheck;
}

export function replayStanding(
  figures: InstallmentFigures,
  lateChargeTerms: LateChargeTerms,
  payments: readonly PaymentRecord[],
  asOf: string,
): StandingReplay {
  const f = checkFigures(figures);
  const terms = checkTerms(lateChargeTerms);
  parseCalendarDay(asOf);
  const r = start(f, terms);
  const allocations: Allocation[] = [];
  let state: InstallmentState | null = null;
  const ordered = orderPayments(payments);
  for (const p of ordered) {
    if (state === null && p.date > asOf) state = snapshot(r, f, terms, asOf);
    allocations.push(step(r, f, terms, p));
  }
  const last = ordered.length === 0 ? null : ordered[ordered.length - 1].date;
  const check = (candidate: PaymentRecord): PaymentCheck => {
    const comesLast = typeof candidate.date === 'string' && candidate.date <= asOf && (last === null || candidate.date >= last);
    if (!comesLast || ordered.some((p) => p.id === candidate.id)) return checkNewPayment(figures, lateChargeTerms, payments, candidate, asOf);
    // orderPayments' checks of the new payment, as the replay with it would make them.
    const [c] = orderPayments([candidate]);
    const going = copy(r);
    try {
      const allocation = step(going, f, terms, c);
      return { ok: true, replay: { allocations: [...allocations, allocation], state: snapshot(going, f, terms, asOf) }, allocation };
    } catch (error) {
      if (!(error instanceof OverpaymentError)) throw error;
      const amountDue = amountDueAt(figures, lateChargeTerms, payments, c.date);
      return { ok: false, amountDue, conflict: { id: error.transactionId, date: error.date, amountDue: error.amountDue } };
    }
  };
  return { allocations, state: state ?? snapshot(r, f, terms, asOf), check };
}

/** What is due on `date`, counting the payments dated up to that day. */
export function amountDueAt(
  figures: InstallmentFigures,
  lateChargeTerms: LateChargeTerms,
  payments: readonly PaymentRecord[],
  date: string,
): Decimal {
  const upToDate = payments.filter((p) => p.date <= date);
  return replayInstallment(figures, lateChargeTerms, upToDate, date).state.dueTotal;
}

export type PaymentCheck =
  | { ok: true; replay: Replay; allocation: Allocation }
  | {
      ok: false;
      /** due on the new payment's date, before it */
      amountDue: Decimal;
      /** the payment that would exceed its due: the new one, or a later one a back-dated payment squeezes */
      conflict: { id: string; date: string; amountDue: Decimal };
    };

/**
 * Whether a new payment may be recorded: the replay with it must fit every
 * payment (the new one and all later ones) within what is due at its date.
 */
export function checkNewPayment(
  figures: InstallmentFigures,
  lateChargeTerms: LateChargeTerms,
  payments: readonly PaymentRecord[],
  candidate: PaymentRecord,
  asOf: string,
): PaymentCheck {
  try {
    const replay = replayInstallment(figures, lateChargeTerms, [...payments, candidate], asOf);
    const allocation = replay.allocations.find((a) => a.id === candidate.id)!;
    return { ok: true, replay, allocation };
  } catch (error) {
    if (!(error instanceof OverpaymentError)) throw error;
    const amountDue = amountDueAt(figures, lateChargeTerms, payments, candidate.date);
    return { ok: false, amountDue, conflict: { id: error.transactionId, date: error.date, amountDue: error.amountDue } };
  }
}

export type InstallmentEvent =
  | { kind: 'payment'; id: string; date: string; amount: Decimal.Value }
  | { kind: 'reversal'; id: string; date: string; reverses: string };

/** The payments an event log leaves standing, in the log's order; refuses dangling or double reversals. */
export function activePayments(events: readonly InstallmentEvent[]): PaymentRecord[] {
  const payments = new Map<string, PaymentRecord>();
  const reversed = new Set<string>();
  for (const e of events) {
    if (e.kind === 'payment') {
      payments.set(e.id, { id: e.id, date: e.date, amount: e.amount });
      continue;
    }
    const original = payments.get(e.reverses);
    if (!original) throw new RangeError(`reversal ${e.id} names no earlier payment (${e.reverses})`);
    if (reversed.has(e.reverses)) throw new RangeError(`payment ${e.reverses} is already reversed`);
    parseCalendarDay(e.date);
    if (e.date < original.date) throw new RangeError(`reversal ${e.id} is dated before its payment`);
    reversed.add(e.reverses);
  }
  return [...payments.values()].filter((p) => !reversed.has(p.id));
}

/** The replay of an event log of payments and reversals. */
export function replayEvents(
  figures: InstallmentFigures,
  lateChargeTerms: LateChargeTerms,
  events: readonly InstallmentEvent[],
  asOf: string,
): Replay {
  return replayInstallment(figures, lateChargeTerms, activePayments(events), asOf);
}

export interface SplitChange {
  id: string;
  before: Split;
  after: Split;
}

/** The payments present in both replays whose split moved (the ledger re-posts exactly these). */
export function reallocationChanges(before: readonly Allocation[], after: readonly Allocation[]): SplitChange[] {
  const previous = new Map(before.map((a) => [a.id, a]));
  const changes: SplitChange[] = [];
  for (const a of after) {
    const old = previous.get(a.id);
    if (old && ALLOCATION_ORDER.some((b) => !old.split[b].eq(a.split[b]))) changes.push({ id: a.id, before: old.split, after: a.split });
  }
  return changes;
}
