/**
 * Collection's calls on an installment (its state as of a date, payments,
 * reversals and their four eyes): who asks, one transaction per money movement
 * with its idempotency key, then the answer read back after the commit.
 */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import type { DisbursementName } from '../../servicing';
import { loadInstallmentDetails, loadInstallments } from '../installments';
import { decideReversal, payAndDescribe, reverse, weighReversal, type PaymentOutcome } from '../payments';

/** The servicing namespace's calls on installments (the release is the core's, servicing/handlers; the journal the ledger's). */
export type PaymentName = Exclude<Extract<OperationName, `servicing.${string}`>, 'servicing.journal' | DisbursementName>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const paymentHandlers: Pick<Handlers, PaymentName> = {
  'servicing.installments': async ({ id, date }, { deps }) => loadInstallments(deps.db, id, date ?? deps.clock.today()),

  'servicing.installmentDetails': async ({ id, installment, date }, { deps }) => loadInstallmentDetails(deps.db, id, installment, date ?? deps.clock.today()),

  'servicing.reversalWeight': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    return ctx.deps.db.transaction((tx) => weighReversal(tx, me, args, today));
  },

  'servicing.pay': async (args, ctx) => {
    const me = actor(ctx);
    const { idempotency_key, ...input } = args;
    const today = ctx.deps.clock.today();
    // The details built under the lock answer the call; a replayed key (no work done now) reads them back.
    let details: PaymentOutcome['details'] | null = null;
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: idempotency_key, operation: 'servicing.pay', userId: me.id, args }, async () => {
        const outcome = await payAndDescribe(tx, me, input, today);
        details = outcome.details;
        return { id: outcome.id };
      }),
    );
    return details ?? loadInstallmentDetails(ctx.deps.db, args.id, args.installment, today);
  },

  'servicing.reverse': async (args, ctx) => {
    const me = actor(ctx);
    const { idempotency_key, ...input } = args;
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: idempotency_key, operation: 'servicing.reverse', userId: me.id, args }, async () => reverse(tx, me, input, today)),
    );
    return loadInstallmentDetails(ctx.deps.db, args.id, args.installment, today);
  },

  'servicing.decideReversal': async (args, ctx) => {
    const me = actor(ctx);
    const { idempotency_key, ...input } = args;
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) =>
      once(tx, { key: idempotency_key, operation: 'servicing.decideReversal', userId: me.id, args }, async () => {
        await decideReversal(tx, me, input, today);
        return { ok: true };
      }),
    );
    return loadInstallmentDetails(ctx.deps.db, args.id, args.installment, today);
  },
};
