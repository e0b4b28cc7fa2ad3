/**
 * Prepayment of a disbursed operation (liquidação antecipada, Res. CMN
 * 3.516/2007 and CDC art. 52 §2º): the quote (present value of the remaining
 * installments), the simulation of a partial prepayment both ways, the list
 * of prepayments with the schedules they replaced, and applying one.
 *
 * - The math is domain/servicing/prepayment.ts (pure); this module reads the
 *   current schedule replayed as of the date, so a partly paid installment
 *   counts with what is left of it, and writes the outcome.
 * - Applying runs under the operation's row lock (like payments: one money
 *   movement of an operation at a time), inserts the prepayment (never
 *   updated), has the operations area replace the remaining installments by
 *   a new schedule version (replaceInstallments; the old rows stay, marked),
 *   posts the ledger entries and logs the before and after, all in the
 *   caller's transaction. A full prepayment then moves the operation to
 *   settled through changeOperation (SETTLEMENT_MOVE).
 * - Ledger (domain/servicing/postings.ts prepaymentPosting): the bank receives
 *   the amount; the principal leaves loans receivable; the interest accrued
 *   since the last due date is interest income (a debit to it when the
 *   discount reached principal, as on a partly paid installment), settling
 *   first the interest accrued on the competence basis (accrued interest
 *   receivable). The discount — interest not yet due that the borrower no
 *   longer pays — is interest never earned: what the accrual run had
 *   recognised of it is undone (the ledger's reconcileAccrual, an
 *   accrual_reversal against the new schedule, or all of it when settled);
 *   the discount itself is kept on the prepayment row and in the activity log.
 * - Dates: between the disbursement and today; not before the last payment,
 *   reversal or prepayment of the operation (the replaced rows' payments
 *   would otherwise change under the new schedule).
 */
import Decimal from 'decimal.js';
import { and, asc, desc, eq, gt, inArray, isNull, lte, max, or } from 'drizzle-orm';
import { isDisbursed, SETTLEMENT_MOVE } from '@shared/credit-operation-status';
import { formatCurrency } from '@shared/format';
import { ownerOf } from '@shared/installment-status';
import type { PrepaymentKind, PrepaymentMode, ReceiptMethod } from '@shared/servicing';
import type { PrepaymentList, PrepaymentQuote, PrepaymentSimulation, PrepaymentView, ScheduleVersion } from '@shared/contract/servicing-prepayment';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { changeOperation, findOperation, replaceInstallments, statusOf, STATUS_PT, type Actor, type OperationRow } from '../operations';
import { creditOperationInstallments } from '../operations/schema';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import {
  fullPrepayment,
  presentValue,
  simulatePartialPrepayment,
  PREPAYMENT_MODES,
  type PartialPrepayment,
  type RemainingInstallment,
} from '../../domain/servicing/prepayment';
import { prepaymentPosting } from '../../domain/servicing/postings';
import { accruedInterestOf, post, reconcileAccrual } from '../ledger';
import { replayOf, scheduleOf, servicingContext, transactionsOf, type InstallmentRow, type ServicingContext } from './installments';
import { installmentTransactions } from './schema';
import { prepayments, type PrepaymentRow } from './schema-prepayment';
import { storedStatusesOf } from '../servicing';

const brl = (d: Decimal.Value) => formatCurrency(new Decimal(d).toFixed(2));

