/** A cession's price settled with the assignee over HTTP: one transaction per write with its idempotency key, the price read back after the commit. */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import { askPriceWriteOff, decidePriceWriteOff, listCessionPrices, loadCessionPrice, recordPriceReceipt, reversePriceReceipt } from '../cession-price';

export type CessionPriceName = Extract<OperationName, `cessionPrice.${string}`>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const cessionPriceHandlers: Pick<Handlers, CessionPriceName> = {
  'cessionPrice.list': async ({ owed }, { deps }) => listCessionPrices(deps.db, owed),

  'cessionPrice.get': async ({ cession }, { deps }) => loadCessionPrice(deps.db, cession),

  'cessionPrice.receive': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'cessionPrice.receive', userId: me.id, args: { ...args } }, async () => ({
        id: await recordPriceReceipt(tx, me, { cession: args.cession, date: args.date, amount: args.amount, companyBankAccountId: args.company_bank_account_id }, today),
      })),
    );
    return loadCessionPrice(ctx.deps.db, args.cession);
  },

  'cessionPrice.reverseReceipt': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'cessionPrice.reverseReceipt', userId: me.id, args: { ...args } }, async () => ({
        id: await reversePriceReceipt(tx, me, { cession: args.cession, receipt: args.receipt, reason: args.reason }, today),
      })),
    );
    return loadCessionPrice(ctx.deps.db, args.cession);
  },

  'cessionPrice.askWriteOff': async (args, ctx) => {
    const me = actor(ctx);
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'cessionPrice.askWriteOff', userId: me.id, args: { ...args } }, async () => ({
        id: await askPriceWriteOff(tx, me, { cession: args.cession, reason: args.reason }),
      })),
    );
    return loadCessionPrice(ctx.deps.db, args.cession);
  },

  'cessionPrice.decideWriteOff': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'cessionPrice.decideWriteOff', userId: me.id, args: { ...args } }, async () => {
        await decidePriceWriteOff(tx, me, { cession: args.cession, approve: args.approve, reason: args.reason }, today);
        return { ok: true };
      }),
    );
    return loadCessionPrice(ctx.deps.db, args.cession);
  },
};
