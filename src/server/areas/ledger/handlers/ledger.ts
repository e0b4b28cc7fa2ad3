/** The ledger's calls: the trial balance on a date, one operation's journal and the monthly balancete by COSIF account (reads only; postings come with the movements). */
import { asc } from 'drizzle-orm';
import type { OperationName } from '@shared/contract/index';
import { FileReply, requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { badRequest, MESSAGES } from '../../../platform/http/errors';
import { findOperation } from '../../operations';
import { companies } from '../../company/schema';
import { operationJournal, trialBalanceOn } from '../reads';
import { balancete, balanceteRows } from '../balancete';
import { renderBalancetePdf } from '../balancete-pdf';

/** The company heading the PDF: its legal (or trade) name and CNPJ, as the reports' PDFs print it. */
async function companyName(ctx: HandlerContext): Promise<string> {
  const [row] = await ctx.deps.db.select({ legal: companies.legal_name, trade: companies.trade_name, cnpj: companies.cnpj }).from(companies).orderBy(asc(companies.id)).limit(1);
  if (!row) return '';
  const name = row.legal || row.trade;
  return row.cnpj ? `${name} — CNPJ ${row.cnpj}` : name;
}

type LedgerName = Exclude<Extract<OperationName, `ledger.${string}` | 'servicing.journal'>, `ledger.close${string}`>;

/** The balancete has one order (the chart's, by COSIF code): any sort field sent is refused, not silently ignored. */
function refuseSort(sort: { field?: string | null } | null | undefined): void {
  if (sort?.field) throw badRequest(MESSAGES.unknownSort(sort.field), 'sort.field');
}

export const ledgerHandlers: Pick<Handlers, LedgerName> = {
  // The operation's journal keeps its servicing path (/api/credit-operations/:id/journal): it is read from the operation's screen.
  'servicing.journal': async ({ id }, { deps }) => {
    const op = await findOperation(deps.db, id);
    return operationJournal(deps.db, op.id);
  },

  'ledger.trialBalance': async ({ date }, { deps }) => trialBalanceOn(deps.db, date ?? deps.clock.today()),

  'ledger.balancete': async ({ filter, sort }, ctx) => {
    requireAuth(ctx);
    refuseSort(sort);
    return balancete(ctx.deps.db, filter?.month ?? ctx.deps.clock.today().slice(0, 7));
  },

  'ledger.balanceteExcel': async ({ filter, sort }, ctx) => {
    requireAuth(ctx);
    refuseSort(sort);
    return { rows: balanceteRows(await balancete(ctx.deps.db, filter?.month ?? ctx.deps.clock.today().slice(0, 7))) };
  },

  'ledger.balancetePdf': async ({ filter, sort }, ctx) => {
    requireAuth(ctx);
    refuseSort(sort);
    const b = await balancete(ctx.deps.db, filter?.month ?? ctx.deps.clock.today().slice(0, 7));
    const bytes = await renderBalancetePdf({ balancete: b, companyName: await companyName(ctx), issuedOn: ctx.deps.clock.today() });
    return FileReply.fromBytes(bytes, 'application/pdf', `balancete-cosif-${b.month}.pdf`);
  },
};
