/**
 * The operations report: the operations an analyst filters by planned release
 * date, status, product, borrower and assignee, read from the operations and
 * borrowers tables (servicing's standing cessions for the assignee); one WHERE for the page, the totals and the export, so they always
 * agree. Sums stay numeric in SQL and travel as decimal text with two places.
 */
import Decimal from 'decimal.js';
import { and, asc, count, eq, gte, ilike, inArray, lte, or, sql, sum, type SQL } from 'drizzle-orm';
import type { CreditOperationStatus } from '@shared/enums';
import { pageMeta, type PageMeta } from '@shared/contract/common';
import { OPERATIONS_REPORT_EXPORT_MAX, type OperationsReportItem } from '@shared/contract/company-reports';
import type { Db } from '../../db/connect';
import { containsPattern } from '../../domain/like';
import { borrowers } from '../borrowers/schema';
import { creditOperations as ops } from '../operations/schema';
import { cededToAssignee } from '../servicing';

export interface OperationsFilter {
  from?: string;
  to?: string;
  status?: CreditOperationStatus | CreditOperationStatus[];
  product?: string;
  borrower?: string;
  /** an assignment account's id */
  assignee?: number;
}

const two = (v: string | null | undefined) => new Decimal(v ?? 0).toFixed(2);

/** The operations report's WHERE (over operations joined to borrowers), shared with the parameterized report. */
export function where(db: Db, f: OperationsFilter): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  if (f.from) parts.push(gte(ops.disbursement_date, f.from));
  if (f.to) parts.push(lte(ops.disbursement_date, f.to));
  if (f.status) parts.push(inArray(ops.status, Array.isArray(f.status) ? f.status : [f.status]));
  if (f.product) parts.push(eq(ops.product, f.product));
  if (f.borrower) {
    const digits = f.borrower.replace(/\D/g, '');
    const pattern = containsPattern(f.borrower);
    // Documents are stored masked or not: the digits are compared with the mask removed.
    parts.push(or(ilike(borrowers.name, pattern), ilike(borrowers.document, pattern), digits ? sql`regexp_replace(${borrowers.document}, '\\D', '', 'g') LIKE ${containsPattern(digits)}` : undefined));
  }
  // Servicing's rule of a standing cession (approved, not reversed, not bought back).
  if (f.assignee !== undefined) parts.push(cededToAssignee(ops.id, f.assignee));
  return and(...parts);
}

const itemColumns = {
  id: ops.id,
  borrower_name: borrowers.name,
  borrower_document: borrowers.document,
  product: ops.product,
  status: ops.status,
  disbursement_date: ops.disbursement_date,
  installments_count: ops.installments_count,
  monthly_rate: ops.monthly_rate,
  principal: ops.principal,
  iof_total: ops.iof_total,
  total_payable: ops.total_payable,
};

function items(db: Db, f: OperationsFilter) {
  return db.select(itemColumns).from(ops).innerJoin(borrowers, eq(borrowers.id, ops.borrower_id)).where(where(db, f)).orderBy(asc(ops.disbursement_date), asc(ops.id));
}

const money = (r: OperationsReportItem): OperationsReportItem => ({ ...r, principal: two(r.principal), iof_total: two(r.iof_total), total_payable: two(r.total_payable) });

export async function operationsReport(db: Db, f: OperationsFilter, page: number, limit: number): Promise<{ items: OperationsReportItem[]; meta: PageMeta; totals: { count: number; principal: string; iof_total: string; total_payable: string } }> {
  const [totals] = await db
    .select({ n: count(), principal: sum(ops.principal), iof: sum(ops.iof_total), payable: sum(ops.total_payable) })
    .from(ops)
    .innerJoin(borrowers, eq(borrowers.id, ops.borrower_id))
    .where(where(db, f));
  const rows = await items(db, f).limit(limit).offset((page - 1) * limit);
  return {
    items: rows.map(money),
    meta: pageMeta(page, limit, totals.n),
    totals: { count: totals.n, principal: two(totals.principal), iof_total: two(totals.iof), total_payable: two(totals.payable) },
  };
}

export async function operationsReportRows(db: Db, f: OperationsFilter): Promise<Array<Record<string, string | number>>> {
  const rows = await items(db, f).limit(OPERATIONS_REPORT_EXPORT_MAX);
  return rows.map(money);
}
