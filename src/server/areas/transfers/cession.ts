/**
 * Cessions: installments sold to an assignee at a price, and their reversal
 * (the rules the screens and the contract describe are in
 * shared/contract/servicing-cession.ts; the price in domain/servicing/cession.ts).
 *
 * - Every movement locks the operations it touches (their rows, in id order,
 *   as payments do), so a cession and a payment of one installment, or two
 *   cessions of it, run one after the other: the second sees it assigned (or
 *   held by a pending cession) and is refused with a 409 naming it.
 * - A cession is recorded whole (the record and its items) in the caller's
 *   transaction; it takes effect at once, or when another person approves it
 *   (above the company's cession_approval_above, counted with the cessions the
 *   same person asked for on each operation within the company's window:
 *   operations' weighMove; above second_approval_above an administrator
 *   confirms too). Taking effect: one posting
 *   per operation dated the cession date (cessionPosting of its items' sums),
 *   the installments moved to assigned together through changeInstallments
 *   (the one way a stored status changes: a few statements for the whole
 *   cession, not three per installment), and the log entry.
 * - A reversal is a record of its own naming the items it undoes, behind the
 *   same limit; taking effect it posts the contra entries dated the business
 *   date and moves each installment back to what its payments say.
 * - Approving checks every installment again under the locks: one that moved
 *   since the request (paid, written off, a payment changed its face value)
 *   is a 409; refuse the request and ask again.
 */
import Decimal from 'decimal.js';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { COLLECTING_STATUSES, isDisbursed } from '@shared/credit-operation-status';
import { canBeOverdue, canMoveInstallment, INSTALLMENT_STATUS_LABELS_PT, ownerOf, statusFromPayments, type InstallmentStatus } from '@shared/installment-status';
import {
  ASSIGNABLE_LIST_CAP,
  type AssignableFilter,
  type AssignableInstallment,
  type AssignableList,
  type Cession,
  type CessionQuote,
  type CessionReversal,
  type CessionStatus,
  type OperationCessions,
  type ReversibleList,
} from '@shared/contract/servicing-cession';
import { formatCurrency, formatDate } from '@shared/format';
import type { Db } from '../../db/connect';
import { insertRows } from '../../db/insert-rows';
import { users } from '../access/schema';
import { parametersOf } from '../company';
import { closeApproval, findOperation, giveCheck, isPending, latestApproval, openMoveApproval, pendingApproval, recordMoveAlone, statusOf, weighMove, type Actor } from '../operations';
import type { ApprovalRequestRow } from '../operations/schema-approvals';
import { assignmentBankAccounts } from '../company/schema';
import { creditOperationInstallments } from '../operations/schema';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { priceCession, returnedPart, type CessionPrice, type CessionPricing, type ReturnedPart } from '../../domain/servicing/cession';
import { cessionPosting, cessionReversalPosting } from '../../domain/servicing/postings';
import { addDays } from '../../domain/servicing/days';
import { post, transferAccrual } from '../ledger';
import { CESSION_KIND, CESSION_REVERSAL_KIND, currentStatus, heldByPendingCession, itemStanding, REQUEST, reversalInForce, rowsOf, storedStatusesOf } from '../servicing';
import { changeInstallments, replayOf, servicingContext, transactionsOf, type InstallmentChange, type InstallmentRow, type InstallmentTarget, type ServicingContext } from '../collection';
import { refuseReversalBelowSettled } from './cession-price';
import { cessionItems, cessionReversalItems, cessionReversals, cessions, type CessionItemRow, type CessionReversalRow, type CessionRow } from './schema-cession';

export const CESSION_MESSAGES = {
  installmentNotFound: (id: number) => `Campo installments: a parcela ${id} não existe.`,
  otherOperation: (n: number, op: number) => `A parcela ${n} é da operação ${op}, não desta.`,
  otherCompany: (n: number, op: number) => `A parcela ${n} da operação ${op} é de outra empresa: a conta do cessionário não pode recebê-la.`,
  notCollecting: (n: number, op: number) => `A parcela ${n} da operação ${op} não está em cobrança: só se cedem parcelas de operações liberadas.`,
  replaced: (n: number, op: number) => `A parcela ${n} da operação ${op} foi substituída por uma amortização antecipada.`,
  status: (n: number, op: number, status: InstallmentStatus) =>
    `A parcela ${n} da operação ${op} está na situação "${INSTALLMENT_STATUS_LABELS_PT[status]}": ${ownerOf(status) === 'assignee' ? 'já foi cedida' : 'não pode ser cedida'}.`,
  held: (n: number, op: number) => `A parcela ${n} da operação ${op} está em uma cessão que aguarda a aprovação de outra pessoa.`,
  tooLate: (n: number, op: number, days: number, max: number) =>
    `A parcela ${n} da operação ${op} está atrasada há ${days} dias; a empresa cede parcelas com até ${max} dias de atraso.`,
  nothingOpen: (n: number, op: number) => `A parcela ${n} da operação ${op} não tem nada em aberto.`,
  future: (today: string) => `Campo date: a data da cessão não pode ser depois de hoje (${today}).`,
  beforeDisbursement: (op: number, day: string) => `Campo date: a data da cessão é anterior à liberação da operação ${op} (${day}).`,
  accountNotFound: 'Campo assignment_account_id: conta de cessionário não encontrada.',
  accountInactive: 'A conta do cessionário está inativa: reative-a na empresa ou escolha outra.',
  priceAboveFace: (face: string) => `Campo price: o preço não pode passar do valor de face (${formatCurrency(face)}).`,
  cessionNotFound: 'Cessão não encontrada.',
  noPendingCession: 'Esta cessão não aguarda aprovação.',
  changedSince: (n: number, op: number) => `A parcela ${n} da operação ${op} mudou desde o pedido da cessão: recuse-a e peça de novo.`,
  refusalReason: 'Campo reason: informe por que recusa.',
  notAssigned: (n: number) => `A parcela ${n} não está cedida: não há cessão a desfazer.`,
  fullyCollected: (n: number) => `A parcela ${n} já foi paga por inteiro ao cessionário: não há saldo em aberto a desfazer (o que foi cobrado é repassado ao fundo).`,
  reversalChangedSince: (n: number) => `A parcela ${n} recebeu ou estornou pagamentos desde o pedido do desfazimento: recuse-o e peça de novo.`,
  outsideReversalWindow: (n: number, cession: number, date: string, max: number, last: string) =>
    `A parcela ${n} está na cessão nº ${cession}, de ${formatDate(date)}; a empresa permite desfazer uma cessão até ${max} dias depois da data dela (até ${formatDate(last)}). Depois disso, use a recompra.`,
  reversalPending: (n: number) => `A parcela ${n} já está em um desfazimento de cessão que aguarda aprovação.`,
  reversalNotFound: 'Desfazimento de cessão não encontrado.',
  noPendingReversal: 'Este desfazimento de cessão não aguarda aprovação.',
} as const;

