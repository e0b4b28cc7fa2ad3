/** The company's report calls: the IOF report as JSON, PDF and export rows (and the decêndio it opens on); the operations report as JSON and export rows; the remittances of a period as Excel and PDF. */
import { asc } from 'drizzle-orm';
import { FileReply, requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { companies } from '../../company/schema';
import { iofReport, iofReportRows } from '../iof-report';
import { decendioOf } from '../../../domain/iof-decendio';
import { renderIofReportPdf } from '../iof-pdf';
import { operationsReport, operationsReportRows } from '../operations-report';
import { periodFileName, remittancePeriodPdf, remittancePeriodWorkbook, remittancesOfPeriod } from '../remittance-period-report';

/** The row total of a decêndio in the Excel export (Portuguese, like every export). */
const DECENDIO_TOTAL = 'Total do decêndio';

async function companyName(ctx: HandlerContext): Promise<string> {
  const [row] = await ctx.deps.db.select({ legal: companies.legal_name, trade: companies.trade_name, cnpj: companies.cnpj }).from(companies).orderBy(asc(companies.id)).limit(1);
  if (!row) return '';
  const name = row.legal || row.trade;
  return row.cnpj ? `${name} — CNPJ ${row.cnpj}` : name;
}

export const reportsHandlers: Pick<Handlers, 'report.iof' | 'report.iofCurrentPeriod' | 'report.iofPdf' | 'report.iofExcel' | 'report.operations' | 'report.operationsExcel' | 'report.remittanceExcel' | 'report.remittancePdf'> = {
  'report.iof': async ({ filter }, ctx) => {
    requireAuth(ctx);
    return iofReport(ctx.deps.db, filter);
  },

  'report.iofCurrentPeriod': async (_args, ctx) => {
    requireAuth(ctx);
    const { start, end } = decendioOf(ctx.deps.clock.today());
    return { from: start, to: end };
  },

  'report.iofPdf': async ({ filter }, ctx) => {
    requireAuth(ctx);
    const report = await iofReport(ctx.deps.db, filter);
    const bytes = await renderIofReportPdf({ report, companyName: await companyName(ctx), issuedOn: ctx.deps.clock.today() });
    return FileReply.fromBytes(bytes, 'application/pdf', `relatorio-iof-${report.from}-a-${report.to}.pdf`);
  },

  'report.iofExcel': async ({ filter }, ctx) => {
    requireAuth(ctx);
    return { rows: iofReportRows(await iofReport(ctx.deps.db, filter), DECENDIO_TOTAL) };
  },

  'report.operations': async ({ filter, page, limit }, ctx) => {
    requireAuth(ctx);
    return operationsReport(ctx.deps.db, filter, page, limit);
  },

  'report.operationsExcel': async ({ filter }, ctx) => {
    requireAuth(ctx);
    return { rows: await operationsReportRows(ctx.deps.db, filter) };
  },

  'report.remittanceExcel': async ({ filter }, ctx) => {
    requireAuth(ctx);
    const bytes = await remittancePeriodWorkbook(filter, await remittancesOfPeriod(ctx.deps.db, filter), ctx.deps.clock.now());
    return FileReply.fromBytes(bytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', periodFileName(filter, 'xlsx'));
  },

  'report.remittancePdf': async ({ filter }, ctx) => {
    requireAuth(ctx);
    const bytes = await remittancePeriodPdf(filter, await remittancesOfPeriod(ctx.deps.db, filter), ctx.deps.clock.now());
    return FileReply.fromBytes(bytes, 'application/pdf', periodFileName(filter, 'pdf'));
  },
};
