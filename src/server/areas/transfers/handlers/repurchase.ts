/**
 * Repurchases over HTTP: who asks, one transaction per write with its
 * idempotency key, then the record read back after the commit.
 */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import {
  countRepurchases,
  createRepurchase,
  decideRepurchase,
  decideRepurchaseReversal,
  loadRepurchase,
  repurchasableOf,
  repurchaseOfInstallment,
  repurchasesOfOperation,
  reverseRepurchase,
} from '../repurchase';
import { clearRepurchaseCause, repurchaseCausesOf, setRepurchaseCause } from '../repurchase-causes';

export type RepurchaseName = Extract<OperationName, `repurchase.${string}`>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const repurchaseHandlers: Pick<Handlers, RepurchaseName> = {
  'repurchase.repurchasable': async ({ id, include }, ctx) => repurchasableOf(ctx.deps.db, id, include ?? 'required', ctx.deps.clock.today(), requireAuth(ctx).user.id),

  'repurchase.list': async ({ id }, { deps }) => repurchasesOfOperation(deps.db, id),

  'repurchase.count': async ({ id }, { deps }) => countRepurchases(deps.db, id),

  'repurchase.get': async ({ id, installment }, { deps }) => repurchaseOfInstallment(deps.db, id, installment),

  'repurchase.create': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'repurchase.create', userId: me.id, args }, async () => ({
        id: await createRepurchase(tx, me, { id: args.id, installment: args.installment, reason: args.reason }, today),
      })),
    );
    return loadRepurchase(ctx.deps.db, value.id);
  },

  'repurchase.reverse': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'repurchase.reverse', userId: me.id, args }, async () => ({
        id: await reverseRepurchase(tx, me, { id: args.id, installment: args.installment, reason: args.reason }, today),
      })),
    );
    return loadRepurchase(ctx.deps.db, value.id);
  },

  'repurchase.decide': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'repurchase.decide', userId: me.id, args }, async () => {
        await decideRepurchase(tx, me, args.repurchase, { approve: args.approve, reason: args.reason }, today);
        return { ok: true };
      }),
    );
    return loadRepurchase(ctx.deps.db, args.repurchase);
  },

  'repurchase.causes': async ({ id }, { deps }) => repurchaseCausesOf(deps.db, id),

  'repurchase.setCause': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'repurchase.setCause', userId: me.id, args }, async () => {
        await setRepurchaseCause(tx, me, { id: args.id, cause: args.cause, reason: args.reason }, today);
        return { ok: true };
      }),
    );
    return repurchaseCausesOf(ctx.deps.db, args.id);
  },

  'repurchase.clearCause': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'repurchase.clearCause', userId: me.id, args }, async () => {
        await clearRepurchaseCause(tx, me, { id: args.id, cause: args.cause, reason: args.reason }, today);
        return { ok: true };
      }),
    );
    return repurchaseCausesOf(ctx.deps.db, args.id);
  },

  'repurchase.decideReversal': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'repurchase.decideReversal', userId: me.id, args }, async () => ({
        id: await decideRepurchaseReversal(tx, me, args.reversal, { approve: args.approve, reason: args.reason }, today),
      })),
    );
    return loadRepurchase(ctx.deps.db, value.id);
  },
};
