/**
 * Return-file calls: the preview (reads only), settling in one transaction
 * with its idempotency key (everything the file does, or nothing; the key
 * keeps the import's id, and a replay answers the stored import as the first
 * call answered it), the history and one stored import.
 */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import { previewReturn, returnDetail, returnHistory, settlementKept, settleReturn } from '../cnab-return';

export type CnabReturnName = Extract<OperationName, `cnabReturn.${string}`>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const cnabReturnHandlers: Pick<Handlers, CnabReturnName> = {
  'cnabReturn.preview': async ({ bankCode, file_name, content }, ctx) =>
    previewReturn(ctx.deps.db, actor(ctx), { bankCode, fileName: file_name, content }, ctx.deps.clock.today()),

  'cnabReturn.settle': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(
        tx,
        { key: args.idempotency_key, operation: 'cnabReturn.settle', userId: me.id, args },
        () => settleReturn(tx, me, { bankCode: args.bankCode, fileName: args.file_name, content: args.content }, today),
        settlementKept(tx),
      ),
    );
    return value;
  },

  'cnabReturn.history': async ({ bankCode }, { deps }) => returnHistory(deps.db, bankCode),

  'cnabReturn.get': async ({ bankCode, returnId }, { deps }) => returnDetail(deps.db, bankCode, returnId),
};
