/**
 * Files of a solicitation: the applicant's documents in the spec's document slots
 * and the documents staff attach, plus the signed URLs that show them.
 *
 * A file is checked before anything is stored (not empty, at most
 * MAX_SOLICITATION_FILE_BYTES, JPEG/PNG/WebP/PDF by its bytes, never an
 * executable under another name); then it is written to disk and its rows
 * inserted in one transaction, and the file is removed again if that
 * transaction fails: nothing is ever half-stored.
 */
import { and, asc, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import {
  buildRequest,
  contract,
  MAX_SOLICITATION_FILE_BYTES,
  SIGNED_URL_TTL_SECONDS,
  SOLICITATION_FILE_TYPES,
  type SlotDocument,
  type StaffDocument,
} from '@shared/contract/index';
import { AllAdmins, isRoleAllowed, type RoleId } from '@shared/roles';
import type { Db } from '../../db/connect';
import { uploads } from '../uploads/schema';
import { addUpload, deleteUpload, handOverUploads } from '../uploads';
import { users, type UserRow } from '../access/schema';
import { solicitations, solicitationSlotDocuments, solicitationStaffDocuments } from './schema';
import { judgeUpload, refusedAsPolyglot } from '../../domain/file-type';
import { signFileName, verifyFileSignature } from '../../domain/signed-url';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/http/errors';
import { FileReply } from '../../platform/http/handler';
import { logActivity } from '../../platform/activity';
import { findSolicitation, slotDocuments, STATUS_LABELS_PT } from './solicitations';
import { removeFile, storedPath, storeFile } from '../../platform/storage';

import { CLOSED_WITHOUT_CREDIT_STATUSES, FINAL_STATUSES, type SolicitationStatus } from '@shared/solicitation-status';

export const FILE_MESSAGES = {
  empty: 'Arquivo: o arquivo está vazio',
  tooLarge: `Arquivo: o arquivo excede o tamanho máximo de ${MAX_SOLICITATION_FILE_BYTES / (1024 * 1024)} MB`,
  executable: 'Arquivo: arquivos executáveis não são aceitos, mesmo com outro nome',
  type: 'Arquivo: envie uma imagem (JPEG, PNG ou WebP) ou um PDF; o conteúdo deste arquivo não é de nenhum desses tipos',
  polyglot:
    'Arquivo: o arquivo é uma imagem ou um PDF que também contém uma página da web (HTML ou script), e não é aceito; gere o arquivo de novo (por exemplo, imprimindo o documento como PDF) e envie-o.',
  superseded: 'Este documento foi substituído por um mais novo: aprove ou substitua o documento atual.',
  signatureInvalid: 'Link de documento inválido ou alterado.',
  signatureExpired: 'Link de documento expirado: abra o documento de novo para gerar outro.',
  signatureRevoked: 'Link de documento sem validade: a conta que o gerou não tem mais acesso ao back-office. Abra o documento de novo para gerar outro.',
  notYours: 'Somente quem anexou o documento ou um administrador pode excluí-lo.',
  closed: 'Esta solicitação está encerrada (recusada, cancelada ou contratada): seus documentos não mudam mais.',
  refusedOrCancelled: (status: SolicitationStatus) =>
    `Esta solicitação está ${STATUS_LABELS_PT[status].toLowerCase()}: ela não recebe novos documentos nem aprovações de documentos.`,
} as const;

/** No staff documents or approvals are added to a solicitation that ended without a credit. */
function refuseIfClosedWithoutCredit(status: string): void {
  if (CLOSED_WITHOUT_CREDIT_STATUSES.includes(status as SolicitationStatus)) throw conflict(FILE_MESSAGES.refusedOrCancelled(status as SolicitationStatus));
}

/** Windows (MZ), ELF, Mach-O, Java class / fat Mach-O, and scripts with a #! line. */
function isExecutable(bytes: Uint8Array): boolean {
  const b = bytes;
  const at = (i: number) => (i < b.length ? b[i] : -1);
  if (at(0) === 0x4d && at(1) === 0x5a) return true;
  if (at(0) === 0x7f && at(1) === 0x45 && at(2) === 0x4c && at(3) === 0x46) return true;
  const magic = ((at(0) << 24) | (at(1) << 16) | (at(2) << 8) | at(3)) >>> 0;
  if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(magic)) return true;
  return at(0) === 0x23 && at(1) === 0x21;
}

