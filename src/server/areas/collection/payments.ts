/**
 * Payments of an installment and their reversals (estornos).
 *
 * - Under the operation's row lock (SELECT … FOR UPDATE of the operation,
 *   payment-reads.ts, in a statement of its own; what the payment needs is
 *   read in the statements after it, so it sees whatever the lock's previous
 *   holder committed): every money movement of one operation runs one at a
 *   time, so twenty simultaneous payments of one installment are checked one
 *   after another against what is left, and never pass its balance.
 * - A payment is checked by replaying the installment's standing payments
 *   with it (checkNewPayment): above what is due on its date is a 409 naming
 *   `amount` with the amount due; a back-dated payment that would leave a
 *   later one above its due is a 409 naming `paid_on`. Its date lies between
 *   the disbursement and today (400 on `paid_on`).
 * - Rows are only inserted: the payment with its split as recorded; the
 *   reversal as its own row naming the payment (the unique reverses_id makes
 *   a second reversal impossible even past the lock), with a reason, dated
 *   the day it is posted (the day the money went back).
 * - Four eyes: a reversal above the company's reversal_approval_above —
 *   counted with the reversals the same person asked for on the operation
 *   within the company's window (operations' weighMove) — opens an approval
 *   request (approvals.ts, kind installment.reverse) instead; another person
 *   of AllOperators confirms it (then it is posted, dated that day) or refuses
 *   it with a reason; above second_approval_above an administrator confirms too.
 * - Ledger: a payment posts paymentPosting(split, accrued settled): its
 *   interest settles the operation's accrued interest first (the ledger's
 *   accruedBalances, read once for a whole batch), the rest is income; a
 *   reversal posts reversalPosting(paymentPosting(the payment's split and
 *   accrued settlement as they stand)); every
 *   other standing payment whose split the movement changed posts the
 *   difference (reallocationPosting), so the receivable and the income always
 *   follow the replay.
 * - An installment out of collection (written off, renegotiated: its stored
 *   status) takes neither a payment nor a reversal (409 naming status).
 * - An installment an assignee holds (transfers/cession.ts) is still collected by the
 *   lender, but the money is the assignee's: its payment posts
 *   assignedPaymentPosting (bank ← amount; due to assignee → amount, whatever
 *   the split, so no re-allocation moves an account); one dated before the
 *   cession is refused (409 on paid_on: what was open then is what was sold),
 *   and a payment made before the cession is reversed only after the cession
 *   is (409). A reversal swaps the posting its payment had.
 * - The installment's settlement day on the schedule (operations' paid_on)
 *   follows, as a change of the operation through the operations area
 *   (recordSettlements: its version, a timeline event and a log entry), and
 *   the activity log gets the movement with the installment's due before and
 *   after.
 * - A bank settlement (payBatch) within the company's tolerance of what is due
 *   is recorded as the amount due, the difference posted to rounding
 *   differences (bank-settlement.ts), swapped by its reversal; a payment
 *   keyed by a person never is.
 * - A bank's return file pays thousands of installments at once: payBatch
 *   runs the same checks, replay, postings and log entry per payment, but
 *   locks and reads for the whole file and writes a statement per kind
 *   (a statement per payment made a 10,000-line file take minutes).
 */
import Decimal from 'decimal.js';
import { formatCurrency } from '@shared/format';
import { ownerOf, type StoredInstallmentStatus } from '@shared/installment-status';
import type { ReceiptMethod } from '@shared/servicing';
import type { Db } from '../../db/connect';
import {
  closeApproval,
  giveCheck,
  isPending,
  OPERATION_MESSAGES,
  openMoveApproval,
  pendingApproval,
  recordMoveAlone,
  recordSettlements,
  STATUS_PT,
  weighMove,
  type Actor,
  type OperationRow,
  type Settlement,
  type SettlementDay,
} from '../operations';
import { isCreditOperationStatus, isDisbursed } from '@shared/credit-operation-status';
import { badRequest, conflict, HttpError, notFound } from '../../platform/http/errors';
import { logActivities, logActivity, type ActivityEntry } from '../../platform/activity';
import { activePayments, reallocationChanges, replayStanding, type Allocation, type Replay, type Split, type StandingReplay } from '../../domain/servicing/allocation';
import { assignedPaymentPosting, paymentPosting, reallocationPosting, reversalPosting } from '../../domain/servicing/postings';
import { accruedBalances, post, settledByPayment, transactionBalance, type JournalItem } from '../ledger';
import { suspenseInPosting } from '../../domain/servicing/suspense-postings';
import { detailsView, eventsOf, figuresOf, INSTALLMENT_MESSAGES, lateChargeTerms, transactionsOf, type InstallmentRow, type ServicingContext } from './installments';
import {
  installmentsWithStatus,
  installmentWithStatus,
  lockedPaymentTarget,
  lockedServicingContext,
  lockedPaymentContexts,
  nextTransactionIds,
  type PaymentContext,
  transactionsOfMany,
  transactionsWithNames,
} from './payment-reads';
import { installmentTransactions, type InstallmentTransactionRow } from './schema';
import { assertCurrentInstallment, assertPayableInstallment } from './prepayment';
import { boletoRejectionOf, postedToAssignee, refuseUnlessCollecting, standingCessionDate } from '../servicing';
import { insertRows } from '../../db/insert-rows';
import { applyTolerance, roundingItem, roundingReversal, toleranceReader } from './bank-settlement';