export const PREPAYMENT_MESSAGES = {
  notCollecting: (status: string) => `A operação não está em cobrança (está ${status}): antecipação só de operação liberada.`,
  beforeDisbursement: (field: string, day: string) => `Campo ${field}: a data não pode ser anterior à liberação (${day}).`,
  future: (field: string, today: string) => `Campo ${field}: a data não pode ser depois de hoje (${today}).`,
  beforeLastMovement: (field: string, day: string) =>
    `Campo ${field}: a operação tem movimento em ${day}; a antecipação não pode ter data anterior a ele.`,
  nothingRemains: 'Não há parcelas a vencer nesta operação.',
  overdueOpen: (numbers: readonly number[], total: Decimal) =>
    `Campo installments: há parcelas vencidas em aberto (nº ${numbers.join(', ')}; ${brl(total)} com encargos). Receba-as antes de antecipar.`,
  settlesAll: (pv: Decimal) => `Campo amount: o valor quita todo o saldo (${brl(pv)} a valor presente); use a quitação.`,
  belowAccrued: (accrued: Decimal) => `Campo amount: o valor precisa ser maior que os juros corridos desde o último vencimento (${brl(accrued)}).`,
  noLongerCoversInterest: 'A parcela atual não cobre mais os juros do novo saldo: reduza a parcela em vez do prazo.',
  fullAmount: (pv: Decimal, day: string) => `Campo amount: o valor para quitar em ${day} é ${brl(pv)} (valor presente). Valor devido: ${pv.toFixed(2)}.`,
  supersededInstallment: 'Campo installment: esta parcela foi substituída por um novo cronograma (antecipação); use a parcela atual.',
  versionNotFound: 'Versão do cronograma não encontrada nesta operação.',
  assignedRemaining: (numbers: readonly number[]) =>
    `Campo installments: as parcelas nº ${numbers.join(', ')} estão cedidas a um cessionário; desfaça a cessão antes de antecipar (a antecipação trocaria parcelas que não são mais da empresa).`,
  beforeItsSchedule: (day: string) => `Campo paid_on: esta parcela é do cronograma criado pela antecipação de ${day}; o pagamento não pode ter data anterior.`,
} as const;

const text = (d: Decimal.Value) => new Decimal(d).toFixed(2);

interface Standing {
  ctx: ServicingContext;
  version: number;
  remaining: Array<RemainingInstallment & { id: number }>;
  overdue: Array<{ id: number; number: number; due_date: string; due_total: Decimal }>;
}

/** The schedule version in force: the last prepayment's, or the signed one (1). */
async function currentVersion(db: Db, operationId: number): Promise<number> {
  const [row] = await db.select({ v: max(prepayments.to_version) }).from(prepayments).where(eq(prepayments.credit_operation_id, operationId));
  return row?.v ?? 1;
}

/** The latest day of the operation's money movements (payments, reversals, prepayments), or null. */
async function lastMovement(db: Db, operationId: number): Promise<string | null> {
  const [t] = await db.select({ d: max(installmentTransactions.paid_on) }).from(installmentTransactions).where(eq(installmentTransactions.credit_operation_id, operationId));
  const [p] = await db.select({ d: max(prepayments.paid_on) }).from(prepayments).where(eq(prepayments.credit_operation_id, operationId));
  const days = [t?.d, p?.d].filter((d): d is string => typeof d === 'string');
  return days.length ? days.reduce((a, b) => (a > b ? a : b)) : null;
}

function checkDate(ctx: ServicingContext, field: string, date: string, today: string): void {
  if (!isDisbursed(statusOf(ctx.op))) throw conflict(PREPAYMENT_MESSAGES.notCollecting(STATUS_PT[statusOf(ctx.op)]), 'status');
  if (date < ctx.disbursedOn) throw badRequest(PREPAYMENT_MESSAGES.beforeDisbursement(field, ctx.disbursedOn), field);
  if (date > today) throw badRequest(PREPAYMENT_MESSAGES.future(field, today), field);
}

