/** The assignee's statement for an account and a period (a read; the period checked by the contract), and the transfers of collected money to the assignee. */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import { assigneeStatement } from '../assignee-statement';
import { recordTransfer, reverseTransfer, transferOut } from '../assignee-transfer';

export type AssigneeStatementName = Extract<OperationName, `assigneeStatement.${string}`>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const assigneeStatementHandlers: Pick<Handlers, AssigneeStatementName> = {
  'assigneeStatement.get': async ({ accountId, from, to }, { deps }) => assigneeStatement(deps.db, accountId, from, to),

  'assigneeStatement.transfer': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const done = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'assigneeStatement.transfer', userId: me.id, args: { ...args } }, async () =>
        transferOut(await recordTransfer(tx, me, { accountId: args.accountId, date: args.date, amount: args.amount, fee: args.fee, companyBankAccountId: args.company_bank_account_id }, today)),
      ),
    );
    return done.value;
  },

  'assigneeStatement.reverseTransfer': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const done = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'assigneeStatement.reverseTransfer', userId: me.id, args: { ...args } }, async () =>
        transferOut(await reverseTransfer(tx, me, { accountId: args.accountId, transfer: args.transfer, reason: args.reason }, today)),
      ),
    );
    return done.value;
  },
};
