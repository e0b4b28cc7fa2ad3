/**
 * Boleto and carnê calls: the slips reserved and recorded in one transaction
 * (boleto.ts), then drawn from what was recorded after the commit, so the
 * operation's lock is not held while the PDF is rendered.
 */
import { isRoleId } from '@shared/roles';
import { FileReply, requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import type { Actor } from '../../operations';
import { boletoFileName, boletoRegistration, carneFileName, issueBoleto, issueCarne, type IssuedSlip } from '../boleto';
import type { BoletoPdfInput } from '../boleto-pdf';
import { dynamicPixCodes } from '../../pix';
import { renderBoletoPdf, renderCarnePdf } from '../boleto-pdf';
import { agreementBoletoFileName, agreementRegistration, issueAgreementBoleto } from '../agreement-slip';

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

/**
 * The slips' Pix codes, after the commit (areas/pix: a provider call never holds the operation's lock): each slip's
 * dynamic code for its charge when the company chose a Pix provider; none when that failed; else the static code on
 * the single boleto (the carnê had none before charges existed, and a static code would take the face value late).
 */
async function withPix(ctx: HandlerContext, slips: readonly IssuedSlip[], keepStatic: boolean): Promise<BoletoPdfInput[]> {
  const codes = await dynamicPixCodes(ctx.deps.db, slips.map((s) => s.charge));
  return slips.map(({ input, slip }) => {
    const code = codes.get(slip.id);
    if (code === undefined) return keepStatic ? input : { ...input, pix: undefined };
    if (code === null || !input.pix) return { ...input, pix: undefined };
    return { ...input, pix: { ...input.pix, payload: code } };
  });
}

export const boletoHandlers: Pick<Handlers, 'boleto.slip' | 'boleto.carne' | 'boleto.registration' | 'boleto.agreementRegistration' | 'boleto.agreementSlip'> = {
  'boleto.slip': async ({ x }, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const slip = await ctx.deps.db.transaction((tx) => issueBoleto(tx, me, x, today));
    const [input] = await withPix(ctx, [slip], true);
    return FileReply.fromBytes(await renderBoletoPdf(input), 'application/pdf', boletoFileName(slip));
  },

  'boleto.carne': async ({ credit_operation_id }, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const slips = await ctx.deps.db.transaction((tx) => issueCarne(tx, me, credit_operation_id, today));
    return FileReply.fromBytes(await renderCarnePdf(await withPix(ctx, slips, false)), 'application/pdf', carneFileName(credit_operation_id));
  },

  // An agreement installment's slip (renegotiation): recorded in a transaction, its Pix charge and PDF after the commit.
  'boleto.agreementSlip': async ({ x }, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const slip = await ctx.deps.db.transaction((tx) => issueAgreementBoleto(tx, me, x, today));
    const [input] = await withPix(ctx, [slip], true);
    return FileReply.fromBytes(await renderBoletoPdf(input), 'application/pdf', agreementBoletoFileName(slip));
  },

  // Where the installment's title is registered: read only, for the installment's screen and the print dialog.
  'boleto.registration': async ({ x }, ctx) => {
    requireAuth(ctx);
    return boletoRegistration(ctx.deps.db, x);
  },

  // Each installment of an agreement: read only, for the agreement's screen and its print buttons.
  'boleto.agreementRegistration': async ({ x }, ctx) => {
    requireAuth(ctx);
    return agreementRegistration(ctx.deps.db, x);
  },
};