/** The checked content type of a solicitation file, or a 400 saying what is wrong with it. */
export function judgeSolicitationFile(bytes: Uint8Array): string {
  if (bytes.byteLength === 0) throw badRequest(FILE_MESSAGES.empty, 'file');
  if (bytes.byteLength > MAX_SOLICITATION_FILE_BYTES) throw badRequest(FILE_MESSAGES.tooLarge, 'file');
  if (isExecutable(bytes)) throw badRequest(FILE_MESSAGES.executable, 'file');
  const mime = judgeUpload(bytes, SOLICITATION_FILE_TYPES);
  if (!mime) throw badRequest(refusedAsPolyglot(bytes, SOLICITATION_FILE_TYPES) ? FILE_MESSAGES.polyglot : FILE_MESSAGES.type, 'file');
  return mime;
}

interface IncomingFile {
  name: string;
  bytes: Uint8Array;
}

/** Stores the file, runs `write` (which inserts its rows) in a transaction, removes the file if that fails. */
async function storeThen<T>(db: Db, uploadsDir: string, file: IncomingFile, write: (tx: Db, mime: string, storageName: string) => Promise<T>): Promise<T> {
  const mime = judgeSolicitationFile(file.bytes);
  const storageName = await storeFile(uploadsDir, file.bytes);
  try {
    return await db.transaction((tx) => write(tx, mime, storageName));
  } catch (error) {
    await removeFile(uploadsDir, storageName);
    throw error;
  }
}

/**
 * The uploads row of a solicitation file. Its owner is the applicant, whose
 * data it is (the LGPD erase of that person removes it with the solicitation's
 * documents); who sent it is kept beside it (uploaded_by / author_id), so
 * erasing a staff account never touches the files it handled.
 */
async function insertUpload(tx: Db, ownerId: number, file: IncomingFile, mime: string, storageName: string) {
  return addUpload(tx, ownerId, { type: 'document', name: file.name.slice(0, 255), mime, size: file.bytes.byteLength, storageName });
}

/**
 * Whether a guarantor belongs to the solicitation's borrower (400 on guarantor_id otherwise). The borrowers
 * area owns guarantors and answers it; the handler hands its check in, because borrowers builds on
 * operations, which builds on intake: an import from here would close that circle.
 */
export type GuarantorCheck = (tx: Db, solicitationId: number, guarantorId: number) => Promise<void>;

export interface SlotUpload {
  solicitationId?: number;
  slot: number;
  /** a guarantor's document: the guarantor's id and the borrowers area's check of it */
  guarantor?: { id: number; check: GuarantorCheck };
  file: IncomingFile;
  /** PUT /documents/update-document/:id: the document being replaced */
  replaceId?: number;
}

/**
 * A new document in a slot; the slot's current document (if any) becomes
 * replaced. With `replaceId` the call names the document it replaces, which
 * must be the slot's current one (409 otherwise) and match type and
 * solicitation_id when they are sent (400).
 */
