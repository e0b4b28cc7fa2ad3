/**
 * A cession's price settled with the assignee (contract:
 * shared/contract/servicing-cession-price.ts; arithmetic and entries:
 * domain/servicing/cession-price.ts).
 *
 * - Every write takes the cession's advisory lock first (the cessions table is
 *   append-only: no row lock), then reads what is owed, so two receipts at
 *   once run one after the other and the second sees the first.
 * - The price in force: the cession's items not reversed (a reversal in
 *   force credits due from assignee by their price). A cession not in force
 *   (pending, refused) or reversed whole takes no receipt.
 * - Receipts, their reversals and write-offs are rows of cession_price_moves
 *   (migration 0054, append-only), each with its posting, company-level
 *   (operation null: the price is the cession's, not one operation's),
 *   dated the receipt's date (a receipt) or the business date (a reversal,
 *   a write-off).
 * - Write-off: four eyes through operations' approvals (kind
 *   cession.price_write_off, entity the cession), decided by another
 *   administrator; approving writes off what is owed then, at most what
 *   was asked.
 */
import Decimal from 'decimal.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { CESSION_PRICE_LIST_CAP, type CessionPrice, type CessionPriceLine } from '@shared/contract/servicing-cession-price';
import { formatCurrency, formatDate } from '@shared/format';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { assignmentBankAccounts, companyBankAccounts } from '../company/schema';
import { closeApproval, giveCheck, isPending, latestApproval, openApproval, pendingApproval, type Actor } from '../operations';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { priceBalance, priceReceiptPosting, priceReceiptReversalPosting, priceWriteOffPosting, receiptRefusal, type PriceBalance } from '../../domain/servicing/cession-price';
import { post } from '../ledger';
import { CESSION_KIND, cessionInForce, REQUEST, reversalInForce, rowsOf } from '../servicing';
import { cessions, type CessionRow } from './schema-cession';
import { cessionPriceMoves, type CessionPriceMoveRow } from './schema-cession-price';

export const CESSION_PRICE_WRITE_OFF_KIND = 'cession.price_write_off' as const;

export const CESSION_PRICE_MESSAGES = {
  cessionNotFound: 'Cessão não encontrada.',
  notInForce: (n: number) => `A cessão nº ${n} não está em vigor (aguarda aprovação ou foi recusada): não há preço a receber.`,
  reversed: (n: number) => `A cessão nº ${n} foi desfeita: não há preço a receber.`,
  aboveOwed: (owed: string) => `Campo amount: o valor passa do que o cessionário ainda deve (${formatCurrency(owed)}).`,
  beforeCession: (day: string) => `Campo date: o recebimento não pode ser anterior à data da cessão (${formatDate(day)}).`,
  future: (today: string) => `Campo date: o recebimento não pode ser depois de hoje (${formatDate(today)}).`,
  bankAccount: 'Campo company_bank_account_id: conta bancária da empresa não encontrada ou inativa.',
  receiptNotFound: 'Recebimento não encontrado nesta cessão.',
  alreadyReversed: 'Este recebimento já foi estornado.',
  nothingOwed: 'O cessionário não deve nada desta cessão: não há diferença a baixar.',
  writeOffPending: 'Já há um pedido de baixa desta diferença aguardando aprovação.',
  noPendingWriteOff: 'Não há pedido de baixa desta diferença aguardando aprovação.',
  refusalReason: 'Campo reason: diga por que a baixa foi recusada.',
  settledAbove: (n: number, settled: string, left: string) =>
    `A cessão nº ${n} já tem ${formatCurrency(settled)} do preço recebido ou baixado; desfeitas estas parcelas, o preço em vigor seria ${formatCurrency(left)}: estorne o recebimento antes de desfazer (ou recompre as parcelas).`,
} as const;

