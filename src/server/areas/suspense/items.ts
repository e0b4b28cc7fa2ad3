/**
 * Valores a identificar: money the bank credited that no installment took.
 * The rules are in README.md beside this file; in short:
 * - recordUnapplied / recordUnappliedMany (any area, inside its transaction):
 *   an item per amount with its source and reason, and its posting
 *   suspense_in (bank → suspense), linked to the operation when one is known
 *   and to none (a company-level posting) when not;
 * - applyItem: a payment of an installment of the SAME borrower through
 *   collection's payment path (its allocation and posting: bank → receivable
 *   and income), dated the day the money was received, and suspense_apply
 *   (suspense → bank): together, suspense → what the payment credits;
 * - refundItem / decideRefund: suspense_refund (suspense → bank) to one of
 *   the borrower's bank accounts; above the company's reversal limit (the
 *   four-eyes limits of operations' approval-limits.ts, move
 *   'suspense_refund') it waits for another person;
 * - an item is never edited: what is open is its amount less its moves;
 * - the money is owed back until identified (pagamento indevido, Código Civil
 *   art. 876): a liability, never income.
 * Lock order: the item (an advisory lock on its id), then its operation (collection's
 * lock, taken by the payment path or here before weighing a refund), then
 * the ledger's advisory lock (post()).
 */
import Decimal from 'decimal.js';
import { asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { formatCurrency } from '@shared/format';
import type { ReceiptMethod } from '@shared/servicing';
import { SUSPENSE_FILTERS, SUSPENSE_SORTS, type SuspenseItem, type SuspenseReason, type SuspenseSource, type SuspenseState } from '@shared/contract/servicing-suspense';
import type { Db } from '../../db/connect';
import { insertRows } from '../../db/insert-rows';
import { users } from '../access/schema';
import { borrowers, borrowerBankAccounts } from '../borrowers/schema';
import { creditOperationInstallments, creditOperations } from '../operations/schema';
import { badRequest, conflict, MESSAGES, notFound } from '../../platform/http/errors';
import { logActivities, logActivity, type ActivityEntry } from '../../platform/activity';
import { post, type JournalItem } from '../ledger';
import { lockOperationRows, pay } from '../collection';
import { closeApproval, giveCheck, isPending, openMoveApproval, pendingApproval, pendingRequestsOf, recordMoveAlone, weighMove, type Actor } from '../operations';
import { suspenseApplyPosting, suspenseInPosting, suspenseRefundPosting } from '../../domain/servicing/suspense-postings';
import { suspenseItems, suspenseMoves, type SuspenseItemRow, type SuspenseMoveRow } from './schema';

export const SUSPENSE_MESSAGES = {
  notFound: 'Valor a identificar não encontrado.',
  nothingOpen: 'Este valor já foi todo aplicado ou devolvido.',
  aboveOpen: (open: string) => `Campo amount: o valor é maior que o ainda aberto deste crédito (${formatCurrency(open)}).`,
  installmentNotFound: 'Campo installment_id: parcela não encontrada.',
  otherBorrower: 'Campo installment_id: a parcela é de outro tomador; um valor a identificar só se aplica a parcela de quem pagou.',
  noBorrower: 'Este valor não tem tomador identificado: aplique-o a uma parcela antes de pensar em devolvê-lo.',
  accountNotFound: 'Campo borrower_bank_account_id: conta bancária não encontrada.',
  otherAccount: 'Campo borrower_bank_account_id: a conta é de outro tomador; a devolução vai só para uma conta de quem pagou.',
  refundPending: 'A devolução deste valor já aguarda a aprovação de outra pessoa.',
  noPendingRefund: 'Não há devolução deste valor aguardando aprovação.',
  refusalReason: 'Campo reason: informe por que a devolução foi recusada.',
  returnReference: (itemId: number) => `valor a identificar nº ${itemId}`,
} as const;

export const REFUND_KIND = 'suspense.refund' as const;

/** An amount credited that no installment took, as the area that received it knows it. */
export interface UnappliedInput {
  companyId: number;
  amount: Decimal.Value;
  /** the day the money was credited (the posting's business date) */
  receivedOn: string;
  payerName?: string | null;
  payerDocument?: string | null;
  source: SuspenseSource;
  /** a return file's line (source return_line) */
  returnFileId?: number | null;
  returnLine?: number | null;
  /** the source's own id (a Pix end-to-end id): unique per source */
  sourceReference?: string | null;
  reason: SuspenseReason;
  /** the operation and installment the money named, when known (the borrower follows from the operation) */
  creditOperationId?: number | null;
  installmentId?: number | null;
  borrowerId?: number | null;
  method: ReceiptMethod;
  actorId: number | null;
}

const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);

