/**
 * Repurchases: an assigned installment bought back from its assignee, and
 * the undoing of a repurchase (the rules the screens and the contract
 * describe are in shared/contract/servicing-repurchase.ts; the amount in
 * domain/servicing/repurchase.ts).
 *
 * - Every write locks the operation's row (lockedServicing, as payments and
 *   cessions do), so two repurchases of one installment, or a repurchase and
 *   a payment, run one after the other: the second sees it repurchased (or
 *   held by a repurchase awaiting its second person) and is refused with a
 *   409 naming it.
 * - A repurchase is one immutable row; it takes effect at once, or when
 *   another person approves it (amount above the company's
 *   cession_approval_above, counted with the repurchases the same person
 *   asked for on the operation within the company's window: operations'
 *   weighMove; above second_approval_above an administrator confirms too).
 *   Taking effect: one posting dated the business
 *   date (repurchasePosting), the installment moved to repurchased through
 *   changeInstallment, the log. Approving checks the installment again under
 *   the lock: one that moved since (a payment, a cession reversal) is a 409.
 * - Required: more days late than the account's limit, or any installment
 *   of an operation with a mark in force (fraud, contract cancelled:
 *   repurchase-causes.ts); the repurchase records which.
 * - Undoing is a row of its own with its reason (same limit); taking effect
 *   it posts the repurchase's lines swapped and moves the installment back to
 *   assigned. A payment or reversal recorded on the installment since the
 *   repurchase blocks it (its posting assumed the lender owned it).
 */
import Decimal from 'decimal.js';
import { desc, eq, sql } from 'drizzle-orm';
import { canBeOverdue, INSTALLMENT_STATUS_LABELS_PT } from '@shared/installment-status';
import type { RepurchasableInstallment, RepurchasableList, Repurchase, RepurchaseList, RepurchaseStatus } from '@shared/contract/servicing-repurchase';
import type { RepurchaseCause, RepurchaseMarkCause, RepurchaseRule } from '@shared/servicing';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { closeApproval, findOperation, giveCheck, isPending, latestApproval, openMoveApproval, pendingApproval, recordMoveAlone, weighMove, type Actor } from '../operations';
import type { ApprovalRequestRow } from '../operations/schema-approvals';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { repurchaseAmount, type RepurchaseAmount } from '../../domain/servicing/repurchase';
import { repurchasePosting, repurchaseReversalPosting } from '../../domain/servicing/postings';
import { post, transferAccrual } from '../ledger';
import { itemStanding, REPURCHASE_KIND, REPURCHASE_REVERSAL_KIND, repurchaseStanding, REQUEST, rowsOf } from '../servicing';
import { changeInstallment, loadTarget, lockedServicing, scheduleOf, servicingContext, type InstallmentTarget, type ServicingContext } from '../collection';
import { MARK_CAUSE_LABELS_PT, markCauseOf, marksInForce } from './repurchase-causes';
import { repurchaseReversals, repurchases, type RepurchaseReversalRow, type RepurchaseRow } from './schema-repurchase';

export const REPURCHASE_MESSAGES = {
  notAssigned: (n: number) => `A parcela ${n} não está cedida: não há o que recomprar.`,
  alreadyRepurchased: (n: number) => `A parcela ${n} já foi recomprada.`,
  pending: (n: number) => `A parcela ${n} já tem uma recompra que aguarda a aprovação de outra pessoa.`,
  nothingOpen: (n: number, status: string) => `A parcela ${n} está na situação "${status}" e não tem nada em aberto: não há o que recomprar.`,
  reasonRequired: (n: number, days: number, after: number) =>
    `Campo reason: a parcela ${n} está com ${days} dias de atraso e o acordo obriga a recompra só depois de ${after}: informe o motivo da recompra (fraude, vício do contrato, acordo com o fundo).`,
  notRepurchased: (n: number) => `A parcela ${n} não está recomprada: não há recompra a desfazer.`,
  repurchasePending: (n: number) => `A recompra da parcela ${n} ainda aguarda aprovação: recuse-a em vez de desfazê-la.`,
  reversalPending: (n: number) => `A parcela ${n} já tem um desfazimento de recompra que aguarda aprovação.`,
  movedSince: (n: number) => `A parcela ${n} recebeu pagamento ou estorno depois da recompra: estorne-o antes de desfazer a recompra.`,
  changedSince: (n: number) => `A parcela ${n} mudou desde o pedido da recompra: recuse-a e peça de novo.`,
  repurchaseNotFound: 'Recompra não encontrada.',
  neverRepurchased: (n: number) => `A parcela ${n} nunca foi recomprada.`,
  noPendingRepurchase: 'Esta recompra não aguarda aprovação.',
  noPendingReversal: 'Este desfazimento de recompra não aguarda aprovação.',
  refusalReason: 'Campo reason: informe por que recusa.',
  markCleared: (n: number, cause: RepurchaseMarkCause) =>
    `A recompra da parcela ${n} foi pedida pela marca de ${MARK_CAUSE_LABELS_PT[cause]} da operação, que foi retirada desde então: recuse-a e peça de novo, se for o caso.`,
} as const;

