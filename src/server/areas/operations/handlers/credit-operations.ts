/**
 * Credit operations and their contracts (the spec's "Credit operations" calls and
 * its "Company" issued contracts). The logic is in
 * areas/operations/credit-operations.ts and areas/operations/contracts.ts; these shape the
 * calls: who asks, one transaction per change, idempotency for the writes
 * that create money records.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { users } from '../../access/schema';
import { creditOperationEvents, creditOperationMessages, creditOperations } from '../schema';
import { badRequest } from '../../../platform/http/errors';
import { FileReply, requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { fullBorrower } from '../../borrowers';
import { contractFileName, renderContractPdf } from '../contract-pdf';
import {
  cancelContract,
  contractInForce,
  contractsOfOperation,
  frozenPdfInput,
  issueContract,
  listContracts,
  loadContract,
  loadContractDetail,
} from '../contracts';
import {
  activeOperationsCondition,
  createOperation,
  decide,
  findOperation,
  listOperations,
  loadManagement,
  loadOperation,
  operationSummaries,
  sendMessage,
  updateComplement,
  updateOperation,
  type Actor,
  type OperationRow,
} from '../credit-operations';
import { once } from '../../../platform/idempotency';

export type CreditOperationName =
  | Exclude<Extract<OperationName, `creditOperation.${string}`>, 'creditOperation.simulation'>
  | 'company.contracts'
  | 'company.contractsByOperation'
  | 'company.issuedContract'
  | 'company.cancelContract';

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

/** The contract in force as a PDF, drawn only from what was frozen when it was issued. */
async function contractPdf(ctx: HandlerContext, operationId: number, kind: 'CCB' | 'MPO'): Promise<FileReply> {
  const contract = await contractInForce(ctx.deps.db, operationId, kind);
  const bytes = await renderContractPdf(frozenPdfInput(contract));
  return FileReply.fromBytes(bytes, 'application/pdf', contractFileName(contract.number));
}

function toComplement(row: OperationRow) {
  return {
    id: row.id,
    version: row.version,
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
        id: await createOperation(tx, me, input, ctx.deps.clock.today()),
      })),
    );
    return loadOperation(ctx.deps.db, value.id, me);
  },

  'creditOperation.get': async ({ id }, ctx) => loadOperation(ctx.deps.db, id, actor(ctx)),

  'creditOperation.update': async (args, ctx) => {
    const me = actor(ctx);
    await ctx.deps.db.transaction((tx) => updateOperation(tx, me, args, ctx.deps.clock.today()));
    return loadOperation(ctx.deps.db, args.id, me);
  },

  'creditOperation.borrower': async ({ id }, { deps }) => {
    const op = await findOperation(deps.db, id);
    return fullBorrower(deps.db, op.borrower_id);
  },

  'creditOperation.decision': async (args, ctx) => {
    const me = actor(ctx);
    await ctx.deps.db.transaction((tx) => decide(tx, me, args));
    return loadOperation(ctx.deps.db, args.id, me);
  },

  'creditOperation.management': async ({ id }, ctx) => loadManagement(ctx.deps.db, id, actor(ctx), ctx.deps.clock.now()),

  'creditOperation.complement': async ({ id }, { deps }) => {
    const row = await findOperation(deps.db, id);
    return toComplement(row);
  },

  'creditOperation.updateComplement': async (args, ctx) => {
    const me = actor(ctx);
    const row = await ctx.deps.db.transaction((tx) => updateComplement(tx, me.id, args));
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
    const row = await ctx.deps.db.transaction((tx) => sendMessage(tx, user.id, id, body));
    return { id: row.id, author_name: user.name, body: row.body, created_at: row.created_at.toISOString() };
  },

  'creditOperation.issueCcb': async (args, ctx) => {
    const me = actor(ctx);
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'creditOperation.issueCcb', userId: me.id, args }, async () => ({
        id: await issueContract(tx, me.id, { operationId: args.id, kind: 'CCB', issuedOn: ctx.deps.clock.today() }),
      })),
    );
    return loadContract(ctx.deps.db, value.id);
  },

  'creditOperation.ccb': async ({ id }, ctx) => contractPdf(ctx, id, 'CCB'),

  'creditOperation.issueMpo': async (args, ctx) => {
    const me = actor(ctx);
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'creditOperation.issueMpo', userId: me.id, args }, async () => ({
        id: await issueContract(tx, me.id, { operationId: args.id, kind: 'MPO', orientationMessage: args.message, issuedOn: ctx.deps.clock.today() }),
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

