/**
 * Credit operations: the proposal stored with the numbers of
 * its simulation, its moves through the workflow of
 * src/shared/credit-operation-status.ts, and how it is read back.
 *
 * Money safety: every change (conditions, moves, the complement) locks the
 * operation's row (SELECT … FOR UPDATE) and checks the version the person
 * saw, so of twenty simultaneous changes one wins and the others get a 409
 * naming the version; the change, its timeline event and its activity-log
 * entry commit together or not at all. Queries inside a transaction run one
 * after another (one client serves one query at a time).
 *
 * Four eyes: the person who built or last changed the conditions (maker_id)
 * never approves them; approving needs the analyst's opinion; above the
 * company's second_approval_above the first approval stays pending until a
 * second person of AllAdmins confirms it. Every approval is a request of the
 * generic maker-checker mechanism (approvals.ts), opened and checked
 * under the operation's row lock. Agents cannot undo an operator's approval
 * (cancel) nor lower the fees below the company's.
 */
import Decimal from 'decimal.js';
import { and, asc, desc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import {
  contractKindOf,
  CREDIT_OPERATION_FILTERS,
  CREDIT_OPERATION_SORTS,
  operationNumber,
  pageMeta,
  type CreditOperation,
  type CreditOperationSummary,
  type CreditProductId,
} from '@shared/contract/index';
import {
  ACTION_RULES,
  actionAllowed,
  actionsFrom,
  awaitsApproval,
  canMoveOperation,
  CONTRACT_ISSUABLE_STATUSES,
  COLLECTING_STATUSES,
  CONTRACT_MOVES,
  CREDIT_OPERATION_STATUSES,
  EDITABLE_STATUSES,
  GUARANTEE_HOLDING_STATUSES,
  FINAL_OPERATION_STATUSES,
  INITIAL_OPERATION_STATUS,
  isCreditOperationStatus,
  OPINION_CLOSED_STATUSES,
  wasDisbursed,
  operatorsOnlyMove,
  statusAfterEdit,
  type CreditOperationAction,
  type CreditOperationStatus,
} from '@shared/credit-operation-status';
import { APPROVAL_KINDS, type ApprovalRequest } from '@shared/contract/approvals';
import type { ActivityAction } from '@shared/activity';
import { formatCurrency } from '@shared/format';
import { AllOperators, isRoleAllowed, type RoleId } from '@shared/roles';
import type { ApprovalRequestRow } from './schema-approvals';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { borrowers, borrowerSecuredGuarantees } from '../borrowers/schema';
import { creditOperationEvents, creditOperationInstallments, creditOperationMessages, creditOperations, issuedContracts } from './schema';
import { containsPattern } from '../../domain/like';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/http/errors';
import { logActivities, logActivity, type Snapshot } from '../../platform/activity';
import { insertRows } from '../../db/insert-rows';
import { checkRefusal, closeApproval, describeApproval, giveCheck, isPending, latestApproval, openApproval, pendingApproval, REQUEST } from './approvals';
import { parametersOf } from '../company';
import { simulateConditions, type Simulation } from '../intake';
import { listConditions, listOrder, ordered, type ListSpec } from '../../platform/list';
import { bareDocument, docColumn, fold, foldSql } from '../../platform/list-filters';

export const OPERATION_MESSAGES = {
  notFound: 'Operação de crédito não encontrada.',
  borrowerNotFound: 'Tomador não encontrado.',
  borrowerInactive: 'Este tomador está inativo: reative-o antes de criar uma operação.',
  stale: (version: number) =>
    `A operação foi alterada por outra pessoa enquanto você a via (versão atual ${version}). Recarregue a tela e confira antes de tentar de novo.`,
  notAllowed: (action: string, status: string) => `Não é possível ${action} uma operação ${status}.`,
  notEditable: (status: string) => `As condições não podem mais ser alteradas: a operação está ${status}.`,
  reasonRequired: 'Campo reason: informe o motivo.',
  guaranteeNotOwned: 'Campo secured_guarantee_ids: a garantia não pertence a este tomador.',
  solicitationMismatch: 'Campo solicitation_id: a solicitação não é deste tomador.',
  opinionRequired: 'Campo analyst_opinion: registre o parecer do analista no complemento antes de aprovar.',
  operatorsOnlyCancel: 'Somente operadores e administradores cancelam uma operação já aprovada por um operador.',
  feesBelowCompany: (given: string, floor: string) =>
    `Campo fees: as tarifas (${formatCurrency(given)}) não podem ficar abaixo das da empresa (${formatCurrency(floor)}); somente operadores e administradores concedem desconto.`,
  feesBelowCompanyNoFloor: 'Campo fees: as tarifas não podem ficar abaixo das da empresa; somente operadores e administradores concedem desconto.',
  complementClosed: 'A operação já foi liberada: o complemento não pode mais ser alterado.',
  opinionClosed:
    'Campo analyst_opinion: o contrato desta operação já foi emitido com este parecer do analista, que não pode mais ser alterado; cancele o contrato para revê-lo.',
  conditionsChanged: 'As condições mudaram depois da primeira aprovação.',
  noMove: (from: string, to: string) => `Não é possível passar a operação de ${from} para ${to}.`,
  // Only for rows written outside the services (every proposal records its maker).
  noMaker: 'A operação não registra quem montou as condições: salve as condições novamente antes de aprovar.',
} as const;

/** The maker-checker kind of a credit approval. */
export const APPROVAL_KIND = 'credit_operation.approve' as const;

/** Who is acting: their id and role (the role decides the moves, the id the four eyes). */
export interface Actor {
  id: number;
  role: RoleId;
}

/** The status in words, for messages ("em análise"). */
export const STATUS_PT: Record<CreditOperationStatus, string> = {
  proposal: 'em proposta',
  analysis: 'em análise',
  returned: 'devolvida para ajustes',
  approved: 'aprovada',
  refused: 'recusada',
  contract_issued: 'com contrato emitido',
  disbursed: 'liberada',
  cancelled: 'cancelada',
  settled: 'quitada',
  written_off: 'baixada como perda',
};
const ACTION_PT: Record<CreditOperationAction, string> = {
  send_to_analysis: 'enviar para análise',
  approve: 'aprovar',
  refuse: 'recusar',
  return: 'devolver para ajustes',
  cancel: 'cancelar',
};

export type OperationRow = typeof creditOperations.$inferSelect;

const DAY_MS = 86_400_000;

export async function findOperation(db: Db, id: number, lock = false): Promise<OperationRow> {
  const query = db.select().from(creditOperations).where(eq(creditOperations.id, id));
  const rows = lock ? await query.for('update') : await query;
  if (!rows[0]) throw notFound(OPERATION_MESSAGES.notFound);
  return rows[0];
}

export function statusOf(row: OperationRow): CreditOperationStatus {
  if (!isCreditOperationStatus(row.status)) throw new Error(`unknown operation status ${row.status}`);
  return row.status;
}

/**
 * The moves the person may make: the workflow's, without those their role may
 * not take (the operators-only ones for an agent; with a first approval
 * pending, the second one for anyone outside its roles). Refusals about the
 * person (the maker, the first approver) stay offered: the server answers
 * them with the reason, which the screens also show (approve_refusal).
 */
export function actionsFor(status: CreditOperationStatus, role: RoleId, approvalPending = false): CreditOperationAction[] {
  const operator = isRoleAllowed(role, AllOperators);
  return actionsFrom(status).filter((a) => {
    if (operatorsOnlyMove(a, status, approvalPending) && !operator) return false;
    if (a === 'approve' && approvalPending && !isRoleAllowed(role, APPROVAL_KINDS[APPROVAL_KIND].secondCheckers)) return false;
    return true;
  });
}

/** Who may not approve the conditions: who built or last changed them (the creator for rows without a maker). */
export function makerOf(row: Pick<OperationRow, 'maker_id' | 'created_by'>): number | null {
  return row.maker_id ?? row.created_by;
}

/**
 * Why `viewer` may not approve the operation now (four eyes), or null: the
 * same rule the approval enforces (approvals.ts checkRefusal), so
 * the screen says beforehand what the server would answer.
 */
export function approveRefusal(row: OperationRow, pending: ApprovalRequestRow | null, viewer: Actor): string | null {
  if (!awaitsApproval(statusOf(row)) || !isRoleAllowed(viewer.role, AllOperators)) return null;
  if (pending) return checkRefusal(pending, viewer);
  const maker = makerOf(row);
  if (maker === null) return null;
  return checkRefusal({ kind: APPROVAL_KIND, status: REQUEST.pending, maker_id: maker, checker_id: null, required_checks: 1, limit_amount: null }, viewer);
}

// ---------- reading ----------

const summaryColumns = {
  id: creditOperations.id,
  status: creditOperations.status,
  borrower_id: creditOperations.borrower_id,
  borrower_name: borrowers.name,
  borrower_document: borrowers.document,
  product: creditOperations.product,
  contract_kind: creditOperations.contract_kind,
  requested_amount: creditOperations.requested_amount,
  principal: creditOperations.principal,
  monthly_rate: creditOperations.monthly_rate,
  installments_count: creditOperations.installments_count,
  disbursement_date: creditOperations.disbursement_date,
  total_payable: creditOperations.total_payable,
  created_at: creditOperations.created_at,
  status_changed_at: creditOperations.status_changed_at,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] };

