/**
 * The parameterized report: the operations report's WHERE and order with the
 * columns the person chose, or ordered by one of them (a header click; ties
 * by the operation's id so pages never overlap). Only the chosen columns are
 * selected (the per-operation sub-selects of the open installments and the
 * assignee run only when asked for); the open amount is asked of servicing
 * (its replay of the payments that stand) for the rows read. Amounts stay
 * numeric in SQL and travel as decimal text with two places.
 */
import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { pageMeta } from '@shared/contract/common';
import { OPERATIONS_REPORT_EXPORT_MAX } from '@shared/contract/company-reports';
import { isParameterizedSort, PARAMETERIZED_COLUMNS, type ParameterizedColumn, type ParameterizedReport, type ParameterizedRow } from '@shared/contract/company-report-parameterized';
import { normaliseSort, type SortInput } from '@shared/query';
import type { Db } from '../../db/connect';
import { LENDER_ZONE } from '../../platform/clock';
import { badRequest, MESSAGES } from '../../platform/http/errors';
import { borrowers } from '../borrowers/schema';
import { creditOperationInstallments as inst, creditOperations as ops } from '../operations/schema';
import { assigneeNamesOf } from '../servicing';
import { openValuesOf } from '../collection';
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
      // Filled from servicing after the rows are read (rowsWithOpenAmount); the face value only orders nothing.
      return sql<null>`NULL`;
    case 'assignee':
      return assigneeNamesOf(ops.id);
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

/** The header sort asked, checked against the contract's sortable columns (400 on sort otherwise); none: undefined. */
export function parameterizedSort(sort: SortInput | null | undefined): { field: ParameterizedColumn; order: 'ASC' | 'DESC' } | undefined {
  const asked = normaliseSort(sort);
  if (!asked) return undefined;
  if (!isParameterizedSort(asked.field)) throw badRequest(MESSAGES.unknownSort(asked.field), 'sort');
  return { field: asked.field, order: asked.order };
}

function order(db: Db, sort: SortInput | null | undefined): SQL[] {
  const by = parameterizedSort(sort);
  if (!by) return [asc(ops.disbursement_date), asc(ops.id)];
  const column = expression(db, by.field);
  // NULLs (a missing first due date, no assignee) last either way, then the id, so pages never overlap.
  return [by.order === 'ASC' ? sql`${column} ASC NULLS LAST` : sql`${column} DESC NULLS LAST`, by.field === 'id' ? (by.order === 'ASC' ? asc(ops.id) : desc(ops.id)) : asc(ops.id)];
}

function rows(db: Db, f: ParameterizedFilter, sort: SortInput | null | undefined) {
  return db
    .select(selection(db, f.columns))
    .from(ops)
    .innerJoin(borrowers, eq(borrowers.id, ops.borrower_id))
    .where(where(db, f))
    .orderBy(...order(db, sort));
}

/** The rows with their open amount from servicing, when that column was chosen. */
async function withOpenAmount(db: Db, columns: readonly ParameterizedColumn[], found: ParameterizedRow[], today: string): Promise<ParameterizedRow[]> {
  if (!columns.includes('open_amount')) return found;
  const open = await openValuesOf(db, found.map((r) => Number(r.id)), today);
  return found.map((r) => ({ ...r, open_amount: open.get(Number(r.id))?.amount ?? '0.00' }));
}

function shape(columns: readonly ParameterizedColumn[], raw: Record<string, unknown>): ParameterizedRow {
  const row: ParameterizedRow = { id: Number(raw.id) };
  for (const key of columns) row[key] = cell(key, raw[key]);
  return row;
}

export interface ParameterizedRead {
  sort?: SortInput | null;
  /** the business date the open amount is replayed to */
  today: string;
}

export async function parameterizedReport(db: Db, f: ParameterizedFilter, page: number, limit: number, read: ParameterizedRead): Promise<ParameterizedReport> {
  const query = rows(db, f, read.sort);
  const [total] = await db.select({ n: count() }).from(ops).innerJoin(borrowers, eq(borrowers.id, ops.borrower_id)).where(where(db, f));
  const found = await query.limit(limit).offset((page - 1) * limit);
  return { columns: f.columns, items: await withOpenAmount(db, f.columns, found.map((r) => shape(f.columns, r)), read.today), meta: pageMeta(page, limit, total.n) };
}

/** Every match up to the export's cap, in the asked order, for the workbook and the PDF. */
export async function parameterizedReportRows(db: Db, f: ParameterizedFilter, read: ParameterizedRead): Promise<ParameterizedRow[]> {
  const found = await rows(db, f, read.sort).limit(OPERATIONS_REPORT_EXPORT_MAX);
  return withOpenAmount(db, f.columns, found.map((r) => shape(f.columns, r)), read.today);
}