const money = (d: Decimal.Value) => new Decimal(d).toFixed(2);

/* ------------------------------------------------------------------ reading */

/** An assigned installment's standing cession, with its account's repurchase terms. */
interface Holding {
  item_id: number;
  installment_id: number;
  cession_id: number;
  cession_number: number;
  cession_date: string;
  pricing: 'rate' | 'stated';
  monthly_rate: string | null;
  assignment_account_id: number;
  assignee_name: string;
  rule: RepurchaseRule;
  after_days: number;
}

async function holdingsOf(db: Db, operationId: number, installmentId: number | null = null): Promise<Map<number, Holding>> {
  const rows = await rowsOf<Holding>(
    db,
    sql`SELECT ci.id AS item_id, ci.installment_id, c.id AS cession_id, c.number AS cession_number, c.cession_date::text AS cession_date,
               c.pricing, c.monthly_rate::text AS monthly_rate, a.id AS assignment_account_id, a.assignee_name,
               a.repurchase_rule AS rule, a.repurchase_after_days AS after_days
          FROM cession_items ci JOIN cessions c ON c.id = ci.cession_id JOIN assignment_bank_accounts a ON a.id = c.assignment_account_id
         WHERE ci.credit_operation_id = ${operationId} AND ${itemStanding(sql`ci`)}
           ${installmentId === null ? sql`` : sql`AND ci.installment_id = ${installmentId}`}
         ORDER BY ci.id`,
  );
  return new Map(rows.map((r) => [r.installment_id, r]));
}

/** Installment id → the repurchase of it awaiting its second person. */
async function pendingRepurchasesOf(db: Db, operationId: number): Promise<Map<number, number>> {
  const rows = await rowsOf<{ installment_id: number; id: number }>(
    db,
    sql`SELECT p.installment_id, p.id FROM repurchases p
          JOIN approval_requests a ON a.kind = ${REPURCHASE_KIND} AND a.entity_id = p.id AND a.status = ${REQUEST.pending}
         WHERE p.credit_operation_id = ${operationId}`,
  );
  return new Map(rows.map((r) => [r.installment_id, r.id]));
}

interface Figures {
  amount: RepurchaseAmount;
  daysLate: number;
  required: boolean;
  /** why the agreement requires it (a mark on the operation first, then days late), or 'agreement' when it does not */
  cause: RepurchaseCause;
}

/** `mark`: the cause a mark in force on the operation gives, or null. */
function figuresOf(target: InstallmentTarget, holding: Holding, today: string, mark: RepurchaseMarkCause | null): Figures {
  const state = target.replay.state;
  const due = state.due;
  const amount = repurchaseAmount({
    rule: holding.rule,
    date: today,
    dueDate: target.installment.due_date,
    faceValue: due.principal.plus(due.interest),
    charges: due.lateFee.plus(due.defaultInterest),
    openPrincipal: due.principal,
    cessionMonthlyRate: holding.pricing === 'rate' ? holding.monthly_rate : null,
  });
  const daysLate = state.overdue ? state.daysLate : 0;
  const overdue = daysLate > holding.after_days;
  return { amount, daysLate, required: mark !== null || overdue, cause: mark ?? (overdue ? 'overdue' : 'agreement') };
}

/** Whether the installment has nothing left to buy back (paid, or nothing open). */
function settled(target: InstallmentTarget, f: Figures): boolean {
  return !canBeOverdue(target.status) || f.amount.amount.lte(0);
}

