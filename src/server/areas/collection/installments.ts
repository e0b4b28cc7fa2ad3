/**
 * Installments as of a date: each one's figures from the schedule, replayed
 * with its payments and reversals (domain/servicing/allocation.ts) under the
 * operation's late-charge terms. Nothing about the state is stored by a job:
 * paid, partially paid and overdue follow from the transactions and the day
 * asked; only the settlement day is kept on the schedule row (operations'
 * `paid_on`), written with the payment that settles it.
 *
 * - As of a date, a transaction dated after it does not count (a reversal
 *   dated later leaves its payment standing on that date).
 * - An operation not yet disbursed bears no charges: its installments are
 *   shown as open, valued as scheduled.
 * - Terms: the frozen contract's (Res. CMN 4.882/2020: only the charges the
 *   contract states), copied to the disbursement when the money left — never
 *   the company's parameters of the day; an operation without a
 *   disbursement row reads its contract in force.
 */
import Decimal from 'decimal.js';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { wasDisbursed } from '@shared/credit-operation-status';
import { canBeOverdue, WITHDRAWN_INSTALLMENT_STATUS, type StoredInstallmentStatus } from '@shared/installment-status';
import type { InstallmentsView } from '@shared/contract/servicing';
import type { BoletoRejection } from '@shared/contract/servicing-boleto';
import type { z } from 'zod';
import type { installmentStateSchema, installmentTransactionSchema, lateChargeTermsSchema } from '@shared/contract/servicing';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { parametersOf } from '../company';
import { findOperation, frozenContractInForce, pendingApprovalsOf, statusOf, type OperationRow } from '../operations';
import { creditOperationInstallments } from '../operations/schema';
import { notFound } from '../../platform/http/errors';
import { activePayments, replayInstallment, type InstallmentEvent, type InstallmentFigures, type Replay, type Split } from '../../domain/servicing/allocation';
import type { LateChargeTerms } from '../../domain/servicing/late-charges';
import { payableUntil } from '../../domain/servicing/business-days';
import { boletoRejectionOf, currentStatus, disbursementOf, storedStatusesAsOf } from '../servicing';
import { installmentTransactions, type InstallmentTransactionRow } from './schema';

export const INSTALLMENT_MESSAGES = {
  notFound: 'Parcela não encontrada nesta operação.',
} as const;

export type InstallmentRow = typeof creditOperationInstallments.$inferSelect;
type InstallmentState = z.input<typeof installmentStateSchema>;
type TransactionView = z.input<typeof installmentTransactionSchema>;

/** The terms an operation's charges are counted by (the contract's shape: the frozen contract's, copied at release). */
export type Terms = z.output<typeof lateChargeTermsSchema>;

/** The terms a disbursement keeps: the frozen contract's, copied at release. */
export function termsOfDisbursement(d: Terms): Terms {
  return {
    late_fee_percent: d.late_fee_percent,
    default_interest_monthly_percent: d.default_interest_monthly_percent,
    contract_monthly_percent: d.contract_monthly_percent,
    remuneratory: d.remuneratory,
    late_days_from: d.late_days_from,
    legacy_until: d.legacy_until,
  };
}

export interface ServicingContext {
  op: OperationRow;
  terms: Terms;
  /** the first day a payment may be dated */
  disbursedOn: string;
  collecting: boolean;
}

export async function servicingContext(db: Db, op: OperationRow): Promise<ServicingContext> {
  return contextFrom(db, op, await disbursementOf(db, op.id));
}

/**
 * The context from the operation and its disbursement already read (null when it was disbursed before servicing
 * recorded disbursements: its contract's frozen terms).
 */
export async function contextFrom(db: Db, op: OperationRow, d: Awaited<ReturnType<typeof disbursementOf>>): Promise<ServicingContext> {
  const collecting = wasDisbursed(statusOf(op));
  if (d) {
    return {
      op,
      collecting,
      disbursedOn: d.disbursed_on,
      terms: termsOfDisbursement(d),
    };
  }
  // Not released (no charges run: see replayOf): the contract's frozen terms once issued; before that, what a contract
  // issued today would state (the company's multa and mora, no remuneratory clause) — shown, never charged.
  const contract = await frozenContractInForce(db, op.id);
  if (contract) {
    const late = contract.frozen.late_charges;
    return { op, collecting, disbursedOn: op.disbursement_date, terms: { ...late, legacy_until: null } };
  }
  const params = await parametersOf(db, op.company_id);
  return {
    op,
    collecting,
    disbursedOn: op.disbursement_date,
    terms: {
      late_fee_percent: params.late_fee_percent,
      default_interest_monthly_percent: params.default_interest_monthly_percent,
      contract_monthly_percent: op.monthly_rate,
      remuneratory: 'none',
      late_days_from: 'payable_until',
      legacy_until: null,
    },
  };
}

