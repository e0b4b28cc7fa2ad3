/**
 * The approvals inbox (contract/approvals-inbox.ts): every pending request of
 * approval_requests, read-only, with who asked, what, about which operations,
 * how much and since when, and whether the reader may give the next check
 * (checkRefusal, the rule giveCheck enforces, so the inbox never offers what
 * the server refuses).
 *
 * Pending requests are few (a request waits hours, not months, and there is
 * one per record and kind), so the page is cut after reading them all: the
 * `mine=check` filter is the same rule as the check itself, in one place,
 * instead of a second copy of it in SQL.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { APPROVAL_INBOX_FILTERS, APPROVAL_INBOX_MINE, APPROVAL_INBOX_SORTS, APPROVAL_KIND_NAMES, pageMeta, type PendingApproval } from '@shared/contract';
import Decimal from 'decimal.js';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { borrowers } from '../borrowers/schema';
import { badRequest, MESSAGES } from '../../platform/http/errors';
import { checkRefusal, REQUEST, type Checker } from './approvals';
import { creditOperations } from './schema';
import { approvalRequests, limitedMoves, type ApprovalRequestRow } from './schema-approvals';

export interface InboxArgs {
  page: number;
  limit: number;
  filter?: Record<string, unknown>;
  sort?: { field?: string | null; order?: string | null } | null;
}

type Mine = (typeof APPROVAL_INBOX_MINE)[number];

function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw badRequest(`Campo filter.${name}: use ${allowed.join(', ')}.`, `filter.${name}`);
}

/** The operations each request is about: the operation itself for a credit decision, else the limited moves it holds. */
async function operationsOf(db: Db, rows: readonly ApprovalRequestRow[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  for (const r of rows) if (r.entity === 'credit_operation') out.set(r.id, [r.entity_id]);
  const others = rows.filter((r) => r.entity !== 'credit_operation').map((r) => r.id);
  if (others.length > 0) {
    const moves = await db
      .selectDistinct({ request: limitedMoves.approval_request_id, op: limitedMoves.credit_operation_id })
      .from(limitedMoves)
      .where(and(inArray(limitedMoves.approval_request_id, others), isNotNull(limitedMoves.approval_request_id)))
      .orderBy(asc(limitedMoves.credit_operation_id));
    for (const m of moves) if (m.request !== null) out.set(m.request, [...(out.get(m.request) ?? []), m.op]);
  }
  return out;
}

/** Every pending request as the inbox shows it to `viewer`, before filters and paging. */
async function pendingFor(db: Db, viewer: Checker): Promise<PendingApproval[]> {
  const rows = await db.select().from(approvalRequests).where(eq(approvalRequests.status, REQUEST.pending)).orderBy(asc(approvalRequests.made_at), asc(approvalRequests.id));
  if (rows.length === 0) return [];
  const makers = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [...new Set(rows.map((r) => r.maker_id))]));
  const ops = await operationsOf(db, rows);
  const firstOps = [...new Set([...ops.values()].map((ids) => ids[0]).filter((id): id is number => id !== undefined))];
  const people =
    firstOps.length === 0
      ? []
      : await db
          .select({ op: creditOperations.id, name: borrowers.name })
          .from(creditOperations)
          .innerJoin(borrowers, eq(borrowers.id, creditOperations.borrower_id))
          .where(inArray(creditOperations.id, firstOps));
  const makerName = new Map(makers.map((m) => [m.id, m.name]));
  const borrowerOf = new Map(people.map((p) => [p.op, p.name]));
  return rows.map((r) => {
    const opIds = ops.get(r.id) ?? [];
    return {
      id: r.id,
      kind: r.kind,
      amount: new Decimal(r.amount).toFixed(2),
      required_checks: r.required_checks,
      checks_given: r.checker_id === null ? 0 : 1,
      maker_name: makerName.get(r.maker_id) ?? null,
      made_at: r.made_at.toISOString(),
      credit_operation_ids: opIds,
      entity_id: r.entity_id,
      borrower_name: opIds.length > 0 ? (borrowerOf.get(opIds[0]) ?? null) : null,
      can_check: checkRefusal(r, viewer) === null,
      asked_by_me: r.maker_id === viewer.id,
    };
  });
}

/** The inbox's page: filters kind and mine, sorts made_at (oldest first by default) and amount. */
export async function listPendingApprovals(db: Db, args: InboxArgs, viewer: Checker) {
  // As every list of the contract: a name it does not declare is refused, never silently ignored.
  const unknown = Object.keys(args.filter ?? {}).find((name) => !(APPROVAL_INBOX_FILTERS as readonly string[]).includes(name));
  if (unknown !== undefined) throw badRequest(MESSAGES.unknownFilter(unknown), `filter.${unknown}`);
  const field = args.sort?.field ?? 'made_at';
  if (!(APPROVAL_INBOX_SORTS as readonly string[]).includes(field)) throw badRequest(MESSAGES.unknownSort(field), 'sort');
  const kind = oneOf('kind', args.filter?.kind, APPROVAL_KIND_NAMES);
  const mine = oneOf<Mine>('mine', args.filter?.mine, APPROVAL_INBOX_MINE);
  const all = await pendingFor(db, viewer);
  const matching = all.filter((r) => (!kind || r.kind === kind) && (mine !== 'check' || r.can_check) && (mine !== 'asked' || r.asked_by_me));
  const sign = String(args.sort?.order ?? '').toUpperCase() === 'DESC' ? -1 : 1;
  const key = (r: PendingApproval) => (field === 'amount' ? new Decimal(r.amount) : new Decimal(Date.parse(r.made_at)));
  const sorted = [...matching].sort((a, b) => sign * key(a).comparedTo(key(b)) || a.id - b.id);
  const from = (args.page - 1) * args.limit;
  return { items: sorted.slice(from, from + args.limit), meta: pageMeta(args.page, args.limit, sorted.length) };
}

/** How many pending requests `viewer` may check now (the menu's count). */
export async function approvalsToCheck(db: Db, viewer: Checker): Promise<number> {
  return (await pendingFor(db, viewer)).filter((r) => r.can_check).length;
}
