/**
 * Credit operations and their contracts (spec §7 "Credit operations" and
 * "Company" issued contracts; issue 9 §3, §5). The logic is in
 * services/credit-operations.ts and services/contracts.ts; these shape the
 * calls: who asks, one transaction per change, idempotency for the writes
 * that create money records.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { OperationName } from '../../shared/contract/index';
import { isRoleId, type RoleId } from '../../shared/roles';
import { users } from '../db/schema';
import { creditOperationEvents, creditOperationInstallments, creditOperationMessages, creditOperations } from '../db/schema-origination';
import { badRequest, conflict } from '../http/errors';
import { FileReply, requireAuth, type HandlerContext, type Handlers } from '../http/handler';
import { logActivity } from '../services/activity';
import { fullBorrower } from '../services/borrowers';
import { contractFileName, renderContractPdf } from '../services/contract-pdf';
import {
  cancelContract,
  contractInForce,
  contractsOfOperation,
  issueContract,
  listContracts,
  loadContract,
  loadContractDetail,
} from '../services/contracts';
import {
  actionsFor,
  activeOperationsCondition,
  addEvent,
  createOperation,
  decide,
  findOperation,
  listOperations,
  loadOperation,
  operationSummaries,
  statusOf,
  updateOperation,
  type OperationRow,
} from '../services/credit-operations';
import { once } from '../services/idempotency';

export type CreditOperationName =
  | Exclude<Extract<OperationName, `creditOperation.${string}`>, 'creditOperation.simulation'>
  | 'company.contracts'
  | 'company.contractsByOperation'
  | 'company.issuedContract'
  | 'company.cancelContract';

const DAY_MS = 86_400_000;

function actor(ctx: HandlerContext): { id: number; role: RoleId } {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

async function contractPdf(ctx: HandlerContext, operationId: number, kind: 'CCB' | 'MPO'): Promise<FileReply> {
  const { db } = ctx.deps;
  const contract = await contractInForce(db, operationId, kind);
  const [op, schedule] = await Promise.all([
    findOperation(db, operationId),
    db.select().from(creditOperationInstallments).where(eq(creditOperationInstallments.credit_operation_id, operationId)).orderBy(asc(creditOperationInstallments.number)),
  ]);
  const bytes = await renderContractPdf({
    number: contract.number,
    title: contract.title,
    body: contract.body,
    cancelled: false,
    orientationMessage: kind === 'MPO' ? op.orientation_message : null,
    schedule,
    signatories: contract.signatories,
  });
  return FileReply.fromBytes(bytes, 'application/pdf', contractFileName(contract.number));
}

function toComplement(row: OperationRow) {
  return {
    id: row.id,
    purpose: row.purpose,
    payment_method: row.payment_method,
    analyst_opinion: row.analyst_opinion,
    notes: row.notes,
    orientation_message: row.orientation_message,
  };
}

export const creditOperationHandlers: Pick<Handlers, CreditOperationName> = {
  'creditOperation.list': async (args, { deps }) => listOperations(deps.db, args),

  'creditOperation.create': async (args, ctx) => {
    const me = actor(ctx);
    const { idempotency_key, ...input } = args;
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: idempotency_key, operation: 'creditOperation.create', userId: me.id, args }, async () => ({
        id: await createOperation(tx, me.id, input, ctx.deps.clock.today()),
      })),
    );
    return loadOperation(ctx.deps.db, value.id, me.role);
  },

  'creditOperation.get': async ({ id }, ctx) => loadOperation(ctx.deps.db, id, actor(ctx).role),

  'creditOperation.update': async (args, ctx) => {
    const me = actor(ctx);
    await ctx.deps.db.transaction((tx) => updateOperation(tx, me.id, args, ctx.deps.clock.today()));
    return loadOperation(ctx.deps.db, args.id, me.role);
  },

  'creditOperation.borrower': async ({ id }, { deps }) => {
    const op = await findOperation(deps.db, id);
    return fullBorrower(deps.db, op.borrower_id);
  },

  'creditOperation.decision': async (args, ctx) => {
    const me = actor(ctx);
    await ctx.deps.db.transaction((tx) => decide(tx, me, args));
    return loadOperation(ctx.deps.db, args.id, me.role);
  },

  'creditOperation.management': async ({ id }, ctx) => {
    const me = actor(ctx);
    const { db } = ctx.deps;
    const row = await findOperation(db, id);
    const ids = [row.created_by, row.decided_by].filter((v): v is number => v !== null);
    const names = ids.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
    const nameOf = (userId: number | null) => names.find((u) => u.id === userId)?.name ?? null;
    const status = statusOf(row);
    return {
      id: row.id,
      status,
      version: row.version,
      created_by_name: nameOf(row.created_by),
      created_at: row.created_at.toISOString(),
      decided_by_name: nameOf(row.decided_by),
      decided_at: row.decided_at ? row.decided_at.toISOString() : null,
      decision_reason: row.decision_reason,
      days_in_status: Math.max(0, Math.floor((Date.now() - row.status_changed_at.getTime()) / DAY_MS)),
      actions: actionsFor(status, me.role),
    };
  },

  'creditOperation.complement': async ({ id }, { deps }) => {
    const row = await findOperation(deps.db, id);
    return toComplement(row);
  },

  'creditOperation.updateComplement': async (args, ctx) => {
    const me = actor(ctx);
    const { id, ...values } = args;
    const row = await ctx.deps.db.transaction(async (tx) => {
      const before = await findOperation(tx, id, true);
      if (statusOf(before) === 'disbursed') throw conflict('A operação já foi liberada: o complemento não pode mais ser alterado.');
      const [after] = await tx
        .update(creditOperations)
        .set({ ...values, updated_at: new Date() })
        .where(eq(creditOperations.id, id))
        .returning();
      await addEvent(tx, { operationId: id, kind: 'complement_changed', actorId: me.id });
      await logActivity(tx, {
        actorId: me.id,
        action: 'credit-operation.complement.update',
        entity: 'credit_operation',
        entityId: id,
        before: { purpose: before.purpose, payment_method: before.payment_method, analyst_opinion: before.analyst_opinion, notes: before.notes },
        after: { purpose: after.purpose, payment_method: after.payment_method, analyst_opinion: after.analyst_opinion, notes: after.notes },
      });
      return after;
    });
    return toComplement(row);
  },

  'creditOperation.others': async ({ id }, { deps }) => {
    const row = await findOperation(deps.db, id);
    return operationSummaries(deps.db, and(eq(creditOperations.borrower_id, row.borrower_id), ne(creditOperations.id, id))!);
  },

  'creditOperation.timeline': async ({ id }, { deps }) => {
    await findOperation(deps.db, id);
    const rows = await deps.db
      .select({
        id: creditOperationEvents.id,
        kind: creditOperationEvents.kind,
        from_status: creditOperationEvents.from_status,
        to_status: creditOperationEvents.to_status,
        note: creditOperationEvents.note,
        actor_name: users.name,
        created_at: creditOperationEvents.created_at,
      })
      .from(creditOperationEvents)
      .leftJoin(users, eq(users.id, creditOperationEvents.actor_id))
      .where(eq(creditOperationEvents.credit_operation_id, id))
      .orderBy(asc(creditOperationEvents.id));
    return rows.map((r) => ({
      ...r,
      from_status: r.from_status as never,
      to_status: r.to_status as never,
      created_at: r.created_at.toISOString(),
    }));
  },

  'creditOperation.messages': async ({ id }, { deps }) => {
    await findOperation(deps.db, id);
    const rows = await deps.db
      .select({ id: creditOperationMessages.id, author_name: users.name, body: creditOperationMessages.body, created_at: creditOperationMessages.created_at })
      .from(creditOperationMessages)
      .innerJoin(users, eq(users.id, creditOperationMessages.author_id))
      .where(eq(creditOperationMessages.credit_operation_id, id))
      .orderBy(asc(creditOperationMessages.id));
    return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
  },

  'creditOperation.sendMessage': async ({ id, body }, ctx) => {
    const { user } = requireAuth(ctx);
    const row = await ctx.deps.db.transaction(async (tx) => {
      await findOperation(tx, id);
      const now = new Date();
      const [message] = await tx.insert(creditOperationMessages).values({ credit_operation_id: id, author_id: user.id, body, created_at: now }).returning();
      await addEvent(tx, { operationId: id, kind: 'message', note: body.length > 140 ? `${body.slice(0, 139)}…` : body, actorId: user.id, at: now });
      await logActivity(tx, { actorId: user.id, action: 'credit-operation.message', entity: 'credit_operation', entityId: id, after: { id: message.id } });
      return message;
    });
    return { id: row.id, author_name: user.name, body: row.body, created_at: row.created_at.toISOString() };
  },

  'creditOperation.issueCcb': async (args, ctx) => {
    const me = actor(ctx);
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'creditOperation.issueCcb', userId: me.id, args }, async () => ({
        id: await issueContract(tx, me.id, { operationId: args.id, kind: 'CCB' }),
      })),
    );
    return loadContract(ctx.deps.db, value.id);
  },

  'creditOperation.ccb': async ({ id }, ctx) => contractPdf(ctx, id, 'CCB'),

  'creditOperation.issueMpo': async (args, ctx) => {
    const me = actor(ctx);
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'creditOperation.issueMpo', userId: me.id, args }, async () => ({
        id: await issueContract(tx, me.id, { operationId: args.id, kind: 'MPO', orientationMessage: args.message }),
      })),
    );
    return loadContract(ctx.deps.db, value.id);
  },

  'creditOperation.mpo': async ({ id }, ctx) => contractPdf(ctx, id, 'MPO'),

  'creditOperation.byBorrower': async (args, { deps }) => {
    await fullBorrower(deps.db, args.id);
    if (args.filter && 'borrower_id' in args.filter) throw badRequest('Campo filter.borrower_id: o tomador já está no caminho.', 'filter.borrower_id');
    return listOperations(deps.db, args, [eq(creditOperations.borrower_id, args.id)]);
  },

  'creditOperation.borrowerActive': async ({ id }, { deps }) => {
    await fullBorrower(deps.db, id);
    return operationSummaries(deps.db, activeOperationsCondition(id));
  },

  'company.contracts': async (args, { deps }) => listContracts(deps.db, args.id, args),

  'company.contractsByOperation': async ({ id }, { deps }) => contractsOfOperation(deps.db, id),

  'company.issuedContract': async ({ contractId }, { deps }) => loadContractDetail(deps.db, contractId),

  'company.cancelContract': async ({ contractId }, ctx) => {
    const me = actor(ctx);
    await ctx.deps.db.transaction((tx) => cancelContract(tx, me.id, contractId));
    return loadContract(ctx.deps.db, contractId);
  },
};