/** The current schedule on `date`: what is still to be paid of each installment due on or after it, and the open ones due before it. */
async function standingOn(db: Db, op: OperationRow, date: string): Promise<Standing> {
  const ctx = await servicingContext(db, op);
  const schedule = await scheduleOf(db, op.id);
  const txs = await transactionsOf(db, schedule.map((i) => i.id));
  const remaining: Standing['remaining'] = [];
  const overdue: Standing['overdue'] = [];
  for (const i of schedule) {
    const replay = replayOf(ctx, i, txs.filter((t) => t.installment_id === i.id), date);
    const s = replay.state;
    if (s.dueTotal.isZero()) continue;
    if (i.due_date < date) overdue.push({ id: i.id, number: i.number, due_date: i.due_date, due_total: s.dueTotal });
    else remaining.push({ id: i.id, number: i.number, dueDate: i.due_date, payment: s.due.principal.plus(s.due.interest), principal: s.due.principal });
  }
  // A prepayment replaces the remaining installments: never one an assignee owns.
  const stored = await storedStatusesOf(db, remaining.map((r) => r.id));
  const assigned = remaining.filter((r) => ownerOf(stored.get(r.id) ?? null) === 'assignee');
  if (assigned.length) throw conflict(PREPAYMENT_MESSAGES.assignedRemaining(assigned.map((r) => r.number)), 'installments');
  return { ctx, version: await currentVersion(db, op.id), remaining, overdue };
}

function requireRemaining(s: Standing): void {
  if (s.remaining.length === 0) throw conflict(PREPAYMENT_MESSAGES.nothingRemains, 'installments');
}

function requireNoOverdue(s: Standing): void {
  if (s.overdue.length) {
    const total = s.overdue.reduce((a, o) => a.plus(o.due_total), new Decimal(0));
    throw conflict(PREPAYMENT_MESSAGES.overdueOpen(s.overdue.map((o) => o.number), total), 'installments');
  }
}

async function requireAfterLastMovement(db: Db, operationId: number, field: string, date: string): Promise<void> {
  const last = await lastMovement(db, operationId);
  if (last !== null && date < last) throw conflict(PREPAYMENT_MESSAGES.beforeLastMovement(field, last), field);
}

/** The present value of the remaining installments on `date` (default today). */
export async function quotePrepayment(db: Db, operationId: number, date: string | undefined, today: string): Promise<PrepaymentQuote> {
  const op = await findOperation(db, operationId);
  const ctx = await servicingContext(db, op);
  const day = date ?? today;
  checkDate(ctx, 'startDate', day, today);
  await requireAfterLastMovement(db, op.id, 'startDate', day);
  const s = await standingOn(db, op, day);
  requireRemaining(s);
  const pv = presentValue(s.remaining, s.ctx.terms.contract_monthly_percent, day);
  const overdueTotal = s.overdue.reduce((a, o) => a.plus(o.due_total), new Decimal(0));
  return {
    credit_operation_id: op.id,
    date: day,
    schedule_version: s.version,
    monthly_rate: s.ctx.terms.contract_monthly_percent,
    nominal: text(pv.nominal),
    present_value: text(pv.presentValue),
    discount: text(pv.discount),
    principal: text(pv.principal),
    accrued_interest: text(pv.accruedInterest),
    rows: pv.rows.map((r, k) => ({
      id: s.remaining[k].id,
      number: r.number,
      due_date: r.dueDate,
      payment: text(r.payment),
      principal: text(s.remaining[k].principal),
      periods: r.periods.toFixed(6),
      present_value: text(r.presentValue.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)),
    })),
    overdue: s.overdue.map((o) => ({ id: o.id, number: o.number, due_date: o.due_date, due_total: text(o.due_total) })),
    overdue_total: text(overdueTotal),
    settlement_total: text(pv.presentValue.plus(overdueTotal)),
  };
}

/** Checks the amount against the present value in Portuguese before the domain's own checks. */
function checkPartialAmount(amount: Decimal, pv: Decimal, accrued: Decimal): void {
  if (amount.gte(pv)) throw badRequest(PREPAYMENT_MESSAGES.settlesAll(pv), 'amount');
  if (accrued.gt(0) && amount.lte(accrued)) throw badRequest(PREPAYMENT_MESSAGES.belowAccrued(accrued), 'amount');
}

