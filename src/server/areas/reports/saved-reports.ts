/**
 * Saved parameterized reports: one row per name and company, replaced in one
 * statement when the name exists (ignoring case), so two people saving the
 * same name at once leave one definition, the later one.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SavedReport } from '@shared/contract/company-report-parameterized';
import type { Db } from '../../db/connect';
import { logActivity } from '../../platform/activity';
import { notFound } from '../../platform/http/errors';
import { users } from '../access/schema';
import { savedReports } from './schema';

export const SAVED_REPORT_MESSAGES = {
  notFound: 'Relatório salvo não encontrado.',
};

export interface SavedReportValues {
  name: string;
  columns: string[];
  filter: Record<string, unknown>;
  sort?: { field: string; order: 'ASC' | 'DESC' } | null;
}

function toWire(row: { id: number; name: string; columns: string[]; filter: Record<string, unknown>; sort: { field: string; order: 'ASC' | 'DESC' } | null; updated_by_name: string | null; updated_at: Date }): SavedReport {
  return { ...row, columns: row.columns as SavedReport['columns'], filter: row.filter as SavedReport['filter'], sort: row.sort as SavedReport['sort'], updated_at: row.updated_at.toISOString() };
}

const listed = {
  id: savedReports.id,
  name: savedReports.name,
  columns: savedReports.columns,
  filter: savedReports.filter,
  sort: savedReports.sort,
  updated_by_name: users.name,
  updated_at: savedReports.updated_at,
};

export async function listSavedReports(db: Db, companyId: number): Promise<SavedReport[]> {
  const rows = await db
    .select(listed)
    .from(savedReports)
    .leftJoin(users, eq(users.id, savedReports.updated_by))
    .where(eq(savedReports.company_id, companyId))
    .orderBy(sql`lower(${savedReports.name})`, asc(savedReports.id));
  return rows.map(toWire);
}

/** What the activity log keeps of a definition (the filter stays out: it may name a borrower). */
const snapshot = (report: { id: number; name: string; columns: string[] }) => ({ id: report.id, name: report.name, columns: report.columns.join(', ') });

/** Creates the definition, or replaces the one of the same name (ignoring case); says which. Logged, in the caller's transaction. */
export async function saveReport(db: Db, companyId: number, userId: number, values: SavedReportValues): Promise<{ report: SavedReport; replaced: boolean }> {
  // xmax is non-zero on a row the upsert updated: one statement tells insert from replace.
  const result = await db.execute(sql`
    INSERT INTO saved_reports (company_id, name, columns, filter, sort, updated_by)
    VALUES (${companyId}, ${values.name}, ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values.columns)}::jsonb)), ${JSON.stringify(values.filter)}::jsonb, ${values.sort ? JSON.stringify(values.sort) : null}::jsonb, ${userId})
    ON CONFLICT (company_id, lower(name)) DO UPDATE
      SET name = EXCLUDED.name, columns = EXCLUDED.columns, filter = EXCLUDED.filter, sort = EXCLUDED.sort, updated_by = EXCLUDED.updated_by, updated_at = now()
    RETURNING id, (xmax <> 0) AS replaced`);
  const [row] = (result as unknown as { rows: Array<{ id: number; replaced: boolean }> }).rows;
  const [saved] = await db.select(listed).from(savedReports).leftJoin(users, eq(users.id, savedReports.updated_by)).where(eq(savedReports.id, Number(row.id)));
  await logActivity(db, { actorId: userId, action: 'saved-report.save', entity: 'saved_report', entityId: saved.id, after: snapshot(saved) });
  return { report: toWire(saved), replaced: Boolean(row.replaced) };
}

/** Deletes a definition (a saved view, not a record of money: it may go), logged with what it was. */
export async function deleteSavedReport(db: Db, companyId: number, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(savedReports)
    .where(and(eq(savedReports.id, id), eq(savedReports.company_id, companyId)))
    .returning({ id: savedReports.id, name: savedReports.name, columns: savedReports.columns });
  if (gone.length === 0) throw notFound(SAVED_REPORT_MESSAGES.notFound);
  await logActivity(db, { actorId: userId, action: 'saved-report.delete', entity: 'saved_report', entityId: id, before: snapshot(gone[0]) });
}
