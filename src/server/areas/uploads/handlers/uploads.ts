/**
 * Stored files: the profile picture and documents. A file is named by its
 * random key and readable only by its owner and the roles that see the
 * record it belongs to (UPLOAD_ACCESS in the contract); to anyone else it
 * does not exist (404), so keys cannot be probed either.
 */
import { buildRequest, contract, MAX_UPLOAD_BYTES, type UploadType } from '@shared/contract/index';
import { ACCEPTED_TYPES, judgeUpload } from '../../../domain/file-type';
import { badRequest, MESSAGES, notFound } from '../../../platform/http/errors';
import { FileReply, requireAuth, type Handler } from '../../../platform/http/handler';
import { findByKey, mayRead, recordUpload, removeUpload } from '../uploads';
import { removeFile, storedPath, storeFile } from '../../../platform/storage';

/** The file's address, built from the contract's path (never written twice). */
function urlOf(key: string, type: UploadType): string {
  return buildRequest(contract['uploads.get'], { key, type }).path;
}

export const createUpload: Handler<'uploads.create'> = async ({ type, file }, ctx) => {
  const { user } = requireAuth(ctx);
  if (file.bytes.byteLength === 0) throw badRequest(MESSAGES.uploadMissing, 'file');
  if (file.bytes.byteLength > MAX_UPLOAD_BYTES) throw badRequest(MESSAGES.uploadTooLarge, 'file');
  const mime = judgeUpload(file.bytes, ACCEPTED_TYPES[type]);
  if (!mime) throw badRequest(MESSAGES.uploadType, 'file');
  const storageName = await storeFile(ctx.deps.uploadsDir, file.bytes);
  try {
    const row = await recordUpload(ctx.deps.db, user.id, { type, name: file.name, mime, size: file.bytes.byteLength, storageName });
    return { key: row.key, type, name: row.name, mime: row.mime, size: row.size, url: urlOf(row.key, type) };
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
  const removed = await removeUpload(ctx.deps.db, user, key);
  await removeFile(ctx.deps.uploadsDir, removed);
  return { ok: true as const };
};