function simulateMode(s: Standing, op: OperationRow, date: string, amount: Decimal, mode: PrepaymentMode): PartialPrepayment | string {
  try {
    return simulatePartialPrepayment({ rows: s.remaining, monthlyRatePercent: s.ctx.terms.contract_monthly_percent, amortization: op.amortization, date, amount, mode });
  } catch (e) {
    // The amount was checked before; what is left is the level installment that no longer covers the interest.
    if (e instanceof RangeError && e.message.startsWith('mode:')) return PREPAYMENT_MESSAGES.noLongerCoversInterest;
    throw e;
  }
}

const rowView = (r: PartialPrepayment['rows'][number]) => ({
  number: r.number,
  due_date: r.dueDate,
  payment: text(r.payment),
  interest: text(r.interest),
  amortization: text(r.amortization),
  balance: text(r.balance),
});

/** A partial prepayment of `amount` on `date` simulated both ways; nothing is written. */
export async function simulatePrepayment(db: Db, operationId: number, input: { amount: string; date?: string }, today: string): Promise<PrepaymentSimulation> {
  const op = await findOperation(db, operationId);
  const ctx = await servicingContext(db, op);
  const day = input.date ?? today;
  checkDate(ctx, 'date', day, today);
  await requireAfterLastMovement(db, op.id, 'date', day);
  const s = await standingOn(db, op, day);
  requireRemaining(s);
  requireNoOverdue(s);
  const pv = presentValue(s.remaining, s.ctx.terms.contract_monthly_percent, day);
  const amount = new Decimal(input.amount);
  checkPartialAmount(amount, pv.presentValue, pv.accruedInterest);
  return {
    credit_operation_id: op.id,
    date: day,
    schedule_version: s.version,
    amount: text(amount),
    present_value: text(pv.presentValue),
    nominal: text(pv.nominal),
    accrued_interest: text(pv.accruedInterest),
    installments_before: s.remaining.length,
    modes: PREPAYMENT_MODES.map((mode) => {
      const sim = simulateMode(s, op, day, amount, mode);
      if (typeof sim === 'string') return { mode, refusal: sim, result: null };
      const total = sim.rows.reduce((a, r) => a.plus(r.payment), new Decimal(0));
      return {
        mode,
        refusal: null,
        result: {
          interest_paid: text(sim.interestPaid),
          principal_paid: text(sim.principalPaid),
          new_balance: text(sim.newBalance),
          installments: sim.rows.length,
          total_payable: text(total),
          savings: text(pv.nominal.minus(amount).minus(total)),
          rows: sim.rows.map(rowView),
        },
      };
    }),
  };
}

export interface PrepaymentInput {
  id: number;
  kind: PrepaymentKind;
  mode?: PrepaymentMode;
  amount: string;
  paid_on?: string;
  method: ReceiptMethod;
  reference?: string | null;
}

