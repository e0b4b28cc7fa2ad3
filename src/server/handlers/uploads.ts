/**
 * Stored files: the profile picture and documents. A file is named by its
 * random key and readable only by its owner and the roles that see the
 * record it belongs to (UPLOAD_ACCESS in the contract); to anyone else it
 * does not exist (404), so keys cannot be probed either.
 */
import { eq, sql } from 'drizzle-orm';
import { buildRequest, contract, MAX_UPLOAD_BYTES, UPLOAD_ACCESS, type UploadType } from '../../shared/contract/index';
import type { RoleId } from '../../shared/roles';
import { uploads, users, type UserRow } from '../db/schema';
import type { Db } from '../db/connect';
import { ACCEPTED_TYPES, judgeUpload } from '../domain/file-type';
import { badRequest, conflict, forbidden, MESSAGES, notFound } from '../http/errors';
import { FileReply, requireAuth, type Handler } from '../http/handler';
import { logActivity } from '../services/activity';
import { generateFileKey, removeFile, storedPath, storeFile } from '../services/storage';

type UploadRow = typeof uploads.$inferSelect;

export const SOLICITATION_FILE_IN_USE =
  'Este arquivo é um documento de solicitação: substitua-o ou exclua-o pela própria solicitação.';

/** The file's address, built from the contract's path (never written twice). */
function urlOf(key: string, type: UploadType): string {
  return buildRequest(contract['uploads.get'], { key, type }).path;
}

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

async function findByKey(db: Db, key: string): Promise<UploadRow | null> {
  const rows = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return rows[0] ?? null;
}

export const createUpload: Handler<'uploads.create'> = async ({ type, file }, ctx) => {
  const { user } = requireAuth(ctx);
  if (file.bytes.byteLength === 0) throw badRequest(MESSAGES.uploadMissing, 'file');
  if (file.bytes.byteLength > MAX_UPLOAD_BYTES) throw badRequest(MESSAGES.uploadTooLarge, 'file');
  const mime = judgeUpload(file.bytes, ACCEPTED_TYPES[type]);
  if (!mime) throw badRequest(MESSAGES.uploadType, 'file');
  const storageName = await storeFile(ctx.deps.uploadsDir, file.bytes);
  try {
    return await ctx.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(uploads)
        .values({ key: generateFileKey(), owner_id: user.id, type, name: file.name, mime, size: file.bytes.byteLength, storage_path: storageName })
        .returning();
      if (type === 'avatar') {
        await tx.update(users).set({ avatar_upload_id: row.id, updated_at: new Date() }).where(eq(users.id, user.id));
      }
      await logActivity(tx, {
        actorId: user.id,
        action: 'upload.create',
        entity: 'upload',
        entityId: row.id,
        after: { type, name: row.name, mime, size: row.size },
      });
      return { key: row.key, type, name: row.name, mime: row.mime, size: row.size, url: urlOf(row.key, type) };
    });
  } catch (error) {
    await removeFile(ctx.deps.uploadsDir, storageName);
    throw error;
  }
};

export const getUpload: Handler<'uploads.get'> = async ({ key, type }, ctx) => {
  const { user } = requireAuth(ctx);
  const row = await findByKey(ctx.deps.db, key);
  if (!row || row.type !== type || !mayRead(user, row)) throw notFound();
  return new FileReply(storedPath(ctx.deps.uploadsDir, row.storage_path), row.mime, row.name, row.size);
};

export const deleteUpload: Handler<'uploads.delete'> = async ({ key }, ctx) => {
  const { user } = requireAuth(ctx);
  const removed = await ctx.deps.db.transaction(async (tx) => {
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
    await tx.update(users).set({ avatar_upload_id: null }).where(eq(users.avatar_upload_id, row.id));
    await logActivity(tx, {
      actorId: user.id,
      action: 'upload.delete',
      entity: 'upload',
      entityId: row.id,
      before: { type: row.type, name: row.name, owner_id: row.owner_id },
    });
    return row.storage_path;
  });
  await removeFile(ctx.deps.uploadsDir, removed);
  return { ok: true as const };
};