/** A rate as the wire carries it: at least two places ("1.00", "0.0082"), without the column's trailing zeros beyond them. */
export function rateText(value: string): string {
  const d = new Decimal(value);
  return d.toFixed(Math.max(2, d.decimalPlaces()));
}

function toSummary(row: SummaryRow): CreditOperationSummary {
  return {
    ...row,
    monthly_rate: rateText(row.monthly_rate),
    number: operationNumber(row.id),
    status: row.status as CreditOperationStatus,
    product: row.product as CreditProductId,
    created_at: row.created_at.toISOString(),
    status_changed_at: row.status_changed_at.toISOString(),
  };
}

/** The list's filters and sorts, named by the contract (CREDIT_OPERATION_FILTERS / _SORTS). */
const OPERATION_LIST: ListSpec<(typeof CREDIT_OPERATION_FILTERS)[number], (typeof CREDIT_OPERATION_SORTS)[number]> = {
  filters: {
    status: { kind: 'one-of', column: creditOperations.status, codes: CREDIT_OPERATION_STATUSES, many: true },
    // A name fragment, or (with three letters or digits, one a digit) also part of the CPF/CNPJ.
    borrower: {
      kind: 'where',
      where: (text) => {
        const bare = bareDocument(text);
        const byName = sql`${foldSql(borrowers.name)} LIKE ${containsPattern(fold(text))}`;
        return bare.length >= 3 && /\d/.test(bare) ? sql`(${byName} OR ${docColumn(borrowers.document)} LIKE ${containsPattern(bare)})` : byName;
      },
    },
    borrower_id: { kind: 'id', column: creditOperations.borrower_id },
    product: { kind: 'equals', column: creditOperations.product },
    from: { kind: 'since', column: creditOperations.created_at },
    to: { kind: 'until', column: creditOperations.created_at },
    valueStart: { kind: 'money-min', column: creditOperations.principal },
    valueEnd: { kind: 'money-max', column: creditOperations.principal },
  },
  sorts: {
    created_at: creditOperations.created_at,
    principal: creditOperations.principal,
    status: creditOperations.status,
    borrower_name: borrowers.name,
    disbursement_date: creditOperations.disbursement_date,
  },
  idColumn: creditOperations.id,
  defaultOrder: [desc(creditOperations.created_at), desc(creditOperations.id)],
  tiebreak: (direction) => [ordered(direction, creditOperations.id)],
};

export interface OperationListInput {
  page: number;
  limit: number;
  filter?: Record<string, unknown>;
  sort?: { field?: string | null; order?: string | null } | null;
}

