/**
 * The six sub-record kinds of a borrower's credit file (shareholders,
 * attorneys, joint debtors, products, revenues, secured guarantees), one
 * implementation for all: the contract's BORROWER_RECORD_KINDS says what each
 * takes and answers, RECORD_TABLES which table keeps it.
 *
 * - list: the borrower's records, oldest first (404 for an unknown borrower);
 * - save: without `id` adds a record, with `id` changes it; the record must
 *   belong to `borrower_id` (404 otherwise). CPFs and CNPJs are stored
 *   formatted. A revenue month is unique per borrower (409);
 * - remove: deletes it (a secured guarantee an open credit operation relies
 *   on is refused with a 409), its document with it.
 *
 * The secured guarantee's document (upload/file) is checked like a
 * solicitation's (not empty, at most 10 MB, JPEG/PNG/WebP/PDF by its bytes,
 * never an executable), written to disk under a random name kept in file_key
 * (which never leaves the server), and replaces the previous one, which is
 * removed from disk once the change is committed.
 *
 * A secured guarantee pledged to an operation whose contract is in force
 * keeps its value and its document unless AllOperators change them (403 on
 * value / file): the signed contract relies on them.
 *
 * Every change is one transaction with its activity-log entry (entity
 * borrower_record, the kind in record_kind, before and after).
 */
import Decimal from 'decimal.js';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PgTableWithColumns } from 'drizzle-orm/pg-core';
import { BORROWER_RECORD_KINDS, type BorrowerRecord, type BorrowerRecordKind } from '@shared/contract/index';
import { formatCpf, formatCpfCnpj } from '@shared/documents';
import { IN_FORCE_CONTRACT_STATUS } from '@shared/enums';
import { AllOperators, isRoleAllowed } from '@shared/roles';
import type { Db } from '../../db/connect';
import { borrowerAttorneys, borrowerJointDebtors, borrowerProducts, borrowerRevenues, borrowerSecuredGuarantees, borrowerShareholders } from './schema';
import { creditOperations, issuedContracts } from '../operations/schema';
import { conflict, notFound } from '../../platform/http/errors';
import { FileReply } from '../../platform/http/handler';
import { logActivity } from '../../platform/activity';
import { borrowerOr404, forbiddenField, isUniqueViolation, snapshotOf, type StaffActor } from './borrowers';
import { guaranteeHeld } from '../operations';
import { judgeSolicitationFile } from '../intake';
import { removeFile, storedPath, storeFile } from '../../platform/storage';

/** Which table keeps each kind (the contract declares the kinds; this maps them to storage). */
export const RECORD_TABLES = {
  shareholder: borrowerShareholders,
  attorney: borrowerAttorneys,
  jointdebtor: borrowerJointDebtors,
  product: borrowerProducts,
  revenue: borrowerRevenues,
  securedguarantee: borrowerSecuredGuarantees,
} as const satisfies Record<BorrowerRecordKind, unknown>;

export const RECORD_MESSAGES = {
  notFound: 'Registro não encontrado neste tomador.',
  revenueMonth: 'Já existe faturamento deste mês para o tomador: altere o existente.',
  guaranteeInUse: 'Esta garantia está vinculada a uma operação de crédito em andamento: ela não pode ser excluída.',
  guaranteeNotFound: 'Garantia não encontrada.',
  noFile: 'Esta garantia não tem documento anexado.',
  guaranteeLocked: (field: string) =>
    `Campo ${field}: esta garantia está em um contrato em vigor; somente operadores e administradores alteram o seu valor ou o seu documento.`,
} as const;

/** Whether the guarantee is pledged to an operation whose contract is in force. */
export async function guaranteeUnderContract(db: Db, guaranteeId: number): Promise<boolean> {
  const rows = await db
    .select({ id: issuedContracts.id })
    .from(issuedContracts)
    .innerJoin(creditOperations, eq(creditOperations.id, issuedContracts.credit_operation_id))
    .where(and(eq(issuedContracts.status, IN_FORCE_CONTRACT_STATUS), sql`${guaranteeId} = ANY(${creditOperations.secured_guarantee_ids})`))
    .limit(1);
  return rows.length > 0;
}