/** Books one amount to suspense in the caller's transaction; answers the item's id. */
export async function recordUnapplied(tx: Db, input: UnappliedInput): Promise<number> {
  const [id] = await recordUnappliedMany(tx, [input]);
  return id;
}

/**
 * Books many amounts to suspense at once (a return file's lines): their
 * postings in as few statements as post() takes, the items and the log
 * entries a statement each. Answers the items' ids in the inputs' order.
 */
export async function recordUnappliedMany(tx: Db, inputs: readonly UnappliedInput[]): Promise<number[]> {
  if (inputs.length === 0) return [];
  const operationIds = [...new Set(inputs.map((i) => i.creditOperationId).filter((id): id is number => id != null))];
  const borrowerOf = new Map<number, number>();
  if (operationIds.length > 0) {
    const rows = await tx.select({ id: creditOperations.id, borrower: creditOperations.borrower_id }).from(creditOperations).where(inArray(creditOperations.id, operationIds));
    for (const r of rows) if (r.borrower !== null) borrowerOf.set(r.id, r.borrower);
  }
  const items: JournalItem[] = inputs.map((i) => ({ posting: suspenseInPosting(i.amount), link: { operationId: i.creditOperationId ?? null, businessDate: i.receivedOn } }));
  const postingIds = await post(tx, items);
  const drawn = await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('suspense_items', 'id'))::int AS id FROM generate_series(1, ${inputs.length}::int)`);
  const ids = (drawn as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  const rows = inputs.map((i, k) => ({
    id: ids[k],
    company_id: i.companyId,
    amount: money(i.amount),
    received_on: i.receivedOn,
    payer_name: i.payerName ?? null,
    payer_document: i.payerDocument ?? null,
    source: i.source,
    return_file_id: i.returnFileId ?? null,
    return_line: i.returnLine ?? null,
    source_reference: i.sourceReference ?? null,
    reason: i.reason,
    borrower_id: i.borrowerId ?? (i.creditOperationId != null ? (borrowerOf.get(i.creditOperationId) ?? null) : null),
    credit_operation_id: i.creditOperationId ?? null,
    installment_id: i.installmentId ?? null,
    method: i.method,
    posting_id: postingIds[k],
    actor_id: i.actorId,
  }));
  await insertRows(tx, suspenseItems, rows);
  const logs: ActivityEntry[] = rows.map((r) => ({
    actorId: r.actor_id,
    action: 'suspense.record',
    entity: 'suspense_item',
    entityId: r.id,
    after: { amount: r.amount, reason: r.reason, source: r.source, return_file_id: r.return_file_id, credit_operation_id: r.credit_operation_id, borrower_id: r.borrower_id },
  }));
  await logActivities(tx, logs);
  return ids;
}

/**
 * Whether a move still stands, as SQL over a move's alias: an application whose payment was reversed gave its money
 * back to suspense (the reversal's suspense_in: collection's payments.ts for an operation's installment,
 * renegotiation's collection.ts for an agreement's), so it no longer counts. An agreement payment's reversal counts
 * only when it is `from_suspense` (migration 0074): one posted before then credited the bank, not suspense.
 */
const standingMove = (m: string) =>
  sql.raw(
    `NOT EXISTS (SELECT 1 FROM installment_transactions r WHERE ${m}.transaction_id IS NOT NULL AND r.reverses_id = ${m}.transaction_id)` +
      ` AND NOT EXISTS (SELECT 1 FROM renegotiation_payments r WHERE ${m}.agreement_payment_id IS NOT NULL AND r.reverses_id = ${m}.agreement_payment_id AND r.from_suspense)`,
  );
const movesWithStanding = { ...getTableColumns(suspenseMoves), standing: sql<boolean>`${standingMove('suspense_moves')}` };
type MoveWithStanding = SuspenseMoveRow & { standing: boolean };

/** What is open of an item after its standing moves. */
function openOf(item: Pick<SuspenseItemRow, 'amount'>, moves: ReadonlyArray<Pick<MoveWithStanding, 'amount' | 'standing'>>): Decimal {
  return moves.filter((m) => m.standing).reduce((left, m) => left.minus(m.amount), new Decimal(item.amount));
}

function stateOf(open: Decimal, moves: ReadonlyArray<Pick<MoveWithStanding, 'kind' | 'standing'>>): SuspenseState {
  if (open.gt(0)) return 'open';
  // Closed by its last standing move (a part applied, then the rest refunded: refunded).
  return moves.filter((m) => m.standing).at(-1)?.kind === 'refunded' ? 'refunded' : 'applied';
}

/** The advisory lock space of suspense items (two-key form: this, the item's id). */
const ITEM_LOCK_SPACE = 0x5355_5350;

/**
 * The item locked for this transaction (an advisory lock on its id: its rows
 * are append-only, and the app's role holds no UPDATE to take a row lock),
 * then, in a new statement, the item with its moves; 404 when there is none.
 */
export async function lockedItem(tx: Db, itemId: number): Promise<{ item: SuspenseItemRow; moves: MoveWithStanding[]; open: Decimal }> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ITEM_LOCK_SPACE}::int, ${itemId}::int)`);
  const [item] = await tx.select().from(suspenseItems).where(eq(suspenseItems.id, itemId));
  if (!item) throw notFound(SUSPENSE_MESSAGES.notFound);
  const moves = await tx.select(movesWithStanding).from(suspenseMoves).where(eq(suspenseMoves.suspense_item_id, itemId)).orderBy(asc(suspenseMoves.id));
  return { item, moves, open: openOf(item, moves) };
}

