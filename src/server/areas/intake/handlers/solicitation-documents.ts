/**
 * Documents of a solicitation: slot uploads, replacements and approvals
 * (/documents), the signed URLs that show a file, and the documents staff
 * attach (/solicitation-documents). Rules in areas/intake/solicitations-documents.ts.
 */
import { randomSigningSecret } from '../../../domain/signed-url';
import { requireAuth, type Handler, type ServerDeps } from '../../../platform/http/handler';
import { assertGuarantorOfSolicitation } from '../../borrowers';
import {
  approveSlotDocument,
  deleteStaffDocument,
  listStaffDocuments,
  signedFile,
  signedUrlFor,
  uploadSlotDocument,
  uploadStaffDocument,
} from '../solicitations-documents';

/** When the server was started without a signing secret: one per process, so URLs die with it. */
const processSecret = randomSigningSecret();

function secretOf(deps: ServerDeps): string {
  return deps.signingSecret ?? processSecret;
}

export const approveDocument: Handler<'documents.approve'> = async ({ id }, ctx) => {
  const { user } = requireAuth(ctx);
  return approveSlotDocument(ctx.deps.db, user, id);
};

export const uploadDocument: Handler<'documents.upload'> = async ({ file, type, solicitation_id, guarantor_id }, ctx) => {
  const { user } = requireAuth(ctx);
  return uploadSlotDocument(ctx.deps.db, ctx.deps.uploadsDir, user, {
    solicitationId: solicitation_id,
    slot: type,
    guarantor: guarantor_id === undefined ? undefined : { id: guarantor_id, check: assertGuarantorOfSolicitation },
    file,
  });
};

export const updateDocument: Handler<'documents.update'> = async ({ id, file, type, solicitation_id, guarantor_id }, ctx) => {
  const { user } = requireAuth(ctx);
  return uploadSlotDocument(ctx.deps.db, ctx.deps.uploadsDir, user, {
    replaceId: id,
    solicitationId: solicitation_id,
    slot: type,
    guarantor: guarantor_id === undefined ? undefined : { id: guarantor_id, check: assertGuarantorOfSolicitation },
    file,
  });
};

export const documentSignedUrl: Handler<'documents.signedUrl'> = async ({ fileName }, ctx) => {
  const { user } = requireAuth(ctx);
  return signedUrlFor(ctx.deps.db, secretOf(ctx.deps), fileName, user.id);
};

/** Public: the signature is the credential. */
export const documentSignedFile: Handler<'documents.signedFile'> = async (args, ctx) =>
  signedFile(ctx.deps.db, ctx.deps.uploadsDir, secretOf(ctx.deps), args);

export const listStaffDocs: Handler<'staffDocuments.list'> = async ({ id }, ctx) => {
  requireAuth(ctx);
  return listStaffDocuments(ctx.deps.db, id);
};

export const uploadStaffDoc: Handler<'staffDocuments.upload'> = async ({ file, title, description, solicitationId }, ctx) => {
  const { user } = requireAuth(ctx);
  return uploadStaffDocument(ctx.deps.db, ctx.deps.uploadsDir, user, { solicitationId, title, description, file });
};

export const deleteStaffDoc: Handler<'staffDocuments.delete'> = async ({ a, b }, ctx) => {
  const { user } = requireAuth(ctx);
  await deleteStaffDocument(ctx.deps.db, ctx.deps.uploadsDir, user, a, b);
  return { ok: true as const };
};