/** Applies a prepayment (inside the caller's transaction, under the operation's lock); answers its id. */
export async function applyPrepayment(tx: Db, actor: Actor, input: PrepaymentInput, today: string): Promise<number> {
  const op = await findOperation(tx, input.id, true);
  const ctx = await servicingContext(tx, op);
  const day = input.paid_on ?? today;
  checkDate(ctx, 'paid_on', day, today);
  await requireAfterLastMovement(tx, op.id, 'paid_on', day);
  const s = await standingOn(tx, op, day);
  requireRemaining(s);
  requireNoOverdue(s);
  const rate = s.ctx.terms.contract_monthly_percent;
  const amount = new Decimal(input.amount);
  const pv = presentValue(s.remaining, rate, day);

  let principal: Decimal;
  let interest: Decimal;
  let newRows: PartialPrepayment['rows'] = [];
  if (input.kind === 'full') {
    const full = fullPrepayment(s.remaining, rate, day);
    if (!amount.eq(full.amount)) throw conflict(PREPAYMENT_MESSAGES.fullAmount(full.amount, day), 'amount');
    principal = full.principal;
    interest = full.interest;
  } else {
    checkPartialAmount(amount, pv.presentValue, pv.accruedInterest);
    const sim = simulateMode(s, op, day, amount, input.mode!);
    if (typeof sim === 'string') throw conflict(sim, 'mode');
    principal = sim.principalPaid;
    interest = sim.interestPaid;
    newRows = sim.rows;
  }

  const version = s.version + 1;
  const [row] = await tx
    .insert(prepayments)
    .values({
      credit_operation_id: op.id,
      kind: input.kind,
      mode: input.kind === 'full' ? null : input.mode!,
      paid_on: day,
      amount: text(amount),
      principal: text(principal),
      interest: text(interest),
      present_value: text(pv.presentValue),
      nominal: text(pv.nominal),
      discount: text(pv.discount),
      from_version: s.version,
      to_version: version,
      installments_replaced: s.remaining.length,
      installments_after: newRows.length,
      method: input.method,
      reference: input.reference ?? null,
      actor_id: actor.id,
    })
    .returning();
  await replaceInstallments(tx, {
    operationId: op.id,
    version,
    replacedIds: s.remaining.map((r) => r.id),
    rows: newRows.map((r) => ({
      number: r.number,
      due_date: r.dueDate,
      payment: text(r.payment),
      interest: text(r.interest),
      amortization: text(r.amortization),
      balance: text(r.balance),
    })),
  });
  // Its interest settles the accrued interest first; a discount's interest never earned is undone below (reconcileAccrual).
  const accruedSettled = Decimal.min(Decimal.max(interest, 0), await accruedInterestOf(tx, op.id));
  await post(tx, [{ posting: prepaymentPosting({ amount, principal, interest, accruedSettled }), link: { operationId: op.id, businessDate: day, prepaymentId: row.id } }]);
  await logActivity(tx, {
    actorId: actor.id,
    action: 'installment.prepayment',
    entity: 'credit_operation',
    entityId: op.id,
    before: {
      schedule_version: s.version,
      installments: s.remaining.length,
      principal: text(pv.principal),
      nominal: text(pv.nominal),
      present_value: text(pv.presentValue),
    },
    after: {
      schedule_version: version,
      installments: newRows.length,
      prepayment_id: row.id,
      kind: input.kind,
      mode: row.mode,
      paid_on: day,
      amount: row.amount,
      principal: row.principal,
      interest: row.interest,
      discount: row.discount,
      new_balance: text(pv.presentValue.minus(amount)),
    },
  });
  if (input.kind === 'full') {
    const snapshot = (r: OperationRow) => ({ status: r.status, version: r.version });
    await changeOperation(tx, {
      id: op.id,
      version: op.version,
      to: SETTLEMENT_MOVE.to,
      event: { kind: 'settled', note: `Liquidação antecipada de ${brl(amount)} em ${day}`, actorId: actor.id, at: new Date() },
      log: { action: 'credit-operation.settled', before: snapshot, after: snapshot },
    });
  }
  await reconcileAccrual(tx, [op.id], day);
  return row.id;
}

type ScheduleRowView = PrepaymentView['added'][number];
const scheduleRowView = (i: InstallmentRow): ScheduleRowView => ({
  id: i.id,
  number: i.number,
  due_date: i.due_date,
  payment: text(i.payment),
  interest: text(i.interest),
  amortization: text(i.amortization),
  balance: text(i.balance),
});