export const PAYMENT_MESSAGES = {
  notCollecting: (status: string) => `A operação não está em cobrança (está ${status}): pagamentos só depois da liberação.`,
  beforeDisbursement: (day: string) => `Campo paid_on: a data do pagamento não pode ser anterior à liberação (${day}).`,
  future: (today: string) => `Campo paid_on: a data do pagamento não pode ser depois de hoje (${today}).`,
  aboveDue: (due: Decimal, day: string) =>
    `Campo amount: o valor é maior que o devido em ${day} (${formatCurrency(due.toFixed(2))}). Valor devido: ${due.toFixed(2)}.`,
  squeezesLater: (day: string, due: Decimal) =>
    `Campo paid_on: com este pagamento, o pagamento de ${day} ficaria acima do devido naquela data (${formatCurrency(due.toFixed(2))}); estorne-o antes ou ajuste o valor.`,
  transactionNotFound: 'Pagamento não encontrado nesta parcela.',
  notAPayment: 'Somente um pagamento pode ser estornado.',
  alreadyReversed: 'Este pagamento já foi estornado.',
  reversalPending: 'O estorno deste pagamento já aguarda a aprovação de outra pessoa.',
  noPendingReversal: 'Não há estorno deste pagamento aguardando aprovação.',
  refusalReason: 'Campo reason: informe por que o estorno foi recusado.',
  beforeCession: (day: string) => `Campo paid_on: a parcela foi cedida em ${day}; um pagamento anterior à cessão não pode ser lançado enquanto ela estiver cedida.`,
  paidBeforeCession: 'Este pagamento é anterior à cessão da parcela: desfaça a cessão antes de estorná-lo.',
  paidToAssignee: 'Este pagamento foi recebido para o cessionário antes de a parcela voltar à empresa (cessão desfeita ou recompra): acerte a devolução com o cessionário; o estorno aqui não é possível.',
} as const;

/**
 * The installment's standing payments as of every transaction written (the replay the ledger follows); its `check`
 * replays a new payment with them, going on from this replay when the new one comes last (a payment of the day).
 */
function replayAll(ctx: PaymentContext, i: InstallmentRow, rows: readonly InstallmentTransactionRow[], today: string): StandingReplay {
  const payments = activePayments(eventsOf(rows));
  return replayStanding(figuresOf(i), lateChargeTerms(ctx.terms), payments, today);
}

/** The difference of every standing payment whose split moved between two replays. */
function reallocationItems(operationId: number, before: readonly Allocation[], after: readonly Allocation[], businessDate: string): JournalItem[] {
  return reallocationChanges(before, after).flatMap((change) => {
    const posting = reallocationPosting(change.before, change.after);
    return posting ? [{ posting, link: { operationId, businessDate, transactionId: Number(change.id) } }] : [];
  });
}

/** Posts the difference of every standing payment whose split moved between two replays. */
async function postReallocations(tx: Db, operationId: number, before: readonly Allocation[], after: readonly Allocation[], businessDate: string): Promise<void> {
  await post(tx, reallocationItems(operationId, before, after, businessDate));
}

/**
 * The installment's settlement day on the schedule follows its replay, through
 * its owner, the operations area (a change of the operation `op`, at the
 * version read under this transaction's lock: a timeline event and a log entry).
 */
