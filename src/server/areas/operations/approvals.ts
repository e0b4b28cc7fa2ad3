/**
 * Four eyes (maker-checker): one mechanism for every decision that a second
 * person must confirm: credit approvals, servicing's reversals, write-offs,
 * repurchases and cessions (weighed against the limits per person, operation
 * and window by approval-limits.ts), and changes of the company's money
 * parameters; each kind is in APPROVAL_KINDS (src/shared/contract/approvals.ts)
 * and its area calls these functions from its own state changes.
 *
 * Why: a person who makes a money decision alone can make it wrongly or
 * dishonestly and nobody sees it until the money is gone. So the one who made
 * the thing being decided (the maker: who built or last changed a credit
 * proposal, who asked for a reversal) never approves it, and above a limit the
 * approval takes two people besides the maker, the second from a stricter set
 * of roles. Every request keeps who made it, who checked it, when, and the
 * amounts they saw.
 *
 * A request (table approval_requests):
 *
 *   pending ──check──► pending (first of two checks given)
 *      │                  │
 *      ├──check───────────┴──check──► approved  (all required checks given)
 *      ├──reject──► rejected  (a checker said no: the record was refused or returned)
 *      └──cancel──► cancelled (withdrawn, or the record changed under it)
 *
 * Who may do what:
 * - open: the owning area, inside the transaction that holds the record's row
 *   lock, with the maker, the amount and how many checks it needs (1, or 2
 *   above the limit in force, kept on the request: a later change of the
 *   limit does not move a request already open);
 * - first check: a person of the kind's `checkers`, not the maker;
 * - second check: a person of the kind's `secondCheckers`, neither the maker
 *   nor the first checker;
 * - reject / cancel: the owning area decides who (for credit operations: who
 *   refuses, returns or cancels the operation, or the edit that changes it).
 * A refused check is a 403 whose Portuguese message says why; a request no
 * longer pending is a 409. The database holds the same rules (CHECK
 * constraints: no maker as checker, no person twice, an approved request has
 * its checks; one pending request per kind and record).
 *
 * Every change writes the activity log (entity approval_request) in the
 * caller's transaction, so the request, the record's own change and their log
 * entries commit together or not at all.
 */