/** The installments that may (or must) be bought back; whether each would wait is weighed for `viewerId` (their repurchases in the window count). */
export async function repurchasableOf(db: Db, operationId: number, include: 'required' | 'all', today: string, viewerId: number): Promise<RepurchasableList> {
  const op = await findOperation(db, operationId, false);
  const holdings = await holdingsOf(db, op.id);
  // Nothing assigned (e.g. not yet disbursed): nothing to buy back, and no servicing context to read.
  if (holdings.size === 0) return { credit_operation_id: op.id, as_of: today, installments: [], amount: '0.00' };
  const ctx = await servicingContext(db, op);
  const pending = await pendingRepurchasesOf(db, op.id);
  const mark = markCauseOf(await marksInForce(db, op.id));
  const list: RepurchasableInstallment[] = [];
  let total = new Decimal(0);
  for (const installment of await scheduleOf(db, op.id)) {
    const holding = holdings.get(installment.id);
    if (!holding) continue;
    const target = await loadTarget(db, ctx, installment.id, today);
    const f = figuresOf(target, holding, today, mark);
    if (settled(target, f) || (include === 'required' && !f.required)) continue;
    const a = f.amount;
    total = total.plus(a.amount);
    const waiting = pending.get(installment.id) ?? null;
    list.push({
      id: installment.id,
      number: installment.number,
      due_date: installment.due_date,
      status: target.status,
      days_late: f.daysLate,
      cession_id: holding.cession_id,
      cession_number: holding.cession_number,
      cession_date: holding.cession_date,
      assignment_account_id: holding.assignment_account_id,
      assignee_name: holding.assignee_name,
      after_days: holding.after_days,
      required: f.required,
      cause: f.cause,
      rule: holding.rule,
      face_value: money(a.faceValue),
      charges: money(a.charges),
      discount: money(a.discount),
      amount: money(a.amount),
      carrying: money(a.carrying),
      result: money(a.result),
      blocked: waiting === null ? null : REPURCHASE_MESSAGES.pending(installment.number),
      pending_repurchase_id: waiting,
      needs_approval: (await weighMove(db, { kind: REPURCHASE_KIND, companyId: op.company_id, makerId: viewerId, businessDate: today, shares: [{ operationId: op.id, amount: a.amount.toFixed(2) }] }))
        .needsApproval,
    });
  }
  return { credit_operation_id: op.id, as_of: today, installments: list, amount: money(total) };
}

/* ------------------------------------------------------------ repurchasing */

async function lastTransactionId(db: Db, installmentId: number): Promise<number | null> {
  const rows = await rowsOf<{ id: number | null }>(db, sql`SELECT max(id) AS id FROM installment_transactions WHERE installment_id = ${installmentId}`);
  return rows[0]?.id ?? null;
}

/** The installment's latest repurchase row, or null. */
async function latestRepurchase(db: Db, installmentId: number): Promise<RepurchaseRow | null> {
  const [row] = await db.select().from(repurchases).where(eq(repurchases.installment_id, installmentId)).orderBy(desc(repurchases.id)).limit(1);
  return row ?? null;
}

async function isStanding(db: Db, repurchaseId: number): Promise<boolean> {
  const rows = await rowsOf<{ ok: boolean }>(db, sql`SELECT ${repurchaseStanding(sql`p`)} AS ok FROM repurchases p WHERE p.id = ${repurchaseId}`);
  return rows[0]?.ok === true;
}

interface Checked {
  ctx: ServicingContext;
  target: InstallmentTarget;
  holding: Holding;
  figures: Figures;
}

/** Under the operation's lock: the installment assigned, not held by another pending repurchase, something open. */
async function checkRepurchasable(tx: Db, operationId: number, installmentId: number, today: string, exceptRepurchase: number | null): Promise<Checked> {
  const ctx = await lockedServicing(tx, operationId);
  const target = await loadTarget(tx, ctx, installmentId, today);
  const n = target.installment.number;
  const holding = (await holdingsOf(tx, ctx.op.id, installmentId)).get(installmentId);
  if (!holding) {
    const latest = await latestRepurchase(tx, installmentId);
    if (latest && (await isStanding(tx, latest.id))) throw conflict(REPURCHASE_MESSAGES.alreadyRepurchased(n), 'installment');
    throw conflict(REPURCHASE_MESSAGES.notAssigned(n), 'installment');
  }
  const waiting = (await pendingRepurchasesOf(tx, ctx.op.id)).get(installmentId);
  if (waiting !== undefined && waiting !== exceptRepurchase) throw conflict(REPURCHASE_MESSAGES.pending(n), 'installment');
  const figures = figuresOf(target, holding, today, markCauseOf(await marksInForce(tx, ctx.op.id)));
  if (settled(target, figures)) throw conflict(REPURCHASE_MESSAGES.nothingOpen(n, INSTALLMENT_STATUS_LABELS_PT[target.status]), 'installment');
  return { ctx, target, holding, figures };
}

