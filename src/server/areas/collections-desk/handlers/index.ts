/**
 * What src/server/routes.ts registers for the collections desk: the expired installments (list and export),
 * the dashboard's portfolio figures and the menu's attention counts, all as of the business date; an operation's
 * contact log and a new contact (in one transaction with its idempotency key, the log entry read back after it).
 */
import { isRoleId } from '@shared/roles';
import { requireAuth, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import { attentionOf } from '../attention';
import { contactLog, logContact } from '../contacts';
import { exportExpiredInstallments, listExpiredInstallments } from '../overdue';
import { portfolioOn } from '../portfolio';

export const collectionsHandlers: Pick<Handlers, 'collections.expiredInstallments' | 'collections.expiredInstallmentsExport' | 'collections.attention' | 'home.portfolio' | 'collections.contacts' | 'collections.logContact'> = {
  'collections.expiredInstallments': async (args, { deps }) => listExpiredInstallments(deps.db, args, deps.clock.today()),
  'collections.expiredInstallmentsExport': async (args, { deps }) => exportExpiredInstallments(deps.db, args, deps.clock.today()),
  'collections.attention': async (_args, ctx) => {
    const { user } = requireAuth(ctx);
    if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
    return attentionOf(ctx.deps.db, { id: user.id, role: user.role_id }, ctx.deps.clock.today());
  },
  'home.portfolio': async (_args, { deps }) => portfolioOn(deps.db, deps.clock.today()),
  'collections.contacts': async ({ id }, { deps }) => contactLog(deps.db, id, deps.clock.today()),
  'collections.logContact': async (args, ctx) => {
    const { user } = requireAuth(ctx);
    const today = ctx.deps.clock.today();
    const input = {
      operationId: args.id,
      channel: args.channel,
      direction: args.direction,
      outcome: args.outcome,
      note: args.note ?? null,
      contactedAt: args.contacted_at ?? null,
      promise: args.promise ?? null,
    };
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'collections.logContact', userId: user.id, args }, async () => ({
        id: await logContact(tx, user.id, input, today, ctx.deps.clock.now()),
      })),
    );
    const log = await contactLog(ctx.deps.db, args.id, today);
    const contact = log.items.find((c) => c.id === value.id);
    if (!contact) throw new Error(`contact ${value.id} not found after its commit`);
    return contact;
  },
};