/**
 * An item about to be applied, locked, with the amount to apply: something open, no refund waiting (its money is
 * promised), the amount (default: all that is open) within what is open. Both kinds of application start here.
 */
export async function itemToApply(tx: Db, itemId: number, asked: string | null | undefined): Promise<{ item: SuspenseItemRow; open: Decimal; amount: Decimal }> {
  const { item, open } = await lockedItem(tx, itemId);
  if (open.lte(0)) throw conflict(SUSPENSE_MESSAGES.nothingOpen, 'item');
  if (await pendingApproval(tx, REFUND_KIND, item.id)) throw conflict(SUSPENSE_MESSAGES.refundPending, 'item');
  const amount = asked ? new Decimal(asked) : open;
  if (amount.gt(open)) throw conflict(SUSPENSE_MESSAGES.aboveOpen(open.toFixed(2)), 'amount');
  return { item, open, amount };
}

/** The day an application's payment is dated: the day the money was received (never after today). */
export const appliedOn = (item: SuspenseItemRow, today: string): string => (item.received_on <= today ? item.received_on : today);

/** What an application paid: an operation's installment (its transaction), or an agreement's (its payment). */
export type AppliedTo =
  | { operationId: number; installmentId: number; transactionId: number }
  | { operationId: number; agreementInstallmentId: number; agreementPaymentId: number };

/**
 * The application's own half, after the payment: suspense_apply (suspense → bank, beside the payment's bank →
 * receivable), the move naming what it paid, the log entry (`after`: what it paid, in the log's words). Answers the
 * move's id.
 */
