/**
 * The IOF report: what was collected at each release of money, read from
 * the disbursements (the IOF as recorded when the money went out, which is
 * when the tax is charged), gathered by domain/iof-decendio.ts.
 *
 * The period asked is widened to whole decêndios so every total is the
 * whole DARF of its period; operations with no IOF have nothing to pay and
 * are left out.
 */
import Decimal from 'decimal.js';
import { and, asc, eq, gt, gte, lte } from 'drizzle-orm';
import type { IofReport } from '@shared/contract/company-reports';
import { IOF_REPORT_MAX_DAYS } from '@shared/contract/company-reports';
import type { Db } from '../../db/connect';
import { daysBetween } from '../../domain/credit/calendar';
import { decendioOf, groupIofByDecendio, type IofCharge } from '../../domain/iof-decendio';
import { badRequest } from '../../platform/http/errors';
import { creditOperations } from '../operations/schema';
import { disbursements } from '../servicing/schema';

export const IOF_REPORT_MESSAGES = {
  tooLong: (days: number) => `O período do relatório de IOF não pode passar de ${days} dias.`,
};

export async function iofReport(db: Db, period: { from: string; to: string }): Promise<IofReport> {
  if (daysBetween(period.from, period.to) > IOF_REPORT_MAX_DAYS) throw badRequest(IOF_REPORT_MESSAGES.tooLong(IOF_REPORT_MAX_DAYS), 'filter.to');
  const from = decendioOf(period.from).start;
  const to = decendioOf(period.to).end;
  const rows = await db
    .select({ date: disbursements.disbursed_on, amount: disbursements.iof, rates: creditOperations.iof_rates })
    .from(disbursements)
    .innerJoin(creditOperations, eq(disbursements.credit_operation_id, creditOperations.id))
    .where(and(gte(disbursements.disbursed_on, from), lte(disbursements.disbursed_on, to), gt(disbursements.iof, '0')))
    .orderBy(asc(disbursements.disbursed_on));
  const charges: IofCharge[] = rows.map((r) => ({ date: r.date, personType: r.rates.personType, amount: r.amount }));
  const groups = groupIofByDecendio(charges);
  return {
    from,
    to,
    decendios: groups.map((g) => ({ ...g.decendio, due_date: g.due_date, lines: g.lines, operation_count: g.operation_count, total: g.total })),
    operation_count: charges.length,
    total: groups.reduce((sum, g) => sum.plus(g.total), new Decimal(0)).toFixed(2),
  };
}

/** The report as export rows: one per decêndio and payer, then the decêndio's total. */
export function iofReportRows(report: IofReport, totalLabel: string): Array<Record<string, string | number | null>> {
  const rows: Array<Record<string, string | number | null>> = [];
  for (const d of report.decendios) {
    for (const line of d.lines) {
      rows.push({ start: d.start, end: d.end, payer_type: line.payer_type, darf_code: line.darf_code, operation_count: line.operation_count, total: line.total, due_date: d.due_date });
    }
    rows.push({ start: d.start, end: d.end, payer_type: totalLabel, darf_code: null, operation_count: d.operation_count, total: d.total, due_date: d.due_date });
  }
  return rows;
}
