/**
 * The area's reads: the records list (with the removals past their deadline flagged), one record with its events,
 * and the candidates (installments late enough to be sent and not yet sent). The installments, operations,
 * borrowers and title data are read in joins (their areas own them; nothing here writes them).
 */
import { sql, type SQL } from 'drizzle-orm';
import { NEGATIVATION_PAGE_SIZE, type NegativationCandidate, type NegativationRow } from '@shared/contract/negativation';
import { NEGATIVATION_ADDRESS_FIELDS, NEGATIVATION_DEFAULT_DAYS, NEGATIVATION_REMOVAL_QUEUED, NEGATIVATION_REMOVED, type NegativationAddressField, type NegativationStatus } from '@shared/negativation';
import type { Db } from '../../db/connect';
import { stillCollected } from '../servicing';
import { notFound } from '../../platform/http/errors';
import { NEGATIVATION_MESSAGES } from './messages';

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const d = (column: string) => sql.raw(`to_char(r.${column}, 'YYYY-MM-DD') AS ${column}`);

/** The removal is still not sent and its deadline passed before `today`. */
function overdueRemoval(today: string): SQL {
  return sql`(r.status = ${NEGATIVATION_REMOVAL_QUEUED} AND r.removal_due_on < ${today}::date)`;
}

function recordSelect(today: string): SQL {
  return sql`
    SELECT r.id, r.installment_id, i.number AS installment_number, r.credit_operation_id, r.borrower_id, b.name AS borrower_name, b.document,
      r.amount::text AS amount, ${d('due_date')}, r.status, r.provider, r.protocol, ${d('submitted_on')}, ${d('notified_on')}, ${d('active_on')},
      ${d('settled_on')}, r.removal_reason, ${d('removal_due_on')}, ${d('removed_on')}, ${overdueRemoval(today)} AS removal_overdue
    FROM negativation_records r
    JOIN credit_operation_installments i ON i.id = r.installment_id
    JOIN borrowers b ON b.id = r.borrower_id`;
}

type Raw = NegativationRow;
function shape(r: Raw): NegativationRow {
  return { ...r, id: Number(r.id), installment_id: Number(r.installment_id), installment_number: Number(r.installment_number), credit_operation_id: Number(r.credit_operation_id), borrower_id: Number(r.borrower_id), removal_overdue: Boolean(r.removal_overdue) };
}