export async function recordApplication(
  tx: Db,
  actor: Actor,
  applied: { item: SuspenseItemRow; open: Decimal; amount: Decimal; paidOn: string; to: AppliedTo },
  after: Record<string, string | number | null>,
): Promise<number> {
  const { item, open, amount, paidOn, to } = applied;
  const transactionId = 'transactionId' in to ? to.transactionId : null;
  const [postingId] = await post(tx, [{ posting: suspenseApplyPosting(amount), link: { operationId: to.operationId, businessDate: paidOn, transactionId } }]);
  const [move] = await tx
    .insert(suspenseMoves)
    .values({
      suspense_item_id: item.id,
      kind: 'applied',
      amount: amount.toFixed(2),
      moved_on: paidOn,
      credit_operation_id: to.operationId,
      installment_id: 'installmentId' in to ? to.installmentId : null,
      transaction_id: transactionId,
      agreement_installment_id: 'agreementInstallmentId' in to ? to.agreementInstallmentId : null,
      agreement_payment_id: 'agreementPaymentId' in to ? to.agreementPaymentId : null,
      posting_id: postingId,
      actor_id: actor.id,
    })
    .returning();
  await logActivity(tx, {
    actorId: actor.id,
    action: 'suspense.apply',
    entity: 'suspense_item',
    entityId: item.id,
    before: { amount: open.toFixed(2) },
    after: { amount: open.minus(amount).toFixed(2), ...after },
  });
  return move.id;
}

export interface ApplyInput {
  item: number;
  installmentId: number;
  /** default: all that is open */
  amount?: string | null;
}

/**
 * Applies (part of) an item to an installment of the same borrower: a
 * payment through collection's payment path (its checks: above what the
 * installment owes on the day is a 409), dated the day the money was
 * received, then suspense_apply. Answers the move's id.
 */
export async function applyItem(tx: Db, actor: Actor, input: ApplyInput, today: string): Promise<number> {
  const { item, open, amount } = await itemToApply(tx, input.item, input.amount);
  const [target] = await tx
    .select({ id: creditOperationInstallments.id, operation: creditOperations.id, borrower: creditOperations.borrower_id })
    .from(creditOperationInstallments)
    .innerJoin(creditOperations, eq(creditOperations.id, creditOperationInstallments.credit_operation_id))
    .where(eq(creditOperationInstallments.id, input.installmentId));
  if (!target) throw notFound(SUSPENSE_MESSAGES.installmentNotFound);
  // The same borrower only: money of one person never pays another's debt (an item of nobody known is identified by applying it).
  if (item.borrower_id !== null && target.borrower !== item.borrower_id) throw conflict(SUSPENSE_MESSAGES.otherBorrower, 'installment_id');
  const paidOn = appliedOn(item, today);
  const transactionId = await pay(
    tx,
    actor,
    { id: target.operation, installment: target.id, amount: amount.toFixed(2), paid_on: paidOn, method: item.method, reference: SUSPENSE_MESSAGES.returnReference(item.id) },
    today,
  );
  return recordApplication(
    tx,
    actor,
    { item, open, amount, paidOn, to: { operationId: target.operation, installmentId: target.id, transactionId } },
    { installment: String(target.id), credit_operation_id: target.operation, borrower_id: target.borrower },
  );
}

export interface RefundInput {
  item: number;
  borrowerBankAccountId: number;
  note?: string | null;
}

function accountWords(a: typeof borrowerBankAccounts.$inferSelect): string {
  return `${a.bank_code} ${a.bank_name} ag. ${a.agency}${a.agency_digit ? `-${a.agency_digit}` : ''} c/c ${a.account}${a.account_digit ? `-${a.account_digit}` : ''}`;
}

async function refundAccount(tx: Db, item: SuspenseItemRow, accountId: number) {
  const [account] = await tx.select().from(borrowerBankAccounts).where(eq(borrowerBankAccounts.id, accountId));
  if (!account) throw notFound(SUSPENSE_MESSAGES.accountNotFound);
  if (account.borrower_id !== item.borrower_id) throw conflict(SUSPENSE_MESSAGES.otherAccount, 'borrower_bank_account_id');
  return account;
}

/**
 * Records the refund of what is open of an item to its borrower's bank
 * account, or opens the request a second person confirms when the refund is
 * above the company's reversal limit (counted with the person's refunds on
 * the operation over the window). Answers the move's id, or the request's.
 */