export interface RepurchaseInput {
  id: number;
  installment: number;
  reason?: string | null;
}

/** Records a repurchase (inside the caller's transaction): in force at once, or waiting for a second person. Answers its id. */
export async function createRepurchase(tx: Db, actor: Actor, input: RepurchaseInput, today: string): Promise<number> {
  const { ctx, target, holding, figures } = await checkRepurchasable(tx, input.id, input.installment, today, null);
  const reason = input.reason?.trim() || null;
  const cause = figures.cause;
  if (cause === 'agreement' && !reason) throw badRequest(REPURCHASE_MESSAGES.reasonRequired(target.installment.number, figures.daysLate, holding.after_days), 'reason');
  const a = figures.amount;
  const weighed = await weighMove(tx, { kind: REPURCHASE_KIND, companyId: ctx.op.company_id, makerId: actor.id, businessDate: today, shares: [{ operationId: ctx.op.id, amount: a.amount.toFixed(2) }] });
  const needsApproval = weighed.needsApproval;
  const [row] = await tx
    .insert(repurchases)
    .values({
      company_id: ctx.op.company_id,
      credit_operation_id: ctx.op.id,
      installment_id: target.installment.id,
      cession_item_id: holding.item_id,
      repurchased_on: today,
      rule: holding.rule,
      cause,
      reason,
      days_late: figures.daysLate,
      face_value: money(a.faceValue),
      charges: money(a.charges),
      amount: money(a.amount),
      carrying: money(a.carrying),
      result: money(a.result),
      last_transaction_id: await lastTransactionId(tx, target.installment.id),
      needs_approval: needsApproval,
      actor_id: actor.id,
    })
    .returning();
  if (needsApproval) {
    await openMoveApproval(tx, weighed, { entityId: row.id, amounts: { amount: row.amount, face_value: row.face_value, charges: row.charges, carrying: row.carrying, result: row.result } });
  } else {
    await recordMoveAlone(tx, weighed);
    await putInForce(tx, actor, row, target, holding, today);
  }
  return row.id;
}

/** The installment history's reason when the person gave none: what made the agreement require it. */
function defaultReason(row: RepurchaseRow, holding: Holding): string {
  if (row.cause === 'fraud' || row.cause === 'contract_cancelled') return `Recompra: operação marcada por ${MARK_CAUSE_LABELS_PT[row.cause]} (cessão nº ${holding.cession_number})`;
  return `Recompra: ${row.days_late} dias de atraso (cessão nº ${holding.cession_number})`;
}

/** The repurchase takes effect: the posting, the installment repurchased, the log. */
async function putInForce(tx: Db, actor: Actor, row: RepurchaseRow, target: InstallmentTarget, holding: Holding, today: string): Promise<void> {
  // The accrued interest comes back with the installment, bought with it: it lowers the repurchase's loss (the ledger's README).
  await transferAccrual(tx, [row.credit_operation_id], { installmentIds: [row.installment_id], direction: 'in', account: 'repurchase_loss', date: today });
  await post(tx, [{ posting: repurchasePosting({ amount: row.amount, carrying: row.carrying }), link: { operationId: row.credit_operation_id, businessDate: today } }]);
  await changeInstallment(tx, {
    target,
    to: 'repurchased',
    reason: row.reason ?? defaultReason(row, holding),
    actorId: actor.id,
    action: 'installment.repurchased',
    at: new Date(),
    on: today,
    after: { repurchase_id: row.id, cession_id: holding.cession_id, amount: row.amount, carrying: row.carrying },
  });
  await logActivity(tx, {
    actorId: actor.id,
    action: 'repurchase.create',
    entity: 'repurchase',
    entityId: row.id,
    after: {
      credit_operation_id: row.credit_operation_id,
      cession_id: holding.cession_id,
      repurchase_rule: row.rule,
      cause: row.cause,
      reason: row.reason,
      days_late: row.days_late,
      face_value: row.face_value,
      charges: row.charges,
      amount: row.amount,
      carrying: row.carrying,
      result: row.result,
    },
  });
}