export function lateChargeTerms(t: Terms): LateChargeTerms {
  return {
    lateFeePercent: t.late_fee_percent,
    defaultInterestMonthlyPercent: t.default_interest_monthly_percent,
    remuneratory: t.remuneratory,
    contractMonthlyPercent: t.contract_monthly_percent,
    legacyUntil: t.legacy_until,
    lateDaysFrom: t.late_days_from,
  };
}

export function figuresOf(i: InstallmentRow): InstallmentFigures {
  return { dueDate: i.due_date, principal: i.amortization, interest: i.interest };
}

/** The events of an installment's transactions (in the order written), up to `asOf` when given. */
export function eventsOf(rows: readonly InstallmentTransactionRow[], asOf?: string): InstallmentEvent[] {
  return rows
    .filter((t) => asOf === undefined || t.paid_on <= asOf)
    .map((t) =>
      t.kind === 'payment'
        ? { kind: 'payment', id: String(t.id), date: t.paid_on, amount: t.amount }
        : { kind: 'reversal', id: String(t.id), date: t.paid_on, reverses: String(t.reverses_id) },
    );
}

/** The replay of one installment as of `asOf` (no charges before the money left). */
export function replayOf(ctx: ServicingContext, i: InstallmentRow, rows: readonly InstallmentTransactionRow[], asOf: string): Replay {
  const day = ctx.collecting ? asOf : asOf < i.due_date ? asOf : i.due_date;
  return replayInstallment(figuresOf(i), lateChargeTerms(ctx.terms), activePayments(eventsOf(rows, asOf)), day);
}

const text = (d: Decimal) => d.toFixed(2);
export function splitView(s: Split) {
  return { late_fee: text(s.lateFee), default_interest: text(s.defaultInterest), interest: text(s.interest), principal: text(s.principal) };
}

const ZERO = new Decimal(0);
const NOTHING: Split = { lateFee: ZERO, defaultInterest: ZERO, interest: ZERO, principal: ZERO };

/**
 * `stored`: the installment's stored status (written off, renegotiated…), which payments do not move; such a one is
 * never overdue. A cancelled one (the borrower's withdrawal, CDC art. 49: the contract undone, the principal returned)
 * owes nothing: nothing open, no charges — a written-off one keeps its open amounts on view (the debt survives the loss).
 */
export function stateView(i: InstallmentRow, replay: Replay, stored: StoredInstallmentStatus | null = null): InstallmentState {
  const status = currentStatus(stored, replay.state.status);
  const owesNothing = status === WITHDRAWN_INSTALLMENT_STATUS;
  const s = owesNothing ? { ...replay.state, due: NOTHING, dueTotal: ZERO, valueOpen: ZERO, charges: { lateFee: ZERO, defaultInterest: ZERO, contractInterest: ZERO } } : replay.state;
  const collecting = canBeOverdue(status);
  return {
    id: i.id,
    number: i.number,
    due_date: i.due_date,
    payable_until: payableUntil(i.due_date),
    value: new Decimal(i.amortization).plus(i.interest).toFixed(2),
    principal: new Decimal(i.amortization).toFixed(2),
    interest: new Decimal(i.interest).toFixed(2),
    status,
    overdue: collecting && s.overdue,
    days_late: collecting ? s.daysLate : 0,
    due: splitView(s.due),
    due_total: text(s.dueTotal),
    paid: splitView(s.paid),
    paid_total: text(s.paidTotal),
    charges: { late_fee: text(s.charges.lateFee), default_interest: text(s.charges.defaultInterest), contract_interest: text(s.charges.contractInterest) },
    paid_on: s.paidOn,
  };
}

export async function transactionsOf(db: Db, installmentIds: readonly number[]): Promise<InstallmentTransactionRow[]> {
  if (installmentIds.length === 0) return [];
  return db.select().from(installmentTransactions).where(inArray(installmentTransactions.installment_id, [...installmentIds])).orderBy(asc(installmentTransactions.id));
}

function byInstallment(rows: readonly InstallmentTransactionRow[]): Map<number, InstallmentTransactionRow[]> {
  const map = new Map<number, InstallmentTransactionRow[]>();
  for (const r of rows) {
    const list = map.get(r.installment_id) ?? [];
    list.push(r);
    map.set(r.installment_id, list);
  }
  return map;
}

/** The current schedule (a prepayment's replaced rows left out: they stay readable through the prepayments). */
export async function scheduleOf(db: Db, operationId: number): Promise<InstallmentRow[]> {
  return db
    .select()
    .from(creditOperationInstallments)
    .where(and(eq(creditOperationInstallments.credit_operation_id, operationId), isNull(creditOperationInstallments.superseded_in)))
    .orderBy(asc(creditOperationInstallments.number));
}