async function settle(tx: Db, op: Pick<OperationRow, 'id' | 'version'>, i: InstallmentRow, paidOn: string | null, actorId: number): Promise<void> {
  if (i.paid_on === paidOn) return;
  await recordSettlements(tx, [
    { operationId: op.id, version: op.version, days: [{ installmentId: i.id, number: i.number, from: i.paid_on, paidOn }], actorId, at: new Date() },
  ]);
}

const dueSnapshot = (dueTotal: Decimal, status: string) => ({ due_total: dueTotal.toFixed(2), status });

export interface PaymentInput {
  id: number;
  installment: number;
  amount: string;
  paid_on: string;
  method: ReceiptMethod;
  reference?: string | null;
  /** a bank's credit (payBatch only): above what is due, pay what is due and answer the excess instead of refusing */
  capAtDue?: boolean;
}

function assertCollectingOperation(ctx: PaymentContext): void {
  const status = ctx.op.status;
  if (!isCreditOperationStatus(status)) throw new Error(`unknown operation status ${String(status)}`);
  if (!isDisbursed(status)) throw conflict(PAYMENT_MESSAGES.notCollecting(STATUS_PT[status]), 'status');
}

async function lockedContext(tx: Db, operationId: number) {
  const ctx = await lockedServicingContext(tx, operationId);
  assertCollectingOperation(ctx);
  return ctx;
}

/** Records a payment (inside the caller's transaction); answers its id. */
export async function pay(tx: Db, actor: Actor, input: PaymentInput, today: string): Promise<number> {
  return (await recordPayment(tx, actor, input, today)).row.id;
}

export interface PaymentOutcome {
  id: number;
  /** the installment's details as of `today` with the payment, as committed with it (the same view as loadInstallmentDetails) */
  details: ReturnType<typeof detailsView>;
}

/**
 * The checks a payment passes before its replay, in the order the answer
 * names them: the operation collecting, the date between the release and
 * today, the installment this operation's and payable, its stored status,
 * the cession. Answers the cession day when an assignee holds it.
 */
async function admitPayment(
  tx: Db,
  ctx: PaymentContext,
  found: InstallmentRow | null,
  stored: StoredInstallmentStatus | null,
  input: PaymentInput,
  today: string,
): Promise<{ installment: InstallmentRow; cededOn: string | null }> {
  assertCollectingOperation(ctx);
  if (input.paid_on < ctx.disbursedOn) throw badRequest(PAYMENT_MESSAGES.beforeDisbursement(ctx.disbursedOn), 'paid_on');
  if (input.paid_on > today) throw badRequest(PAYMENT_MESSAGES.future(today), 'paid_on');
  if (!found) throw notFound(INSTALLMENT_MESSAGES.notFound);
  await assertPayableInstallment(tx, found, input.paid_on);
  refuseUnlessCollecting(stored);
  const cededOn = ownerOf(stored) === 'assignee' ? await standingCessionDate(tx, found.id) : null;
  if (cededOn !== null && input.paid_on < cededOn) throw conflict(PAYMENT_MESSAGES.beforeCession(cededOn), 'paid_on');
  return { installment: found, cededOn };
}

/** A payment checked against the installment's standing payments: what it writes follows from it. */
interface PaymentDecision {
  ctx: PaymentContext;
  installment: InstallmentRow;
  input: PaymentInput;
  cededOn: string | null;
  before: Replay;
  split: Split;
  /** the other standing payments' allocations with it */
  after: Allocation[];
  replay: Replay;
}

/** Replays the installment with the payment: 409 on `amount` above what is due, on `paid_on` when it squeezes a later one. */
function decidePayment(
  ctx: PaymentContext,
  installment: InstallmentRow,
  rows: readonly InstallmentTransactionRow[],
  input: PaymentInput,
  cededOn: string | null,
  today: string,
  before: StandingReplay = replayAll(ctx, installment, rows, today),
): PaymentDecision {
  // The standing payments are not replayed again: the check goes on from `before` (or replays, for a back-dated one).
  const check = before.check({ id: 'new', date: input.paid_on, amount: input.amount });
  if (!check.ok) {
    // A bank's credit above what is due pays what is due; the caller sends the rest to suspense (areas/suspense).
    if (check.conflict.id === 'new' && input.capAtDue && check.amountDue.gt(0)) {
      return decidePayment(ctx, installment, rows, { ...input, amount: check.amountDue.toFixed(2), capAtDue: false }, cededOn, today, before);
    }
    if (check.conflict.id === 'new') throw conflict(PAYMENT_MESSAGES.aboveDue(check.amountDue, input.paid_on), 'amount');
    throw conflict(PAYMENT_MESSAGES.squeezesLater(check.conflict.date, check.conflict.amountDue), 'paid_on');
  }
  const after = check.replay.allocations.filter((a) => a.id !== 'new');
  return { ctx, installment, input, cededOn, before, split: check.allocation.split, after, replay: check.replay };
}