export async function refundItem(tx: Db, actor: Actor, input: RefundInput, today: string): Promise<{ moveId: number | null; approvalId: number | null }> {
  const { item, open } = await lockedItem(tx, input.item);
  if (open.lte(0)) throw conflict(SUSPENSE_MESSAGES.nothingOpen, 'item');
  if (item.borrower_id === null || item.credit_operation_id === null) throw conflict(SUSPENSE_MESSAGES.noBorrower, 'item');
  // The operation's row before its approval rows (the one lock order); the limits are weighed under it (approval-limits.ts).
  await lockOperationRows(tx, [item.credit_operation_id]);
  if (await pendingApproval(tx, REFUND_KIND, item.id, true)) throw conflict(SUSPENSE_MESSAGES.refundPending, 'item');
  const account = await refundAccount(tx, item, input.borrowerBankAccountId);
  const weighed = await weighMove(tx, { kind: REFUND_KIND, companyId: item.company_id, makerId: actor.id, businessDate: today, shares: [{ operationId: item.credit_operation_id, amount: open }] });
  if (weighed.needsApproval) {
    const request = await openMoveApproval(tx, weighed, {
      entityId: item.id,
      amounts: { amount: open.toFixed(2), borrower_bank_account_id: String(account.id), note: input.note?.trim() ?? '' },
    });
    return { moveId: null, approvalId: request.id };
  }
  await recordMoveAlone(tx, weighed);
  return { moveId: await performRefund(tx, actor, item, open, account, input.note ?? null, null, today), approvalId: null };
}

async function performRefund(
  tx: Db,
  actor: Actor,
  item: SuspenseItemRow,
  amount: Decimal,
  account: typeof borrowerBankAccounts.$inferSelect,
  note: string | null,
  approvalId: number | null,
  today: string,
): Promise<number> {
  const [postingId] = await post(tx, [{ posting: suspenseRefundPosting(amount), link: { operationId: item.credit_operation_id, businessDate: today } }]);
  const [move] = await tx
    .insert(suspenseMoves)
    .values({
      suspense_item_id: item.id,
      kind: 'refunded',
      amount: amount.toFixed(2),
      moved_on: today,
      credit_operation_id: item.credit_operation_id,
      borrower_bank_account_id: account.id,
      refund_account: accountWords(account),
      approval_request_id: approvalId,
      posting_id: postingId,
      note: note?.trim() || null,
      actor_id: actor.id,
    })
    .returning();
  await logActivity(tx, {
    actorId: actor.id,
    action: 'suspense.refund',
    entity: 'suspense_item',
    entityId: item.id,
    before: { amount: amount.toFixed(2) },
    after: { amount: '0.00', borrower_id: item.borrower_id, bank_code: account.bank_code, agency: account.agency, account: account.account, approval_request_id: approvalId },
  });
  return move.id;
}

/** The second person's answer to a refund waiting: approved, it is recorded (what is open then); refused, nothing moves. */
export async function decideRefund(tx: Db, checker: Actor, input: { item: number; approve: boolean; reason?: string | null }, today: string): Promise<void> {
  const { item, open } = await lockedItem(tx, input.item);
  if (item.credit_operation_id !== null) await lockOperationRows(tx, [item.credit_operation_id]);
  const request = await pendingApproval(tx, REFUND_KIND, item.id, true);
  if (!request) throw conflict(SUSPENSE_MESSAGES.noPendingRefund, 'item');
  const now = new Date();
  if (!input.approve) {
    const reason = input.reason?.trim() || null;
    if (!reason) throw badRequest(SUSPENSE_MESSAGES.refusalReason, 'reason');
    await closeApproval(tx, request, { withdrawn: request.maker_id === checker.id, by: checker.id, reason, at: now });
    return;
  }
  if (isPending(await giveCheck(tx, request, checker, now))) return;
  if (open.lte(0)) throw conflict(SUSPENSE_MESSAGES.nothingOpen, 'item');
  const amount = Decimal.min(open, request.amounts.amount ?? open);
  const account = await refundAccount(tx, item, Number(request.amounts.borrower_bank_account_id));
  await performRefund(tx, checker, item, amount, account, request.amounts.note ?? null, request.id, today);
}