/**
 * A cession reversal after the price was (partly) received: the price in force
 * falls by the price of what returns (cession.ts); if what was received and written off
 * then passes it, the receivable would turn negative — money the lender would
 * owe back without a record saying so. Refused (409 on `installments`, naming
 * the amounts): the receipt is reversed first (or the installments bought
 * back). Rule: the price is due only for what stays sold (Código Civil arts.
 * 286 and 481; the cession agreement).
 */
export async function refuseReversalBelowSettled(tx: Db, removedByCession: ReadonlyMap<number, Decimal>): Promise<void> {
  for (const [cessionId, removed] of [...removedByCession].sort(([a], [b]) => a - b)) {
    await lockCession(tx, cessionId);
    const cession = await cessionOr404(tx, cessionId);
    const balance = balanceOf(await standingOf(tx, cession), await movesOf(tx, cessionId));
    const settled = balance.received.plus(balance.writtenOff);
    const left = balance.price.minus(removed);
    if (settled.gt(left)) throw conflict(CESSION_PRICE_MESSAGES.settledAbove(cession.number, settled.toFixed(2), left.toFixed(2)), 'installments');
  }
}

/** The cession's own lock (two-key advisory lock: this module's key, the cession). */
async function lockCession(tx: Db, cessionId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('cession.price'), ${cessionId}::int)`);
}

async function cessionOr404(db: Db, cessionId: number): Promise<CessionRow> {
  const [row] = await db.select().from(cessions).where(eq(cessions.id, cessionId));
  if (!row) throw notFound(CESSION_PRICE_MESSAGES.cessionNotFound);
  return row;
}

/**
 * SQL: the price of the cession item `ci` a reversal in force took back — all of it for a whole reversal (rows before
 * migration 0063), the share of what returned for one after collection (cession.ts), 0 when none.
 */
const priceBack = sql`COALESCE((SELECT COALESCE(ri.price, ci.price) FROM cession_reversal_items ri JOIN cession_reversals rv ON rv.id = ri.reversal_id
                                 WHERE ri.cession_item_id = ci.id AND ${reversalInForce(sql`rv`)} LIMIT 1), 0)`;

interface Standing {
  inForce: boolean;
  /** price of the items not reversed, and of the collected part of those reversed after collection */
  price: string;
  /** every item reversed whole: nothing of the price left */
  reversedWhole: boolean;
}

async function standingOf(db: Db, cession: CessionRow): Promise<Standing> {
  let inForce = !cession.needs_approval;
  if (!inForce) inForce = (await latestApproval(db, CESSION_KIND, cession.id))?.status === REQUEST.approved;
  const [row] = await rowsOf<{ price: string; total: number }>(
    db,
    sql`SELECT COALESCE(SUM(ci.price - ${priceBack}), 0)::numeric(14,2)::text AS price, COUNT(*)::int AS total FROM cession_items ci WHERE ci.cession_id = ${cession.id}`,
  );
  return { inForce, price: row.price, reversedWhole: row.total > 0 && new Decimal(row.price).isZero() };
}

async function movesOf(db: Db, cessionId: number): Promise<CessionPriceMoveRow[]> {
  return db.select().from(cessionPriceMoves).where(eq(cessionPriceMoves.cession_id, cessionId)).orderBy(asc(cessionPriceMoves.id));
}

function balanceOf(standing: Standing, moves: readonly CessionPriceMoveRow[]): PriceBalance {
  return priceBalance(standing.price, moves);
}

/** Locks the cession, checks it takes money, answers its balance. */
async function openCession(tx: Db, cessionId: number): Promise<{ cession: CessionRow; balance: PriceBalance; moves: CessionPriceMoveRow[] }> {
  await lockCession(tx, cessionId);
  const cession = await cessionOr404(tx, cessionId);
  const standing = await standingOf(tx, cession);
  if (!standing.inForce) throw conflict(CESSION_PRICE_MESSAGES.notInForce(cession.number), 'cession');
  if (standing.reversedWhole) throw conflict(CESSION_PRICE_MESSAGES.reversed(cession.number), 'cession');
  const moves = await movesOf(tx, cessionId);
  return { cession, balance: balanceOf(standing, moves), moves };
}

export interface ReceiptInput {
  cession: number;
  date: string;
  amount: string;
  companyBankAccountId: number;
}

/** Records a receipt of the price (partial or whole) with its entries; answers its id. */
export async function recordPriceReceipt(tx: Db, actor: Actor, input: ReceiptInput, today: string): Promise<number> {
  if (input.date > today) throw badRequest(CESSION_PRICE_MESSAGES.future(today), 'date');
  const { cession, balance } = await openCession(tx, input.cession);
  if (input.date < cession.cession_date) throw conflict(CESSION_PRICE_MESSAGES.beforeCession(cession.cession_date), 'date');
  const [account] = await tx
    .select()
    .from(companyBankAccounts)
    .where(and(eq(companyBankAccounts.id, input.companyBankAccountId), eq(companyBankAccounts.company_id, cession.company_id), eq(companyBankAccounts.active, true)));
  if (!account) throw conflict(CESSION_PRICE_MESSAGES.bankAccount, 'company_bank_account_id');
  const amount = new Decimal(input.amount);
  if (receiptRefusal(balance, amount)) throw conflict(CESSION_PRICE_MESSAGES.aboveOwed(balance.owed.toFixed(2)), 'amount');
  const [postingId] = await post(tx, [{ posting: priceReceiptPosting(amount), link: { operationId: null, businessDate: input.date } }]);
  const [row] = await tx
    .insert(cessionPriceMoves)
    .values({ cession_id: cession.id, kind: 'receipt', moved_on: input.date, amount: amount.toFixed(2), company_bank_account_id: account.id, posting_id: postingId, actor_id: actor.id })
    .returning();
  await logActivity(tx, {
    actorId: actor.id,
    action: 'cession-price.receive',
    entity: 'cession',
    entityId: cession.id,
    before: { owed: balance.owed.toFixed(2) },
    after: { receipt_id: row.id, date: input.date, amount: amount.toFixed(2), company_bank_account_id: account.id, owed: balance.owed.minus(amount).toFixed(2) },
  });
  return row.id;
}

/** Undoes a receipt: a reversal row of its own, dated the business date, its entries swapped. */
export async function reversePriceReceipt(tx: Db, actor: Actor, input: { cession: number; receipt: number; reason: string }, today: string): Promise<number> {
  await lockCession(tx, input.cession);
  const cession = await cessionOr404(tx, input.cession);
  const moves = await movesOf(tx, cession.id);
  const receipt = moves.find((m) => m.id === input.receipt && m.kind === 'receipt');
  if (!receipt) throw notFound(CESSION_PRICE_MESSAGES.receiptNotFound);
  if (moves.some((m) => m.reverses_id === receipt.id)) throw conflict(CESSION_PRICE_MESSAGES.alreadyReversed, 'receipt');
  const [postingId] = await post(tx, [{ posting: priceReceiptReversalPosting(receipt.amount), link: { operationId: null, businessDate: today } }]);
  const [row] = await tx
    .insert(cessionPriceMoves)
    .values({ cession_id: cession.id, kind: 'receipt_reversal', moved_on: today, amount: receipt.amount, reverses_id: receipt.id, reason: input.reason.trim(), posting_id: postingId, actor_id: actor.id })
    .returning();
  await logActivity(tx, {
    actorId: actor.id,
    action: 'cession-price.reverse-receipt',
    entity: 'cession',
    entityId: cession.id,
    before: { receipt_id: receipt.id, amount: receipt.amount },
    after: { reversal_id: row.id, reason: input.reason.trim() },
  });
  return row.id;
}

/** Asks to write off what is owed: a request another administrator decides. */
export async function askPriceWriteOff(tx: Db, actor: Actor, input: { cession: number; reason: string }): Promise<number> {
  const { cession, balance } = await openCession(tx, input.cession);
  if (balance.owed.lte(0)) throw conflict(CESSION_PRICE_MESSAGES.nothingOwed, 'cession');
  if (await pendingApproval(tx, CESSION_PRICE_WRITE_OFF_KIND, cession.id, true)) throw conflict(CESSION_PRICE_MESSAGES.writeOffPending, 'cession');
  const now = new Date();
  const request = await openApproval(tx, {
    kind: CESSION_PRICE_WRITE_OFF_KIND,
    entityId: cession.id,
    companyId: cession.company_id,
    makerId: actor.id,
    madeAt: now,
    amount: balance.owed.toFixed(2),
    limit: null,
    amounts: { amount: balance.owed.toFixed(2), reason: input.reason.trim() },
    requiredChecks: 1,
    actorId: actor.id,
    at: now,
  });
  return request.id;
}

/** The administrator's answer: approved, what is owed then (at most what was asked) is written off; refused, nothing moves. */
export async function decidePriceWriteOff(tx: Db, checker: Actor, input: { cession: number; approve: boolean; reason?: string | null }, today: string): Promise<void> {
  await lockCession(tx, input.cession);
  const cession = await cessionOr404(tx, input.cession);
  const request = await pendingApproval(tx, CESSION_PRICE_WRITE_OFF_KIND, cession.id, true);
  if (!request) throw conflict(CESSION_PRICE_MESSAGES.noPendingWriteOff, 'cession');
  const now = new Date();
  if (!input.approve) {
    const reason = input.reason?.trim() || null;
    if (!reason) throw badRequest(CESSION_PRICE_MESSAGES.refusalReason, 'reason');
    await closeApproval(tx, request, { withdrawn: request.maker_id === checker.id, by: checker.id, reason, at: now });
    return;
  }
  if (isPending(await giveCheck(tx, request, checker, now))) return;
  const { balance } = await openCession(tx, cession.id);
  const amount = Decimal.min(balance.owed, request.amounts.amount ?? balance.owed);
  if (amount.lte(0)) throw conflict(CESSION_PRICE_MESSAGES.nothingOwed, 'cession');
  const [postingId] = await post(tx, [{ posting: priceWriteOffPosting(amount), link: { operationId: null, businessDate: today } }]);
  const reason = request.amounts.reason ?? '';
  await tx
    .insert(cessionPriceMoves)
    .values({ cession_id: cession.id, kind: 'write_off', moved_on: today, amount: amount.toFixed(2), reason, approval_request_id: request.id, posting_id: postingId, actor_id: checker.id });
  await logActivity(tx, {
    actorId: checker.id,
    action: 'cession-price.write-off',
    entity: 'cession',
    entityId: cession.id,
    before: { owed: balance.owed.toFixed(2) },
    after: { written_off: amount.toFixed(2), approval_request_id: request.id, asked_by: request.maker_id },
  });
}

/** The cession's price as it stands, with its moves and any write-off waiting. */
export async function loadCessionPrice(db: Db, cessionId: number): Promise<CessionPrice> {
  const cession = await cessionOr404(db, cessionId);
  const standing = await standingOf(db, cession);
  const moves = await movesOf(db, cession.id);
  const balance = balanceOf(standing, moves);
  const [account] = await db.select({ name: assignmentBankAccounts.assignee_name }).from(assignmentBankAccounts).where(eq(assignmentBankAccounts.id, cession.assignment_account_id));
  const bankIds = [...new Set(moves.map((m) => m.company_bank_account_id).filter((v): v is number => v !== null))];
  const banks = bankIds.length === 0 ? [] : await db.select().from(companyBankAccounts);
  const bankWords = new Map(banks.map((b) => [b.id, `${b.bank_code} · ag. ${b.agency} · c/c ${b.account}${b.account_digit ? `-${b.account_digit}` : ''}`]));
  const actorIds = [...new Set(moves.map((m) => m.actor_id))];
  const names = actorIds.length === 0 ? [] : await db.select({ id: users.id, name: users.name }).from(users);
  const nameOf = new Map(names.map((u) => [u.id, u.name]));
  const reversed = new Set(moves.map((m) => m.reverses_id).filter((v): v is number => v !== null));
  const pending = await pendingApproval(db, CESSION_PRICE_WRITE_OFF_KIND, cession.id);
  return {
    cession_id: cession.id,
    cession_number: cession.number,
    cession_date: cession.cession_date,
    assignee_name: account?.name ?? '',
    price: balance.price.toFixed(2),
    received: balance.received.toFixed(2),
    written_off: balance.writtenOff.toFixed(2),
    owed: balance.owed.toFixed(2),
    open: standing.inForce && !standing.reversedWhole,
    write_off_request: pending ? { id: pending.id, amount: pending.amounts.amount ?? pending.amount, maker_id: pending.maker_id, reason: pending.amounts.reason ?? null } : null,
    moves: moves.map((m) => ({
      id: m.id,
      kind: m.kind,
      moved_on: m.moved_on,
      amount: new Decimal(m.amount).toFixed(2),
      company_bank_account_id: m.company_bank_account_id,
      bank_account: m.company_bank_account_id === null ? null : (bankWords.get(m.company_bank_account_id) ?? null),
      reverses_id: m.reverses_id,
      reversed: reversed.has(m.id),
      reason: m.reason,
      actor_name: nameOf.get(m.actor_id) ?? null,
      created_at: m.created_at.toISOString(),
    })),
  };
}

/** The cessions in force, newest first, with what each assignee still owes (one statement). */
export async function listCessionPrices(db: Db, owed: 'open' | 'all' = 'all'): Promise<CessionPriceLine[]> {
  const rows = await rowsOf<{ id: number; number: number; cession_date: string; assignee_name: string; price: string; received: string; written_off: string; request_id: number | null; maker_id: number | null }>(
    db,
    sql`SELECT c.id, c.number, c.cession_date::text AS cession_date, a.assignee_name, p.price::text AS price, m.received::text AS received, m.written_off::text AS written_off,
               q.id AS request_id, q.maker_id
          FROM cessions c
          JOIN assignment_bank_accounts a ON a.id = c.assignment_account_id
          CROSS JOIN LATERAL (SELECT COALESCE(SUM(ci.price - ${priceBack}), 0)::numeric(14,2) AS price FROM cession_items ci WHERE ci.cession_id = c.id) p
          CROSS JOIN LATERAL (SELECT COALESCE(SUM(CASE WHEN pm.kind = 'receipt' THEN pm.amount WHEN pm.kind = 'receipt_reversal' THEN -pm.amount ELSE 0 END), 0)::numeric(14,2) AS received,
                                     COALESCE(SUM(CASE WHEN pm.kind = 'write_off' THEN pm.amount ELSE 0 END), 0)::numeric(14,2) AS written_off
                                FROM cession_price_moves pm WHERE pm.cession_id = c.id) m
          LEFT JOIN approval_requests q ON q.kind = ${CESSION_PRICE_WRITE_OFF_KIND} AND q.entity_id = c.id AND q.status = ${REQUEST.pending}
         WHERE ${cessionInForce(sql`c`)} AND p.price > 0
           AND (${owed} = 'all' OR p.price - m.received - m.written_off > 0)
         ORDER BY c.id DESC
         LIMIT ${CESSION_PRICE_LIST_CAP}`,
  );
  return rows.map((r) => {
    const balance = priceBalance(r.price, [
      { kind: 'receipt', amount: r.received },
      { kind: 'write_off', amount: r.written_off },
    ]);
    return {
      cession_id: r.id,
      cession_number: r.number,
      cession_date: r.cession_date,
      assignee_name: r.assignee_name,
      price: balance.price.toFixed(2),
      received: balance.received.toFixed(2),
      written_off: balance.writtenOff.toFixed(2),
      owed: balance.owed.toFixed(2),
      write_off_request_id: r.request_id,
      write_off_maker_id: r.maker_id,
    };
  });
}
