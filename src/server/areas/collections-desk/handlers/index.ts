/**
 * What src/server/routes.ts registers for the collections desk: the expired installments (list and export),
 * the dashboard's portfolio figures and the menu's attention counts, all as of the business date.
 */
import { isRoleId } from '@shared/roles';
import { requireAuth, type Handlers } from '../../../platform/http/handler';
import { attentionOf } from '../attention';
import { exportExpiredInstallments, listExpiredInstallments } from '../overdue';
import { portfolioOn } from '../portfolio';

export const collectionsHandlers: Pick<Handlers, 'collections.expiredInstallments' | 'collections.expiredInstallmentsExport' | 'collections.attention' | 'home.portfolio'> = {
  'collections.expiredInstallments': async (args, { deps }) => listExpiredInstallments(deps.db, args, deps.clock.today()),
  'collections.expiredInstallmentsExport': async (args, { deps }) => exportExpiredInstallments(deps.db, args, deps.clock.today()),
  'collections.attention': async (_args, ctx) => {
    const { user } = requireAuth(ctx);
    if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
    return attentionOf(ctx.deps.db, { id: user.id, role: user.role_id }, ctx.deps.clock.today());
  },
  'home.portfolio': async (_args, { deps }) => portfolioOn(deps.db, deps.clock.today()),
};