import { and, asc, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { APPROVAL_KINDS, type ApprovalKind, type ApprovalRequest, type ApprovalStatus } from '@shared/contract/approvals';
import { formatCurrency } from '@shared/format';
import { isRoleAllowed, ROLE_LABELS_PT, type RoleId } from '@shared/roles';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { approvalRequests, type ApprovalRequestRow } from './schema-approvals';
import { conflict, HttpError } from '../../platform/http/errors';
import { logActivity, type Snapshot } from '../../platform/activity';

/** The request statuses by name, for the other areas' reads of approval_requests (`a.status = ${REQUEST.pending}`). */
export const REQUEST = { pending: 'pending', approved: 'approved' } as const satisfies Record<string, ApprovalStatus>;

/** What each kind calls the thing made, in the refusals' words. */
const MADE: Record<ApprovalKind, string> = {
  'credit_operation.approve': 'montou ou alterou por último as condições desta operação',
  'installment.reverse': 'pediu este estorno',
  'installment.write_off': 'pediu esta baixa como perda',
  'credit_operation.write_off': 'pediu esta baixa como perda',
  'cession.assign': 'pediu esta cessão',
  'cession.reverse': 'pediu que esta cessão fosse desfeita',
  'repurchase.create': 'pediu esta recompra',
  'repurchase.reverse': 'pediu que esta recompra fosse desfeita',
  'company.parameters': 'pediu esta alteração dos parâmetros',
  'suspense.refund': 'pediu esta devolução de valor a identificar',
  'ledger.close': 'pediu este fechamento mensal',
  'cession.price_write_off': 'pediu esta baixa da diferença do preço da cessão',
  'renegotiation.agree': 'propôs este acordo de renegociação',
  'renegotiation.reverse_payment': 'pediu este estorno de pagamento do acordo',
  'renegotiation.limits': 'pediu esta alteração dos limites de renegociação',
};

function rolesText(roles: readonly RoleId[]): string {
  const labels = roles.map((r) => ROLE_LABELS_PT[r]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} ou ${labels[labels.length - 1]}` : labels[0];
}

export const APPROVAL_MESSAGES = {
  makerCannotCheck: (kind: ApprovalKind) => `Você ${MADE[kind]}: a aprovação cabe a outra pessoa (regra dos quatro olhos).`,
  alreadyChecked: 'Você já deu a primeira aprovação: a segunda cabe a outra pessoa (regra dos quatro olhos).',
  roleCannotCheck: (roles: readonly RoleId[], limit: string | null, second: boolean) =>
    second
      ? `A segunda aprovação${limit ? ` (valor acima de ${formatCurrency(limit)})` : ''} cabe a um ${rolesText(roles)}.`
      : `A aprovação cabe a um ${rolesText(roles)}.`,
  notPending: 'Esta aprovação já foi encerrada: recarregue a tela.',
} as const;

/** A 403 that says why this person may not check (not the generic "sem permissão"). */
function refused(message: string): HttpError {
  return new HttpError(403, message, undefined, 'four-eyes');
}

export interface Checker {
  id: number;
  role: RoleId;
}

/** Whether the next check is the second of two. */
function nextIsSecond(row: Pick<ApprovalRequestRow, 'required_checks' | 'checker_id'>): boolean {
  return row.required_checks === 2 && row.checker_id !== null;
}

/** The roles that may give the next check of a pending request. */
export function nextCheckRoles(row: ApprovalRequestRow): readonly RoleId[] {
  const rule = APPROVAL_KINDS[row.kind];
  return nextIsSecond(row) ? rule.secondCheckers : rule.checkers;
}

/**
 * Why `checker` may not give the next check of `row` (a Portuguese sentence),
 * or null when they may. The screens read it too, so what they say is what
 * the server enforces.
 */
export function checkRefusal(row: Pick<ApprovalRequestRow, 'kind' | 'status' | 'maker_id' | 'checker_id' | 'required_checks' | 'limit_amount'>, checker: Checker): string | null {
  if (row.status !== 'pending') return APPROVAL_MESSAGES.notPending;
  if (checker.id === row.maker_id) return APPROVAL_MESSAGES.makerCannotCheck(row.kind);
  if (row.checker_id !== null && checker.id === row.checker_id) return APPROVAL_MESSAGES.alreadyChecked;
  const second = nextIsSecond(row);
  const roles = second ? APPROVAL_KINDS[row.kind].secondCheckers : APPROVAL_KINDS[row.kind].checkers;
  if (!isRoleAllowed(checker.role, roles)) return APPROVAL_MESSAGES.roleCannotCheck(roles, second ? row.limit_amount : null, second);
  return null;
}

function snapshot(row: ApprovalRequestRow): Snapshot {
  return {
    kind: row.kind,
    entity: row.entity,
    entity_id: row.entity_id,
    amount: row.amount,
    limit_amount: row.limit_amount,
    required_checks: row.required_checks,
    status: row.status,
    maker_id: row.maker_id,
    checker_id: row.checker_id,
    second_checker_id: row.second_checker_id,
    reason: row.reason,
  };
}

/** Whether the request still awaits a check (neither approved, rejected nor cancelled). */
export function isPending(row: Pick<ApprovalRequestRow, 'status'>): boolean {
  return row.status === 'pending';
}

/** The pending request of `kind` on record `entityId`, locked when asked (inside the record's own lock). */
export async function pendingApproval(db: Db, kind: ApprovalKind, entityId: number, lock = false): Promise<ApprovalRequestRow | null> {
  const query = db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.kind, kind), eq(approvalRequests.entity_id, entityId), eq(approvalRequests.status, 'pending')))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The newest request of `kind` on the record, whatever its status. */
export async function latestApproval(db: Db, kind: ApprovalKind, entityId: number): Promise<ApprovalRequestRow | null> {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.kind, kind), eq(approvalRequests.entity_id, entityId)))
    .orderBy(desc(approvalRequests.id))
    .limit(1);
  return row ?? null;
}

export interface ApprovalOpening {
  kind: ApprovalKind;
  entityId: number;
  companyId?: number;
  makerId: number;
  madeAt: Date;
  amount: string;
  /** the limit in force: above it two checks are needed (null: always one) */
  limit: string | null;
  amounts: Record<string, string>;
  requiredChecks: 1 | 2;
  /** who opened it, for the log (the first checker when the request opens with a check) */
  actorId: number;
  at: Date;
}

/** Opens a pending request (inside the transaction holding the record's lock). */
export async function openApproval(tx: Db, input: ApprovalOpening): Promise<ApprovalRequestRow> {
  const [row] = await tx
    .insert(approvalRequests)
    .values({
      company_id: input.companyId ?? 1,
      kind: input.kind,
      entity: APPROVAL_KINDS[input.kind].entity,
      entity_id: input.entityId,
      amount: input.amount,
      limit_amount: input.limit,
      amounts: input.amounts,
      required_checks: input.requiredChecks,
      status: 'pending',
      maker_id: input.makerId,
      made_at: input.madeAt,
      created_at: input.at,
    })
    .returning();
  await logActivity(tx, { actorId: input.actorId, action: 'approval-request.create', entity: 'approval_request', entityId: row.id, after: snapshot(row) });
  return row;
}

/**
 * Gives the next check of a pending request: the first of two leaves it
 * pending, the last one approves it. A person who may not check is a 403
 * saying why (checkRefusal); a request no longer pending a 409.
 */
export async function giveCheck(tx: Db, row: ApprovalRequestRow, checker: Checker, at: Date): Promise<ApprovalRequestRow> {
  if (row.status !== 'pending') throw conflict(APPROVAL_MESSAGES.notPending, 'approval');
  const why = checkRefusal(row, checker);
  if (why) throw refused(why);
  const second = nextIsSecond(row);
  const complete = second || row.required_checks === 1;
  const [after] = await tx
    .update(approvalRequests)
    .set({
      ...(second ? { second_checker_id: checker.id, second_checked_at: at } : { checker_id: checker.id, checked_at: at }),
      ...(complete ? { status: 'approved' as const, closed_at: at } : {}),
    })
    .where(and(eq(approvalRequests.id, row.id), eq(approvalRequests.status, 'pending')))
    .returning();
  if (!after) throw conflict(APPROVAL_MESSAGES.notPending, 'approval');
  await logActivity(tx, {
    actorId: checker.id,
    action: complete ? 'approval-request.approve' : 'approval-request.check',
    entity: 'approval_request',
    entityId: row.id,
    before: snapshot(row),
    after: snapshot(after),
  });
  return after;
}

/**
 * Ends a pending request without approving it: `rejected` when a checker said
 * no, `cancelled` when it was withdrawn (`withdrawn`: its maker or first
 * checker took it back, or the record changed under it; `by` is the person
 * whose move ended it: who refused, cancelled or edited).
 */
export async function closeApproval(
  tx: Db,
  row: ApprovalRequestRow,
  end: { withdrawn: boolean; by: number; reason: string | null; at: Date },
): Promise<ApprovalRequestRow> {
  if (row.status !== 'pending') throw conflict(APPROVAL_MESSAGES.notPending, 'approval');
  const status = end.withdrawn ? 'cancelled' : 'rejected';
  const [after] = await tx
    .update(approvalRequests)
    .set({ status, closed_by: end.by, closed_at: end.at, reason: end.reason })
    .where(and(eq(approvalRequests.id, row.id), eq(approvalRequests.status, 'pending')))
    .returning();
  if (!after) throw conflict(APPROVAL_MESSAGES.notPending, 'approval');
  await logActivity(tx, {
    actorId: end.by,
    action: status === 'rejected' ? 'approval-request.reject' : 'approval-request.cancel',
    entity: 'approval_request',
    entityId: row.id,
    before: snapshot(row),
    after: snapshot(after),
  });
  return after;
}

/** The active people who may give the next check (at most 20, by name), the maker and the first checker left out. */
async function nextCheckers(db: Db, row: ApprovalRequestRow): Promise<string[]> {
  const barred = [row.maker_id, row.checker_id].filter((v): v is number => v !== null);
  const rows = await db
    .select({ name: users.name })
    .from(users)
    .where(and(inArray(users.role_id, [...nextCheckRoles(row)]), eq(users.active, true), isNull(users.deleted_at), notInArray(users.id, barred)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(20);
  return rows.map((r) => r.name);
}

/** A request as the screens show it, for `viewer` (whether they may give the next check). */
export async function describeApproval(db: Db, row: ApprovalRequestRow, viewer: Checker): Promise<ApprovalRequest> {
  const ids = [row.maker_id, row.checker_id, row.second_checker_id, row.closed_by].filter((v): v is number => v !== null);
  const names = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  const nameOf = (id: number | null) => (id === null ? null : (names.find((u) => u.id === id)?.name ?? null));
  const pending = row.status === 'pending';
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amount: row.amount,
    limit_amount: row.limit_amount,
    amounts: row.amounts,
    required_checks: row.required_checks,
    maker_name: nameOf(row.maker_id),
    made_at: row.made_at.toISOString(),
    checker_name: nameOf(row.checker_id),
    checked_at: row.checked_at?.toISOString() ?? null,
    second_checker_name: nameOf(row.second_checker_id),
    second_checked_at: row.second_checked_at?.toISOString() ?? null,
    closed_by_name: nameOf(row.closed_by),
    closed_at: row.closed_at?.toISOString() ?? null,
    reason: row.reason,
    next_check_roles: pending ? [...nextCheckRoles(row)] : [],
    next_checkers: pending ? await nextCheckers(db, row) : [],
    can_check: pending && checkRefusal(row, viewer) === null,
    created_at: row.created_at.toISOString(),
  };
}

/** The pending requests of `kind` on these records, as entity id → request id (one pending per record). */
export async function pendingApprovalsOf(db: Db, kind: ApprovalKind, entityIds: readonly number[]): Promise<Map<number, number>> {
  if (entityIds.length === 0) return new Map();
  const rows = await db
    .select({ id: approvalRequests.id, entity_id: approvalRequests.entity_id })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.kind, kind), inArray(approvalRequests.entity_id, [...entityIds]), eq(approvalRequests.status, 'pending')));
  return new Map(rows.map((r) => [r.entity_id, r.id]));
}

/** The pending requests of a kind on these records with who asked each (entity id → request id and maker), for screens that hide a decision from its maker. */
export async function pendingRequestsOf(db: Db, kind: ApprovalKind, entityIds: readonly number[]): Promise<Map<number, { id: number; maker_id: number }>> {
  if (entityIds.length === 0) return new Map();
  const rows = await db
    .select({ id: approvalRequests.id, entity_id: approvalRequests.entity_id, maker_id: approvalRequests.maker_id })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.kind, kind), inArray(approvalRequests.entity_id, [...entityIds]), eq(approvalRequests.status, 'pending')));
  return new Map(rows.map((r) => [r.entity_id, { id: r.id, maker_id: r.maker_id }]));
}
