/** Stored files: the profile picture for now (and documents later). */
import { and, eq } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES } from '../../shared/contract/index';
import { AllAdmins, type RoleId } from '../../shared/roles';
import { uploads, users } from '../db/schema';
import { ACCEPTED_TYPES, sniffFileType } from '../domain/file-type';
import { badRequest, forbidden, MESSAGES, notFound } from '../http/errors';
import { FileReply, requireAuth, type Handler } from '../http/handler';
import { logActivity } from '../services/activity';
import { removeFile, storedPath, storeFile } from '../services/storage';

function urlOf(id: number, type: string): string {
  return `/api/upload/id/${id}/${type}`;
}

export const createUpload: Handler<'uploads.create'> = async ({ type, file }, ctx) => {
  const { user } = requireAuth(ctx);
  if (file.bytes.byteLength === 0) throw badRequest(MESSAGES.uploadMissing, 'file');
  if (file.bytes.byteLength > MAX_UPLOAD_BYTES) throw badRequest(MESSAGES.uploadTooLarge, 'file');
  const mime = sniffFileType(file.bytes);
  if (!mime || !ACCEPTED_TYPES[type].includes(mime)) throw badRequest(MESSAGES.uploadType, 'file');
  const storageName = await storeFile(ctx.deps.uploadsDir, file.bytes);
  try {
    return await ctx.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(uploads)
        .values({ owner_id: user.id, type, name: file.name, mime, size: file.bytes.byteLength, storage_path: storageName })
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
      return { id: row.id, type, name: row.name, mime: row.mime, size: row.size, url: urlOf(row.id, type) };
    });
  } catch (error) {
    await removeFile(ctx.deps.uploadsDir, storageName);
    throw error;
  }
};

export const getUpload: Handler<'uploads.get'> = async ({ id, type }, { deps }) => {
  const rows = await deps.db.select().from(uploads).where(and(eq(uploads.id, id), eq(uploads.type, type))).limit(1);
  const row = rows[0];
  if (!row) throw notFound();
  return new FileReply(storedPath(deps.uploadsDir, row.storage_path), row.mime, row.name, row.size);
};

export const deleteUpload: Handler<'uploads.delete'> = async ({ id }, ctx) => {
  const { user } = requireAuth(ctx);
  const removed = await ctx.deps.db.transaction(async (tx) => {
    const rows = await tx.select().from(uploads).where(eq(uploads.id, id)).limit(1);
    const row = rows[0];
    if (!row) throw notFound();
    if (row.owner_id !== user.id && !AllAdmins.includes(user.role_id as RoleId)) throw forbidden();
    await tx.delete(uploads).where(eq(uploads.id, id));
    await tx.update(users).set({ avatar_upload_id: null }).where(eq(users.avatar_upload_id, id));
    await logActivity(tx, {
      actorId: user.id,
      action: 'upload.delete',
      entity: 'upload',
      entityId: id,
      before: { type: row.type, name: row.name, owner_id: row.owner_id },
    });
    return row.storage_path;
  });
  await removeFile(ctx.deps.uploadsDir, removed);
  return { ok: true as const };
};