function transactionValues(d: PaymentDecision, actorId: number) {
  const { split, input } = d;
  return {
    installment_id: d.installment.id,
    credit_operation_id: d.ctx.op.id,
    kind: 'payment' as const,
    amount: new Decimal(input.amount).toFixed(2),
    paid_on: input.paid_on,
    method: input.method,
    reference: input.reference ?? null,
    late_fee: split.lateFee.toFixed(2),
    default_interest: split.defaultInterest.toFixed(2),
    interest: split.interest.toFixed(2),
    principal: split.principal.toFixed(2),
    actor_id: actorId,
  };
}

/** The payment's posting (the assignee's money when it holds the installment), then the other payments' reallocations. */
function paymentPostings(d: PaymentDecision, transactionId: number, accrued: Map<number, Decimal>): JournalItem[] {
  const operationId = d.ctx.op.id;
  const day = d.input.paid_on;
  // The interest settles the operation's accrued interest first (what earlier payments of the batch left of it).
  const settled = d.cededOn !== null ? new Decimal(0) : Decimal.min(d.split.interest, accrued.get(operationId) ?? 0);
  if (settled.gt(0)) accrued.set(operationId, (accrued.get(operationId) ?? new Decimal(0)).minus(settled));
  const items: JournalItem[] = [
    { posting: d.cededOn !== null ? assignedPaymentPosting(d.split) : paymentPosting(d.split, settled), link: { operationId, businessDate: day, transactionId } },
  ];
  if (d.cededOn === null) items.push(...reallocationItems(operationId, d.before.allocations, d.after, day));
  return items;
}

type LoggedPayment = Pick<InstallmentTransactionRow, 'id' | 'amount' | 'paid_on' | 'method' | 'late_fee' | 'default_interest' | 'interest' | 'principal'>;

function paymentLog(d: PaymentDecision, row: LoggedPayment, actorId: number, tolerated: Record<string, string> = {}): ActivityEntry {
  return {
    actorId,
    action: 'installment.payment',
    entity: 'installment',
    entityId: d.installment.id,
    before: dueSnapshot(d.before.state.dueTotal, d.before.state.status),
    after: {
      ...dueSnapshot(d.replay.state.dueTotal, d.replay.state.status),
      transaction_id: row.id,
      amount: row.amount,
      paid_on: row.paid_on,
      method: row.method,
      late_fee: row.late_fee,
      default_interest: row.default_interest,
      interest: row.interest,
      principal: row.principal,
      ...tolerated,
    },
  };
}

/**
 * The one write of payments, a single one or a bank file's many: their rows
 * (ids drawn beforehand, so the postings can name them), their postings and
 * `extra` (a return file's fees) in the journal's statements, the
 * installments' settlement days through operations, and the log entries — a
 * statement per kind, whatever the count. Answers extra's posting ids.
 */
async function writePayments(
  tx: Db,
  actorId: number,
  decided: { rows: PaymentRowValues[]; postings: JournalItem[]; settledOn: ReadonlyMap<number, BatchSettlement>; logs: ActivityEntry[] },
  extra: readonly JournalItem[] = [],
): Promise<number[]> {
  await insertRows(tx, installmentTransactions, decided.rows);
  const postingIds = await post(tx, [...decided.postings, ...extra]);
  await recordSettlements(tx, settlementsOf(decided.settledOn, actorId));
  await logActivities(tx, decided.logs);
  return postingIds.slice(decided.postings.length);
}

type PaymentRowValues = ReturnType<typeof transactionValues> & { id: number; created_at?: Date };

