/** The accrual's calls: run up to a date (AllAdmins, logged) and its status. */
import type { Handlers } from '../../../platform/http/handler';
import { requireAuth } from '../../../platform/http/handler';
import { accrualStatus, runAccrual } from '../accrual/service';

export const accrualHandlers: Pick<Handlers, 'ledgerAccrual.run' | 'ledgerAccrual.status'> = {
  'ledgerAccrual.run': async ({ date }, ctx) => runAccrual(ctx.deps.db, requireAuth(ctx).user.id, date, ctx.deps.clock.today()),
  'ledgerAccrual.status': async (_args, ctx) => {
    requireAuth(ctx);
    return accrualStatus(ctx.deps.db);
  },
};
