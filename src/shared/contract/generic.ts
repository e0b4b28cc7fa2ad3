/**
 * The spec's generic resource calls (§7 "Generic resource calls") as they
 * apply to the resources this app has so far. Where a generic call and a
 * Users-section call are the same request (POST /users/ is registration,
 * DELETE /users/{id} is users.delete) it is declared once, there.
 */
import { z } from 'zod';
import { AllAdmins, AllPanelUsers } from '../roles';
import { defineOperation } from './define';
import { idArgs, idSchema, okSchema, passwordSchema, uploadFileSchema } from './common';
import { sessionUserSchema } from './session';

export const UPLOAD_TYPES = ['avatar', 'document'] as const;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const uploadSchema = z.object({
  id: z.number().int(),
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
    description: 'Administrator resets an account: a temporary password is e-mailed, the next sign-in must change it.',
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
    description: 'Stores one file (the profile picture for now) and answers its id and url.',
    args: z.object({ type: z.enum(UPLOAD_TYPES), file: uploadFileSchema }),
    result: uploadSchema,
  }),
  'uploads.get': defineOperation({
    method: 'GET',
    path: '/api/upload/id/:id/:type',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description: 'The stored file itself.',
    file: { kind: 'download', extension: '' },
    args: z.object({ id: idSchema, type: z.enum(UPLOAD_TYPES) }),
    result: z.unknown(),
  }),
  'uploads.delete': defineOperation({
    method: 'DELETE',
    path: '/api/upload/:id',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description: 'Removes a stored file (its owner or an administrator).',
    args: idArgs,
    result: okSchema,
  }),
} as const;