export async function listRecords(
  db: Db,
  today: string,
  filters: { status: NegativationStatus | null; overdueRemoval: boolean | null; page: number },
): Promise<{ items: NegativationRow[]; total: number; page: number; page_size: number }> {
  const conditions: SQL[] = [sql`TRUE`];
  if (filters.status) conditions.push(sql`r.status = ${filters.status}`);
  if (filters.overdueRemoval === true) conditions.push(overdueRemoval(today));
  if (filters.overdueRemoval === false) conditions.push(sql`NOT ${overdueRemoval(today)}`);
  const where = sql.join(conditions, sql` AND `);
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM negativation_records r WHERE ${where}`));
  const rows = rowsOf<Raw>(await db.execute(sql`${recordSelect(today)} WHERE ${where} ORDER BY r.id DESC LIMIT ${NEGATIVATION_PAGE_SIZE} OFFSET ${(filters.page - 1) * NEGATIVATION_PAGE_SIZE}`));
  return { items: rows.map(shape), total: Number(n), page: filters.page, page_size: NEGATIVATION_PAGE_SIZE };
}

export async function recordOf(db: Db, id: number, today: string): Promise<NegativationRow> {
  const [row] = rowsOf<Raw>(await db.execute(sql`${recordSelect(today)} WHERE r.id = ${id}`));
  if (!row) throw notFound(NEGATIVATION_MESSAGES.recordNotFound);
  return shape(row);
}

export async function recordWithEvents(db: Db, id: number, today: string) {
  const record = await recordOf(db, id, today);
  const events = rowsOf<{ id: number; kind: NegativationStatus; business_date: string; detail: string | null; actor_name: string | null; created_at: Date | string }>(
    await db.execute(sql`
      SELECT e.id, e.kind, to_char(e.business_date, 'YYYY-MM-DD') AS business_date, e.detail, u.name AS actor_name, e.created_at
      FROM negativation_events e LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.record_id = ${id} ORDER BY e.id`),
  );
  return { ...record, events: events.map((e) => ({ ...e, id: Number(e.id), created_at: iso(e.created_at) })) };
}

/** The address fields the bureau's notice needs, with the words the refusal names them by (in Portuguese). */
export const ADDRESS_FIELDS = [
  ['cep', 'CEP'],
  ['address', 'logradouro'],
  ['city', 'cidade'],
  ['state', 'UF'],
] as const satisfies ReadonlyArray<readonly [NegativationAddressField, string]>;

type AddressOf = Partial<Record<NegativationAddressField, string | null>>;

/** The keys of the address fields the borrower lacks (the bureau mails the prior notice there): a list says them as data, each screen in its language. */
export function missingAddressKeys(b: AddressOf): NegativationAddressField[] {
  return NEGATIVATION_ADDRESS_FIELDS.filter((k) => !(b[k] ?? '').trim());
}

/** The same fields by the words the refusal names them by. */
export function missingAddressFields(b: AddressOf): string[] {
  const missing = missingAddressKeys(b);
  return ADDRESS_FIELDS.filter(([k]) => missing.includes(k)).map(([, label]) => label);
}

/** The installment conditions of "still owed and collected" (the collections desk's). */
export function openInstallment(alias: string): SQL {
  const i = sql.raw(alias);
  return sql`${i}.collecting AND ${i}.paid_on IS NULL AND ${i}.superseded_in IS NULL AND ${stillCollected(sql.raw(`${alias}.id`))}`;
}

export async function candidates(db: Db, today: string, page: number): Promise<{ items: NegativationCandidate[]; total: number; page: number; page_size: number }> {
  const from = sql`
    FROM credit_operation_installments i
    JOIN credit_operations o ON o.id = i.credit_operation_id
    JOIN borrowers b ON b.id = o.borrower_id
    LEFT JOIN installment_titles t ON t.installment_id = i.id
    WHERE ${openInstallment('i')} AND t.protest_days IS NULL
      AND i.due_date <= ${today}::date - coalesce(t.negativation_days, ${NEGATIVATION_DEFAULT_DAYS})
      AND NOT EXISTS (SELECT 1 FROM negativation_records r WHERE r.installment_id = i.id AND r.status <> ${NEGATIVATION_REMOVED})`;
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n ${from}`));
  const rows = rowsOf<NegativationCandidate & { cep: string | null; address: string | null; city: string | null; state: string | null }>(
    await db.execute(sql`
      SELECT i.id AS installment_id, i.number AS installment_number, i.credit_operation_id, o.borrower_id, b.name AS borrower_name, b.document,
        i.payment::text AS amount, to_char(i.due_date, 'YYYY-MM-DD') AS due_date, (${today}::date - i.due_date) AS days_late,
        coalesce(t.negativation_days, ${NEGATIVATION_DEFAULT_DAYS}) AS after_days, b.cep, b.address, b.city, b.state
      ${from}
      ORDER BY i.due_date, i.id
      LIMIT ${NEGATIVATION_PAGE_SIZE} OFFSET ${(page - 1) * NEGATIVATION_PAGE_SIZE}`),
  );
  const items = rows.map(({ cep, address, city, state, ...r }) => ({
    ...r,
    installment_id: Number(r.installment_id),
    installment_number: Number(r.installment_number),
    credit_operation_id: Number(r.credit_operation_id),
    borrower_id: Number(r.borrower_id),
    days_late: Number(r.days_late),
    after_days: Number(r.after_days),
    missing: missingAddressKeys({ cep, address, city, state }),
  }));
  return { items, total: Number(n), page, page_size: NEGATIVATION_PAGE_SIZE };
}