// ---------------------------------------------------------------------------
// Reads

const STATE_FILTERS = ['open', 'applied', 'refunded', 'all'] as const;
type StateFilter = (typeof STATE_FILTERS)[number];

export interface SuspenseListArgs {
  page: number;
  limit: number;
  filter?: Record<string, unknown>;
  sort?: { field?: string | null; order?: string | null } | null;
}

/** The order of the list: newest received first by default; received_on or amount, either way (SUSPENSE_SORTS). */
function orderOf(sort: SuspenseListArgs['sort']): SQL {
  const direction = sort?.order?.toLowerCase().startsWith('asc') ? sql`ASC` : sql`DESC`;
  if (sort?.field === 'amount') return sql`si.amount ${direction}, si.id ${direction}`;
  return sql`si.received_on ${direction}, si.id ${direction}`;
}

const SUSPENSE_FILTER_MESSAGE = 'Campo filter.state: use open, applied, refunded ou all.';

/** Each item's amount still open (its amount less its moves), as SQL on the items' alias `si`. */
const OPEN_SQL = sql`(si.amount - COALESCE((SELECT sum(m.amount) FROM suspense_moves m WHERE m.suspense_item_id = si.id AND ${standingMove('m')}), 0))`;

function stateCondition(state: StateFilter): SQL {
  if (state === 'open') return sql`${OPEN_SQL} > 0`;
  if (state === 'all') return sql`TRUE`;
  // Closed items: refunded when their last move is a refund, applied otherwise (stateOf).
  const last = sql`(SELECT m.kind FROM suspense_moves m WHERE m.suspense_item_id = si.id AND ${standingMove('m')} ORDER BY m.id DESC LIMIT 1)`;
  return state === 'refunded' ? sql`${OPEN_SQL} <= 0 AND ${last} = 'refunded'` : sql`${OPEN_SQL} <= 0 AND ${last} = 'applied'`;
}

function stateFilterOf(value: unknown): StateFilter {
  if (value === undefined || value === null || value === '') return 'open';
  if (typeof value === 'string' && (STATE_FILTERS as readonly string[]).includes(value)) return value as StateFilter;
  throw badRequest(SUSPENSE_FILTER_MESSAGE, 'filter.state');
}

