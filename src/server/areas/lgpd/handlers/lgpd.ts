/** LGPD erasure requests (designed calls): list, find the person, register, read with holdings, refuse. */
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LGPD_STATUSES, pageMeta, type LGPD_FILTERS, type LGPD_SORTS, type HoldingSection, type PersonHoldings } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import type { Db } from '../../../db/connect';
import { activityLog } from '../../../platform/schema';
import { uploads } from '../../uploads/schema';
import { users } from '../../access/schema';
import { borrowers } from '../../borrowers/schema';
import { creditOperations } from '../../operations/schema';
import { containsPattern } from '../../../domain/like';
import { requireAuth, type Handler } from '../../../platform/http/handler';
import { createLgpdRequest, refuseLgpdRequest, requestOr404 } from '../lgpd-requests';
import { lgpdRequests, toLgpdRequest } from '../lgpd';
import { intakeHoldingsOf } from '../../intake';
import { listConditions, listOrder, ordered, type ListSpec } from '../../../platform/list';


const handler = alias(users, 'handler');

/** The list's filters and sorts, named by the contract (LGPD_FILTERS / LGPD_SORTS); newest first by default. */
const LGPD_LIST: ListSpec<(typeof LGPD_FILTERS)[number], (typeof LGPD_SORTS)[number]> = {
  filters: { status: { kind: 'one-of', column: lgpdRequests.status, codes: LGPD_STATUSES } },
  sorts: { received_at: lgpdRequests.received_at, status: lgpdRequests.status, closed_at: lgpdRequests.closed_at },
  idColumn: lgpdRequests.id,
  defaultOrder: [desc(lgpdRequests.received_at), desc(lgpdRequests.id)],
  tiebreak: (direction) => [ordered(direction, lgpdRequests.id)],
};

function requestRows(db: Db, where: SQL | undefined) {
  return db
    .select({ request: lgpdRequests, handledByName: handler.name })
    .from(lgpdRequests)
    .leftJoin(handler, eq(handler.id, lgpdRequests.handled_by))
    .where(where);
}

async function handlerName(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const rows = await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return rows[0]?.name ?? null;
}

export const listRequests: Handler<'lgpd.list'> = async (args, { deps }) => {
  const where = and(...listConditions(LGPD_LIST, args.filter));
  const [rows, [{ total }]] = await Promise.all([
    requestRows(deps.db, where)
      .orderBy(...listOrder(LGPD_LIST, args.sort))
      .limit(args.limit)
      .offset((args.page - 1) * args.limit),
    deps.db.select({ total: count() }).from(lgpdRequests).where(where),
  ]);
  return { items: rows.map((r) => toLgpdRequest(r.request, r.handledByName)), meta: pageMeta(args.page, args.limit, Number(total)) };
};

export const findPeople: Handler<'lgpd.people'> = async ({ q }, { deps }) => {
  const digits = q.replace(/\D/g, '');
  const byCpf = digits.length >= 3 ? sql`regexp_replace(coalesce(${users.cpf}, ''), '\\D', '', 'g') LIKE ${containsPattern(digits)}` : undefined;
  const rows = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, cpf: users.cpf, role_id: users.role_id })
    .from(users)
    .where(and(isNull(users.anonymised_at), or(ilike(users.email, containsPattern(q)), byCpf)))
    .orderBy(asc(users.email), asc(users.id))
    .limit(10);
  return rows.filter((r) => isRoleId(r.role_id)).map((r) => ({ ...r, role_id: r.role_id as 1 | 2 | 3 | 4 | 5 }));
};

export const createRequest: Handler<'lgpd.create'> = async (input, ctx) => {
  const { user: actor } = requireAuth(ctx);
  return createLgpdRequest(ctx.deps.db, actor.id, input);
};

async function holdingsOf(db: Db, userId: number): Promise<PersonHoldings> {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const person = rows[0];
  const files = person
    ? await db
        .select({ id: uploads.id, type: uploads.type, name: uploads.name, mime: uploads.mime, size: uploads.size, created_at: uploads.created_at })
        .from(uploads)
        .where(eq(uploads.owner_id, userId))
        .orderBy(asc(uploads.id))
    : [];
  const [{ entries }] = await db
    .select({ entries: count() })
    .from(activityLog)
    .where(and(eq(activityLog.entity, 'user'), eq(activityLog.entity_id, userId)));
  // Borrower records of the person's account, and the credit operations behind them (kept by law
  // even after an erase: areas/borrowers/borrower-erase.ts).
  const [{ borrowerCount, operationCount }] = await db
    .select({
      borrowerCount: sql<number>`count(DISTINCT ${borrowers.id})::int`,
      operationCount: sql<number>`count(${creditOperations.id})::int`,
    })
    .from(borrowers)
    .leftJoin(creditOperations, eq(creditOperations.borrower_id, borrowers.id))
    .where(eq(borrowers.user_id, userId));
  const sections: HoldingSection[] = [
    { key: 'activityLog', available: true, count: Number(entries) },
    ...(await intakeHoldingsOf(db, userId)),
    { key: 'borrowerRecords', available: true, count: borrowerCount },
    { key: 'contractsAndPayments', available: true, count: operationCount },
  ];
  return {
    account:
      person && isRoleId(person.role_id)
        ? {
            id: person.id,
            name: person.name,
            email: person.email,
            cpf: person.cpf,
            phone: person.phone,
            role_id: person.role_id,
            active: person.active,
            created_at: person.created_at.toISOString(),
            deleted_at: person.deleted_at ? person.deleted_at.toISOString() : null,
            anonymised_at: person.anonymised_at ? person.anonymised_at.toISOString() : null,
          }
        : null,
    uploads: files.map((f) => ({ ...f, created_at: f.created_at.toISOString() })),
    sections,
  };
}

export const getRequest: Handler<'lgpd.get'> = async ({ id }, { deps }) => {
  const request = await requestOr404(deps.db, id);
  return {
    request: toLgpdRequest(request, await handlerName(deps.db, request.handled_by)),
    holdings: await holdingsOf(deps.db, request.user_id),
  };
};

export const refuseRequest: Handler<'lgpd.refuse'> = async ({ id, outcome }, ctx) => {
  const { user: actor } = requireAuth(ctx);
  return refuseLgpdRequest(ctx.deps.db, actor, id, outcome);
};
