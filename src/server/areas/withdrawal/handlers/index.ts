/**
 * The seven-day withdrawal over HTTP: the quote (read under the operation's
 * lock, in a transaction that writes nothing) and the withdrawal with its
 * idempotency key.
 */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import { quote, withdraw } from '../withdrawals';

export type WithdrawalName = Extract<OperationName, `withdrawal.${string}`>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const withdrawalHandlers: Pick<Handlers, WithdrawalName> = {
  'withdrawal.quote': async ({ id }, ctx) => ctx.deps.db.transaction((tx) => quote(tx, id, ctx.deps.clock.today())),
  'withdrawal.withdraw': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'withdrawal.withdraw', userId: me.id, args }, async () => {
        await withdraw(tx, me, args, today);
        return { id: args.id };
      }),
    );
    return ctx.deps.db.transaction((tx) => quote(tx, args.id, today));
  },
};
