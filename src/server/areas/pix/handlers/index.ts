/** What src/server/routes.ts registers for this area: its handlers (other areas call index.ts, never these). */
import { requireAuth, type Handlers } from '../../../platform/http/handler';
import { readPixSettings, savePixSettings } from '../settings';
import { receiveNotices } from '../notices';

export const pixHandlers: Pick<Handlers, 'pix.settings' | 'pix.saveSettings' | 'pix.webhook'> = {
  'pix.settings': async ({ id }, ctx) => readPixSettings(ctx.deps.db, id),
  'pix.saveSettings': async (args, ctx) => savePixSettings(ctx.deps.db, requireAuth(ctx).user.id, args),
  // The router checked the provider's signature before this runs (access 'provider', notices.ts's checkProviderCall).
  'pix.webhook': async ({ company_id, pix }, ctx) => receiveNotices(ctx.deps.db, company_id, pix, ctx.deps.clock.today()),
};