export interface Decision {
  approve: boolean;
  reason?: string | null;
}

async function refuse(tx: Db, checker: Actor, request: ApprovalRequestRow, reason: string | null | undefined): Promise<void> {
  const why = reason?.trim() || null;
  if (!why) throw badRequest(REPURCHASE_MESSAGES.refusalReason, 'reason');
  await closeApproval(tx, request, { withdrawn: request.maker_id === checker.id, by: checker.id, reason: why, at: new Date() });
}

async function findRepurchase(db: Db, repurchaseId: number): Promise<RepurchaseRow> {
  const [row] = await db.select().from(repurchases).where(eq(repurchases.id, repurchaseId));
  if (!row) throw notFound(REPURCHASE_MESSAGES.repurchaseNotFound);
  return row;
}

/** The second person's answer to a repurchase waiting for approval; approving posts the recorded figures. */
export async function decideRepurchase(tx: Db, checker: Actor, repurchaseId: number, decision: Decision, today: string): Promise<void> {
  const row = await findRepurchase(tx, repurchaseId);
  // The operation's lock before the request, in the order every movement takes them.
  await findOperation(tx, row.credit_operation_id, true);
  const request = await pendingApproval(tx, REPURCHASE_KIND, row.id, true);
  if (!request) throw conflict(REPURCHASE_MESSAGES.noPendingRepurchase, 'repurchase');
  if (!decision.approve) return refuse(tx, checker, request, decision.reason);
  const { target, holding } = await checkRepurchasable(tx, row.credit_operation_id, row.installment_id, today, row.id);
  // A payment or reversal since the request changed what is owed: refuse and ask again.
  if (holding.item_id !== row.cession_item_id || (await lastTransactionId(tx, row.installment_id)) !== row.last_transaction_id) {
    throw conflict(REPURCHASE_MESSAGES.changedSince(target.installment.number), 'installment');
  }
  // Asked because of a mark: the mark must still stand, or the buy-back would lose the cause that required it.
  if ((row.cause === 'fraud' || row.cause === 'contract_cancelled') && !(await marksInForce(tx, row.credit_operation_id)).has(row.cause)) {
    throw conflict(REPURCHASE_MESSAGES.markCleared(target.installment.number, row.cause), 'installment');
  }
  // The first of two checks (above the company's higher limit) leaves it waiting for the second.
  if (isPending(await giveCheck(tx, request, checker, new Date()))) return;
  await putInForce(tx, checker, row, target, holding, today);
}

/* ---------------------------------------------------------------- undoing */

export interface ReverseInput {
  id: number;
  installment: number;
  reason: string;
}

async function pendingReversalOf(db: Db, repurchaseId: number): Promise<number | null> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`SELECT r.id FROM repurchase_reversals r JOIN approval_requests a ON a.kind = ${REPURCHASE_REVERSAL_KIND} AND a.entity_id = r.id AND a.status = ${REQUEST.pending}
         WHERE r.repurchase_id = ${repurchaseId}`,
  );
  return rows[0]?.id ?? null;
}

/** Under the operation's lock: the installment's standing repurchase, nothing recorded on it since, no undoing waiting (other than `except`). */
async function checkReversible(tx: Db, operationId: number, installmentId: number, today: string, exceptReversal: number | null): Promise<{ row: RepurchaseRow; target: InstallmentTarget }> {
  const ctx = await lockedServicing(tx, operationId);
  const target = await loadTarget(tx, ctx, installmentId, today);
  const n = target.installment.number;
  const row = await latestRepurchase(tx, installmentId);
  if (!row) throw conflict(REPURCHASE_MESSAGES.notRepurchased(n), 'installment');
  if (!(await isStanding(tx, row.id))) {
    if (await pendingApproval(tx, REPURCHASE_KIND, row.id)) throw conflict(REPURCHASE_MESSAGES.repurchasePending(n), 'installment');
    throw conflict(REPURCHASE_MESSAGES.notRepurchased(n), 'installment');
  }
  const waiting = await pendingReversalOf(tx, row.id);
  if (waiting !== null && waiting !== exceptReversal) throw conflict(REPURCHASE_MESSAGES.reversalPending(n), 'installment');
  if ((await lastTransactionId(tx, installmentId)) !== row.last_transaction_id) throw conflict(REPURCHASE_MESSAGES.movedSince(n), 'installment');
  return { row, target };
}

