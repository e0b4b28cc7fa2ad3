/**
 * The parameterized report: the operations report's WHERE and order with the
 * columns the person chose. Only the chosen columns are selected (the
 * per-operation sub-selects of the open installments and the assignee run
 * only when asked for); amounts stay numeric in SQL and travel as decimal
 * text with two places.
 */
import Decimal from 'decimal.js';
import { and, asc, count, eq, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { pageMeta } from '@shared/contract/common';
import { OPERATIONS_REPORT_EXPORT_MAX } from '@shared/contract/company-reports';
import { PARAMETERIZED_COLUMNS, type ParameterizedColumn, type ParameterizedReport, type ParameterizedRow } from '@shared/contract/company-report-parameterized';
import type { Db } from '../../db/connect';
import { LENDER_ZONE } from '../../platform/clock';
import { borrowers } from '../borrowers/schema';
import { assignmentBankAccounts } from '../company/schema';
import { creditOperationInstallments as inst, creditOperations as ops } from '../operations/schema';
import { cessionItems, cessionReversalItems, cessions } from '../servicing/schema-cession';
import { where, type OperationsFilter } from './operations-report';

export interface ParameterizedFilter extends OperationsFilter {
  columns: ParameterizedColumn[];
}

/** Installments of the current schedule still without a payment date, of an operation being collected. */
const openInstallments = and(eq(inst.credit_operation_id, ops.id), isNull(inst.superseded_in), isNull(inst.paid_on), eq(inst.collecting, true));

function expression(db: Db, key: ParameterizedColumn): SQL | PgColumn {
  switch (key) {
    case 'id':
      return ops.id;
    case 'borrower_name':
      return borrowers.name;
    case 'borrower_document':
      return borrowers.document;
    case 'product':
      return ops.product;
    case 'status':
      return ops.status;
    case 'created_on':
      // The lender's calendar day of the instant the operation was created.
      return sql<string>`to_char(${ops.created_at} AT TIME ZONE ${sql.raw(`'${LENDER_ZONE}'`)}, 'YYYY-MM-DD')`;
    case 'disbursement_date':
      return ops.disbursement_date;
    case 'first_due_date':
      return ops.first_due_date;
    case 'installments_count':
      return ops.installments_count;
    case 'monthly_rate':
      return ops.monthly_rate;
    case 'requested_amount':
      return ops.requested_amount;
    case 'principal':
      return ops.principal;
    case 'iof_total':
      return ops.iof_total;
    case 'fees_total':
      return ops.fees_total;
    case 'total_interest':
      return ops.total_interest;
    case 'total_payable':
      return ops.total_payable;
    case 'open_installments':
      return sql<number>`(${db.select({ n: sql`count(*)::int` }).from(inst).where(openInstallments)})`;
    case 'open_amount':
      return sql<string>`(${db.select({ total: sql`coalesce(sum(${inst.payment}), 0)::text` }).from(inst).where(openInstallments)})`;
    case 'assignee':
      return sql<string | null>`(${db
        .select({ names: sql`string_agg(DISTINCT ${assignmentBankAccounts.assignee_name}, ', ' ORDER BY ${assignmentBankAccounts.assignee_name})` })
        .from(cessionItems)
        .innerJoin(cessions, eq(cessions.id, cessionItems.cession_id))
        .innerJoin(assignmentBankAccounts, eq(assignmentBankAccounts.id, cessions.assignment_account_id))
        .where(and(eq(cessionItems.credit_operation_id, ops.id), notExists(db.select({ one: sql`1` }).from(cessionReversalItems).where(eq(cessionReversalItems.cession_item_id, cessionItems.id)))))})`;
  }
}

const FORMAT = new Map<string, string>(PARAMETERIZED_COLUMNS.map((c) => [c.key, c.format]));

/** A database value as the wire carries it: amounts with two places, counts as numbers, the rest as text. */
function cell(key: ParameterizedColumn, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  switch (FORMAT.get(key)) {
    case 'currency':
      return new Decimal(String(value)).toFixed(2);
    case 'integer':
      return Number(value);
    default:
      return String(value);
  }
}

function selection(db: Db, columns: readonly ParameterizedColumn[]): Record<string, SQL | PgColumn> {
  // Every row carries the operation's id (its link and key), whether or not the id column was chosen.
  const fields: Record<string, SQL | PgColumn> = { id: ops.id };
  for (const key of columns) fields[key] = expression(db, key);
  return fields;
}

function rows(db: Db, f: ParameterizedFilter) {
  return db
    .select(selection(db, f.columns))
    .from(ops)
    .innerJoin(borrowers, eq(borrowers.id, ops.borrower_id))
    .where(where(db, f))
    .orderBy(asc(ops.disbursement_date), asc(ops.id));
}

function shape(columns: readonly ParameterizedColumn[], raw: Record<string, unknown>): ParameterizedRow {
  const row: ParameterizedRow = { id: Number(raw.id) };
  for (const key of columns) row[key] = cell(key, raw[key]);
  return row;
}

export async function parameterizedReport(db: Db, f: ParameterizedFilter, page: number, limit: number): Promise<ParameterizedReport> {
  const [total] = await db.select({ n: count() }).from(ops).innerJoin(borrowers, eq(borrowers.id, ops.borrower_id)).where(where(db, f));
  const found = await rows(db, f)
    .limit(limit)
    .offset((page - 1) * limit);
  return { columns: f.columns, items: found.map((r) => shape(f.columns, r)), meta: pageMeta(page, limit, total.n) };
}

/** Every match up to the export's cap, for the workbook and the PDF. */
export async function parameterizedReportRows(db: Db, f: ParameterizedFilter): Promise<ParameterizedRow[]> {
  const found = await rows(db, f).limit(OPERATIONS_REPORT_EXPORT_MAX);
  return found.map((r) => shape(f.columns, r));
}
