/**
 * What src/server/routes.ts registers for the reminders: the rules (read, save), the run on demand, the list and a
 * borrower's opt-outs.
 */
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import type { Actor } from '../../operations';
import { listReminders } from '../list';
import { runReminders } from '../job';
import { optOutsOf, readSettings, saveSettings, setOptOuts } from '../settings';
import { smsProviderFromSettings } from '../../messages';

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const reminderHandlers: Pick<Handlers, 'reminders.settings' | 'reminders.saveSettings' | 'reminders.run' | 'reminders.list' | 'reminders.optOuts' | 'reminders.setOptOuts'> = {
  'reminders.settings': async (_args, { deps }) => readSettings(deps.db),
  'reminders.saveSettings': async (args, ctx) => saveSettings(ctx.deps.db, actor(ctx).id, args),
  'reminders.run': async (_args, ctx) => {
    const me = actor(ctx);
    const { deps } = ctx;
    const sms = deps.sms ?? smsProviderFromSettings(process.env.SMS_PROVIDER, deps.mailer);
    return runReminders(deps.db, { mailer: deps.mailer, sms }, deps.clock.now(), deps.clock.today(), me);
  },
  'reminders.list': async (args, { deps }) => listReminders(deps.db, args.status ?? null, args.page ?? 1),
  'reminders.optOuts': async ({ id }, { deps }) => optOutsOf(deps.db, id),
  'reminders.setOptOuts': async ({ id, channels }, ctx) => setOptOuts(ctx.deps.db, actor(ctx).id, id, channels),
};