/** Items as the screen lists them, newest first, with the open total of every item the filters match. */
/** `viewerId`: the person reading (a refund they asked for is theirs to wait on, not to decide). */
export async function listSuspense(db: Db, args: SuspenseListArgs, today: string, viewerId: number) {
  // As every list of the contract: a name it does not declare is refused, never silently ignored.
  const unknown = Object.keys(args.filter ?? {}).find((name) => !(SUSPENSE_FILTERS as readonly string[]).includes(name));
  if (unknown !== undefined) throw badRequest(MESSAGES.unknownFilter(unknown), `filter.${unknown}`);
  if (args.sort?.field && !(SUSPENSE_SORTS as readonly string[]).includes(args.sort.field)) throw badRequest(MESSAGES.unknownSort(args.sort.field), 'sort');
  const state = stateFilterOf(args.filter?.state);
  const borrowerId = args.filter?.borrower_id;
  const conditions: SQL[] = [stateCondition(state)];
  if (borrowerId !== undefined && borrowerId !== null && borrowerId !== '') {
    const id = Number(borrowerId);
    if (!Number.isInteger(id) || id < 1) throw badRequest('Campo filter.borrower_id: informe o número do tomador.', 'filter.borrower_id');
    conditions.push(sql`si.borrower_id = ${id}`);
  }
  const where = sql.join(conditions, sql` AND `);
  const totals = await db.execute(sql`SELECT count(*)::int AS n, COALESCE(sum(${OPEN_SQL}), 0)::text AS open_total FROM suspense_items si WHERE ${where}`);
  const [{ n, open_total: openTotal }] = (totals as unknown as { rows: Array<{ n: number; open_total: string }> }).rows;
  const page = await db.execute(sql`SELECT si.id FROM suspense_items si WHERE ${where} ORDER BY ${orderOf(args.sort)} LIMIT ${args.limit} OFFSET ${(args.page - 1) * args.limit}`);
  const ids = (page as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
  const items = await itemViews(db, ids, viewerId);
  return {
    items,
    meta: { currentPage: args.page, pageSize: args.limit, totalItems: Number(n), totalPages: Math.max(1, Math.ceil(Number(n) / args.limit)) },
    open_total: money(openTotal),
    as_of: today,
  };
}

/** One item as the screen shows it. */
export async function loadSuspenseItem(db: Db, itemId: number, viewerId: number): Promise<SuspenseItem> {
  const [view] = await itemViews(db, [itemId], viewerId);
  if (!view) throw notFound(SUSPENSE_MESSAGES.notFound);
  return view;
}

async function itemViews(db: Db, ids: readonly number[], viewerId: number): Promise<SuspenseItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ item: suspenseItems, borrower: borrowers.name })
    .from(suspenseItems)
    .leftJoin(borrowers, eq(borrowers.id, suspenseItems.borrower_id))
    .where(inArray(suspenseItems.id, [...ids]));
  const moves = await db
    .select({ move: movesWithStanding, actor: users.name, installmentNumber: creditOperationInstallments.number })
    .from(suspenseMoves)
    .leftJoin(users, eq(users.id, suspenseMoves.actor_id))
    .leftJoin(creditOperationInstallments, eq(creditOperationInstallments.id, suspenseMoves.installment_id))
    .where(inArray(suspenseMoves.suspense_item_id, [...ids]))
    .orderBy(asc(suspenseMoves.id));
  const pending = await pendingRequestsOf(db, REFUND_KIND, ids);
  const byItem = new Map<number, typeof moves>();
  for (const m of moves) byItem.set(m.move.suspense_item_id, [...(byItem.get(m.move.suspense_item_id) ?? []), m]);
  const byId = new Map(rows.map((r) => [r.item.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const its = byItem.get(id) ?? [];
    const open = openOf(r.item, its.map((m) => m.move));
    return [
      {
        id,
        amount: money(r.item.amount),
        open_amount: open.toFixed(2),
        state: stateOf(open, its.map((m) => m.move)),
        received_on: r.item.received_on,
        payer_name: r.item.payer_name,
        payer_document: r.item.payer_document,
        source: r.item.source,
        return_file_id: r.item.return_file_id,
        return_line: r.item.return_line,
        source_reference: r.item.source_reference,
        reason: r.item.reason,
        borrower_id: r.item.borrower_id,
        borrower_name: r.borrower,
        credit_operation_id: r.item.credit_operation_id,
        installment_id: r.item.installment_id,
        pending_refund_id: pending.get(id)?.id ?? null,
        pending_refund_asked_by_me: pending.get(id)?.maker_id === viewerId,
        moves: its.map(({ move, actor, installmentNumber }) => ({
          id: move.id,
          kind: move.kind,
          amount: money(move.amount),
          moved_on: move.moved_on,
          installment_id: move.installment_id,
          installment_number: installmentNumber,
          transaction_id: move.transaction_id,
          borrower_bank_account_id: move.borrower_bank_account_id,
          note: move.note ?? move.refund_account,
          actor_name: actor,
          reversed: !move.standing,
          created_at: move.created_at.toISOString(),
        })),
        created_at: r.item.created_at.toISOString(),
      },
    ];
  });
}

/** The open total of every item (what the ledger's suspense account must hold). */
/** How many items still hold money to identify (the menu's count). */
export async function openSuspenseCount(db: Db): Promise<number> {
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM suspense_items si WHERE ${OPEN_SQL} > 0`);
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0].n);
}

export async function openSuspenseTotal(db: Db): Promise<string> {
  const result = await db.execute(sql`SELECT COALESCE(sum(${OPEN_SQL}), 0)::text AS total FROM suspense_items si`);
  return money((result as unknown as { rows: Array<{ total: string }> }).rows[0].total);
}
