/** Custodian return calls: preview (nothing written), apply in one transaction with its idempotency key, history, one import. */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import { applyCustodianReturn, custodianReturnHistory, previewCustodianReturn, storedImport } from '../custodian-return';

export type CustodianReturnName = Extract<OperationName, `custodianReturn.${string}`>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const custodianReturnHandlers: Pick<Handlers, CustodianReturnName> = {
  'custodianReturn.preview': async (args, { deps }) =>
    previewCustodianReturn(deps.db, { bankCode: args.bankCode, accountId: args.assignment_account_id, fileName: args.file_name, content: args.content }, deps.clock.today()),

  'custodianReturn.apply': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const file = { bankCode: args.bankCode, accountId: args.assignment_account_id, fileName: args.file_name, content: args.content };
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'custodianReturn.apply', userId: me.id, args }, () => applyCustodianReturn(tx, me, file, today)),
    );
    return value;
  },

  'custodianReturn.history': async ({ bankCode, assignment_account_id }, { deps }) => custodianReturnHistory(deps.db, bankCode, assignment_account_id),

  'custodianReturn.get': async ({ bankCode, returnId }, { deps }) => storedImport(deps.db, bankCode, returnId),
};
