/**
 * What src/server/routes.ts registers for the collections desk: the expired installments (list and export)
 * and the dashboard's portfolio figures, all as of the business date.
 */
import type { Handlers } from '../../../platform/http/handler';
import { exportExpiredInstallments, listExpiredInstallments } from '../overdue';
import { portfolioOn } from '../portfolio';

export const collectionsHandlers: Pick<Handlers, 'collections.expiredInstallments' | 'collections.expiredInstallmentsExport' | 'home.portfolio'> = {
  'collections.expiredInstallments': async (args, { deps }) => listExpiredInstallments(deps.db, args, deps.clock.today()),
  'collections.expiredInstallmentsExport': async (args, { deps }) => exportExpiredInstallments(deps.db, args, deps.clock.today()),
  'home.portfolio': async (_args, { deps }) => portfolioOn(deps.db, deps.clock.today()),
};
