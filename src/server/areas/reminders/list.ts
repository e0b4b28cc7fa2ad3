/** The reminders list, newest first, a page at a time, with what the screen shows of the installment and borrower. */
import { sql } from 'drizzle-orm';
import { REMINDERS_PAGE_SIZE, type ReminderRow } from '@shared/contract/reminders';
import type { ReminderStatus } from '@shared/reminders';
import type { Db } from '../../db/connect';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

type Raw = Omit<ReminderRow, 'sent_at' | 'created_at'> & { sent_at: Date | string | null; created_at: Date | string };

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export async function listReminders(db: Db, status: ReminderStatus | null, page: number): Promise<{ items: ReminderRow[]; total: number; page: number; page_size: number }> {
  const where = status ? sql`r.status = ${status}` : sql`TRUE`;
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM payment_reminders r WHERE ${where}`));
  const rows = rowsOf<Raw>(
    await db.execute(sql`
      SELECT r.id, r.installment_id, i.number AS installment_number, r.credit_operation_id, r.borrower_id, b.name AS borrower_name,
        to_char(r.due_date, 'YYYY-MM-DD') AS due_date, i.payment::text AS amount, r.offset_days, r.channel, r.status, r.reason,
        to_char(r.scheduled_on, 'YYYY-MM-DD') AS scheduled_on, r.sent_at, r.created_at
      FROM payment_reminders r
      JOIN credit_operation_installments i ON i.id = r.installment_id
      JOIN borrowers b ON b.id = r.borrower_id
      WHERE ${where}
      ORDER BY r.id DESC
      LIMIT ${REMINDERS_PAGE_SIZE} OFFSET ${(page - 1) * REMINDERS_PAGE_SIZE}`),
  );
  const items = rows.map((r) => ({ ...r, id: Number(r.id), installment_id: Number(r.installment_id), installment_number: Number(r.installment_number), credit_operation_id: Number(r.credit_operation_id), borrower_id: Number(r.borrower_id), offset_days: Number(r.offset_days), sent_at: r.sent_at ? iso(r.sent_at) : null, created_at: iso(r.created_at) }));
  return { items, total: Number(n), page, page_size: REMINDERS_PAGE_SIZE };
}
