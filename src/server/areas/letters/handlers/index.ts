/**
 * What src/server/handlers/letters.ts registers: the statement is read, rendered and logged; the three letters are
 * filled from the company's template of their kind, kept with its version (issued.ts) and logged (who issued which
 * letter, for which day, the amount it states) before their bytes go back to the main process, which saves them.
 */
import type { OperationName } from '@shared/contract/index';
import { FileReply, requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { logActivity } from '../../../platform/activity';
import { annualOf, dischargeOf, payoffOf, statementOf } from '../figures';
import { issuedText, issueLetter, listIssued, type LetterToIssue } from '../issued';
import { annualFileName, annualLetter, dischargeFileName, dischargeLetter, payoffFileName, payoffLetter, renderLetter, renderStatement, statementFileName } from '../pdf';

export type LettersName = Extract<OperationName, `letters.${string}`>;

const PDF = 'application/pdf';

async function issued(ctx: HandlerContext, letter: LetterToIssue): Promise<FileReply> {
  const { user } = requireAuth(ctx);
  const { text, fileName } = await issueLetter(ctx.deps.db, user.id, letter);
  return FileReply.fromBytes(await renderLetter(text), PDF, fileName);
}

export const lettersHandlers: Pick<Handlers, LettersName> = {
  'letters.statement': async ({ id, date }, ctx) => {
    const { user } = requireAuth(ctx);
    const today = ctx.deps.clock.today();
    const s = await statementOf(ctx.deps.db, id, date, today);
    const bytes = await renderStatement(s, today);
    await logActivity(ctx.deps.db, { actorId: user.id, action: 'letter.statement', entity: 'credit_operation', entityId: s.op.id, after: { kind: 'statement', letter_day: s.date, amount: s.totals.balance } });
    return FileReply.fromBytes(bytes, PDF, statementFileName(s));
  },

  'letters.payoff': async ({ id, valid_until }, ctx) => {
    const p = await payoffOf(ctx.deps.db, id, valid_until, ctx.deps.clock.today());
    return issued(ctx, {
      kind: 'payoff',
      companyId: p.companyId,
      borrowerId: p.borrower.id,
      operationId: p.op.id,
      letterDay: p.validUntil,
      fileName: payoffFileName(p),
      make: (template) => payoffLetter(p, template),
      logged: { valid_until: p.validUntil, amount: p.quote.settlement_total },
    });
  },

  'letters.discharge': async ({ id }, ctx) => {
    const today = ctx.deps.clock.today();
    const d = await dischargeOf(ctx.deps.db, id, today);
    return issued(ctx, {
      kind: 'discharge',
      companyId: d.companyId,
      borrowerId: d.borrower.id,
      operationId: d.op.id,
      letterDay: d.settledOn,
      fileName: dischargeFileName(d),
      make: (template) => dischargeLetter(d, today, template),
      logged: { letter_day: d.settledOn, amount: d.totalPaid },
    });
  },

  'letters.annual': async ({ id, year }, ctx) => {
    const today = ctx.deps.clock.today();
    const a = await annualOf(ctx.deps.db, id, year, today);
    return issued(ctx, {
      kind: 'annual',
      companyId: a.companyId,
      borrowerId: a.borrower.id,
      operationId: null,
      letterDay: `${a.year}-12-31`,
      fileName: annualFileName(a),
      make: (template) => annualLetter(a, today, template),
      logged: { year: a.year, total: a.total },
    });
  },

  'letters.issued': async (args, ctx) => listIssued(ctx.deps.db, args),

  'letters.reprint': async ({ id }, ctx) => {
    const { user } = requireAuth(ctx);
    const { text, fileName, row } = await issuedText(ctx.deps.db, id);
    const bytes = await renderLetter(text);
    await logActivity(ctx.deps.db, {
      actorId: user.id,
      action: 'letter.reprint',
      entity: row.credit_operation_id === null ? 'borrower' : 'credit_operation',
      entityId: row.credit_operation_id ?? row.borrower_id,
      after: { kind: row.kind, letter_id: row.id, template_version: row.template_version },
    });
    return FileReply.fromBytes(bytes, PDF, fileName);
  },
};
