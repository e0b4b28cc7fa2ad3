/**
 * Cessions over HTTP: who asks, one transaction per write with its
 * idempotency key, then the record read back after the commit.
 */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import {
  assignableAcross,
  assignableOf,
  assignInstallments,
  cessionsOfOperation,
  decideCession,
  decideCessionReversal,
  loadCession,
  loadCessionReversal,
  quoteCession,
  reverseCession,
  reversibleOf,
  type AssignInput,
} from '../cession';

export type CessionName = Extract<OperationName, `cession.${string}`>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

function pricing(args: { monthly_rate?: string; price?: string }) {
  return args.monthly_rate !== undefined ? { monthly_rate: args.monthly_rate } : { price: args.price };
}

async function assign(ctx: HandlerContext, operation: CessionName, args: AssignInput & { idempotency_key: string }, onlyOperation: number | null) {
  const me = actor(ctx);
  const today = ctx.deps.clock.today();
  const { value } = await ctx.deps.db.transaction((tx) =>
    once(tx, { key: args.idempotency_key, operation, userId: me.id, args: { ...args } }, async () => ({
      id: await assignInstallments(
        tx,
        me,
        { assignment_account_id: args.assignment_account_id, installments: args.installments, date: args.date, ...pricing(args) },
        today,
        onlyOperation,
      ),
    })),
  );
  return loadCession(ctx.deps.db, value.id);
}

export const cessionHandlers: Pick<Handlers, CessionName> = {
  'cession.assignable': async ({ id, ...filter }, { deps }) => assignableOf(deps.db, id, filter, deps.clock.today()),

  'cession.assignableAcross': async (filter, { deps }) => assignableAcross(deps.db, filter, deps.clock.today()),

  'cession.quote': async (args, ctx) =>
    quoteCession(ctx.deps.db, { installments: args.installments, date: args.date, ...pricing(args) }, ctx.deps.clock.today(), requireAuth(ctx).user.id),

  'cession.assign': async ({ id, ...args }, ctx) => assign(ctx, 'cession.assign', args, id),

  'cession.assignBatch': async (args, ctx) => assign(ctx, 'cession.assignBatch', args, null),

  'cession.get': async ({ cession }, { deps }) => loadCession(deps.db, cession),

  'cession.ofOperation': async ({ id }, { deps }) => cessionsOfOperation(deps.db, id),

  'cession.decide': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'cession.decide', userId: me.id, args }, async () => {
        await decideCession(tx, me, args.cession, { approve: args.approve, reason: args.reason }, today);
        return { ok: true };
      }),
    );
    return loadCession(ctx.deps.db, args.cession);
  },

  'cession.reversible': async ({ id }, { deps }) => reversibleOf(deps.db, id, deps.clock.today()),

  'cession.reverse': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'cession.reverse', userId: me.id, args }, async () => ({
        id: await reverseCession(tx, me, { id: args.id, installments: args.installments, reason: args.reason }, today),
      })),
    );
    return loadCessionReversal(ctx.deps.db, value.id);
  },

  'cession.decideReversal': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'cession.decideReversal', userId: me.id, args }, async () => {
        await decideCessionReversal(tx, me, args.reversal, { approve: args.approve, reason: args.reason }, today);
        return { ok: true };
      }),
    );
    return loadCessionReversal(ctx.deps.db, args.reversal);
  },
};
