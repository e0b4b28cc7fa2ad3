/**
 * The spec's generic resource calls (its "Generic resource calls") as they
 * apply to the resources this app has so far. Where a generic call and a
 * Users-section call are the same request (POST /users/ is registration,
 * DELETE /users/{id} is users.delete) it is declared once, there.
 */
import { z } from 'zod';
import { AllAdmins, AllOperators, AllPanelUsers, type RoleId } from '../roles';
import { defineOperation } from './define';
import { idArgs, idSchema, okSchema, passwordSchema, uploadFileSchema } from './common';
import { sessionUserSchema } from './session';
import { usersOperations } from './users';

export const UPLOAD_TYPES = ['avatar', 'document'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** What a stored upload may be (the server sniffs the bytes at upload): pictures, and for documents PDFs too. */
export const STORED_FILE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

/**
 * A stored file is named by a random key (128 bits, base64url), never by a
 * row id: ids can be counted, keys cannot. Rows from before the keys got
 * 32 hex characters (migration 0005), hence the range.
 */
export const fileKeySchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'chave de arquivo inválida');

/**
 * Who may read or remove a stored file besides its owner, per kind: the
 * roles that see the record the file belongs to. The one place this rule is
 * written; the upload handlers apply it.
 */
export const UPLOAD_ACCESS: Record<UploadType, { read: readonly RoleId[]; remove: readonly RoleId[] }> = {
  // A profile picture belongs to the staff account: whoever may open that account.
  avatar: { read: usersOperations['users.byId'].access, remove: AllAdmins },
  // A document supports a credit solicitation, reviewed by operators and administrators;
  // agents see only their own.
  document: { read: AllOperators, remove: AllAdmins },
};

export const uploadSchema = z.object({
  key: fileKeySchema,
  type: z.enum(UPLOAD_TYPES),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  url: z.string(),
});

export const genericOperations = {
  'users.listActives': defineOperation({
    method: 'GET',
    path: '/api/users/list-actives',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description: 'Active staff accounts, for pickers (generic list-actives).',
    args: z.object({}),
    result: z.array(z.object({ id: z.number().int(), name: z.string(), role_id: z.number().int() })),
  }),
  'users.setStatus': defineOperation({
    method: 'PUT',
    path: '/api/users/status',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Activates or deactivates an account (generic status); deactivation revokes its tokens.',
    args: z.object({ id: idSchema, active: z.boolean() }),
    result: okSchema,
  }),
  'users.resetPassword': defineOperation({
    method: 'POST',
    path: '/api/users/reset-password',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description:
      "Administrator resets an account: a temporary password is e-mailed, the next sign-in must change it. Not one's own account (400, as deactivating or removing oneself): one's own password changes in the profile (PUT /api/users/password), with the current one.",
    args: idArgs,
    result: okSchema,
  }),
  'users.newPassword': defineOperation({
    method: 'PUT',
    path: '/api/users/new-password',
    access: 'signed-in',
    encoding: 'json',
    session: 'renew',
    origin: 'spec',
    description: 'The forced password change after a temporary password (/auth/change): only while force_senha is set.',
    args: z.object({ newPassword: passwordSchema }),
    result: z.object({ token: z.string().optional(), user: sessionUserSchema }),
  }),
  'uploads.create': defineOperation({
    method: 'POST',
    path: '/api/upload',
    access: AllPanelUsers,
    encoding: 'multipart',
    origin: 'spec',
    description: 'Stores one file (the profile picture for now) and answers its unguessable key and url.',
    args: z.object({ type: z.enum(UPLOAD_TYPES), file: uploadFileSchema }),
    result: uploadSchema,
  }),
  'uploads.get': defineOperation({
    method: 'GET',
    path: '/api/upload/id/:key/:type',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description: 'The stored file itself, by its key; only its owner and the roles of UPLOAD_ACCESS (others: 404).',
    file: { kind: 'download', extension: '', media: STORED_FILE_TYPES },
    args: z.object({ key: fileKeySchema, type: z.enum(UPLOAD_TYPES) }),
    result: z.unknown(),
  }),
  'uploads.delete': defineOperation({
    method: 'DELETE',
    path: '/api/upload/:key',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description: 'Removes a stored file, by its key (its owner or the roles of UPLOAD_ACCESS).',
    errors: [409],
    args: z.object({ key: fileKeySchema }),
    result: okSchema,
  }),
} as const;
