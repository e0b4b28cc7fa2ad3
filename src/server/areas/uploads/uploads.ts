/**
 * Stored files' records: who may read or remove one (UPLOAD_ACCESS in the
 * contract, and always its owner), and recording or removing one in a
 * transaction with its activity-log entry. The bytes on disk are the
 * caller's (storage.ts), written before the record and removed after it.
 */
import { eq, inArray, or, sql } from 'drizzle-orm';
import { UPLOAD_ACCESS, type UploadType } from '@shared/contract/index';
import type { RoleId } from '@shared/roles';
import type { Db } from '../../db/connect';
import { uploads } from './schema';
import type { UserRow } from '../access/schema';
import { forgetAvatar, setAvatar } from '../access';
import { conflict, forbidden, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { generateFileKey } from '../../platform/storage';

export type UploadRow = typeof uploads.$inferSelect;

export const SOLICITATION_FILE_IN_USE =
  'Este arquivo é um documento de solicitação: substitua-o ou exclua-o pela própria solicitação.';

function isUploadType(type: string): type is UploadType {
  return type in UPLOAD_ACCESS;
}

export function mayRead(user: UserRow, row: UploadRow): boolean {
  if (row.owner_id === user.id) return true;
  return isUploadType(row.type) && UPLOAD_ACCESS[row.type].read.includes(user.role_id as RoleId);
}

export function mayRemove(user: UserRow, row: UploadRow): boolean {
  if (row.owner_id === user.id) return true;
  return isUploadType(row.type) && UPLOAD_ACCESS[row.type].remove.includes(user.role_id as RoleId);
}

export async function findByKey(db: Db, key: string): Promise<UploadRow | null> {
  const rows = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return rows[0] ?? null;
}

/** What a stored file's record says of it: its kind, the name it was sent with, its checked type, its size, its disk name. */
export interface StoredFile {
  type: UploadType;
  name: string;
  mime: string;
  size: number;
  storageName: string;
}

/**
 * The record of a file stored on disk, owned by `ownerId`, inside the
 * caller's transaction (which logs it: a solicitation's document is logged as
 * that document). Answers its row, with the random key clients name it by.
 */
export async function addUpload(tx: Db, ownerId: number, file: StoredFile): Promise<UploadRow> {
  const [row] = await tx
    .insert(uploads)
    .values({ key: generateFileKey(), owner_id: ownerId, type: file.type, name: file.name, mime: file.mime, size: file.size, storage_path: file.storageName })
    .returning();
  return row;
}

/** Deletes the record of a file another area held (a solicitation's staff document), inside its transaction; answers the row, or null when gone. */
export async function deleteUpload(tx: Db, id: number): Promise<UploadRow | null> {
  const [row] = await tx.delete(uploads).where(eq(uploads.id, id)).returning();
  return row ?? null;
}

/** Hands files over to new owners (the LGPD erase: a file another person's solicitation holds passes to its applicant). */
export async function handOverUploads(tx: Db, moves: ReadonlyArray<{ uploadId: number; ownerId: number }>): Promise<void> {
  if (moves.length === 0) return;
  const values = JSON.stringify(moves.map((m) => ({ id: m.uploadId, owner_id: m.ownerId })));
  await tx.execute(sql`UPDATE uploads SET owner_id = v.owner_id
    FROM json_to_recordset(${values}::json) AS v(id int, owner_id int)
    WHERE uploads.id = v.id`);
}

/**
 * The LGPD erase of a person's files, inside its transaction: the records of
 * the files `ownerId` owns and of `alsoIds` (files the erased intake rows
 * pointed at) are deleted; answers their disk names, for the caller to remove
 * after the commit.
 */
export async function eraseUploadsOf(tx: Db, ownerId: number, alsoIds: readonly number[]): Promise<string[]> {
  const rows = await tx
    .delete(uploads)
    .where(alsoIds.length ? or(eq(uploads.owner_id, ownerId), inArray(uploads.id, [...alsoIds])) : eq(uploads.owner_id, ownerId))
    .returning({ path: uploads.storage_path });
  return rows.map((r) => r.path);
}

/** Records a stored file of `ownerId` (an avatar becomes the owner's picture); answers its row. */
export async function recordUpload(db: Db, ownerId: number, file: StoredFile): Promise<UploadRow> {
  const { type, mime } = file;
  return db.transaction(async (tx) => {
    const row = await addUpload(tx, ownerId, file);
    if (type === 'avatar') await setAvatar(tx, ownerId, row.id);
    await logActivity(tx, {
      actorId: ownerId,
      action: 'upload.create',
      entity: 'upload',
      entityId: row.id,
      after: { type, name: row.name, mime, size: row.size },
    });
    return row;
  });
}

/**
 * Removes the record of a file `user` may remove (404 to who may not even
 * see it, 403 to who sees but may not remove it); answers the disk name for
 * the caller to remove after the commit.
 */
export async function removeUpload(db: Db, user: UserRow, key: string): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await findByKey(tx, key);
    // Someone who may not even see the file learns nothing about it.
    if (!row || !mayRead(user, row)) throw notFound();
    if (!mayRemove(user, row)) throw forbidden();
    // A solicitation's document stays while the solicitation keeps it (replaced through the solicitation instead).
    const [{ used }] = await tx
      .select({
        used: sql<boolean>`EXISTS (SELECT 1 FROM solicitation_slot_documents WHERE upload_id = ${row.id})
          OR EXISTS (SELECT 1 FROM solicitation_staff_documents WHERE upload_id = ${row.id})`,
      })
      .from(uploads)
      .where(eq(uploads.id, row.id));
    if (used) throw conflict(SOLICITATION_FILE_IN_USE);
    await tx.delete(uploads).where(eq(uploads.id, row.id));
    await forgetAvatar(tx, row.id);
    await logActivity(tx, {
      actorId: user.id,
      action: 'upload.delete',
      entity: 'upload',
      entityId: row.id,
      before: { type: row.type, name: row.name, owner_id: row.owner_id },
    });
    return row.storage_path;
  });
}