const money = (d: Decimal.Value) => new Decimal(d).toFixed(2);

/* ------------------------------------------------------------------ reading */

interface CandidateRow {
  id: number;
  credit_operation_id: number;
  borrower_name: string;
  borrower_document: string;
}

function filterConditions(filter: AssignableFilter): SQL[] {
  const out: SQL[] = [];
  if (filter.product) out.push(sql`o.product = ${filter.product}`);
  if (filter.borrower) {
    const like = `%${filter.borrower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    out.push(sql`(b.name ILIKE ${like} OR b.document ILIKE ${like})`);
  }
  if (filter.due_from) out.push(sql`i.due_date >= ${filter.due_from}::date`);
  if (filter.due_to) out.push(sql`i.due_date <= ${filter.due_to}::date`);
  if (filter.value_min) out.push(sql`(i.amortization + i.interest) >= ${filter.value_min}::numeric`);
  if (filter.value_max) out.push(sql`(i.amortization + i.interest) <= ${filter.value_max}::numeric`);
  return out;
}

/** Installments of disbursed operations that may be assignable: unsettled, current, no stored status, not held. */
async function candidateRows(db: Db, where: SQL[], limit: number): Promise<CandidateRow[]> {
  return rowsOf<CandidateRow>(
    db,
    sql`SELECT i.id, i.credit_operation_id, b.name AS borrower_name, b.document AS borrower_document
          FROM credit_operation_installments i
          JOIN credit_operations o ON o.id = i.credit_operation_id
          JOIN borrowers b ON b.id = o.borrower_id
         WHERE o.status IN (${sql.join(
           COLLECTING_STATUSES.map((s) => sql`${s}`),
           sql`, `,
         )}) AND i.superseded_in IS NULL AND i.paid_on IS NULL
           AND NOT EXISTS (SELECT 1 FROM installment_states s WHERE s.installment_id = i.id AND s.status IS NOT NULL)
           AND NOT ${heldByPendingCession(sql`i.id`)}
           ${where.length ? sql`AND ${sql.join(where, sql` AND `)}` : sql``}
         ORDER BY i.due_date, i.id
         LIMIT ${limit}`,
  );
}

/** Each installment as it stands on `today` (its operation's context, transactions, replay, status). */
async function targetsOf(db: Db, installments: readonly InstallmentRow[], contexts: ReadonlyMap<number, ServicingContext>, today: string): Promise<Map<number, InstallmentTarget>> {
  const ids = installments.map((i) => i.id);
  const transactions = await transactionsOf(db, ids);
  const stored = await storedStatusesOf(db, ids);
  const out = new Map<number, InstallmentTarget>();
  for (const installment of installments) {
    const ctx = contexts.get(installment.credit_operation_id)!;
    const rows = transactions.filter((t) => t.installment_id === installment.id);
    const replay = replayOf(ctx, installment, rows, today);
    out.set(installment.id, { ctx, installment, rows, replay, status: currentStatus(stored.get(installment.id) ?? null, replay.state.status) });
  }
  return out;
}

function figures(target: InstallmentTarget) {
  const due = target.replay.state.due;
  return { faceValue: due.principal.plus(due.interest), openPrincipal: due.principal, daysLate: target.replay.state.overdue ? target.replay.state.daysLate : 0 };
}

async function contextsOf(db: Db, operationIds: readonly number[], lock: boolean): Promise<Map<number, ServicingContext>> {
  const out = new Map<number, ServicingContext>();
  // In id order, so two movements over the same operations never wait on each other crosswise.
  for (const id of [...new Set(operationIds)].sort((a, b) => a - b)) out.set(id, await servicingContext(db, await findOperation(db, id, lock)));
  return out;
}

async function assignable(db: Db, filter: AssignableFilter, operationId: number | null, today: string): Promise<AssignableList> {
  const op = operationId === null ? null : await findOperation(db, operationId, false);
  const companyId = op?.company_id ?? 1;
  const params = await parametersOf(db, companyId);
  const max = params.cession_max_days_overdue;
  const where = filterConditions(filter);
  if (op) where.push(sql`i.credit_operation_id = ${op.id}`);
  where.push(sql`o.company_id = ${companyId}`);
  // Due dates long past cannot pass the days-late rule: leave them to the index (a week's slack for the charge-free day).
  where.push(sql`i.due_date >= ${today}::date - ${max + 7}::int`);
  const rows = await candidateRows(db, where, ASSIGNABLE_LIST_CAP + 1);
  const truncated = rows.length > ASSIGNABLE_LIST_CAP;
  const kept = rows.slice(0, ASSIGNABLE_LIST_CAP);
  const installments = kept.length
    ? await db.select().from(creditOperationInstallments).where(inArray(creditOperationInstallments.id, kept.map((r) => r.id)))
    : [];
  const contexts = await contextsOf(db, installments.map((i) => i.credit_operation_id), false);
  const targets = await targetsOf(db, installments, contexts, today);
  const list: AssignableInstallment[] = [];
  let face = new Decimal(0);
  for (const row of kept) {
    const target = targets.get(row.id)!;
    const f = figures(target);
    if (f.daysLate > max || f.faceValue.lte(0)) continue;
    face = face.plus(f.faceValue);
    const i = target.installment;
    list.push({
      id: i.id,
      credit_operation_id: i.credit_operation_id,
      number: i.number,
      due_date: i.due_date,
      status: target.status,
      days_late: f.daysLate,
      value: money(new Decimal(i.amortization).plus(i.interest)),
      face_value: money(f.faceValue),
      open_principal: money(f.openPrincipal),
      borrower_name: row.borrower_name,
      borrower_document: row.borrower_document,
      product: target.ctx.op.product,
    });
  }
  return { as_of: today, max_days_overdue: max, installments: list, truncated, face_value: money(face) };
}

export function assignableOf(db: Db, operationId: number, filter: AssignableFilter, today: string): Promise<AssignableList> {
  return assignable(db, filter, operationId, today);
}

export function assignableAcross(db: Db, filter: AssignableFilter, today: string): Promise<AssignableList> {
  return assignable(db, filter, null, today);
}

/* ---------------------------------------------------------------- checking */

export interface PricingInput {
  installments: number[];
  date: string;
  monthly_rate?: string;
  price?: string;
}

export interface AssignInput extends PricingInput {
  assignment_account_id: number;
}

interface Checked {
  contexts: Map<number, ServicingContext>;
  targets: InstallmentTarget[];
  price: CessionPrice;
  companyId: number;
}

function pricingOf(input: PricingInput): CessionPricing {
  return input.monthly_rate !== undefined ? { kind: 'rate', monthlyRatePercent: input.monthly_rate } : { kind: 'stated', price: input.price! };
}

/**
 * The chosen installments checked and priced (under the operations' locks when `lock`): 404/409 naming an
 * installment that cannot be assigned, 400 naming date, monthly_rate or price.
 */
async function checkAndPrice(
  db: Db,
  input: PricingInput,
  today: string,
  options: { lock: boolean; onlyOperation: number | null; exceptCession: number | null; locked?: ReadonlyMap<number, ServicingContext> },
): Promise<Checked> {
  if (input.date > today) throw badRequest(CESSION_MESSAGES.future(today), 'date');
  const readRows = async () => {
    const rows = await db.select().from(creditOperationInstallments).where(inArray(creditOperationInstallments.id, input.installments));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return input.installments.map((id) => byId.get(id));
  };
  const found = await readRows();
  const missing = input.installments.find((_, k) => !found[k]);
  if (missing !== undefined) throw notFound(CESSION_MESSAGES.installmentNotFound(missing));
  let ordered = found.map((i) => i!);
  if (options.onlyOperation !== null) {
    const other = ordered.find((i) => i.credit_operation_id !== options.onlyOperation);
    if (other) throw conflict(CESSION_MESSAGES.otherOperation(other.number, other.credit_operation_id), 'installments');
  }
  // The operations the caller already locked (an approval locks them before its request) are not read again.
  const contexts = options.locked ? new Map(options.locked) : await contextsOf(db, ordered.map((i) => i.credit_operation_id), options.lock);
  // Read before the locks only to learn which operations to lock: read again now that they are held, in a new
  // statement, so a prepayment that replaced an installment while this waited is seen (lock first, then read).
  if (options.lock && !options.locked) ordered = (await readRows()).map((i) => i!);
  const companyId = contexts.get(ordered[0].credit_operation_id)!.op.company_id;
  for (const i of ordered) {
    const ctx = contexts.get(i.credit_operation_id)!;
    if (ctx.op.company_id !== companyId) throw conflict(CESSION_MESSAGES.otherCompany(i.number, i.credit_operation_id), 'installments');
    if (!isDisbursed(statusOf(ctx.op))) throw conflict(CESSION_MESSAGES.notCollecting(i.number, i.credit_operation_id), 'installments');
    if (i.superseded_in !== null) throw conflict(CESSION_MESSAGES.replaced(i.number, i.credit_operation_id), 'installments');
    if (input.date < ctx.disbursedOn) throw badRequest(CESSION_MESSAGES.beforeDisbursement(i.credit_operation_id, ctx.disbursedOn), 'date');
  }
  const held = await rowsOf<{ id: number }>(
    db,
    sql`SELECT i.id FROM credit_operation_installments i WHERE i.id IN (${sql.join(
      ordered.map((i) => sql`${i.id}::int`),
      sql`, `,
    )}) AND ${heldByPendingCession(sql`i.id`, options.exceptCession)}`,
  );
  const heldIds = new Set(held.map((r) => r.id));
  const max = (await parametersOf(db, companyId)).cession_max_days_overdue;
  const targets = await targetsOf(db, ordered, contexts, today);
  const lines = ordered.map((i) => {
    const target = targets.get(i.id)!;
    // Still collected and the lender's to sell: open or partially paid.
    if (!canBeOverdue(target.status) || !canMoveInstallment(target.status, 'assigned')) throw conflict(CESSION_MESSAGES.status(i.number, i.credit_operation_id, target.status), 'installments');
    if (heldIds.has(i.id)) throw conflict(CESSION_MESSAGES.held(i.number, i.credit_operation_id), 'installments');
    const f = figures(target);
    if (f.daysLate > max) throw conflict(CESSION_MESSAGES.tooLate(i.number, i.credit_operation_id, f.daysLate, max), 'installments');
    if (f.faceValue.lte(0)) throw conflict(CESSION_MESSAGES.nothingOpen(i.number, i.credit_operation_id), 'installments');
    return { id: i.id, dueDate: i.due_date, faceValue: f.faceValue, openPrincipal: f.openPrincipal };
  });
  let price: CessionPrice;
  try {
    price = priceCession(input.date, lines, pricingOf(input));
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    if (input.price !== undefined) throw badRequest(CESSION_MESSAGES.priceAboveFace(money(lines.reduce((s, l) => s.plus(l.faceValue), new Decimal(0)))), 'price');
    throw badRequest(`Campo monthly_rate: ${error.message}`, 'monthly_rate');
  }
  return { contexts, targets: ordered.map((i) => targets.get(i.id)!), price, companyId };
}

/** The price of a cession before it is asked for; whether it would wait is weighed for `viewerId` (their cessions in the window count). */
export async function quoteCession(db: Db, input: PricingInput, today: string, viewerId: number): Promise<CessionQuote> {
  const checked = await checkAndPrice(db, input, today, { lock: false, onlyOperation: null, exceptCession: null });
  const limit = (await parametersOf(db, checked.companyId)).cession_approval_above;
  const p = checked.price;
  const byId = new Map(checked.targets.map((t) => [t.installment.id, t.installment]));
  const weighed = await weighMove(db, {
    kind: CESSION_KIND,
    companyId: checked.companyId,
    makerId: viewerId,
    businessDate: today,
    shares: p.installments.map((l) => ({ operationId: byId.get(l.id)!.credit_operation_id, amount: l.price.toFixed(2) })),
  });
  return {
    date: p.date,
    installments: p.installments.map((l) => ({
      id: l.id,
      credit_operation_id: byId.get(l.id)!.credit_operation_id,
      number: byId.get(l.id)!.number,
      due_date: l.dueDate,
      days: l.days,
      face_value: money(l.faceValue),
      price: money(l.price),
      discount: money(l.discount),
      carrying: money(l.carrying),
      result: money(l.result),
    })),
    face_value: money(p.faceValue),
    price: money(p.price),
    discount: money(p.discount),
    carrying: money(p.carrying),
    result: money(p.result),
    needs_approval: weighed.needsApproval,
    approval_above: money(limit),
  };
}

/* --------------------------------------------------------------- assigning */

/** Records a cession (inside the caller's transaction): in force at once, or waiting for a second person. Answers its id. */
export async function assignInstallments(tx: Db, actor: Actor, input: AssignInput, today: string, onlyOperation: number | null): Promise<number> {
  const [account] = await tx.select().from(assignmentBankAccounts).where(eq(assignmentBankAccounts.id, input.assignment_account_id));
  if (!account) throw badRequest(CESSION_MESSAGES.accountNotFound, 'assignment_account_id');
  const checked = await checkAndPrice(tx, input, today, { lock: true, onlyOperation, exceptCession: null });
  if (account.company_id !== checked.companyId) {
    const i = checked.targets[0].installment;
    throw conflict(CESSION_MESSAGES.otherCompany(i.number, i.credit_operation_id), 'installments');
  }
  if (!account.active) throw conflict(CESSION_MESSAGES.accountInactive, 'assignment_account_id');
  const p = checked.price;
  const byId = new Map(checked.targets.map((t) => [t.installment.id, t.installment]));
  // Counted per person and operation over the company's window: eight cessions of R$ 99 do not get under R$ 100.
  const weighed = await weighMove(tx, {
    kind: CESSION_KIND,
    companyId: checked.companyId,
    makerId: actor.id,
    businessDate: today,
    shares: p.installments.map((l) => ({ operationId: byId.get(l.id)!.credit_operation_id, amount: l.price.toFixed(2) })),
  });
  const needsApproval = weighed.needsApproval;
  const [cession] = await tx
    .insert(cessions)
    .values({
      number: sql`nextval('cession_numbers')`,
      company_id: checked.companyId,
      assignment_account_id: account.id,
      cession_date: input.date,
      pricing: input.monthly_rate !== undefined ? 'rate' : 'stated',
      monthly_rate: input.monthly_rate ?? null,
      stated_price: input.price ?? null,
      face_value: money(p.faceValue),
      price: money(p.price),
      carrying: money(p.carrying),
      result: money(p.result),
      installment_count: p.installments.length,
      needs_approval: needsApproval,
      actor_id: actor.id,
    })
    .returning();
  const items = p.installments.map((l) => ({
    cession_id: cession.id,
    installment_id: l.id,
    credit_operation_id: byId.get(l.id)!.credit_operation_id,
    due_date: l.dueDate,
    days: l.days,
    face_value: money(l.faceValue),
    price: money(l.price),
    carrying: money(l.carrying),
    result: money(l.result),
  }));
  await insertRows(tx, cessionItems, items);
  if (needsApproval) {
    await openMoveApproval(tx, weighed, {
      entityId: cession.id,
      amounts: { price: cession.price, face_value: cession.face_value, carrying: cession.carrying, result: cession.result, cession_number: String(cession.number) },
    });
  } else {
    await recordMoveAlone(tx, weighed);
    await putInForce(tx, actor, cession, items, checked.targets);
  }
  return cession.id;
}

/** Sums of items' price, carrying, gains and losses, by operation. */
function byOperation<T extends { credit_operation_id: number; price: string; carrying: string; result: string }>(
  items: readonly T[],
): Map<number, { price: Decimal; carrying: Decimal; gain: Decimal; loss: Decimal }> {
  const zero = new Decimal(0);
  const out = new Map<number, { price: Decimal; carrying: Decimal; gain: Decimal; loss: Decimal }>();
  for (const item of items) {
    const sums = out.get(item.credit_operation_id) ?? { price: zero, carrying: zero, gain: zero, loss: zero };
    const result = new Decimal(item.result);
    out.set(item.credit_operation_id, {
      price: sums.price.plus(item.price),
      carrying: sums.carrying.plus(item.carrying),
      gain: sums.gain.plus(Decimal.max(result, 0)),
      loss: sums.loss.plus(Decimal.max(result.neg(), 0)),
    });
  }
  return out;
}

/** What taking effect reads of a cession's item (its money as stored, two decimals). */
type ItemFigures = Pick<CessionItemRow, 'installment_id' | 'credit_operation_id' | 'face_value' | 'price' | 'carrying' | 'result'>;

/** The cession takes effect: postings per operation, each installment assigned, the log. */
async function putInForce(tx: Db, actor: Actor, cession: CessionRow, items: readonly ItemFigures[], targets: readonly InstallmentTarget[]): Promise<void> {
  // The accrued interest of the installments sold leaves with them, absorbed by the cession's result (the ledger's README).
  const ceded = { installmentIds: items.map((i) => i.installment_id), direction: 'out', account: 'cession_loss', date: cession.cession_date } as const;
  await transferAccrual(tx, [...new Set(items.map((i) => i.credit_operation_id))].sort((a, b) => a - b), ceded);
  await post(
    tx,
    [...byOperation(items)].sort(([a], [b]) => a - b).map(([operationId, sums]) => ({ posting: cessionPosting(sums), link: { operationId, businessDate: cession.cession_date } })),
  );
  const at = new Date();
  const itemOf = new Map(items.map((i) => [i.installment_id, i]));
  await changeInstallments(
    tx,
    targets.map((target): InstallmentChange => {
      const item = itemOf.get(target.installment.id)!;
      return {
        target,
        to: 'assigned',
        reason: `Cessão nº ${cession.number}`,
        actorId: actor.id,
        action: 'installment.assigned',
        at,
        on: cession.cession_date,
        after: { cession_id: cession.id, cession_number: cession.number, face_value: item.face_value, price: item.price, carrying: item.carrying },
      };
    }),
  );
  await logActivity(tx, {
    actorId: actor.id,
    action: 'cession.assign',
    entity: 'cession',
    entityId: cession.id,
    after: {
      cession_number: cession.number,
      assignment_account_id: cession.assignment_account_id,
      cession_date: cession.cession_date,
      face_value: cession.face_value,
      price: cession.price,
      carrying: cession.carrying,
      result: cession.result,
      installments_count: cession.installment_count,
    },
  });
}

export interface Decision {
  approve: boolean;
  reason?: string | null;
}

async function refuse(tx: Db, checker: Actor, request: ApprovalRequestRow, reason: string | null | undefined): Promise<void> {
  const why = reason?.trim() || null;
  if (!why) throw badRequest(CESSION_MESSAGES.refusalReason, 'reason');
  await closeApproval(tx, request, { withdrawn: request.maker_id === checker.id, by: checker.id, reason: why, at: new Date() });
}

/** The second person's answer to a cession waiting for approval. */
export async function decideCession(tx: Db, checker: Actor, cessionId: number, decision: Decision, today: string): Promise<void> {
  const [cession] = await tx.select().from(cessions).where(eq(cessions.id, cessionId));
  if (!cession) throw notFound(CESSION_MESSAGES.cessionNotFound);
  const items = await tx.select().from(cessionItems).where(eq(cessionItems.cession_id, cession.id)).orderBy(asc(cessionItems.id));
  // Lock the operations before the request, in the order every movement takes them.
  const locked = await contextsOf(tx, items.map((i) => i.credit_operation_id), true);
  const request = await pendingApproval(tx, CESSION_KIND, cession.id, true);
  if (!request) throw conflict(CESSION_MESSAGES.noPendingCession, 'cession');
  if (!decision.approve) return refuse(tx, checker, request, decision.reason);
  const input: PricingInput = { installments: items.map((i) => i.installment_id), date: cession.cession_date };
  const pricing = cession.pricing === 'rate' ? { monthly_rate: cession.monthly_rate! } : { price: cession.stated_price! };
  // Anything that moved since the request is a 409 naming the installment; the request stays pending for a refusal.
  const checked = await checkAndPrice(tx, { ...input, ...pricing }, today, { lock: true, onlyOperation: null, exceptCession: cession.id, locked });
  const itemOf = new Map(items.map((i) => [i.installment_id, i]));
  for (const line of checked.price.installments) {
    const item = itemOf.get(line.id)!;
    if (!line.faceValue.eq(item.face_value) || !line.carrying.eq(item.carrying)) {
      const t = checked.targets.find((x) => x.installment.id === line.id)!.installment;
      throw conflict(CESSION_MESSAGES.changedSince(t.number, t.credit_operation_id), 'installments');
    }
  }
  // The first of two checks (above the company's higher limit) leaves it waiting for the second.
  if (isPending(await giveCheck(tx, request, checker, new Date()))) return;
  await putInForce(tx, checker, cession, items, checked.targets);
}

/* --------------------------------------------------------------- reversing */

interface StandingItem {
  item_id: number;
  installment_id: number;
  cession_id: number;
  cession_number: number;
  cession_date: string;
  assignee_name: string;
  face_value: string;
  price: string;
  carrying: string;
}

async function standingItemsOf(db: Db, operationId: number): Promise<StandingItem[]> {
  return rowsOf<StandingItem>(
    db,
    sql`SELECT ci.id AS item_id, ci.installment_id, c.id AS cession_id, c.number AS cession_number, c.cession_date::text AS cession_date,
               a.assignee_name, ci.face_value::text AS face_value, ci.price::text AS price, ci.carrying::text AS carrying
          FROM cession_items ci JOIN cessions c ON c.id = ci.cession_id JOIN assignment_bank_accounts a ON a.id = c.assignment_account_id
         WHERE ci.credit_operation_id = ${operationId} AND ${itemStanding(sql`ci`)}
         ORDER BY ci.id`,
  );
}

/** Installment id → the reversal awaiting approval that names it. */
async function pendingReversalsOf(db: Db, operationId: number): Promise<Map<number, number>> {
  const rows = await rowsOf<{ installment_id: number; reversal_id: number }>(
    db,
    sql`SELECT ri.installment_id, r.id AS reversal_id FROM cession_reversal_items ri JOIN cession_reversals r ON r.id = ri.reversal_id
          JOIN approval_requests a ON a.kind = ${CESSION_REVERSAL_KIND} AND a.entity_id = r.id AND a.status = ${REQUEST.pending}
         WHERE r.credit_operation_id = ${operationId}`,
  );
  return new Map(rows.map((r) => [r.installment_id, r.reversal_id]));
}

export async function reversibleOf(db: Db, operationId: number, today: string): Promise<ReversibleList> {
  const op = await findOperation(db, operationId, false);
  const ctx = await servicingContext(db, op);
  const items = await standingItemsOf(db, op.id);
  const installments = items.length
    ? await db.select().from(creditOperationInstallments).where(inArray(creditOperationInstallments.id, items.map((i) => i.installment_id)))
    : [];
  const targets = await targetsOf(db, installments, new Map([[op.id, ctx]]), today);
  const pending = await pendingReversalsOf(db, op.id);
  const window = (await parametersOf(db, op.company_id)).cession_reversal_max_days;
  const pastWindow = (item: StandingItem, n: number) => {
    const last = addDays(item.cession_date, window);
    return today > last ? CESSION_MESSAGES.outsideReversalWindow(n, item.cession_number, item.cession_date, window, last) : null;
  };
  return {
    credit_operation_id: op.id,
    as_of: today,
    installments: items.map((item) => {
      const target = targets.get(item.installment_id)!;
      const n = target.installment.number;
      return {
        id: item.installment_id,
        number: n,
        due_date: target.installment.due_date,
        status: target.status,
        cession_id: item.cession_id,
        cession_number: item.cession_number,
        cession_date: item.cession_date,
        assignee_name: item.assignee_name,
        face_value: item.face_value,
        price: item.price,
        carrying: item.carrying,
        blocked: figures(target).faceValue.lte(0)
          ? CESSION_MESSAGES.fullyCollected(n)
          : pending.has(item.installment_id)
            ? CESSION_MESSAGES.reversalPending(n)
            : pastWindow(item, n),
        pending_reversal_id: pending.get(item.installment_id) ?? null,
      };
    }),
  };
}

export interface ReverseInput {
  id: number;
  installments: number[];
  reason: string;
}

/** A standing item and what its reversal brings back now (domain/servicing/cession.ts, `returnedPart`). */
type ReversibleItem = StandingItem & { number: number; back: ReturnedPart };

/** Checks what a reversal undoes under the operation's lock (each assigned, something open, none pending) and what returns. */
async function reversibleItems(tx: Db, operationId: number, installmentIds: readonly number[], exceptReversal: number | null, today: string): Promise<{ ctx: ServicingContext; items: ReversibleItem[] }> {
  const ctx = await contextsOf(tx, [operationId], true).then((m) => m.get(operationId)!);
  const standing = new Map((await standingItemsOf(tx, operationId)).map((i) => [i.installment_id, i]));
  const rows = await tx.select().from(creditOperationInstallments).where(inArray(creditOperationInstallments.id, [...installmentIds]));
  const targets = await targetsOf(tx, rows.filter((r) => r.credit_operation_id === operationId), new Map([[operationId, ctx]]), today);
  const numbers = new Map(rows.map((r) => [r.id, r.number]));
  const pending = await pendingReversalsOf(tx, operationId);
  const items = installmentIds.map((id) => {
    const n = numbers.get(id) ?? id;
    const item = standing.get(id);
    const target = targets.get(id);
    if (!item || !target) throw conflict(CESSION_MESSAGES.notAssigned(n), 'installments');
    const waiting = pending.get(id);
    if (waiting !== undefined && waiting !== exceptReversal) throw conflict(CESSION_MESSAGES.reversalPending(n), 'installments');
    const open = figures(target);
    if (open.faceValue.lte(0)) throw conflict(CESSION_MESSAGES.fullyCollected(n), 'installments');
    return { ...item, number: n, back: returnedPart({ faceValue: item.face_value, price: item.price, carrying: item.carrying }, { faceValue: open.faceValue, principal: open.openPrincipal }) };
  });
  return { ctx, items };
}

/** Asks for the reversal of some assigned installments of an operation (inside the caller's transaction); answers its id. */
export async function reverseCession(tx: Db, actor: Actor, input: ReverseInput, today: string): Promise<number> {
  const { ctx, items } = await reversibleItems(tx, input.id, input.installments, null, today);
  const parameters = await parametersOf(tx, ctx.op.company_id);
  // Past the window the assignee owns the installment for good: the way back is a repurchase.
  const max = parameters.cession_reversal_max_days;
  for (const item of items) {
    const last = addDays(item.cession_date, max);
    if (today > last) throw conflict(CESSION_MESSAGES.outsideReversalWindow(item.number, item.cession_number, item.cession_date, max, last), 'date');
  }
  // The assignee is released from the price of what returns only (the price of what it collected stays due).
  const removed = new Map<number, Decimal>();
  for (const item of items) removed.set(item.cession_id, (removed.get(item.cession_id) ?? new Decimal(0)).plus(item.back.price));
  await refuseReversalBelowSettled(tx, removed);
  const price = items.reduce((s, i) => s.plus(i.back.price), new Decimal(0));
  const carrying = items.reduce((s, i) => s.plus(i.back.carrying), new Decimal(0));
  const weighed = await weighMove(tx, {
    kind: CESSION_REVERSAL_KIND,
    companyId: ctx.op.company_id,
    makerId: actor.id,
    businessDate: today,
    shares: [{ operationId: ctx.op.id, amount: price }],
  });
  const needsApproval = weighed.needsApproval;
  const [reversal] = await tx
    .insert(cessionReversals)
    .values({
      company_id: ctx.op.company_id,
      credit_operation_id: ctx.op.id,
      reversed_on: today,
      reason: input.reason,
      price: money(price),
      carrying: money(carrying),
      installment_count: items.length,
      needs_approval: needsApproval,
      actor_id: actor.id,
    })
    .returning();
  const back = (i: ReversibleItem) => ({ price: money(i.back.price), carrying: money(i.back.carrying), result: money(i.back.result) });
  await insertRows(tx, cessionReversalItems, items.map((i) => ({ reversal_id: reversal.id, cession_item_id: i.item_id, installment_id: i.installment_id, ...back(i) })));
  if (needsApproval) {
    await openMoveApproval(tx, weighed, { entityId: reversal.id, amounts: { price: reversal.price, carrying: reversal.carrying, installments: String(items.length) } });
  } else {
    await recordMoveAlone(tx, weighed);
    await reversalInEffect(tx, actor, ctx, reversal, today);
  }
  return reversal.id;
}

/** What each item of a reversal brings back, as recorded (rows before migration 0063: the whole item). */
async function reversalItemsOf(tx: Db, reversalId: number) {
  const back = (c: string) => sql.raw(`COALESCE(ri.${c}, ci.${c})::text AS ${c}`);
  return rowsOf<{ id: number; credit_operation_id: number; price: string; carrying: string; result: string }>(
    tx,
    sql`SELECT ri.installment_id AS id, ci.credit_operation_id, ${back('price')}, ${back('carrying')}, ${back('result')}
          FROM cession_reversal_items ri JOIN cession_items ci ON ci.id = ri.cession_item_id WHERE ri.reversal_id = ${reversalId} ORDER BY ri.id`,
  );
}

/** The reversal takes effect: contra entries of what returns (collected money stays owed to the assignee), dated the
 * business date, each installment back to what its payments say, the log. */
async function reversalInEffect(tx: Db, actor: Actor, ctx: ServicingContext, reversal: CessionReversalRow, today: string): Promise<void> {
  const items = await reversalItemsOf(tx, reversal.id);
  // The accrued interest the cession took off comes back with the installments (the ledger's README).
  const back = { installmentIds: items.map((i) => i.id), direction: 'in', account: 'cession_loss', date: today, upToTakenOut: true } as const;
  await transferAccrual(tx, [...new Set(items.map((i) => i.credit_operation_id))].sort((a, b) => a - b), back);
  // The gains and losses of exactly these installments are undone.
  await post(
    tx,
    [...byOperation(items)].map(([operationId, sums]) => ({ posting: cessionReversalPosting(sums), link: { operationId, businessDate: today } })),
  );
  const ids = items.map((r) => r.id);
  const installments = await tx.select().from(creditOperationInstallments).where(inArray(creditOperationInstallments.id, ids)).orderBy(asc(creditOperationInstallments.number));
  const targets = await targetsOf(tx, installments, new Map([[ctx.op.id, ctx]]), today);
  const at = new Date();
  await changeInstallments(
    tx,
    installments.map((installment): InstallmentChange => {
      const target = targets.get(installment.id)!;
      return {
        target,
        to: statusFromPayments(target.replay.state.status, 'lender'),
        reason: reversal.reason,
        actorId: actor.id,
        action: 'installment.cession-reversed',
        at,
        on: today,
        after: { cession_reversal_id: reversal.id },
      };
    }),
  );
  await logActivity(tx, {
    actorId: actor.id,
    action: 'cession.reverse',
    entity: 'cession_reversal',
    entityId: reversal.id,
    after: { price: reversal.price, carrying: reversal.carrying, installments_count: reversal.installment_count, reason: reversal.reason, cession_date: today },
  });
}

/** The second person's answer to a reversal waiting for approval. */
export async function decideCessionReversal(tx: Db, checker: Actor, reversalId: number, decision: Decision, today: string): Promise<void> {
  const [reversal] = await tx.select().from(cessionReversals).where(eq(cessionReversals.id, reversalId));
  if (!reversal) throw notFound(CESSION_MESSAGES.reversalNotFound);
  const asked = await reversalItemsOf(tx, reversal.id);
  const { ctx, items } = await reversibleItems(tx, reversal.credit_operation_id, asked.map((r) => r.id), reversal.id, today).catch(async (error: unknown) => {
    // Refusing never needs the installments to still be reversible.
    if (!decision.approve) return { ctx: await servicingContext(tx, await findOperation(tx, reversal.credit_operation_id, true)), items: [] };
    throw error;
  });
  const request = await pendingApproval(tx, CESSION_REVERSAL_KIND, reversal.id, true);
  if (!request) throw conflict(CESSION_MESSAGES.noPendingReversal, 'reversal');
  if (!decision.approve) return refuse(tx, checker, request, decision.reason);
  // A payment (or its reversal) since the request moved what returns: the request stays pending for a refusal.
  for (const [k, item] of items.entries()) {
    if (!item.back.price.eq(asked[k].price) || !item.back.carrying.eq(asked[k].carrying)) throw conflict(CESSION_MESSAGES.reversalChangedSince(item.number), 'installments');
  }
  if (isPending(await giveCheck(tx, request, checker, new Date()))) return;
  await reversalInEffect(tx, checker, ctx, reversal, today);
}

/* ---------------------------------------------------------------- answers */

async function statusOfRequest(db: Db, kind: typeof CESSION_KIND | typeof CESSION_REVERSAL_KIND, entityId: number, needsApproval: boolean): Promise<{ status: CessionStatus; requestId: number | null }> {
  if (!needsApproval) return { status: 'effective', requestId: null };
  const request = await latestApproval(db, kind, entityId);
  if (!request) return { status: 'pending', requestId: null };
  const status: CessionStatus = request.status === REQUEST.approved ? 'effective' : request.status === REQUEST.pending ? 'pending' : 'refused';
  return { status, requestId: request.id };
}

/** The cessions and reversals of an operation's installments, newest first (each cession with this operation's installments only). */
export async function cessionsOfOperation(db: Db, operationId: number): Promise<OperationCessions> {
  const op = await findOperation(db, operationId, false);
  const cessionIds = await rowsOf<{ id: number }>(db, sql`SELECT DISTINCT cession_id AS id FROM cession_items WHERE credit_operation_id = ${op.id} ORDER BY cession_id DESC`);
  const reversalRows = await db.select({ id: cessionReversals.id }).from(cessionReversals).where(eq(cessionReversals.credit_operation_id, op.id)).orderBy(desc(cessionReversals.id));
  const list: Cession[] = [];
  for (const { id } of cessionIds) {
    const cession = await loadCession(db, id);
    list.push({ ...cession, installments: cession.installments.filter((i) => i.credit_operation_id === op.id) });
  }
  const reversals: CessionReversal[] = [];
  for (const { id } of reversalRows) reversals.push(await loadCessionReversal(db, id));
  return { credit_operation_id: op.id, cessions: list, reversals };
}

export async function loadCession(db: Db, cessionId: number): Promise<Cession> {
  const [cession] = await db.select().from(cessions).where(eq(cessions.id, cessionId));
  if (!cession) throw notFound(CESSION_MESSAGES.cessionNotFound);
  const [account] = await db.select().from(assignmentBankAccounts).where(eq(assignmentBankAccounts.id, cession.assignment_account_id));
  const items = await rowsOf<CessionItemRow & { number: number; reversed: boolean }>(
    db,
    sql`SELECT ci.id, ci.installment_id, ci.credit_operation_id, ci.due_date::text AS due_date, ci.days, ci.face_value::text AS face_value, ci.price::text AS price,
               ci.carrying::text AS carrying, ci.result::text AS result, i.number,
               EXISTS (SELECT 1 FROM cession_reversal_items ri JOIN cession_reversals r ON r.id = ri.reversal_id WHERE ri.cession_item_id = ci.id AND ${reversalInForce(sql`r`)}) AS reversed
          FROM cession_items ci JOIN credit_operation_installments i ON i.id = ci.installment_id
         WHERE ci.cession_id = ${cession.id} ORDER BY ci.id`,
  );
  const { status, requestId } = await statusOfRequest(db, CESSION_KIND, cession.id, cession.needs_approval);
  const [actor] = cession.actor_id === null ? [] : await db.select({ name: users.name }).from(users).where(eq(users.id, cession.actor_id));
  return {
    id: cession.id,
    number: cession.number,
    status,
    assignment_account_id: cession.assignment_account_id,
    assignee_name: account.assignee_name,
    assignee_cnpj: account.assignee_cnpj,
    cession_date: cession.cession_date,
    pricing: cession.pricing,
    monthly_rate: cession.monthly_rate,
    stated_price: cession.stated_price,
    face_value: cession.face_value,
    price: cession.price,
    carrying: cession.carrying,
    result: cession.result,
    installment_count: cession.installment_count,
    approval_request_id: requestId,
    actor_name: actor?.name ?? null,
    created_at: cession.created_at.toISOString(),
    installments: items.map((i) => ({
      id: i.installment_id,
      credit_operation_id: i.credit_operation_id,
      number: i.number,
      due_date: i.due_date,
      days: i.days,
      face_value: money(i.face_value),
      price: money(i.price),
      discount: money(new Decimal(i.face_value).minus(i.price)),
      carrying: money(i.carrying),
      result: money(i.result),
      reversed: i.reversed,
    })),
  };
}

export async function loadCessionReversal(db: Db, reversalId: number): Promise<CessionReversal> {
  const [reversal] = await db.select().from(cessionReversals).where(eq(cessionReversals.id, reversalId));
  if (!reversal) throw notFound(CESSION_MESSAGES.reversalNotFound);
  const ids = await db
    .select({ id: cessionReversalItems.installment_id })
    .from(cessionReversalItems)
    .where(and(eq(cessionReversalItems.reversal_id, reversal.id)))
    .orderBy(asc(cessionReversalItems.id));
  const { status, requestId } = await statusOfRequest(db, CESSION_REVERSAL_KIND, reversal.id, reversal.needs_approval);
  return {
    id: reversal.id,
    credit_operation_id: reversal.credit_operation_id,
    status,
    reversed_on: reversal.reversed_on,
    reason: reversal.reason,
    price: reversal.price,
    carrying: reversal.carrying,
    installment_count: reversal.installment_count,
    installment_ids: ids.map((r) => r.id),
    approval_request_id: requestId,
    created_at: reversal.created_at.toISOString(),
  };
}
