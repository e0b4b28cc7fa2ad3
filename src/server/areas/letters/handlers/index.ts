/**
 * What src/server/handlers/letters.ts registers: each letter is read, rendered and logged (who issued which letter,
 * for which day, the amount it states) before its bytes go back to the main process, which saves them.
 */
import type { OperationName } from '@shared/contract/index';
import { FileReply, requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { logActivity } from '../../../platform/activity';
import { annualOf, dischargeOf, payoffOf, statementOf } from '../figures';
import { annualFileName, dischargeFileName, payoffFileName, renderAnnual, renderDischarge, renderPayoff, renderStatement, statementFileName } from '../pdf';

export type LettersName = Extract<OperationName, `letters.${string}`>;

const PDF = 'application/pdf';

async function logged(ctx: HandlerContext, entry: Omit<Parameters<typeof logActivity>[1], 'actorId'>): Promise<void> {
  const { user } = requireAuth(ctx);
  await logActivity(ctx.deps.db, { actorId: user.id, ...entry });
}

export const lettersHandlers: Pick<Handlers, LettersName> = {
  'letters.statement': async ({ id, date }, ctx) => {
    const today = ctx.deps.clock.today();
    const s = await statementOf(ctx.deps.db, id, date, today);
    const bytes = await renderStatement(s, today);
    await logged(ctx, { action: 'letter.statement', entity: 'credit_operation', entityId: s.op.id, after: { kind: 'statement', letter_day: s.date, amount: s.totals.balance } });
    return FileReply.fromBytes(bytes, PDF, statementFileName(s));
  },

  'letters.payoff': async ({ id, valid_until }, ctx) => {
    const today = ctx.deps.clock.today();
    const p = await payoffOf(ctx.deps.db, id, valid_until, today);
    const bytes = await renderPayoff(p);
    await logged(ctx, { action: 'letter.payoff', entity: 'credit_operation', entityId: p.op.id, after: { kind: 'payoff', valid_until: p.validUntil, amount: p.quote.settlement_total } });
    return FileReply.fromBytes(bytes, PDF, payoffFileName(p));
  },

  'letters.discharge': async ({ id }, ctx) => {
    const today = ctx.deps.clock.today();
    const d = await dischargeOf(ctx.deps.db, id, today);
    const bytes = await renderDischarge(d, today);
    await logged(ctx, { action: 'letter.discharge', entity: 'credit_operation', entityId: d.op.id, after: { kind: 'discharge', letter_day: d.settledOn, amount: d.totalPaid } });
    return FileReply.fromBytes(bytes, PDF, dischargeFileName(d));
  },

  'letters.annual': async ({ id, year }, ctx) => {
    const today = ctx.deps.clock.today();
    const a = await annualOf(ctx.deps.db, id, year, today);
    const bytes = await renderAnnual(a, today);
    await logged(ctx, { action: 'letter.annual', entity: 'borrower', entityId: a.borrower.id, after: { kind: 'annual', year: a.year, total: a.total } });
    return FileReply.fromBytes(bytes, PDF, annualFileName(a));
  },
};
