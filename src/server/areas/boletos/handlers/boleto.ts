/**
 * Boleto and carnê calls: the slips reserved and recorded in one transaction
 * (boleto.ts), then drawn from what was recorded after the commit, so the
 * operation's lock is not held while the PDF is rendered.
 */
import { isRoleId } from '@shared/roles';
import { FileReply, requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import type { Actor } from '../../operations';
import { boletoFileName, boletoRegistration, carneFileName, issueBoleto, issueCarne } from '../boleto';
import { renderBoletoPdf, renderCarnePdf } from '../boleto-pdf';

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const boletoHandlers: Pick<Handlers, 'boleto.slip' | 'boleto.carne' | 'boleto.registration'> = {
  'boleto.slip': async ({ x }, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const slip = await ctx.deps.db.transaction((tx) => issueBoleto(tx, me, x, today));
    return FileReply.fromBytes(await renderBoletoPdf(slip.input), 'application/pdf', boletoFileName(slip));
  },

  'boleto.carne': async ({ credit_operation_id }, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const slips = await ctx.deps.db.transaction((tx) => issueCarne(tx, me, credit_operation_id, today));
    return FileReply.fromBytes(await renderCarnePdf(slips.map((s) => s.input)), 'application/pdf', carneFileName(credit_operation_id));
  },

  // Where the installment's title is registered: read only, for the installment's screen and the print dialog.
  'boleto.registration': async ({ x }, ctx) => {
    requireAuth(ctx);
    return boletoRegistration(ctx.deps.db, x);
  },
};