/** One payment under its operation's lock: the checks, the replay, then its row, postings, settlement day and log entry (writePayments, as a batch of one). */
async function recordPayment(tx: Db, actor: Actor, input: PaymentInput, today: string) {
  const target = await lockedPaymentTarget(tx, input.id, input.installment, actor.id);
  const { installment, cededOn } = await admitPayment(tx, target.ctx, target.installment, target.stored, input, today);
  const read = await transactionsWithNames(tx, installment.id);
  const d = decidePayment(target.ctx, installment, read.rows, input, cededOn, today);
  const [id] = await nextTransactionIds(tx, 1);
  // The instant is the row's own (not the database's default), so the answer shows what is stored.
  const values: PaymentRowValues = { ...transactionValues(d, actor.id), id, created_at: new Date() };
  const settledOn = new Map([[installment.id, { op: target.ctx.op, number: installment.number, from: installment.paid_on, to: d.replay.state.paidOn }]]);
  const accrued = await accruedBalances(tx, [target.ctx.op.id]);
  await writePayments(tx, actor.id, { rows: [values], postings: paymentPostings(d, id, accrued), settledOn, logs: [paymentLog(d, values, actor.id)] });
  const row: InstallmentTransactionRow = { ...values, created_at: values.created_at ?? new Date(), reverses_id: null, reason: null };
  return { target, installment, read, row };
}

/**
 * Records a payment (inside the caller's transaction) and answers the
 * installment's details from the rows read under the lock, so the call needs
 * no second read after its commit (but the boleto's standing at the bank).
 */
export async function payAndDescribe(tx: Db, actor: Actor, input: PaymentInput, today: string): Promise<PaymentOutcome> {
  const { target, installment, read, row } = await recordPayment(tx, actor, input, today);
  const { rows, names, pending } = read;
  if (target.actorName !== null) names.set(actor.id, target.actorName);
  const rejection = await boletoRejectionOf(tx, installment.id, today);
  return { id: row.id, details: detailsView({ ctx: target.ctx, installment, rows: [...rows, row], stored: target.stored, pending, names, rejection }, today) };
}

/** One payment of a batch: recorded (its transaction's id), or refused by the payment rules (the answer a single payment would get). */
/**
 * `paid`: how much of the credited amount the payment took — what it recorded, or all the bank paid when the tolerance
 * booked the difference (bank-settlement.ts); the caller sends the rest to suspense, so a real is booked once.
 */
export type BatchPaymentResult = { ok: true; id: number; paid: string } | { ok: false; error: HttpError };

/**
 * Records many payments at once (inside the caller's transaction), each by
 * the same rules, postings and log entry as `pay`, for a bank's return file:
 * - every operation named is locked in one statement, in id order (two
 *   batches, or a batch and a single payment, never wait on each other in a
 *   cycle); the installments, their stored status and transactions are read
 *   in one statement each;
 * - the payments are checked in the order given, each against the standing
 *   payments including the earlier ones of the batch; one the rules refuse
 *   writes nothing and is answered with the error `pay` would throw;
 * - then the payments, their postings, the installments' settlement days and
 *   the log entries are written a statement per kind, not per payment;
 *   `alsoPost`, given the results, names postings that go in the same
 *   statements as the payments' (a return file's fees, which depend on the
 *   lines paid): their ids are answered in its order.
 * A failure other than a refusal (5xx) is thrown: the caller's transaction is
 * then rolled back whole.
 */
export async function payBatch(
  tx: Db,
  actor: Actor,
  inputs: readonly PaymentInput[],
  today: string,
  alsoPost: (results: readonly BatchPaymentResult[]) => readonly JournalItem[] = () => [],
): Promise<{ results: BatchPaymentResult[]; alsoPosted: number[] }> {
  if (inputs.length === 0) return { results: [], alsoPosted: await post(tx, alsoPost([])) };
  const { results, written, postings, logs, settledOn } = await decideBatch(tx, actor, inputs, today, true);
  const alsoPosted = await writePayments(tx, actor.id, { rows: written, postings, settledOn, logs }, alsoPost(results));
  return { results, alsoPosted };
}

/** The batch's settlement days that moved, per operation (at the version read under the lock), for the operations area. */
function settlementsOf(settledOn: ReadonlyMap<number, BatchSettlement>, actorId: number): Settlement[] {
  const byOperation = new Map<number, Settlement & { days: SettlementDay[] }>();
  const at = new Date();
  for (const [installmentId, s] of settledOn) {
    if (s.from === s.to) continue;
    const entry = byOperation.get(s.op.id) ?? { operationId: s.op.id, version: s.op.version, days: [], actorId, at };
    entry.days.push({ installmentId, number: s.number, from: s.from, paidOn: s.to });
    byOperation.set(s.op.id, entry);
  }
  return [...byOperation.values()];
}