/** Asks for the undoing of the installment's repurchase (inside the caller's transaction); answers the repurchase's id. */
export async function reverseRepurchase(tx: Db, actor: Actor, input: ReverseInput, today: string): Promise<number> {
  const { row, target } = await checkReversible(tx, input.id, input.installment, today, null);
  const weighed = await weighMove(tx, { kind: REPURCHASE_REVERSAL_KIND, companyId: row.company_id, makerId: actor.id, businessDate: today, shares: [{ operationId: row.credit_operation_id, amount: row.amount }] });
  const needsApproval = weighed.needsApproval;
  const [reversal] = await tx
    .insert(repurchaseReversals)
    .values({ repurchase_id: row.id, credit_operation_id: row.credit_operation_id, reversed_on: today, reason: input.reason, needs_approval: needsApproval, actor_id: actor.id })
    .returning();
  if (needsApproval) {
    await openMoveApproval(tx, weighed, { entityId: reversal.id, amounts: { amount: row.amount, carrying: row.carrying } });
  } else {
    await recordMoveAlone(tx, weighed);
    await reversalInEffect(tx, actor, row, reversal, target, today);
  }
  return row.id;
}

/** The undoing takes effect: contra entries dated the business date, the installment assigned again, the log. */
async function reversalInEffect(tx: Db, actor: Actor, row: RepurchaseRow, reversal: RepurchaseReversalRow, target: InstallmentTarget, today: string): Promise<void> {
  // Assigned again: the accrued interest the repurchase brought back leaves again (the ledger's README).
  await transferAccrual(tx, [row.credit_operation_id], { installmentIds: [row.installment_id], direction: 'out', account: 'repurchase_loss', date: today });
  await post(tx, [{ posting: repurchaseReversalPosting({ amount: row.amount, carrying: row.carrying }), link: { operationId: row.credit_operation_id, businessDate: today } }]);
  await changeInstallment(tx, {
    target,
    to: 'assigned',
    reason: reversal.reason,
    actorId: actor.id,
    action: 'installment.repurchase-reversed',
    at: new Date(),
    on: today,
    after: { repurchase_id: row.id, repurchase_reversal_id: reversal.id },
  });
  await logActivity(tx, {
    actorId: actor.id,
    action: 'repurchase.reverse',
    entity: 'repurchase_reversal',
    entityId: reversal.id,
    after: { repurchase_id: row.id, credit_operation_id: row.credit_operation_id, amount: row.amount, carrying: row.carrying, reason: reversal.reason },
  });
}

/** The second person's answer to an undoing waiting for approval. Answers the repurchase's id. */
export async function decideRepurchaseReversal(tx: Db, checker: Actor, reversalId: number, decision: Decision, today: string): Promise<number> {
  const [reversal] = await tx.select().from(repurchaseReversals).where(eq(repurchaseReversals.id, reversalId));
  if (!reversal) throw notFound(REPURCHASE_MESSAGES.repurchaseNotFound);
  const row = await findRepurchase(tx, reversal.repurchase_id);
  await findOperation(tx, row.credit_operation_id, true);
  const request = await pendingApproval(tx, REPURCHASE_REVERSAL_KIND, reversal.id, true);
  if (!request) throw conflict(REPURCHASE_MESSAGES.noPendingReversal, 'reversal');
  if (!decision.approve) {
    await refuse(tx, checker, request, decision.reason);
    return row.id;
  }
  const { target } = await checkReversible(tx, row.credit_operation_id, row.installment_id, today, reversal.id);
  if (!isPending(await giveCheck(tx, request, checker, new Date()))) await reversalInEffect(tx, checker, row, reversal, target, today);
  return row.id;
}

/* ---------------------------------------------------------------- answers */

type RequestStatus = 'effective' | 'pending' | 'refused';