export async function listOperations(db: Db, args: OperationListInput, extra: SQL[] = []) {
  const conditions = [...extra, ...listConditions(OPERATION_LIST, args.filter)];
  const where = conditions.length ? and(...conditions) : undefined;
  // Borrowers are joined only when a filter or the order reads them: the page of ids and the count
  // then run on credit_operations and its indexes alone, and the ten rows are joined afterwards.
  const needsBorrower = 'borrower' in (args.filter ?? {}) || args.sort?.field === 'borrower_name';
  const from = () => {
    const base = db.select({ id: creditOperations.id }).from(creditOperations);
    return needsBorrower ? base.innerJoin(borrowers, eq(borrowers.id, creditOperations.borrower_id)) : base;
  };
  const counted = () => {
    const base = db.select({ total: sql<number>`count(*)::int` }).from(creditOperations);
    return needsBorrower ? base.innerJoin(borrowers, eq(borrowers.id, creditOperations.borrower_id)) : base;
  };
  const page = await from()
    .where(where)
    .orderBy(...listOrder(OPERATION_LIST, args.sort))
    .limit(args.limit)
    .offset((args.page - 1) * args.limit);
  const [{ total }] = await counted().where(where);
  const ids = page.map((r) => r.id);
  const rows = ids.length
    ? await db.select(summaryColumns).from(creditOperations).innerJoin(borrowers, eq(borrowers.id, creditOperations.borrower_id)).where(inArray(creditOperations.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { items: ids.map((id) => toSummary(byId.get(id)!)), meta: pageMeta(args.page, args.limit, total) };
}

export async function operationSummaries(db: Db, where: SQL): Promise<CreditOperationSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(creditOperations)
    .innerJoin(borrowers, eq(borrowers.id, creditOperations.borrower_id))
    .where(where)
    .orderBy(desc(creditOperations.created_at), desc(creditOperations.id))
    .limit(500);
  return rows.map(toSummary);
}

/** SQL list of the statuses whose installments are being collected. */
function collectingStatuses(): SQL {
  return sql.join(COLLECTING_STATUSES.map((s) => sql`${s}`), sql`, `);
}

/**
 * A write-off (servicing's installment_write_offs row `w`) in force on `asOf`:
 * dated on or before it and not undone by then (an undoing is its own row,
 * dated the day it was made).
 */
function writeOffInForce(asOf: string): SQL {
  return sql`w.undoes_id IS NULL AND w.written_off_on <= ${asOf}::date
    AND NOT EXISTS (SELECT 1 FROM installment_write_offs u WHERE u.undoes_id = w.id AND u.written_off_on <= ${asOf}::date)`;
}

/**
 * Overdue, the rule the risk classification counts by: an installment (`i`)
 * of an operation (`o`) whose schedule is being collected, in its current
 * schedule (not replaced by a prepayment), not paid, not written off on
 * `asOf` (a loss is rated as such, not as a delay), with its due date before
 * the calendar day `asOf` ('YYYY-MM-DD', compared as a date in SQL: no time
 * zone involved).
 */
export function overdueInstallment(asOf: string): SQL {
  return sql`o.status IN (${collectingStatuses()}) AND i.superseded_in IS NULL AND i.paid_on IS NULL AND i.due_date < ${asOf}::date
    AND NOT EXISTS (SELECT 1 FROM installment_write_offs w WHERE w.installment_id = i.id AND ${writeOffInForce(asOf)})`;
}

/**
 * How overdue the borrower is on `asOf`: the largest number of days one of
 * its installments is overdue (0 when none), how many are, how many of its
 * operations are being collected, and the day of its latest write-off in
 * force (null: none), of any of its operations, written off or not.
 */
export async function overdueOf(
  db: Db,
  borrowerId: number,
  asOf: string,
): Promise<{ maxDays: number; installments: number; operations: number; lastLossOn: string | null }> {
  const result = await db.execute(sql`
    SELECT
      (SELECT max(${asOf}::date - i.due_date)::int
         FROM credit_operation_installments i JOIN credit_operations o ON o.id = i.credit_operation_id
        WHERE o.borrower_id = ${borrowerId} AND ${overdueInstallment(asOf)}) AS max_days,
      (SELECT count(*)::int
         FROM credit_operation_installments i JOIN credit_operations o ON o.id = i.credit_operation_id
        WHERE o.borrower_id = ${borrowerId} AND ${overdueInstallment(asOf)}) AS overdue,
      (SELECT count(*)::int FROM credit_operations o WHERE o.borrower_id = ${borrowerId} AND o.status IN (${collectingStatuses()})) AS operations,
      (SELECT to_char(max(w.written_off_on), 'YYYY-MM-DD')
         FROM installment_write_offs w JOIN credit_operations o ON o.id = w.credit_operation_id
        WHERE o.borrower_id = ${borrowerId} AND ${writeOffInForce(asOf)}) AS last_loss_on
  `);
  const [row] = (
    result as unknown as { rows: Array<{ max_days: number | string | null; overdue: number | string; operations: number | string; last_loss_on: string | null }> }
  ).rows;
  return {
    maxDays: Number(row?.max_days ?? 0),
    installments: Number(row?.overdue ?? 0),
    operations: Number(row?.operations ?? 0),
    lastLossOn: row?.last_loss_on ?? null,
  };
}

/** Whether a secured guarantee is pledged to an operation that still holds it (any but a refused or cancelled one). */
export async function guaranteeHeld(db: Db, guaranteeId: number): Promise<boolean> {
  const rows = await db
    .select({ id: creditOperations.id })
    .from(creditOperations)
    .where(and(sql`${guaranteeId} = ANY(${creditOperations.secured_guarantee_ids})`, inArray(creditOperations.status, [...GUARANTEE_HOLDING_STATUSES])))
    .limit(1);
  return rows.length > 0;
}

export function activeOperationsCondition(borrowerId: number): SQL {
  return and(eq(creditOperations.borrower_id, borrowerId), notInArray(creditOperations.status, [...FINAL_OPERATION_STATUSES]))!;
}

async function userName(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return row?.name ?? null;
}

/** Whether approving the operation now takes two approvers: a second one is awaited, or its principal is above the company's limit. */
async function needsSecondApproval(db: Db, row: OperationRow, pending: ApprovalRequestRow | null): Promise<boolean> {
  if (pending) return pending.required_checks === 2;
  const company = await parametersOf(db, row.company_id);
  return new Decimal(row.principal).gt(company.second_approval_above);
}

/** The whole operation as the screens read it, with the moves open to `viewer` and why they may not approve it, if so. */
export async function loadOperation(db: Db, id: number, viewer: Actor): Promise<CreditOperation> {
  const row = await findOperation(db, id);
  const status = statusOf(row);
  const [borrower] = await db
    .select({ name: borrowers.name, document: borrowers.document, person_type: borrowers.person_type })
    .from(borrowers)
    .where(eq(borrowers.id, row.borrower_id));
  const installments = await db
    .select()
    .from(creditOperationInstallments)
    .where(and(eq(creditOperationInstallments.credit_operation_id, id), isNull(creditOperationInstallments.superseded_in)))
    .orderBy(asc(creditOperationInstallments.number));
  const [contract] = await db.select().from(issuedContracts).where(eq(issuedContracts.credit_operation_id, id)).orderBy(desc(issuedContracts.id)).limit(1);
  const createdBy = await userName(db, row.created_by);
  const makerName = row.maker_id === row.created_by ? createdBy : await userName(db, row.maker_id);
  const pending = await pendingApproval(db, APPROVAL_KIND, id);
  const pendingView: ApprovalRequest | null = pending ? await describeApproval(db, pending, viewer) : null;
  const needsSecond = awaitsApproval(status) ? await needsSecondApproval(db, row, pending) : false;
  return {
    id: row.id,
    number: operationNumber(row.id),
    status,
    version: row.version,
    borrower_id: row.borrower_id,
    borrower_name: borrower.name,
    borrower_document: borrower.document,
    person_type: borrower.person_type,
    solicitation_id: row.solicitation_id,
    product: row.product as CreditProductId,
    contract_kind: row.contract_kind,
    amortization: row.amortization,
    requested_amount: row.requested_amount,
    principal: row.principal,
    monthly_rate: rateText(row.monthly_rate),
    installments_count: row.installments_count,
    disbursement_date: row.disbursement_date,
    first_due_date: row.first_due_date,
    finance_iof: row.finance_iof,
    fees: row.fees,
    fees_total: row.fees_total,
    iof: { daily: row.iof_daily, additional: row.iof_additional, total: row.iof_total, rates: row.iof_rates },
    cet: { monthly: row.cet_monthly, yearly: row.cet_yearly },
    total_interest: row.total_interest,
    total_payable: row.total_payable,
    released: row.released,
    secured_guarantee_ids: row.secured_guarantee_ids,
    installments: installments.map((i) => ({
      number: i.number,
      due_date: i.due_date,
      payment: i.payment,
      interest: i.interest,
      amortization: i.amortization,
      balance: i.balance,
    })),
    actions: actionsFor(status, viewer.role, pending !== null),
    editable: EDITABLE_STATUSES.includes(status),
    can_issue_contract: CONTRACT_ISSUABLE_STATUSES.includes(status) && isRoleAllowed(viewer.role, AllOperators),
    contract: contract
      ? { id: contract.id, number: contract.number, kind: contract.kind, status: contract.status, issued_at: contract.issued_at.toISOString() }
      : null,
    created_by_name: createdBy,
    maker_name: makerName,
    made_at: row.made_at.toISOString(),
    pending_approval: pendingView,
    needs_second_approval: needsSecond,
    approve_refusal: approveRefusal(row, pending, viewer),
    created_at: row.created_at.toISOString(),
    status_changed_at: row.status_changed_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The management tab: status, who made, decided and checked it, the approval awaited and who may give it. */
export async function loadManagement(db: Db, id: number, viewer: Actor, now: Date) {
  const row = await findOperation(db, id);
  const status = statusOf(row);
  const ids = [...new Set([row.created_by, row.decided_by, row.maker_id].filter((v): v is number => v !== null))];
  const names = ids.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
  const nameOf = (userId: number | null) => names.find((u) => u.id === userId)?.name ?? null;
  const latest = await latestApproval(db, APPROVAL_KIND, id);
  const pending = latest && isPending(latest) ? latest : null;
  const company = await parametersOf(db, row.company_id);
  return {
    id: row.id,
    status,
    version: row.version,
    created_by_name: nameOf(row.created_by),
    created_at: row.created_at.toISOString(),
    decided_by_name: nameOf(row.decided_by),
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
    decision_reason: row.decision_reason,
    days_in_status: Math.max(0, Math.floor((now.getTime() - row.status_changed_at.getTime()) / DAY_MS)),
    actions: actionsFor(status, viewer.role, pending !== null),
    maker_name: nameOf(row.maker_id),
    made_at: row.made_at.toISOString(),
    approval: latest ? await describeApproval(db, latest, viewer) : null,
    second_approval_above: company.second_approval_above,
    approve_refusal: approveRefusal(row, pending, viewer),
  };
}

// ---------- writing ----------

export interface Conditions {
  product: CreditProductId;
  amortization: 'price' | 'sac';
  requested_amount: string;
  monthly_rate: string;
  installments: number;
  disbursement_date: string;
  first_due_date: string;
  finance_iof: boolean;
  fees?: Array<{ name: string; amount: string }>;
  secured_guarantee_ids: number[];
}

const FIELD_NAMES = {
  principal: 'requested_amount',
  monthlyRate: 'monthly_rate',
  installments: 'installments',
  disbursementDate: 'disbursement_date',
  firstDueDate: 'first_due_date',
  fees: 'fees',
} as const;

/** `today`: the lender's business date the conditions are checked against (the disbursement is not before it). */
async function simulate(db: Db, borrowerId: number, c: Conditions, today: string): Promise<Simulation> {
  return simulateConditions(db, {
    personType: 'PF',
    amortization: c.amortization,
    principal: c.requested_amount,
    monthlyRate: c.monthly_rate,
    installments: c.installments,
    disbursementDate: c.disbursement_date,
    firstDueDate: c.first_due_date,
    financeIof: c.finance_iof,
    borrowerId,
    fees: c.fees,
    fieldNames: FIELD_NAMES,
  }, today);
}

async function assertGuaranteesOwned(db: Db, borrowerId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const owned = await db
    .select({ id: borrowerSecuredGuarantees.id })
    .from(borrowerSecuredGuarantees)
    .where(and(eq(borrowerSecuredGuarantees.borrower_id, borrowerId), inArray(borrowerSecuredGuarantees.id, ids)));
  if (owned.length !== new Set(ids).size) throw badRequest(OPERATION_MESSAGES.guaranteeNotOwned, 'secured_guarantee_ids');
}

/** The columns the simulation fills (stored on create and on every edit). */
function simulatedColumns(c: Conditions, sim: Simulation) {
  const r = sim.result;
  return {
    product: c.product,
    contract_kind: contractKindOf(c.product),
    amortization: c.amortization,
    requested_amount: c.requested_amount,
    principal: r.principal,
    monthly_rate: c.monthly_rate,
    installments_count: c.installments,
    disbursement_date: c.disbursement_date,
    first_due_date: c.first_due_date,
    finance_iof: c.finance_iof,
    fees: r.fees.items,
    fees_total: r.fees.total,
    iof_daily: r.iof.daily,
    iof_additional: r.iof.additional,
    iof_total: r.iof.total,
    iof_rates: r.iof.rates,
    cet_monthly: r.cet.monthly,
    cet_yearly: r.cet.yearly,
    total_interest: r.totalInterest,
    total_payable: r.totalPayable,
    released: r.released,
    secured_guarantee_ids: [...new Set(c.secured_guarantee_ids)],
  };
}

async function replaceSchedule(tx: Db, operationId: number, sim: Simulation): Promise<void> {
  await tx.delete(creditOperationInstallments).where(eq(creditOperationInstallments.credit_operation_id, operationId));
  const rows = sim.result.installments.map((i) => ({
    credit_operation_id: operationId,
    number: i.number,
    due_date: i.dueDate,
    payment: i.payment,
    interest: i.interest,
    amortization: i.amortization,
    balance: i.balance,
  }));
  // 360 rows × 7 parameters stay far below PostgreSQL's 65,535 bind parameters.
  if (rows.length) await tx.insert(creditOperationInstallments).values(rows);
}

/** The conditions as the log keeps them (what changed is readable without the schedule). */
function conditionsSnapshot(row: Pick<OperationRow, 'status' | 'version' | 'product' | 'amortization' | 'requested_amount' | 'principal' | 'monthly_rate' | 'installments_count' | 'disbursement_date' | 'first_due_date' | 'finance_iof' | 'fees_total' | 'iof_total' | 'total_payable' | 'released'>): Snapshot {
  return {
    status: row.status,
    version: row.version,
    product: row.product,
    amortization: row.amortization,
    requested_amount: row.requested_amount,
    principal: row.principal,
    monthly_rate: rateText(row.monthly_rate),
    installments_count: row.installments_count,
    disbursement_date: row.disbursement_date,
    first_due_date: row.first_due_date,
    finance_iof: row.finance_iof,
    fees_total: row.fees_total,
    iof_total: row.iof_total,
    total_payable: row.total_payable,
    released: row.released,
  };
}

export async function addEvent(
  tx: Db,
  event: { operationId: number; kind: string; from?: CreditOperationStatus | null; to?: CreditOperationStatus | null; note?: string | null; actorId: number; at?: Date },
): Promise<void> {
  await tx.insert(creditOperationEvents).values({
    credit_operation_id: event.operationId,
    kind: event.kind,
    from_status: event.from ?? null,
    to_status: event.to ?? null,
    note: event.note ?? null,
    actor_id: event.actorId,
    created_at: event.at ?? new Date(),
  });
}

/** A 403 that names the field and says why (not the generic "sem permissão"). */
function forbiddenField(message: string, field: string): HttpError {
  return new HttpError(403, message, field, 'forbidden');
}

/**
 * An agent's fees may not total less than the company's (the simulation's
 * default fees for this borrower) — nor, on an edit, less than what the
 * operation already charges when an operator negotiated a discount: the agent
 * keeps that discount but cannot deepen it. Operators and administrators
 * negotiate freely.
 */
async function assertAgentFees(tx: Db, actor: Actor, borrowerId: number, c: Conditions, sim: Simulation, current: string | null, today: string): Promise<void> {
  if (c.fees === undefined || isRoleAllowed(actor.role, AllOperators)) return;
  const given = new Decimal(sim.result.fees.total);
  if (current !== null && given.gte(current)) return;
  let companyTotal: Decimal;
  try {
    companyTotal = new Decimal((await simulate(tx, borrowerId, { ...c, fees: undefined }, today)).result.fees.total);
  } catch (error) {
    // The company's fees would not even fit in this operation: anything the agent sent is less than them.
    if (error instanceof HttpError && error.status === 400) throw forbiddenField(OPERATION_MESSAGES.feesBelowCompanyNoFloor, 'fees');
    throw error;
  }
  const floor = current === null ? companyTotal : Decimal.min(companyTotal, current);
  if (given.lt(floor)) throw forbiddenField(OPERATION_MESSAGES.feesBelowCompany(given.toFixed(2), floor.toFixed(2)), 'fees');
}

/** Creates the proposal (inside the caller's transaction); answers its id. The creator is its maker. */
export async function createOperation(
  tx: Db,
  actor: Actor,
  input: Conditions & { borrower_id: number; solicitation_id?: number },
  today: string,
): Promise<number> {
  const [borrower] = await tx
    .select({ id: borrowers.id, active: borrowers.active, solicitation_id: borrowers.solicitation_id })
    .from(borrowers)
    .where(and(eq(borrowers.id, input.borrower_id), sql`${borrowers.deleted_at} IS NULL`))
    .limit(1);
  if (!borrower) throw notFound(OPERATION_MESSAGES.borrowerNotFound);
  if (!borrower.active) throw conflict(OPERATION_MESSAGES.borrowerInactive, 'borrower_id');
  if (input.solicitation_id !== undefined && input.solicitation_id !== borrower.solicitation_id) {
    throw badRequest(OPERATION_MESSAGES.solicitationMismatch, 'solicitation_id');
  }
  await assertGuaranteesOwned(tx, input.borrower_id, input.secured_guarantee_ids);
  const sim = await simulate(tx, input.borrower_id, input, today);
  await assertAgentFees(tx, actor, input.borrower_id, input, sim, null, today);
  const now = new Date();
  const [row] = await tx
    .insert(creditOperations)
    .values({
      borrower_id: input.borrower_id,
      solicitation_id: input.solicitation_id ?? borrower.solicitation_id,
      status: INITIAL_OPERATION_STATUS,
      created_by: actor.id,
      maker_id: actor.id,
      made_at: now,
      ...simulatedColumns(input, sim),
    })
    .returning();
  await replaceSchedule(tx, row.id, sim);
  await addEvent(tx, { operationId: row.id, kind: 'created', to: INITIAL_OPERATION_STATUS, actorId: actor.id, at: now });
  await logActivity(tx, { actorId: actor.id, action: 'credit-operation.create', entity: 'credit_operation', entityId: row.id, after: conditionsSnapshot(row) });
  return row.id;
}

function assertVersion(row: Pick<OperationRow, 'version'>, version: number): void {
  if (row.version !== version) throw conflict(OPERATION_MESSAGES.stale(row.version), 'version');
}

/**
 * The operation's row, locked for the rest of the transaction, when it is
 * still at the version the person saw (else a 409 naming the current one):
 * for the checks a change makes before `changeOperation` writes it.
 */
export async function lockOperation(tx: Db, id: number, version: number): Promise<OperationRow> {
  const row = await findOperation(tx, id, true);
  assertVersion(row, version);
  return row;
}

/**
 * Takes the row locks of these operations for the rest of the transaction, in
 * id order (the one order every movement takes them in, so two movements never
 * wait on each other in a cycle), in a statement that reads nothing else;
 * answers the ids found, in id order. What a decision depends on is read after
 * it, in new statements: under read committed each statement sees what was
 * committed when it began, and a statement that waited for a lock keeps that
 * view for every row but the locked one — a payment that joined the
 * installment's stored status into its locking statement saw it as it was
 * before the cession or write-off it had waited for.
 */
export async function lockOperations(tx: Db, operationIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(operationIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  // One int[] parameter whatever the count (a bank file names thousands).
  const rows = await tx
    .select({ id: creditOperations.id })
    .from(creditOperations)
    .where(sql`${creditOperations.id} = ANY(${`{${ids.join(',')}}`}::int[])`)
    .orderBy(asc(creditOperations.id))
    .for('update');
  const found = rows.map((r) => r.id);
  // Outside a transaction the lock ends with its statement: nothing to remember.
  if (isTransaction(tx)) {
    const held = lockedIn.get(tx) ?? new Set<number>();
    for (const id of found) held.add(id);
    lockedIn.set(tx, held);
  }
  return found;
}

/**
 * The operations each transaction (its Db object: one per transaction or savepoint) locked through lockOperations:
 * a row lock lasts until the transaction ends, so changeOperations need not lock again, in a statement of its own,
 * the thousands of rows a bank file's or a Pix delivery's payments locked first.
 */
const lockedIn = new WeakMap<Db, Set<number>>();

/** Whether this handle is a transaction (or a savepoint in one); a plain boolean, so `tx` keeps its Db type. */
function isTransaction(tx: Db): boolean {
  return tx instanceof PgTransaction;
}

/** Whether this transaction holds every one of these operations' row locks (taken through lockOperations). */
function holdsLocks(tx: Db, ids: readonly number[]): boolean {
  const held = lockedIn.get(tx);
  return held !== undefined && ids.every((id) => held.has(id));
}

/** The columns a change may write besides the status, the version and the times, which `changeOperation` owns. */
export type OperationPatch = Partial<Omit<typeof creditOperations.$inferInsert, 'id' | 'status' | 'status_changed_at' | 'version' | 'updated_at'>>;

export interface OperationChange {
  id: number;
  /** the version the person saw: a stale one is a 409 naming the current one */
  version: number;
  /** the status the change moves the operation to; absent or the current one when it does not move */
  to?: CreditOperationStatus;
  /** the timeline entry; it names the move when there is one */
  event: { kind: string; note?: string | null; actorId: number; at: Date };
  /** the other columns the change writes */
  patch?: OperationPatch;
  /** the activity-log entry: its action and the snapshots of the row before and after */
  log: { action: ActivityAction; before: (row: OperationRow) => Snapshot; after: (row: OperationRow) => Snapshot };
  /** the installments' settlement days the change writes on the schedule (servicing's payments and reversals) */
  settlements?: readonly SettlementDay[];
}

/**
 * An installment's settlement day on the schedule (`paid_on`, what the risk
 * classification, the overdue lists and the collections read): the day of the
 * payment that settled it, or null when a reversal reopened it.
 */
export interface SettlementDay {
  installmentId: number;
  /** its number on the schedule, for the timeline */
  number: number;
  /** the day it had */
  from: string | null;
  /** the day it gets (null: open again) */
  paidOn: string | null;
}

/**
 * The one way an operation changes, inside the caller's transaction, always
 * in this order: the row lock (SELECT … FOR UPDATE; taking it again after a
 * `lockOperation` costs nothing), the version check, the workflow's rule for
 * the move, the row (status, version + 1, times and the patch), the timeline
 * event, the activity log. Answers the row before and after.
 */
export async function changeOperation(tx: Db, change: OperationChange): Promise<{ before: OperationRow; after: OperationRow }> {
  const before = await lockOperation(tx, change.id, change.version);
  const from = statusOf(before);
  const to = change.to ?? from;
  const moves = to !== from;
  if (moves && !canMoveOperation(from, to)) throw conflict(OPERATION_MESSAGES.noMove(STATUS_PT[from], STATUS_PT[to]), 'status');
  const at = change.event.at;
  const [after] = await tx
    .update(creditOperations)
    .set({ ...change.patch, status: to, ...(moves ? { status_changed_at: at } : {}), version: before.version + 1, updated_at: at })
    .where(eq(creditOperations.id, before.id))
    .returning();
  if (change.settlements?.length) await writeSettlementDays(tx, [{ operationId: before.id, days: change.settlements }]);
  await addEvent(tx, {
    operationId: before.id,
    kind: change.event.kind,
    from: change.to === undefined ? null : from,
    to: moves ? to : null,
    note: change.event.note ?? null,
    actorId: change.event.actorId,
    at,
  });
  await logActivity(tx, {
    actorId: change.event.actorId,
    action: change.log.action,
    entity: 'credit_operation',
    entityId: before.id,
    before: change.log.before(before),
    after: change.log.after(after),
  });
  return { before, after };
}

/**
 * Changes the conditions (simulated again, schedule replaced). The editor
 * becomes the maker (who may not approve them); a first approval awaiting its
 * second is cancelled, since the amounts it was given on are gone.
 */
export async function updateOperation(tx: Db, actor: Actor, input: Conditions & { id: number; version: number }, today: string): Promise<void> {
  const before = await lockOperation(tx, input.id, input.version);
  const from = statusOf(before);
  if (!EDITABLE_STATUSES.includes(from)) throw conflict(OPERATION_MESSAGES.notEditable(STATUS_PT[from]), 'status');
  await assertGuaranteesOwned(tx, before.borrower_id, input.secured_guarantee_ids);
  const sim = await simulate(tx, before.borrower_id, input, today);
  await assertAgentFees(tx, actor, before.borrower_id, input, sim, before.fees_total, today);
  const to = statusAfterEdit(from);
  const now = new Date();
  const pending = await pendingApproval(tx, APPROVAL_KIND, input.id, true);
  if (pending) await closeApproval(tx, pending, { withdrawn: true, by: actor.id, reason: OPERATION_MESSAGES.conditionsChanged, at: now });
  await replaceSchedule(tx, input.id, sim);
  await changeOperation(tx, {
    id: input.id,
    version: input.version,
    to,
    patch: { ...simulatedColumns(input, sim), maker_id: actor.id, made_at: now },
    event: { kind: 'conditions_changed', note: pending ? OPERATION_MESSAGES.conditionsChanged : null, actorId: actor.id, at: now },
    log: { action: 'credit-operation.update', before: conditionsSnapshot, after: conditionsSnapshot },
  });
}

const ACTION_LOG = {
  send_to_analysis: 'credit-operation.send-to-analysis',
  approve: 'credit-operation.approve',
  refuse: 'credit-operation.refuse',
  return: 'credit-operation.return',
  cancel: 'credit-operation.cancel',
} as const;

/** The figures an approver sees, kept on the approval request. */
function approvalAmounts(row: OperationRow): Record<string, string> {
  return { principal: row.principal, released: row.released, total_payable: row.total_payable, fees_total: row.fees_total, iof_total: row.iof_total };
}

/**
 * Gives `actor`'s approval (the row is locked and its version checked):
 * refused to the maker, without the analyst's opinion, or by a person who may
 * not give the next check (approvals.ts). The request is opened at
 * the first approval with the maker and the amounts; it needs two checks when
 * the principal is above the company's limit. Answers the request after the
 * check: approved, or still pending its second approval.
 */
async function approve(tx: Db, actor: Actor, row: OperationRow, at: Date): Promise<ApprovalRequestRow> {
  const maker = makerOf(row);
  let request = await pendingApproval(tx, APPROVAL_KIND, row.id, true);
  // The person comes first: the maker hears that the approval is someone else's, whatever else is missing.
  const refusal = approveRefusal(row, request, actor);
  if (refusal) throw new HttpError(403, refusal, undefined, 'four-eyes');
  if (!row.analyst_opinion?.trim()) throw badRequest(OPERATION_MESSAGES.opinionRequired, 'analyst_opinion');
  if (!request) {
    if (maker === null) throw conflict(OPERATION_MESSAGES.noMaker, 'maker');
    const company = await parametersOf(tx, row.company_id);
    const twoChecks = new Decimal(row.principal).gt(company.second_approval_above);
    request = await openApproval(tx, {
      kind: APPROVAL_KIND,
      entityId: row.id,
      companyId: row.company_id,
      makerId: maker,
      madeAt: row.made_at,
      amount: row.principal,
      limit: company.second_approval_above,
      amounts: approvalAmounts(row),
      requiredChecks: twoChecks ? 2 : 1,
      actorId: actor.id,
      at,
    });
  }
  return giveCheck(tx, request, actor, at);
}

export async function decide(
  tx: Db,
  actor: Actor,
  input: { id: number; action: CreditOperationAction; version: number; reason?: string | null },
): Promise<void> {
  const rule = ACTION_RULES[input.action];
  if (rule.operatorsOnly && !isRoleAllowed(actor.role, AllOperators)) throw forbidden();
  const row = await lockOperation(tx, input.id, input.version);
  const from = statusOf(row);
  if (!actionAllowed(input.action, from)) throw conflict(OPERATION_MESSAGES.notAllowed(ACTION_PT[input.action], STATUS_PT[from]), 'action');
  const pending = input.action === 'approve' ? null : await pendingApproval(tx, APPROVAL_KIND, row.id, true);
  if (operatorsOnlyMove(input.action, from, pending !== null) && !isRoleAllowed(actor.role, AllOperators)) {
    throw forbidden(OPERATION_MESSAGES.operatorsOnlyCancel);
  }
  const reason = input.reason?.trim() || null;
  if (rule.needsReason && !reason) throw badRequest(OPERATION_MESSAGES.reasonRequired, 'reason');
  const now = new Date();

  let approvalId: number | null = null;
  if (input.action === 'approve') {
    const request = await approve(tx, actor, row, now);
    approvalId = request.id;
    if (isPending(request)) {
      // The first of two approvals: the operation stays in analysis, its version moves (the screens reload it).
      await changeOperation(tx, {
        id: row.id,
        version: input.version,
        event: { kind: 'first_approval', actorId: actor.id, at: now },
        log: {
          action: 'credit-operation.first-approval',
          before: (r) => ({ status: r.status, version: r.version }),
          after: (r) => ({ status: r.status, version: r.version, approval_request_id: request.id }),
        },
      });
      return;
    }
  } else if (pending) {
    // Refused, returned or cancelled while a second approval was awaited: the request ends with it. The maker or
    // the first approver taking it back withdraws it (cancelled); anyone else says no to it (rejected).
    const withdrawn = input.action === 'cancel' || pending.checker_id === actor.id || pending.maker_id === actor.id;
    await closeApproval(tx, pending, { withdrawn, by: actor.id, reason, at: now });
  }

  const decision = input.action === 'approve' || input.action === 'refuse' || input.action === 'return';
  await changeOperation(tx, {
    id: row.id,
    version: input.version,
    to: rule.to,
    patch: {
      ...(decision ? { decided_by: actor.id, decided_at: now, decision_reason: reason } : {}),
      ...(input.action === 'cancel' ? { decision_reason: reason } : {}),
    },
    event: { kind: input.action, note: reason, actorId: actor.id, at: now },
    log: {
      action: ACTION_LOG[input.action],
      before: (r) => ({ status: r.status, version: r.version }),
      after: (r) => ({ status: r.status, version: r.version, reason, ...(approvalId !== null ? { approval_request_id: approvalId } : {}) }),
    },
  });
}

export interface ComplementInput {
  id: number;
  version: number;
  purpose?: string | null;
  payment_method: 'boleto' | 'pix' | 'debit';
  analyst_opinion?: string | null;
  notes?: string | null;
}

/**
 * Changes the complement under the operation's lock with the version it was
 * made on, like every other change. Not after the money left; and once the
 * contract is issued, the analyst's opinion it was approved on stays as it
 * is (OPINION_CLOSED_STATUSES: 409 on analyst_opinion for a different one;
 * the same text sent back with the other fields is no change).
 */
export async function updateComplement(tx: Db, actorId: number, input: ComplementInput): Promise<OperationRow> {
  const { id, version, ...values } = input;
  const before = await lockOperation(tx, id, version);
  const status = statusOf(before);
  if (wasDisbursed(status)) throw conflict(OPERATION_MESSAGES.complementClosed, 'status');
  const opinionChanged = values.analyst_opinion !== undefined && (values.analyst_opinion ?? null) !== (before.analyst_opinion ?? null);
  if (opinionChanged && OPINION_CLOSED_STATUSES.includes(status)) throw conflict(OPERATION_MESSAGES.opinionClosed, 'analyst_opinion');
  const snap = (r: OperationRow): Snapshot => ({
    version: r.version,
    purpose: r.purpose,
    payment_method: r.payment_method,
    analyst_opinion: r.analyst_opinion,
    notes: r.notes,
  });
  const { after } = await changeOperation(tx, {
    id,
    version,
    patch: values,
    event: { kind: 'complement_changed', actorId, at: new Date() },
    log: { action: 'credit-operation.complement.update', before: snap, after: snap },
  });
  return after;
}

/** A message on the operation: stored, shown on its timeline (cut to 140 characters) and logged. */
export async function sendMessage(tx: Db, authorId: number, operationId: number, body: string): Promise<typeof creditOperationMessages.$inferSelect> {
  await findOperation(tx, operationId);
  const now = new Date();
  const [message] = await tx.insert(creditOperationMessages).values({ credit_operation_id: operationId, author_id: authorId, body, created_at: now }).returning();
  await addEvent(tx, { operationId, kind: 'message', note: body.length > 140 ? `${body.slice(0, 139)}…` : body, actorId: authorId, at: now });
  await logActivity(tx, { actorId: authorId, action: 'credit-operation.message', entity: 'credit_operation', entityId: operationId, after: { id: message.id } });
  return message;
}

/**
 * Moves the operation as its contract is issued or cancelled (CONTRACT_MOVES),
 * through `changeOperation` like every other change: the version is the one
 * the contract's caller locked the row at.
 */
export async function moveForContract(
  tx: Db,
  row: OperationRow,
  move: keyof typeof CONTRACT_MOVES,
  event: { note: string; actorId: number; at: Date; patch?: OperationPatch },
): Promise<void> {
  await changeOperation(tx, {
    id: row.id,
    version: row.version,
    to: CONTRACT_MOVES[move].to,
    patch: event.patch,
    event: { kind: CONTRACT_EVENT[move], note: event.note, actorId: event.actorId, at: event.at },
    log: {
      action: CONTRACT_LOG[move],
      before: (r) => ({ status: r.status, version: r.version }),
      after: (r) => ({ status: r.status, version: r.version, number: event.note }),
    },
  });
}

const CONTRACT_EVENT = { issue: 'contract_issued', cancel: 'contract_cancelled' } as const satisfies Record<keyof typeof CONTRACT_MOVES, string>;
const CONTRACT_LOG = {
  issue: 'credit-operation.contract-issued',
  cancel: 'credit-operation.contract-cancelled',
} as const satisfies Record<keyof typeof CONTRACT_MOVES, ActivityAction>;

/** The settlement days of the operations' installments, in one statement (only installments of the operation named). */
async function writeSettlementDays(tx: Db, changes: ReadonlyArray<{ operationId: number; days: readonly SettlementDay[] }>): Promise<void> {
  const values = JSON.stringify(changes.flatMap((c) => c.days.map((d) => ({ id: d.installmentId, op: c.operationId, paid_on: d.paidOn }))));
  await tx.execute(sql`
    UPDATE credit_operation_installments i SET paid_on = v.paid_on
      FROM json_to_recordset(${values}::json) AS v(id int, op int, paid_on date)
     WHERE i.id = v.id AND i.credit_operation_id = v.op`);
}

/** How the timeline says it: "Parcela 3 quitada em 2024-05-10", "Parcela 4 reaberta". */
function settlementNote(days: readonly SettlementDay[]): string {
  return days.map((d) => (d.paidOn === null ? `Parcela ${d.number} reaberta` : `Parcela ${d.number} quitada em ${d.paidOn}`)).join('; ');
}

/** The log's view of the days: "3: 2024-05-10, 4: —". */
function settlementText(days: readonly SettlementDay[], side: 'from' | 'paidOn'): string {
  return days.map((d) => `${d.number}: ${d[side] ?? '—'}`).join(', ');
}

/** What servicing's payments and reversals hand in: the operation as they locked it and the days its installments take. */
export interface Settlement {
  operationId: number;
  /** the version read under the operation's lock, in this transaction */
  version: number;
  days: readonly SettlementDay[];
  actorId: number;
  at: Date;
}

/** A settlement as the operation's change: no move, its days on the schedule, a timeline event and a log entry. */
function settlementChange(s: Settlement): BatchOperationChange {
  return {
    id: s.operationId,
    version: s.version,
    settlements: s.days,
    event: { kind: 'installment_settlement', note: settlementNote(s.days), actorId: s.actorId, at: s.at },
    log: {
      action: 'credit-operation.installment-settlement',
      before: (r) => ({ version: r.version, settlement_days: settlementText(s.days, 'from') }),
      after: (r) => ({ version: r.version, settlement_days: settlementText(s.days, 'paidOn') }),
    },
  };
}

/**
 * Keeps the installments' settlement days in step with servicing's payments
 * and reversals, inside their transaction and under the operations' locks
 * they hold: each operation's days are its change (changeOperation: the lock,
 * the version, the days, a timeline event, a log entry). Many operations (a
 * bank file's payments) go through changeOperations, a statement per step.
 */
export async function recordSettlements(tx: Db, settlements: readonly Settlement[]): Promise<void> {
  const changes = settlements.filter((s) => s.days.length > 0).map(settlementChange);
  if (changes.length === 1) await changeOperation(tx, changes[0]);
  else if (changes.length > 1) await changeOperations(tx, changes);
}

/** What a batch change's log reads of the operation's row (changeOperations reads no more: a file names thousands). */
export type ChangedRow = Pick<OperationRow, 'id' | 'status' | 'version'>;

/** A change that neither moves the status nor patches columns, its log over ChangedRow: one changeOperations takes. */
export interface BatchOperationChange extends Omit<OperationChange, 'to' | 'patch' | 'log'> {
  log: { action: ActivityAction; before: (row: ChangedRow) => Snapshot; after: (row: ChangedRow) => Snapshot };
}

/**
 * changeOperation for many operations at once, in the same order of steps
 * with a statement per step rather than per operation: the row locks (in id
 * order), the version checks, the rows (version + 1, updated_at), the
 * settlement days, the timeline events, the log entries. Only for changes that
 * neither move the status nor patch columns (a bank file's settlements);
 * one change per operation. Answers the rows before and after, in id order.
 */
export async function changeOperations(tx: Db, changes: readonly BatchOperationChange[]): Promise<Array<{ before: ChangedRow; after: ChangedRow }>> {
  const byId = new Map(changes.map((c) => [c.id, c]));
  if (byId.size !== changes.length) throw new Error('changeOperations takes one change per operation');
  if (changes.length === 0) return [];
  const ids = [...byId.keys()].sort((a, b) => a - b);
  const versions = JSON.stringify(ids.map((id) => ({ id, at: (byId.get(id) as BatchOperationChange).event.at.toISOString() })));
  const bump = sql`
    UPDATE credit_operations o SET version = o.version + 1, updated_at = v.at
      FROM json_to_recordset(${versions}::json) AS v(id int, at timestamptz)
     WHERE o.id = v.id`;
  const stepsOf = (rows: ReadonlyMap<number, ChangedRow>) =>
    ids.map((id) => {
      const before = rows.get(id);
      if (!before) throw notFound(OPERATION_MESSAGES.notFound);
      const change = byId.get(id) as BatchOperationChange;
      assertVersion(before, change.version);
      const after: ChangedRow = { ...before, version: before.version + 1 };
      return { change, before, after };
    });
  let steps: ReturnType<typeof stepsOf>;
  if (holdsLocks(tx, ids)) {
    // Locked by this transaction already (a bank file's or a Pix delivery's payments lock their operations first): the
    // rows are bumped and their status and version read back in the one statement — nobody else can have moved them
    // since the caller read their versions under the same locks, and a stale version still throws (409), rolling the
    // caller's transaction back whole. A statement fewer over thousands of rows.
    const result = await tx.execute(sql`${bump} RETURNING o.id, o.status, o.version - 1 AS version`);
    const bumped = (result as unknown as { rows: Array<{ id: number; status: ChangedRow['status']; version: number }> }).rows;
    steps = stepsOf(new Map(bumped.map((r) => [Number(r.id), { id: Number(r.id), status: r.status, version: Number(r.version) }])));
  } else {
    const locked = await tx
      .select({ id: creditOperations.id, status: creditOperations.status, version: creditOperations.version })
      .from(creditOperations)
      .where(sql`${creditOperations.id} = ANY(${`{${ids.join(',')}}`}::int[])`)
      .orderBy(asc(creditOperations.id))
      .for('update');
    steps = stepsOf(new Map(locked.map((r) => [r.id, r])));
    await tx.execute(bump);
  }
  const days = steps.filter((s) => s.change.settlements?.length).map((s) => ({ operationId: s.before.id, days: s.change.settlements ?? [] }));
  if (days.length > 0) await writeSettlementDays(tx, days);
  await insertRows(
    tx,
    creditOperationEvents,
    steps.map((s) => ({
      credit_operation_id: s.before.id,
      kind: s.change.event.kind,
      from_status: null,
      to_status: null,
      note: s.change.event.note ?? null,
      actor_id: s.change.event.actorId,
      created_at: s.change.event.at,
    })),
  );
  await logActivities(
    tx,
    steps.map((s) => ({
      actorId: s.change.event.actorId,
      action: s.change.log.action,
      entity: 'credit_operation' as const,
      entityId: s.before.id,
      before: s.change.log.before(s.before),
      after: s.change.log.after(s.after),
    })),
  );
  return steps.map(({ before, after }) => ({ before, after }));
}
