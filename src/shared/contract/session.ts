/** Session, two-factor, password recovery and e-mail confirmation (the spec's "Session and auth" calls). */
import { z } from 'zod';
import { defineOperation } from './define';
import { emailSchema, okSchema, passwordSchema, roleIdSchema, textSchema, timestampSchema, trimmedTextSchema } from './common';

/** The signed-in user as the session knows it (the spec's "Auth user" entity). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role_id: roleIdSchema,
  active: z.boolean(),
  two_factor: z.boolean(),
  force_senha: z.boolean(),
  updated_at: timestampSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * Sign-in answer. With two-factor on, no token yet: a pending `hash` and the
 * code goes by e-mail. `token` is kept by the main process and removed
 * before the renderer sees the answer.
 */
export const loginResultSchema = z.object({
  token: z.string().optional(),
  user: sessionUserSchema.optional(),
  force_senha: z.boolean(),
  two_factor: z.boolean(),
  hash: z.string().optional(),
});

/** A recovery code is only good for the account it was sent to: the e-mail travels with it. */
const recoveryCodeArgs = z.object({ email: emailSchema, hash: trimmedTextSchema(200).min(1, 'informe o código') });
const recoveryOwnerSchema = z.object({ email: z.string(), expiresAt: timestampSchema });

export const sessionOperations = {
  'session.login': defineOperation({
    method: 'POST',
    path: '/api/login/',
    access: 'public',
    encoding: 'json',
    session: 'start',
    origin: 'spec',
    description: 'Sign in with e-mail and password.',
    errors: [401, 403, 429],
    args: z.object({ email: emailSchema, password: z.string().min(1, 'informe a senha').max(128) }),
    result: loginResultSchema,
  }),
  'session.verifyHash': defineOperation({
    method: 'POST',
    path: '/api/login/verify-hash',
    access: 'public',
    encoding: 'json',
    session: 'start',
    origin: 'spec',
    description: 'Two-factor step: the pending sign-in hash and the code sent by e-mail.',
    errors: [401, 403],
    args: z.object({ hash: textSchema(200).min(1), code: z.string().trim().regex(/^\d{6}$/, 'o código tem 6 dígitos') }),
    result: loginResultSchema,
  }),
  'session.auth': defineOperation({
    method: 'POST',
    path: '/api/auth/',
    access: 'public',
    encoding: 'json',
    exposed: false,
    origin: 'spec',
    description: 'Checks a token given in the body. Main-process only: the renderer never holds a token.',
    args: z.object({ token: textSchema(500).min(1) }),
    result: z.object({ valid: z.boolean(), user: sessionUserSchema.optional() }),
  }),
  'session.refresh': defineOperation({
    method: 'GET',
    path: '/api/login/refresh',
    access: 'signed-in',
    encoding: 'none',
    session: 'renew',
    origin: 'spec',
    description: 'Issues a new token and revokes the current one.',
    args: z.object({}),
    result: z.object({ token: z.string().optional() }),
  }),
  'session.logged': defineOperation({
    method: 'GET',
    path: '/api/login/logged',
    access: 'signed-in',
    encoding: 'none',
    origin: 'spec',
    description: 'The user of the current token.',
    args: z.object({}),
    result: z.object({ user: sessionUserSchema }),
  }),
  'session.logout': defineOperation({
    method: 'POST',
    path: '/api/login/logout',
    access: 'signed-in',
    encoding: 'none',
    session: 'end',
    origin: 'designed',
    description: 'Revokes the current token (not shown in the spec; sign-out must end the session server-side too).',
    args: z.object({}),
    result: okSchema,
  }),
  'session.me': defineOperation({
    method: 'GET',
    path: '/api/users/get',
    access: 'signed-in',
    encoding: 'none',
    origin: 'spec',
    description: 'Full record of the signed-in user.',
    args: z.object({}),
    result: sessionUserSchema,
  }),
  'session.changePassword': defineOperation({
    method: 'PUT',
    path: '/api/users/password',
    access: 'signed-in',
    encoding: 'json',
    session: 'renew',
    origin: 'spec',
    description: 'Changes the own password (old password required); revokes every other token.',
    errors: [403],
    args: z.object({ oldPassword: z.string().min(1, 'informe a senha atual').max(128), newPassword: passwordSchema }),
    result: z.object({ token: z.string().optional(), user: sessionUserSchema }),
  }),
  'recover.request': defineOperation({
    method: 'POST',
    path: '/api/recover-pass/',
    access: 'public',
    encoding: 'json',
    origin: 'spec',
    description: 'Starts password recovery; always answers the same, whether the e-mail exists or not.',
    args: z.object({ email: emailSchema }),
    result: okSchema,
  }),
  'recover.verifyHash': defineOperation({
    method: 'POST',
    path: '/api/recover-pass/verify-hash',
    access: 'public',
    encoding: 'json',
    origin: 'spec',
    description: 'Checks a recovery code from the e-mail against the account it was sent to (tries per code and per account are limited).',
    errors: [429],
    args: recoveryCodeArgs,
    result: z.object({ valid: z.boolean() }),
  }),
  'recover.get': defineOperation({
    method: 'GET',
    path: '/api/recover-pass/:hash',
    access: 'public',
    encoding: 'none',
    origin: 'spec',
    description:
      'The masked e-mail a valid recovery code belongs to. Kept for the spec; the app uses recover.lookup, which carries the code in the body (a path ends up in logs and histories).',
    errors: [429],
    args: z.object({ hash: textSchema(200).min(1) }),
    result: recoveryOwnerSchema,
  }),
  'recover.lookup': defineOperation({
    method: 'POST',
    path: '/api/recover-pass/lookup',
    access: 'public',
    encoding: 'json',
    origin: 'designed',
    description: 'recover.get with the e-mail and the code in the body: the masked e-mail and expiry of a valid code.',
    errors: [404, 429],
    args: recoveryCodeArgs,
    result: recoveryOwnerSchema,
  }),
  'recover.changePass': defineOperation({
    method: 'PUT',
    path: '/api/recover-pass/change-pass',
    access: 'public',
    encoding: 'json',
    origin: 'spec',
    description: 'Sets a new password with a valid recovery code of that e-mail; revokes every token of that user.',
    errors: [429],
    args: recoveryCodeArgs.extend({ password: passwordSchema }),
    result: okSchema,
  }),
  'users.confirmEmail': defineOperation({
    method: 'POST',
    path: '/api/users/confirm-email',
    access: 'public',
    encoding: 'json',
    origin: 'spec',
    description: 'Confirms an e-mail address with the token sent at registration.',
    args: z.object({ token: textSchema(200).min(1) }),
    result: z.object({ email: z.string() }),
  }),
} as const;
