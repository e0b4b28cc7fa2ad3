/**
 * Manual remittance calls: the list of what can be picked (always page 1),
 * hiding and showing an installment again, generating the file of a pick in
 * one transaction with its idempotency key, and the manual files made.
 */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import { createManualRemittance, hideInstallment, listManualInstallments, manualRemittanceHistory, unhideInstallment } from '../remittance-manual';

export type RemittanceManualName = Extract<OperationName, `remittanceManual.${string}`>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const remittanceManualHandlers: Pick<Handlers, RemittanceManualName> = {
  'remittanceManual.list': async ({ limit, filter }, { deps }) => listManualInstallments(deps.db, { limit, filter }, deps.clock.today()),

  'remittanceManual.create': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'remittanceManual.create', userId: me.id, args }, () =>
        createManualRemittance(tx, me, { bankAccountId: args.bank_account_id, installmentIds: args.installment_ids }, today),
      ),
    );
    return value;
  },

  'remittanceManual.hide': async ({ id, id2 }, ctx) => {
    const me = actor(ctx);
    return ctx.deps.db.transaction((tx) => hideInstallment(tx, me, id, id2));
  },

  'remittanceManual.unhide': async ({ id, id2 }, ctx) => {
    const me = actor(ctx);
    return ctx.deps.db.transaction((tx) => unhideInstallment(tx, me, id, id2));
  },

  'remittanceManual.history': async ({ bank_account_id }, { deps }) => manualRemittanceHistory(deps.db, bank_account_id),
};