export async function uploadSlotDocument(db: Db, uploadsDir: string, actor: UserRow, input: SlotUpload): Promise<SlotDocument> {
  const id = await storeThen(db, uploadsDir, input.file, async (tx, mime, storageName) => {
    let solicitationId = input.solicitationId;
    let replaced: { id: number; slot: number } | null = null;
    if (input.replaceId !== undefined) {
      const [old] = await tx
        .select()
        .from(solicitationSlotDocuments)
        .where(eq(solicitationSlotDocuments.id, input.replaceId))
        .for('update');
      if (!old) throw notFound('Documento não encontrado.');
      if (solicitationId !== undefined && solicitationId !== old.solicitation_id) {
        throw badRequest('Campo solicitation_id: o documento não pertence a esta solicitação', 'solicitation_id');
      }
      if (old.slot !== input.slot) throw badRequest(`Campo type: o documento está no espaço ${old.slot}, não no ${input.slot}`, 'type');
      if (old.superseded_at) throw conflict(FILE_MESSAGES.superseded);
      solicitationId = old.solicitation_id;
      replaced = { id: old.id, slot: old.slot };
    }
    if (solicitationId === undefined) throw badRequest('Campo solicitation_id: informe a solicitação', 'solicitation_id');
    const owner = await findSolicitation(tx, solicitationId, true);
    // A decided solicitation keeps the documents it was decided on.
    if (FINAL_STATUSES.includes(owner.status as SolicitationStatus)) throw conflict(FILE_MESSAGES.closed);
    if (input.guarantor) await input.guarantor.check(tx, solicitationId, input.guarantor.id);
    const now = new Date();
    const superseded = await tx
      .update(solicitationSlotDocuments)
      .set({ superseded_at: now })
      .where(
        and(
          eq(solicitationSlotDocuments.solicitation_id, solicitationId),
          eq(solicitationSlotDocuments.slot, input.slot),
          isNull(solicitationSlotDocuments.superseded_at),
        ),
      )
      .returning({ id: solicitationSlotDocuments.id });
    const upload = await insertUpload(tx, owner.user_id, input.file, mime, storageName);
    const [doc] = await tx
      .insert(solicitationSlotDocuments)
      .values({
        solicitation_id: solicitationId,
        slot: input.slot,
        guarantor_id: input.guarantor?.id ?? null,
        upload_id: upload.id,
        uploaded_by: actor.id,
        created_at: now,
      })
      .returning({ id: solicitationSlotDocuments.id });
    await tx.update(solicitations).set({ updated_at: now }).where(eq(solicitations.id, solicitationId));
    const replaces = replaced?.id ?? superseded[0]?.id ?? null;
    await logActivity(tx, {
      actorId: actor.id,
      action: replaces ? 'solicitation.document.replace' : 'solicitation.document.upload',
      entity: 'solicitation-document',
      entityId: doc.id,
      after: { solicitation_id: solicitationId, slot: input.slot, upload_id: upload.id, name: upload.name, mime, size: upload.size, replaces },
    });
    return doc.id;
  });
  const [doc] = await slotDocuments(db, { id });
  return doc;
}

export async function approveSlotDocument(db: Db, actor: UserRow, id: number): Promise<SlotDocument> {
  await db.transaction(async (tx) => {
    const [doc] = await tx.select().from(solicitationSlotDocuments).where(eq(solicitationSlotDocuments.id, id)).for('update');
    if (!doc) throw notFound('Documento não encontrado.');
    // Locked: a refusal committing meanwhile is seen, not raced.
    const owner = await findSolicitation(tx, doc.solicitation_id, true);
    refuseIfClosedWithoutCredit(owner.status);
    if (doc.superseded_at) throw conflict(FILE_MESSAGES.superseded);
    if (doc.approved_at) return;
    const now = new Date();
    await tx.update(solicitationSlotDocuments).set({ approved_by: actor.id, approved_at: now }).where(eq(solicitationSlotDocuments.id, id));
    await logActivity(tx, {
      actorId: actor.id,
      action: 'solicitation.document.approve',
      entity: 'solicitation-document',
      entityId: id,
      before: { approved_at: null },
      after: { solicitation_id: doc.solicitation_id, slot: doc.slot, approved_at: now.toISOString() },
    });
  });
  const [doc] = await slotDocuments(db, { id });
  return doc;
}

/**
 * LGPD erase of an account, inside its transaction and before the account's
 * own uploads are deleted: files that other people's solicitations still hold
 * (a staff member's attachment, or a file stored before files were owned by
 * the applicant) pass to that solicitation's applicant instead of being
 * deleted from under it (the foreign key would refuse it).
 */
