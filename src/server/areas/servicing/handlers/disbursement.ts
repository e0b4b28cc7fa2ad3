/**
 * The release's calls: who asks, one transaction with its idempotency key,
 * then the answer read back after the commit.
 */
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import { disburse, loadDisbursement, type DisbursementName } from '../disbursement';

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const disbursementHandlers: Pick<Handlers, DisbursementName> = {
  'servicing.disbursement': async ({ id }, { deps }) => loadDisbursement(deps.db, id),

  'servicing.disburse': async (args, ctx) => {
    const me = actor(ctx);
    const { idempotency_key, ...input } = args;
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: idempotency_key, operation: 'servicing.disburse', userId: me.id, args }, async () => ({ id: await disburse(tx, me, input, today) })),
    );
    return loadDisbursement(ctx.deps.db, args.id);
  },
};