/** An installment's settlement day across a batch: the day it had before, the one it ends with. */
interface BatchSettlement {
  op: PaymentContext['op'];
  number: number;
  from: string | null;
  to: string | null;
}

/**
 * What payBatch would answer for these payments, writing nothing and taking
 * no lock: the same checks in the same order (decideBatch), so a return
 * file's preview shows as refused exactly the lines settling would refuse
 * (as of the moment read: a payment recorded in between can still change it).
 */
export async function checkPaymentBatch(db: Db, actor: Actor, inputs: readonly PaymentInput[], today: string): Promise<BatchPaymentResult[]> {
  if (inputs.length === 0) return [];
  return (await decideBatch(db, actor, inputs, today, false)).results;
}

/**
 * payBatch's checks, one source for settling and for a preview: reads what
 * the payments need (the operations locked when `lock`), then checks each
 * payment in order against the standing payments including the earlier ones
 * of the batch, and answers what writing them would write. Without the lock
 * (a preview) no id is drawn from the payments' sequence: the rows get
 * stand-in ids (negative), which only name them inside the batch.
 */
async function decideBatch(tx: Db, actor: Actor, inputs: readonly PaymentInput[], today: string, lock: boolean) {
  const contexts = await lockedPaymentContexts(tx, inputs.map((p) => p.id), lock);
  const targets = await installmentsWithStatus(tx, inputs.map((p) => p.installment));
  // The accrued interest of every operation of the batch, in one query (payments settle it first).
  const accrued = await accruedBalances(tx, inputs.map((p) => p.id));
  const history = new Map<number, InstallmentTransactionRow[]>();
  for (const r of await transactionsOfMany(tx, [...targets.keys()])) history.set(r.installment_id, [...(history.get(r.installment_id) ?? []), r]);
  const ids = lock ? await nextTransactionIds(tx, inputs.length) : inputs.map((_, k) => -(k + 1));
  const written: Array<ReturnType<typeof transactionValues> & { id: number }> = [];
  const postings: JournalItem[] = [];
  const logs: ActivityEntry[] = [];
  const settledOn = new Map<number, BatchSettlement>();
  const results: BatchPaymentResult[] = [];
  const toleranceOf = toleranceReader(tx);
  for (const [k, input] of inputs.entries()) {
    try {
      const ctx = contexts.get(input.id);
      if (!ctx) throw notFound(OPERATION_MESSAGES.notFound);
      const target = targets.get(input.installment);
      const found = target && target.installment.credit_operation_id === ctx.op.id ? target.installment : null;
      const { installment, cededOn } = await admitPayment(tx, ctx, found, target?.stored ?? null, input, today);
      const rows = history.get(installment.id) ?? [];
      const before = replayAll(ctx, installment, rows, today);
      // A bank settlement within the company's tolerance of what is due settles it (bank-settlement.ts); what is due
      // on its day is the replay's own when it is paid today after every standing payment (a Pix, most bank lines).
      const tolerated = cededOn === null ? applyTolerance(ctx, installment, rows, input.amount, input.paid_on, await toleranceOf(ctx.op.company_id), before, today) : null;
      const d = decidePayment(ctx, installment, rows, tolerated ? { ...input, amount: tolerated.amount } : input, cededOn, today, before);
      const row = { ...transactionValues(d, actor.id), id: ids[k] };
      written.push(row);
      postings.push(...paymentPostings(d, row.id, accrued));
      if (tolerated) postings.push(roundingItem(ctx.op.id, input.paid_on, row.id, tolerated.short));
      logs.push(paymentLog(d, row, actor.id, tolerated ? { bank_paid: input.amount, rounding_difference: tolerated.short.toFixed(2) } : {}));
      // The next payment of the same installment in the batch is checked with this one standing.
      history.set(installment.id, [...rows, { ...row, reverses_id: null, reason: null, created_at: new Date() }]);
      const paidOn = d.replay.state.paidOn;
      settledOn.set(installment.id, { op: ctx.op, number: installment.number, from: settledOn.get(installment.id)?.from ?? installment.paid_on, to: paidOn });
      if (target) target.installment = { ...installment, paid_on: paidOn };
      results.push({ ok: true, id: row.id, paid: tolerated ? new Decimal(input.amount).toFixed(2) : row.amount });
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) results.push({ ok: false, error });
      else throw error;
    }
  }
  return { results, written, postings, logs, settledOn };
}