export async function handOverSolicitationFiles(tx: Db, userId: number): Promise<void> {
  // A file both kinds of document hold goes to the slot document's applicant, as it always did (slots first).
  const held = new Map<number, number>();
  for (const d of [solicitationSlotDocuments, solicitationStaffDocuments]) {
    const rows = await tx
      .select({ uploadId: d.upload_id, ownerId: solicitations.user_id })
      .from(d)
      .innerJoin(solicitations, eq(solicitations.id, d.solicitation_id))
      .innerJoin(uploads, eq(uploads.id, d.upload_id))
      .where(and(eq(uploads.owner_id, userId), ne(solicitations.user_id, userId)))
      .orderBy(asc(d.id));
    for (const r of rows) if (!held.has(r.uploadId)) held.set(r.uploadId, r.ownerId);
  }
  // The uploads area writes its records.
  await handOverUploads(tx, [...held].map(([uploadId, ownerId]) => ({ uploadId, ownerId })));
}

// ---- staff documents ----

function staffColumns() {
  const d = solicitationStaffDocuments;
  return {
    id: d.id,
    solicitation_id: d.solicitation_id,
    author_id: d.author_id,
    username: users.name,
    title: d.title,
    description: d.description,
    fileName: uploads.key,
    name: uploads.name,
    mime: uploads.mime,
    size: uploads.size,
    created_at: d.created_at,
  };
}

export async function listStaffDocuments(db: Db, solicitationId: number, onlyId?: number): Promise<StaffDocument[]> {
  await findSolicitation(db, solicitationId);
  const d = solicitationStaffDocuments;
  const rows = await db
    .select(staffColumns())
    .from(d)
    .innerJoin(uploads, eq(uploads.id, d.upload_id))
    .innerJoin(users, eq(users.id, d.author_id))
    .where(onlyId === undefined ? eq(d.solicitation_id, solicitationId) : eq(d.id, onlyId))
    .orderBy(desc(d.id));
  return rows.map(({ created_at, ...r }) => ({ ...r, createdAt: created_at.toISOString() }));
}

export async function uploadStaffDocument(
  db: Db,
  uploadsDir: string,
  actor: UserRow,
  input: { solicitationId: number; title: string; description: string; file: IncomingFile },
): Promise<StaffDocument> {
  const id = await storeThen(db, uploadsDir, input.file, async (tx, mime, storageName) => {
    const owner = await findSolicitation(tx, input.solicitationId, true);
    refuseIfClosedWithoutCredit(owner.status);
    const upload = await insertUpload(tx, owner.user_id, input.file, mime, storageName);
    const [doc] = await tx
      .insert(solicitationStaffDocuments)
      .values({ solicitation_id: input.solicitationId, upload_id: upload.id, author_id: actor.id, title: input.title, description: input.description })
      .returning({ id: solicitationStaffDocuments.id });
    await logActivity(tx, {
      actorId: actor.id,
      action: 'solicitation.staff-document.upload',
      entity: 'solicitation-staff-document',
      entityId: doc.id,
      after: { solicitation_id: input.solicitationId, title: input.title, description: input.description, name: upload.name, mime, size: upload.size },
    });
    return doc.id;
  });
  const [doc] = await listStaffDocuments(db, input.solicitationId, id);
  return doc;
}

export async function deleteStaffDocument(db: Db, uploadsDir: string, actor: UserRow, solicitationId: number, id: number): Promise<void> {
  const storage = await db.transaction(async (tx) => {
    const [doc] = await tx.select().from(solicitationStaffDocuments).where(eq(solicitationStaffDocuments.id, id)).for('update');
    if (!doc || doc.solicitation_id !== solicitationId) throw notFound('Documento não encontrado nesta solicitação.');
    await findSolicitation(tx, solicitationId);
    if (doc.author_id !== actor.id && !AllAdmins.includes(actor.role_id as RoleId)) throw forbidden(FILE_MESSAGES.notYours);
    await tx.delete(solicitationStaffDocuments).where(eq(solicitationStaffDocuments.id, id));
    const upload = await deleteUpload(tx, doc.upload_id);
    await logActivity(tx, {
      actorId: actor.id,
      action: 'solicitation.staff-document.delete',
      entity: 'solicitation-staff-document',
      entityId: id,
      before: { solicitation_id: solicitationId, title: doc.title, description: doc.description, name: upload?.name ?? null },
    });
    return upload?.storage_path ?? null;
  });
  if (storage) await removeFile(uploadsDir, storage);
}

