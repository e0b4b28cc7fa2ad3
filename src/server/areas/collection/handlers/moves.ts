/**
 * The installment's moves besides payments and the operation's write-off:
 * who asks, one transaction per move with its idempotency key (the title is
 * guarded by its version instead), then the answer read back after the commit.
 */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import { loadInstallmentMoves, loadOperationWriteOff, saveTitle, setInstallmentStatus } from '../installment-moves';
import { decideInstallmentWriteOff, decideOperationWriteOff, requestOperationWriteOff } from '../write-off';

export type ServicingMovesName = Extract<OperationName, `servicingMoves.${string}`>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const servicingMovesHandlers: Pick<Handlers, ServicingMovesName> = {
  'servicingMoves.installment': async ({ id, installment }, { deps }) => loadInstallmentMoves(deps.db, id, installment, deps.clock.today()),

  'servicingMoves.setStatus': async (args, ctx) => {
    const me = actor(ctx);
    const { idempotency_key, ...input } = args;
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: idempotency_key, operation: 'servicingMoves.setStatus', userId: me.id, args }, async () => {
        await setInstallmentStatus(tx, me, input, today);
        return { ok: true };
      }),
    );
    return loadInstallmentMoves(ctx.deps.db, args.id, args.installment, today);
  },

  'servicingMoves.decideWriteOff': async (args, ctx) => {
    const me = actor(ctx);
    const { idempotency_key, ...input } = args;
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: idempotency_key, operation: 'servicingMoves.decideWriteOff', userId: me.id, args }, async () => {
        await decideInstallmentWriteOff(tx, me, input, today);
        return { ok: true };
      }),
    );
    return loadInstallmentMoves(ctx.deps.db, args.id, args.installment, today);
  },

  'servicingMoves.saveTitle': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) => saveTitle(tx, me, args, today));
    return loadInstallmentMoves(ctx.deps.db, args.id, args.installment, today);
  },

  'servicingMoves.operationWriteOff': async ({ id }, { deps }) => loadOperationWriteOff(deps.db, id, deps.clock.today()),

  'servicingMoves.writeOffOperation': async (args, ctx) => {
    const me = actor(ctx);
    const { idempotency_key, ...input } = args;
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: idempotency_key, operation: 'servicingMoves.writeOffOperation', userId: me.id, args }, async () => ({
        id: await requestOperationWriteOff(tx, me, input, today),
      })),
    );
    return loadOperationWriteOff(ctx.deps.db, args.id, today);
  },

  'servicingMoves.decideOperationWriteOff': async (args, ctx) => {
    const me = actor(ctx);
    const { idempotency_key, ...input } = args;
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: idempotency_key, operation: 'servicingMoves.decideOperationWriteOff', userId: me.id, args }, async () => {
        await decideOperationWriteOff(tx, me, input, today);
        return { ok: true };
      }),
    );
    return loadOperationWriteOff(ctx.deps.db, args.id, today);
  },
};