async function statusOfRequest(db: Db, kind: typeof REPURCHASE_KIND | typeof REPURCHASE_REVERSAL_KIND, entityId: number, needsApproval: boolean): Promise<{ status: RequestStatus; requestId: number | null }> {
  if (!needsApproval) return { status: 'effective', requestId: null };
  const request = await latestApproval(db, kind, entityId);
  if (!request) return { status: 'pending', requestId: null };
  const status: RequestStatus = request.status === REQUEST.approved ? 'effective' : request.status === REQUEST.pending ? 'pending' : 'refused';
  return { status, requestId: request.id };
}

export async function loadRepurchase(db: Db, repurchaseId: number): Promise<Repurchase> {
  const row = await findRepurchase(db, repurchaseId);
  const [info] = await rowsOf<{ number: number; due_date: string; cession_id: number; cession_number: number; assignee_name: string }>(
    db,
    sql`SELECT i.number, i.due_date::text AS due_date, c.id AS cession_id, c.number AS cession_number, a.assignee_name
          FROM cession_items ci JOIN cessions c ON c.id = ci.cession_id JOIN assignment_bank_accounts a ON a.id = c.assignment_account_id
          JOIN credit_operation_installments i ON i.id = ci.installment_id
         WHERE ci.id = ${row.cession_item_id}`,
  );
  const own = await statusOfRequest(db, REPURCHASE_KIND, row.id, row.needs_approval);
  const [reversal] = await db.select().from(repurchaseReversals).where(eq(repurchaseReversals.repurchase_id, row.id)).orderBy(desc(repurchaseReversals.id)).limit(1);
  const undo = reversal ? await statusOfRequest(db, REPURCHASE_REVERSAL_KIND, reversal.id, reversal.needs_approval) : null;
  let status: RepurchaseStatus = own.status;
  if (own.status === 'effective' && undo?.status === 'effective') status = 'reversed';
  else if (own.status === 'effective' && undo?.status === REQUEST.pending) status = 'reversal_pending';
  const [actor] = row.actor_id === null ? [] : await db.select({ name: users.name }).from(users).where(eq(users.id, row.actor_id));
  return {
    id: row.id,
    credit_operation_id: row.credit_operation_id,
    installment_id: row.installment_id,
    installment_number: info.number,
    due_date: info.due_date,
    status,
    cession_id: info.cession_id,
    cession_number: info.cession_number,
    assignee_name: info.assignee_name,
    repurchased_on: row.repurchased_on,
    rule: row.rule,
    cause: row.cause,
    reason: row.reason,
    days_late: row.days_late,
    face_value: row.face_value,
    charges: row.charges,
    discount: money(new Decimal(row.face_value).plus(row.charges).minus(row.amount)),
    amount: row.amount,
    carrying: row.carrying,
    result: row.result,
    approval_request_id: own.requestId,
    actor_name: actor?.name ?? null,
    created_at: row.created_at.toISOString(),
    reversal:
      reversal && undo ? { id: reversal.id, reversed_on: reversal.reversed_on, reason: reversal.reason, status: undo.status, approval_request_id: undo.requestId } : null,
  };
}

export async function repurchasesOfOperation(db: Db, operationId: number): Promise<RepurchaseList> {
  const op = await findOperation(db, operationId, false);
  const rows = await db.select({ id: repurchases.id }).from(repurchases).where(eq(repurchases.credit_operation_id, op.id)).orderBy(desc(repurchases.id));
  const list: Repurchase[] = [];
  for (const { id } of rows) list.push(await loadRepurchase(db, id));
  return { credit_operation_id: op.id, repurchases: list };
}

export async function countRepurchases(db: Db, operationId: number): Promise<{ count: number; total: number }> {
  const op = await findOperation(db, operationId, false);
  const [row] = await rowsOf<{ count: number; total: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE ${repurchaseStanding(sql`p`)})::int AS count, count(*)::int AS total FROM repurchases p WHERE p.credit_operation_id = ${op.id}`,
  );
  return row;
}

/** The installment's latest repurchase (404 when it was never repurchased or is not this operation's). */
export async function repurchaseOfInstallment(db: Db, operationId: number, installmentId: number): Promise<Repurchase> {
  const op = await findOperation(db, operationId, false);
  const [row] = await db.select().from(repurchases).where(eq(repurchases.installment_id, installmentId)).orderBy(desc(repurchases.id)).limit(1);
  if (!row || row.credit_operation_id !== op.id) throw notFound(REPURCHASE_MESSAGES.repurchaseNotFound);
  return loadRepurchase(db, row.id);
}