// ---- signed URLs ----

/** The upload behind a file key when it is a document of a live solicitation (slot or staff), else null. */
async function solicitationFile(db: Db, key: string) {
  const rows = await db
    .select({ id: uploads.id, name: uploads.name, mime: uploads.mime, size: uploads.size, storage_path: uploads.storage_path })
    .from(uploads)
    .where(
      and(
        eq(uploads.key, key),
        or(
          sql`EXISTS (SELECT 1 FROM solicitation_slot_documents d JOIN solicitations s ON s.id = d.solicitation_id
                      WHERE d.upload_id = ${uploads.id} AND s.deleted_at IS NULL)`,
          sql`EXISTS (SELECT 1 FROM solicitation_staff_documents d JOIN solicitations s ON s.id = d.solicitation_id
                      WHERE d.upload_id = ${uploads.id} AND s.deleted_at IS NULL)`,
        ),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Every panel role sees every solicitation (spec: AllPanelUsers), so whoever
 * may call this may see the file; the check that matters is that the key is a
 * document of a live solicitation (404 otherwise: keys cannot be probed). The
 * URL names and signs its issuer, so it dies with the issuer's access.
 */
export async function signedUrlFor(db: Db, secret: string, key: string, issuer: number, nowMs = Date.now()) {
  const file = await solicitationFile(db, key);
  if (!file) throw notFound('Documento não encontrado.');
  const { expires, signature, expiresAt } = signFileName(secret, key, issuer, nowMs, SIGNED_URL_TTL_SECONDS);
  const request = buildRequest(contract['documents.signedFile'], { fileName: key, issuer, expires, signature });
  const query = new URLSearchParams(request.query).toString();
  return { url: `${request.path}?${query}`, fileName: key, issuer, expires, signature, expiresAt: expiresAt.toISOString(), mime: file.mime, name: file.name };
}

/**
 * Whether the account that signed a URL may still ask for one: active, not
 * removed, in a role documents.signedUrl allows. A URL outlives nothing its
 * issuer lost: deactivating or removing the account (or taking the panel
 * away) ends the URLs it signed, as it ends its sessions.
 */
async function issuerStillSigns(db: Db, issuer: number): Promise<boolean> {
  const [row] = await db.select({ role_id: users.role_id, active: users.active, deleted_at: users.deleted_at }).from(users).where(eq(users.id, issuer));
  if (!row || !row.active || row.deleted_at !== null) return false;
  const allowed = contract['documents.signedUrl'].access;
  return Array.isArray(allowed) && isRoleAllowed(row.role_id as RoleId, allowed);
}

export async function signedFile(db: Db, uploadsDir: string, secret: string, args: { fileName: string; issuer: number; expires: string; signature: string }, nowMs = Date.now()) {
  const check = verifyFileSignature(secret, args.fileName, args.issuer, args.expires, args.signature, nowMs);
  if (check === 'expired') throw new HttpError(403, FILE_MESSAGES.signatureExpired, undefined, 'signature-expired');
  if (check !== 'valid') throw new HttpError(403, FILE_MESSAGES.signatureInvalid, undefined, 'signature-invalid');
  if (!(await issuerStillSigns(db, args.issuer))) throw new HttpError(403, FILE_MESSAGES.signatureRevoked, undefined, 'signature-revoked');
  const file = await solicitationFile(db, args.fileName);
  if (!file) throw notFound('Documento não encontrado.');
  return new FileReply(storedPath(uploadsDir, file.storage_path), file.mime, file.name, file.size, true);
}
