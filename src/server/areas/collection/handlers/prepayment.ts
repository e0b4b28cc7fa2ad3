/**
 * Prepayment calls: the quote, the simulation and the list read; applying is
 * one transaction with its idempotency key, then the prepayment read back
 * after the commit.
 */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import { applyPrepayment, listPrepayments, loadPrepayment, quotePrepayment, scheduleVersionOf, simulatePrepayment } from '../prepayment';

export type PrepaymentName = Extract<OperationName, `prepayment.${string}`>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const prepaymentHandlers: Pick<Handlers, PrepaymentName> = {
  'prepayment.quote': async ({ id, startDate }, { deps }) => quotePrepayment(deps.db, id, startDate, deps.clock.today()),

  'prepayment.simulate': async ({ id, amount, date }, { deps }) => simulatePrepayment(deps.db, id, { amount, date }, deps.clock.today()),

  'prepayment.list': async ({ id }, { deps }) => listPrepayments(deps.db, id),

  'prepayment.scheduleVersion': async ({ id, version }, { deps }) => scheduleVersionOf(deps.db, id, version),

  'prepayment.apply': async (args, ctx) => {
    const me = actor(ctx);
    const { idempotency_key, ...input } = args;
    const today = ctx.deps.clock.today();
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: idempotency_key, operation: 'prepayment.apply', userId: me.id, args }, async () => ({ id: await applyPrepayment(tx, me, input, today) })),
    );
    return loadPrepayment(ctx.deps.db, args.id, value.id);
  },
};
