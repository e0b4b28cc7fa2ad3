/** The parameterized report's calls: the report as JSON, Excel and PDF, and its saved definitions (list, save by name, delete). */
import { asc, eq } from 'drizzle-orm';
import { FileReply, requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { assignmentBankAccounts, companies } from '../../company/schema';
import { parameterizedReport, parameterizedReportRows, type ParameterizedFilter } from '../parameterized-report';
import { parameterizedPdf, parameterizedWorkbook } from '../parameterized-files';
import { deleteSavedReport, listSavedReports, saveReport } from '../saved-reports';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The lender's company (the back office runs one; its reports are shared by its team). */
async function companyId(ctx: HandlerContext): Promise<number> {
  const [row] = await ctx.deps.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
  return row?.id ?? 1;
}

async function assigneeName(ctx: HandlerContext, f: ParameterizedFilter): Promise<string | null> {
  if (f.assignee === undefined) return null;
  const [row] = await ctx.deps.db.select({ name: assignmentBankAccounts.assignee_name }).from(assignmentBankAccounts).where(eq(assignmentBankAccounts.id, f.assignee));
  return row?.name ?? null;
}

const fileName = (ctx: HandlerContext, extension: 'xlsx' | 'pdf') => `relatorio-parametrizado-${ctx.deps.clock.today()}.${extension}`;

export const parameterizedHandlers: Pick<Handlers, 'report.parameterized' | 'report.parameterizedExcel' | 'report.parameterizedPdf' | 'report.savedReports' | 'report.saveReport' | 'report.deleteSavedReport'> = {
  'report.parameterized': async ({ filter, page, limit, sort }, ctx) => {
    requireAuth(ctx);
    return parameterizedReport(ctx.deps.db, filter, page, limit, { sort, today: ctx.deps.clock.today() });
  },

  'report.parameterizedExcel': async ({ filter, sort }, ctx) => {
    requireAuth(ctx);
    const rows = await parameterizedReportRows(ctx.deps.db, filter, { sort, today: ctx.deps.clock.today() });
    const bytes = await parameterizedWorkbook({ filter, rows, assigneeName: await assigneeName(ctx, filter), generatedAt: ctx.deps.clock.now() });
    return FileReply.fromBytes(bytes, XLSX, fileName(ctx, 'xlsx'));
  },

  'report.parameterizedPdf': async ({ filter, sort }, ctx) => {
    requireAuth(ctx);
    const rows = await parameterizedReportRows(ctx.deps.db, filter, { sort, today: ctx.deps.clock.today() });
    const bytes = await parameterizedPdf({ filter, rows, assigneeName: await assigneeName(ctx, filter) }, ctx.deps.clock.today());
    return FileReply.fromBytes(bytes, 'application/pdf', fileName(ctx, 'pdf'));
  },

  'report.savedReports': async (_args, ctx) => {
    requireAuth(ctx);
    return listSavedReports(ctx.deps.db, await companyId(ctx));
  },

  'report.saveReport': async ({ name, columns, filter, sort }, ctx) => {
    const auth = requireAuth(ctx);
    const company = await companyId(ctx);
    return ctx.deps.db.transaction((tx) => saveReport(tx, company, auth.user.id, { name, columns, filter, sort }));
  },

  'report.deleteSavedReport': async ({ id }, ctx) => {
    const auth = requireAuth(ctx);
    const company = await companyId(ctx);
    await ctx.deps.db.transaction((tx) => deleteSavedReport(tx, company, auth.user.id, id));
    return { ok: true as const };
  },
};
