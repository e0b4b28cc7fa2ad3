/**
 * Valores a identificar over HTTP: the list and one item (reads), and the
 * moves — apply, refund, the second person's answer on a refund — each in one
 * transaction with its idempotency key, the item read back after the commit.
 */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import { applyItem, decideRefund, listSuspense, loadSuspenseItem, refundItem } from '../items';
import { applyItemToAgreement } from '../apply-agreement';

export type SuspenseName = Extract<OperationName, `suspense.${string}`>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const suspenseHandlers: Pick<Handlers, SuspenseName> = {
  'suspense.list': async (args, ctx) => listSuspense(ctx.deps.db, args, ctx.deps.clock.today(), requireAuth(ctx).user.id),

  'suspense.get': async ({ item }, ctx) => loadSuspenseItem(ctx.deps.db, item, requireAuth(ctx).user.id),

  'suspense.apply': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'suspense.apply', userId: me.id, args }, async () => ({
        id: await applyItem(tx, me, { item: args.item, installmentId: args.installment_id, amount: args.amount ?? null }, today),
      })),
    );
    return loadSuspenseItem(ctx.deps.db, args.item, me.id);
  },

  'suspense.applyAgreement': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'suspense.applyAgreement', userId: me.id, args }, async () => ({
        id: await applyItemToAgreement(tx, me, { item: args.item, agreementInstallmentId: args.agreement_installment_id, amount: args.amount ?? null }, today),
      })),
    );
    return loadSuspenseItem(ctx.deps.db, args.item, me.id);
  },

  'suspense.refund': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'suspense.refund', userId: me.id, args }, async () =>
        refundItem(tx, me, { item: args.item, borrowerBankAccountId: args.borrower_bank_account_id, note: args.note ?? null }, today),
      ),
    );
    return loadSuspenseItem(ctx.deps.db, args.item, me.id);
  },

  'suspense.decideRefund': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'suspense.decideRefund', userId: me.id, args }, async () => {
        await decideRefund(tx, me, { item: args.item, approve: args.approve, reason: args.reason ?? null }, today);
        return { ok: true };
      }),
    );
    return loadSuspenseItem(ctx.deps.db, args.item, me.id);
  },
};
