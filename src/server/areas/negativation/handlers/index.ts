/** What src/server/routes.ts registers for negativação: the list, the candidates, the submit, the job, one record. */
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import type { Actor } from '../../operations';
import { candidates, listRecords, recordWithEvents } from '../reads';
import { submitInstallment } from '../submit';
import { runNegativation } from '../job';
import { negativationProvider } from '../provider';

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const negativationHandlers: Pick<Handlers, 'negativation.list' | 'negativation.candidates' | 'negativation.submit' | 'negativation.run' | 'negativation.get'> = {
  'negativation.list': async (args, { deps }) =>
    listRecords(deps.db, deps.clock.today(), { status: args.status ?? null, overdueRemoval: args.overdue_removal === undefined ? null : args.overdue_removal === 'true', page: args.page ?? 1 }),
  'negativation.candidates': async (args, { deps }) => candidates(deps.db, deps.clock.today(), args.page ?? 1),
  'negativation.submit': async (args, ctx) => submitInstallment(ctx.deps.db, negativationProvider(), actor(ctx), args.installment_id, ctx.deps.clock.today()),
  'negativation.run': async (_args, ctx) => runNegativation(ctx.deps.db, negativationProvider(), ctx.deps.clock.today(), actor(ctx)),
  'negativation.get': async ({ id }, { deps }) => recordWithEvents(deps.db, id, deps.clock.today()),
};