/** An agent may not change the value or the document of a guarantee a contract in force relies on. */
async function assertGuaranteeChangeAllowed(tx: Db, actor: StaffActor, guaranteeId: number, field: 'value' | 'file'): Promise<void> {
  if (isRoleAllowed(actor.role, AllOperators)) return;
  if (await guaranteeUnderContract(tx, guaranteeId)) throw forbiddenField(RECORD_MESSAGES.guaranteeLocked(field), field);
}

// drizzle's generics do not follow a union of tables through select/insert/update; every table has these columns.
type AnyRecordTable = PgTableWithColumns<{
  name: string;
  schema: undefined;
  dialect: 'pg';
  columns: {
    id: typeof borrowerProducts.id;
    borrower_id: typeof borrowerProducts.borrower_id;
  } & Record<string, typeof borrowerProducts.name>;
}>;
type Row = Record<string, unknown> & { id: number; borrower_id: number };

function tableOf(kind: BorrowerRecordKind): AnyRecordTable {
  return RECORD_TABLES[kind] as unknown as AnyRecordTable;
}

/** Storage-only columns (the document's disk name and type) never reach the answer or the log. */
const HIDDEN = ['file_key', 'file_mime'] as const;

/** The row as the contract answers it: only the declared fields, dates as ISO text. */
export function toRecord<K extends BorrowerRecordKind>(kind: K, row: Row): BorrowerRecord<K> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(BORROWER_RECORD_KINDS[kind].row.shape)) {
    const value = row[key];
    out[key] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return out as BorrowerRecord<K>;
}

function recordSnapshot(kind: BorrowerRecordKind, row: Row) {
  return { record_kind: kind, ...snapshotOf(row, HIDDEN) };
}

/** CPFs and CNPJs as stored: formatted. */
function normalise(values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  if (typeof out.document === 'string') out.document = formatCpfCnpj(out.document);
  if (typeof out.cpf === 'string') out.cpf = formatCpf(out.cpf);
  return out;
}

export async function listRecords<K extends BorrowerRecordKind>(db: Db, kind: K, borrowerId: number): Promise<Array<BorrowerRecord<K>>> {
  await borrowerOr404(db, borrowerId);
  const table = tableOf(kind);
  const rows = (await db.select().from(table).where(eq(table.borrower_id, borrowerId)).orderBy(asc(table.id))) as Row[];
  return rows.map((row) => toRecord(kind, row));
}

async function recordOfBorrower(tx: Db, kind: BorrowerRecordKind, id: number, borrowerId: number): Promise<Row> {
  const table = tableOf(kind);
  const [row] = (await tx
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.borrower_id, borrowerId)))
    .for('update')) as Row[];
  if (!row) throw notFound(RECORD_MESSAGES.notFound);
  return row;
}

async function assertRevenueMonthFree(tx: Db, borrowerId: number, month: unknown, exceptId?: number): Promise<void> {
  if (typeof month !== 'string') return;
  const taken = await tx
    .select({ id: borrowerRevenues.id })
    .from(borrowerRevenues)
    .where(
      and(
        eq(borrowerRevenues.borrower_id, borrowerId),
        eq(borrowerRevenues.reference_month, month),
        exceptId === undefined ? undefined : ne(borrowerRevenues.id, exceptId),
      ),
    )
    .limit(1);
  if (taken.length) throw conflict(RECORD_MESSAGES.revenueMonth, 'reference_month');
}

export async function saveRecord<K extends BorrowerRecordKind>(
  db: Db,
  actor: StaffActor,
  kind: K,
  input: { borrower_id: number; id?: number } & Record<string, unknown>,
): Promise<BorrowerRecord<K>> {
  const table = tableOf(kind);
  const { id, borrower_id: borrowerId, ...fields } = input;
  const values = normalise(fields);
  const actorId = actor.id;
  try {
    return await db.transaction(async (tx) => {
      await borrowerOr404(tx, borrowerId, true);
      const before = id === undefined ? null : await recordOfBorrower(tx, kind, id, borrowerId);
      if (kind === 'securedguarantee' && before && typeof values.value === 'string' && !new Decimal(values.value).eq(String(before.value))) {
        await assertGuaranteeChangeAllowed(tx, actor, before.id, 'value');
      }
      if (kind === 'revenue') await assertRevenueMonthFree(tx, borrowerId, values.reference_month, id);
      const [after] = (
        before
          ? await tx.update(table).set(values as Partial<typeof table.$inferInsert>).where(eq(table.id, before.id)).returning()
          : await tx
              .insert(table)
              .values({ ...values, borrower_id: borrowerId } as unknown as typeof table.$inferInsert)
              .returning()
      ) as Row[];
      await logActivity(tx, {
        actorId,
        action: before ? 'borrower.record.update' : 'borrower.record.create',
        entity: 'borrower_record',
        entityId: after.id,
        before: before ? recordSnapshot(kind, before) : null,
        after: recordSnapshot(kind, after),
      });
      return toRecord(kind, after);
    });
  } catch (error) {
    if (kind === 'revenue' && isUniqueViolation(error)) throw conflict(RECORD_MESSAGES.revenueMonth, 'reference_month');
    throw error;
  }
}