export interface ReversalInput {
  id: number;
  installment: number;
  detailId: number;
  reason: string;
}

/** What a reversal request did: reversed at once, or opened a request for a second person. */
export type ReversalOutcome = { reversalId: number; approvalId: null } | { reversalId: null; approvalId: number };

export const REVERSAL_KIND = 'installment.reverse' as const;

interface ReversalTarget {
  ctx: ServicingContext;
  installment: InstallmentRow;
  rows: InstallmentTransactionRow[];
  original: InstallmentTransactionRow;
  /** the payment was posted as the assignee's money */
  toAssignee: boolean;
}

/** The payment to reverse, under the operation's lock: 404 when it is not this installment's, 409 when reversed. */
async function reversalTarget(tx: Db, input: Omit<ReversalInput, 'reason'>): Promise<ReversalTarget> {
  const ctx = await lockedContext(tx, input.id);
  const { installment, stored } = await installmentWithStatus(tx, ctx.op.id, input.installment);
  assertCurrentInstallment(installment);
  refuseUnlessCollecting(stored);
  const rows = await transactionsOf(tx, [installment.id]);
  const original = rows.find((r) => r.id === input.detailId);
  if (!original) throw notFound(PAYMENT_MESSAGES.transactionNotFound);
  if (original.kind !== 'payment') throw conflict(PAYMENT_MESSAGES.notAPayment, 'detailId');
  if (rows.some((r) => r.reverses_id === original.id)) throw conflict(PAYMENT_MESSAGES.alreadyReversed, 'detailId');
  const toAssignee = await postedToAssignee(tx, original.id);
  if (ownerOf(stored) === 'assignee' && !toAssignee) throw conflict(PAYMENT_MESSAGES.paidBeforeCession, 'detailId');
  // The other way round: the money went to the assignee's payable and the installment has since come back (its cession
  // reversed by the open part only, or repurchased at a price that counted the payment). Reversing here would reopen
  // principal the lender no longer carries; the bounce is settled with the assignee (transfers/README.md).
  if (ownerOf(stored) !== 'assignee' && toAssignee) throw conflict(PAYMENT_MESSAGES.paidToAssignee, 'detailId');
  return { ctx, installment, rows, original, toAssignee };
}

/**
 * The reversal's target and its four-eyes weighing, shared by `reverse` and `weighReversal` so the dialog's answer is
 * the one the request gets: a reversal already waiting is refused (409), and the amount is counted per person and
 * operation over the company's window (two reversals of R$ 900 do not get under R$ 1.000).
 */
async function weighedReversal(tx: Db, actor: Actor, input: Omit<ReversalInput, 'reason'>, today: string) {
  const target = await reversalTarget(tx, input);
  if (await pendingApproval(tx, REVERSAL_KIND, target.original.id, true)) throw conflict(PAYMENT_MESSAGES.reversalPending, 'detailId');
  const weighed = await weighMove(tx, {
    kind: REVERSAL_KIND,
    companyId: target.ctx.op.company_id,
    makerId: actor.id,
    businessDate: today,
    shares: [{ operationId: target.ctx.op.id, amount: target.original.amount }],
  });
  return { target, weighed };
}

/**
 * Asks for a payment's reversal (inside the caller's transaction). Up to the
 * company's reversal_approval_above it is reversed at once; above it, a
 * request waits for a second person (four eyes), who confirms or refuses it
 * with `decideReversal`.
 */
export async function reverse(tx: Db, actor: Actor, input: ReversalInput, today: string): Promise<ReversalOutcome> {
  const { target, weighed } = await weighedReversal(tx, actor, input, today);
  if (weighed.needsApproval) {
    const request = await openMoveApproval(tx, weighed, {
      entityId: target.original.id,
      amounts: { amount: target.original.amount, paid_on: target.original.paid_on, reason: input.reason, installment_id: String(target.installment.id) },
    });
    return { reversalId: null, approvalId: request.id };
  }
  await recordMoveAlone(tx, weighed);
  return { reversalId: await performReversal(tx, actor, target, input.reason, today), approvalId: null };
}