export async function findInstallment(db: Db, operationId: number, installmentId: number): Promise<InstallmentRow> {
  const [row] = await db
    .select()
    .from(creditOperationInstallments)
    .where(and(eq(creditOperationInstallments.id, installmentId), eq(creditOperationInstallments.credit_operation_id, operationId)));
  if (!row) throw notFound(INSTALLMENT_MESSAGES.notFound);
  return row;
}

export async function loadInstallments(db: Db, operationId: number, asOf: string): Promise<InstallmentsView> {
  const op = await findOperation(db, operationId);
  const ctx = await servicingContext(db, op);
  const schedule = await scheduleOf(db, op.id);
  const txs = byInstallment(await transactionsOf(db, schedule.map((i) => i.id)));
  const stored = await storedStatusesAsOf(db, schedule.map((i) => i.id), asOf);
  let value = new Decimal(0);
  let paid = new Decimal(0);
  let due = new Decimal(0);
  const installments = schedule.map((i) => {
    const view = stateView(i, replayOf(ctx, i, txs.get(i.id) ?? [], asOf), stored.get(i.id) ?? null);
    value = value.plus(view.value);
    paid = paid.plus(view.paid_total);
    due = due.plus(view.due_total);
    return view;
  });
  return {
    credit_operation_id: op.id,
    status: statusOf(op),
    as_of: asOf,
    terms: ctx.terms,
    installments,
    totals: { value: value.toFixed(2), paid: paid.toFixed(2), due: due.toFixed(2) },
  };
}

export async function loadInstallmentDetails(db: Db, operationId: number, installmentId: number, asOf: string) {
  const op = await findOperation(db, operationId);
  const ctx = await servicingContext(db, op);
  const installment = await findInstallment(db, op.id, installmentId);
  const rows = await transactionsOf(db, [installment.id]);
  const pending = await pendingApprovalsOf(db, 'installment.reverse', rows.filter((r) => r.kind === 'payment').map((r) => r.id));
  const actorIds = [...new Set(rows.map((r) => r.actor_id).filter((v): v is number => v !== null))];
  const names = new Map(
    actorIds.length ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, actorIds))).map((u) => [u.id, u.name]) : [],
  );
  // The status held on the day asked (a write-off or renegotiation after it is not shown yet).
  const stored = (await storedStatusesAsOf(db, [installment.id], asOf)).get(installment.id) ?? null;
  const rejection = await boletoRejectionOf(db, installment.id, asOf);
  return detailsView({ ctx, installment, rows, stored, pending, names, rejection }, asOf);
}

/** What the details view is made of, read by loadInstallmentDetails or already at hand (a payment under its lock). */
export interface DetailsSource {
  ctx: ServicingContext;
  installment: InstallmentRow;
  /** every transaction of the installment, in the order written */
  rows: readonly InstallmentTransactionRow[];
  stored: StoredInstallmentStatus | null;
  /** payment id → its pending reversal request */
  pending: ReadonlyMap<number, number>;
  /** actor id → name */
  names: ReadonlyMap<number, string>;
  /** the bank's rejection of the boleto, when that is its last word */
  rejection: BoletoRejection | null;
}

/** The installment's details as of `asOf`, from rows already read (no query). */
export function detailsView(src: DetailsSource, asOf: string) {
  const { ctx, installment, rows, pending, names } = src;
  const replay = replayOf(ctx, installment, rows, asOf);
  // Each standing payment's split today comes from the replay of every transaction written.
  const current = new Map(replayOf(ctx, installment, rows, maxDate(rows, asOf)).allocations.map((a) => [a.id, a.split]));
  const reversedBy = new Map(rows.filter((r) => r.reverses_id !== null).map((r) => [r.reverses_id!, r.id]));
  const transactions: TransactionView[] = rows.map((r) => {
    const split = current.get(String(r.id));
    return {
      id: r.id,
      kind: r.kind,
      amount: r.amount,
      paid_on: r.paid_on,
      method: r.method,
      reference: r.reference,
      split: { late_fee: r.late_fee, default_interest: r.default_interest, interest: r.interest, principal: r.principal },
      current_split: split ? splitView(split) : null,
      reverses_id: r.reverses_id,
      reversed_by: reversedBy.get(r.id) ?? null,
      reversal_request_id: pending.get(r.id) ?? null,
      reason: r.reason,
      actor_name: r.actor_id === null ? null : (names.get(r.actor_id) ?? null),
      created_at: r.created_at.toISOString(),
    };
  });
  return {
    credit_operation_id: ctx.op.id,
    as_of: asOf,
    schedule_version: installment.schedule_version,
    installment: stateView(installment, replay, src.stored),
    transactions,
    boleto_rejection: src.rejection,
  };
}

function maxDate(rows: readonly InstallmentTransactionRow[], floor: string): string {
  return rows.reduce((m, r) => (r.paid_on > m ? r.paid_on : m), floor);
}