export async function removeRecord(db: Db, uploadsDir: string, actorId: number, kind: BorrowerRecordKind, id: number): Promise<{ ok: true }> {
  const table = tableOf(kind);
  const file = await db.transaction(async (tx) => {
    if (kind === 'securedguarantee') {
      if (await guaranteeHeld(tx, id)) throw conflict(RECORD_MESSAGES.guaranteeInUse);
    }
    const [before] = (await tx.delete(table).where(eq(table.id, id)).returning()) as Row[];
    if (!before) throw notFound(RECORD_MESSAGES.notFound);
    await logActivity(tx, {
      actorId,
      action: 'borrower.record.delete',
      entity: 'borrower_record',
      entityId: id,
      before: recordSnapshot(kind, before),
    });
    return typeof before.file_key === 'string' ? before.file_key : null;
  });
  if (file) await removeFile(uploadsDir, file);
  return { ok: true };
}

// ---------- the secured guarantee's document ----------

export async function uploadGuaranteeFile(
  db: Db,
  uploadsDir: string,
  actor: StaffActor,
  guaranteeId: number,
  file: { name: string; bytes: Uint8Array },
): Promise<BorrowerRecord<'securedguarantee'>> {
  const mime = judgeSolicitationFile(file.bytes);
  const storageName = await storeFile(uploadsDir, file.bytes);
  let result: { record: BorrowerRecord<'securedguarantee'>; previous: string | null };
  try {
    result = await db.transaction(async (tx) => {
      const g = borrowerSecuredGuarantees;
      const [before] = await tx.select().from(g).where(eq(g.id, guaranteeId)).for('update');
      if (!before) throw notFound(RECORD_MESSAGES.guaranteeNotFound);
      await borrowerOr404(tx, before.borrower_id);
      await assertGuaranteeChangeAllowed(tx, actor, guaranteeId, 'file');
      const [after] = await tx
        .update(g)
        .set({ file_key: storageName, file_name: file.name.slice(0, 255), file_mime: mime, file_size: file.bytes.byteLength })
        .where(eq(g.id, guaranteeId))
        .returning();
      await logActivity(tx, {
        actorId: actor.id,
        action: 'borrower.guarantee.upload',
        entity: 'borrower_record',
        entityId: guaranteeId,
        before: { record_kind: 'securedguarantee', borrower_id: before.borrower_id, file_name: before.file_name, file_size: before.file_size, mime: before.file_mime },
        after: { record_kind: 'securedguarantee', borrower_id: after.borrower_id, file_name: after.file_name, file_size: after.file_size, mime },
      });
      return { record: toRecord('securedguarantee', after as Row), previous: before.file_key };
    });
  } catch (error) {
    await removeFile(uploadsDir, storageName);
    throw error;
  }
  if (result.previous) await removeFile(uploadsDir, result.previous);
  return result.record;
}

export async function guaranteeFile(db: Db, uploadsDir: string, guaranteeId: number): Promise<FileReply> {
  const g = borrowerSecuredGuarantees;
  const [row] = await db.select().from(g).where(eq(g.id, guaranteeId)).limit(1);
  if (!row) throw notFound(RECORD_MESSAGES.guaranteeNotFound);
  await borrowerOr404(db, row.borrower_id);
  if (!row.file_key || !row.file_mime) throw notFound(RECORD_MESSAGES.noFile);
  return new FileReply(storedPath(uploadsDir, row.file_key), row.file_mime, row.file_name ?? 'garantia', row.file_size ?? 0);
}