/**
 * Whether `actor`'s reversal of the payment would wait for a second person if asked now: `reverse`'s own weighing,
 * nothing recorded (the caller's transaction only reads, under the operation's lock like `reverse`), so the dialog
 * can name its button before the person confirms.
 */
export async function weighReversal(tx: Db, actor: Actor, input: Omit<ReversalInput, 'reason'>, today: string) {
  const { weighed } = await weighedReversal(tx, actor, input, today);
  return { needs_approval: weighed.needsApproval, amount: weighed.amount, window_total: weighed.windowTotal, limit: weighed.limit };
}

/** The second person's answer to a pending reversal: approved, the reversal is posted; refused, nothing moves. */
export async function decideReversal(
  tx: Db,
  checker: Actor,
  input: Omit<ReversalInput, 'reason'> & { approve: boolean; reason?: string | null },
  today: string,
): Promise<void> {
  const target = await reversalTarget(tx, input);
  const request = await pendingApproval(tx, REVERSAL_KIND, target.original.id, true);
  if (!request) throw conflict(PAYMENT_MESSAGES.noPendingReversal, 'detailId');
  const now = new Date();
  if (!input.approve) {
    const reason = input.reason?.trim() || null;
    if (!reason) throw badRequest(PAYMENT_MESSAGES.refusalReason, 'reason');
    await closeApproval(tx, request, { withdrawn: request.maker_id === checker.id, by: checker.id, reason, at: now });
    return;
  }
  // The first of two checks (above the company's higher limit) leaves it waiting for the second.
  if (isPending(await giveCheck(tx, request, checker, now))) return;
  await performReversal(tx, checker, target, request.amounts.reason ?? '', today);
}

/** Posts the reversal of `target.original` on `today` (or the payment's day, when later). */
async function performReversal(tx: Db, actor: Actor, target: ReversalTarget, reason: string, today: string): Promise<number> {
  const { ctx, installment, rows, original } = target;
  const before = replayAll(ctx, installment, rows, today);
  const standing = before.allocations.find((a) => a.id === String(original.id));
  if (!standing) throw new Error(`payment ${original.id} is not standing in its installment's replay`);
  const day = original.paid_on > today ? original.paid_on : today;
  const [row] = await tx
    .insert(installmentTransactions)
    .values({
      installment_id: installment.id,
      credit_operation_id: ctx.op.id,
      kind: 'reversal',
      amount: original.amount,
      paid_on: day,
      late_fee: standing.split.lateFee.toFixed(2),
      default_interest: standing.split.defaultInterest.toFixed(2),
      interest: standing.split.interest.toFixed(2),
      principal: standing.split.principal.toFixed(2),
      reverses_id: original.id,
      reason,
      actor_id: actor.id,
    })
    .returning();
  // The payment's lines as they stand: what of its interest settled accrued interest goes back to the receivable.
  const settled = target.toAssignee ? new Decimal(0) : Decimal.min(await settledByPayment(tx, original.id), standing.split.interest);
  const paid = target.toAssignee ? assignedPaymentPosting(standing.split) : paymentPosting(standing.split, settled);
  const rounding = await roundingReversal(tx, original.id, ctx.op.id, day, row.id);
  // A payment applied from suspense (valores a identificar) gives its money back there, not to the bank it never left.
  const fromSuspense = await transactionBalance(tx, original.id, 'suspense_apply', 'suspense');
  const backToSuspense = fromSuspense.gt(0) ? [{ posting: suspenseInPosting(fromSuspense), link: { operationId: ctx.op.id, businessDate: day, transactionId: row.id } }] : [];
  await post(tx, [{ posting: reversalPosting(paid), link: { operationId: ctx.op.id, businessDate: day, transactionId: row.id } }, ...rounding, ...backToSuspense]);
  const after = replayAll(ctx, installment, [...rows, row], today);
  if (!target.toAssignee) await postReallocations(tx, ctx.op.id, before.allocations, after.allocations, day);
  await settle(tx, ctx.op, installment, after.state.paidOn, actor.id);
  await logActivity(tx, {
    actorId: actor.id,
    action: 'installment.reversal',
    entity: 'installment',
    entityId: installment.id,
    before: { ...dueSnapshot(before.state.dueTotal, before.state.status), transaction_id: original.id },
    after: { ...dueSnapshot(after.state.dueTotal, after.state.status), transaction_id: row.id, reverses_id: original.id, amount: row.amount, paid_on: day, reason },
  });
  return row.id;
}