async function views(db: Db, operationId: number, rows: readonly PrepaymentRow[]): Promise<PrepaymentView[]> {
  if (rows.length === 0) return [];
  const installments = await db
    .select()
    .from(creditOperationInstallments)
    .where(and(eq(creditOperationInstallments.credit_operation_id, operationId)))
    .orderBy(asc(creditOperationInstallments.number), asc(creditOperationInstallments.id));
  const actorIds = [...new Set(rows.map((r) => r.actor_id).filter((v): v is number => v !== null))];
  const names = new Map(
    actorIds.length ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, actorIds))).map((u) => [u.id, u.name]) : [],
  );
  return rows.map((p) => ({
    id: p.id,
    kind: p.kind,
    mode: p.mode,
    paid_on: p.paid_on,
    amount: text(p.amount),
    principal: text(p.principal),
    interest: text(p.interest),
    present_value: text(p.present_value),
    nominal: text(p.nominal),
    discount: text(p.discount),
    from_version: p.from_version,
    to_version: p.to_version,
    method: p.method,
    reference: p.reference,
    actor_name: p.actor_id === null ? null : (names.get(p.actor_id) ?? null),
    created_at: p.created_at.toISOString(),
    replaced: installments.filter((i) => i.superseded_in === p.to_version).map(scheduleRowView),
    added: installments.filter((i) => i.schedule_version === p.to_version).map(scheduleRowView),
  }));
}

/** The operation's prepayments, oldest first, with the installments each replaced and added. */
export async function listPrepayments(db: Db, operationId: number): Promise<PrepaymentList> {
  const op = await findOperation(db, operationId);
  const rows = await db.select().from(prepayments).where(eq(prepayments.credit_operation_id, op.id)).orderBy(asc(prepayments.id));
  return {
    credit_operation_id: op.id,
    status: statusOf(op),
    schedule_version: rows.at(-1)?.to_version ?? 1,
    prepayments: await views(db, op.id, rows),
  };
}

/**
 * The schedule as it stood in `version`: the rows added in it or before,
 * not yet replaced by then (replaced in a later version, or never).
 */
export async function scheduleVersionOf(db: Db, operationId: number, version: number): Promise<ScheduleVersion> {
  const op = await findOperation(db, operationId);
  const current = await currentVersion(db, op.id);
  if (version > current) throw notFound(PREPAYMENT_MESSAGES.versionNotFound);
  const rows = await db
    .select()
    .from(creditOperationInstallments)
    .where(
      and(
        eq(creditOperationInstallments.credit_operation_id, op.id),
        lte(creditOperationInstallments.schedule_version, version),
        or(isNull(creditOperationInstallments.superseded_in), gt(creditOperationInstallments.superseded_in, version)),
      ),
    )
    .orderBy(asc(creditOperationInstallments.number));
  return {
    credit_operation_id: op.id,
    version,
    current_version: current,
    installments: rows.map((i) => ({ ...scheduleRowView(i), schedule_version: i.schedule_version, superseded_in: i.superseded_in })),
  };
}

/** One prepayment as the list shows it, with the operation's status after it. */
export async function loadPrepayment(db: Db, operationId: number, prepaymentId: number) {
  const op = await findOperation(db, operationId);
  const rows = await db
    .select()
    .from(prepayments)
    .where(and(eq(prepayments.credit_operation_id, op.id), eq(prepayments.id, prepaymentId)))
    .orderBy(desc(prepayments.id));
  const [view] = await views(db, op.id, rows);
  return { credit_operation_id: op.id, status: statusOf(op), schedule_version: await currentVersion(db, op.id), prepayment: view };
}

/** Refuses a payment or reversal on an installment a prepayment replaced (payments.ts calls it under the lock). */
export function assertCurrentInstallment(i: InstallmentRow): void {
  if (i.superseded_in !== null) throw conflict(PREPAYMENT_MESSAGES.supersededInstallment, 'installment');
}

/** Refuses a payment of a replaced installment, or one dated before the prepayment that created the installment. */
export async function assertPayableInstallment(db: Db, i: InstallmentRow, paidOn: string): Promise<void> {
  assertCurrentInstallment(i);
  if (i.schedule_version === 1) return;
  const [p] = await db
    .select({ paid_on: prepayments.paid_on })
    .from(prepayments)
    .where(and(eq(prepayments.credit_operation_id, i.credit_operation_id), eq(prepayments.to_version, i.schedule_version)));
  if (p && paidOn < p.paid_on) throw badRequest(PREPAYMENT_MESSAGES.beforeItsSchedule(p.paid_on), 'paid_on');
}
