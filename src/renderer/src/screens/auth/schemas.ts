/** Form schemas built from the contract's argument schemas (never re-declared here). */
import { z } from 'zod';
import { contract, passwordSchema } from '@shared/contract';

/** New password + confirmation; the confirmation must match. */
export function withConfirmation<K extends 'newPassword' | 'password'>(key: K, differ: string) {
  const shape = { [key]: passwordSchema, confirm: z.string() } as Record<K, typeof passwordSchema> & { confirm: z.ZodString };
  return z
    .object(shape)
    .refine((v) => (v as Record<string, string>)[key] === (v as Record<string, string>).confirm, { message: differ, path: ['confirm'] });
}

export const loginSchema = contract['session.login'].args;
export const twoFactorSchema = contract['session.verifyHash'].args.pick({ code: true });
export const resetSchema = contract['recover.request'].args;
export const recoverCodeSchema = contract['recover.verifyHash'].args;
export const registerSchema = contract['users.register'].args;

/** The e-mail and code the recovery screens hand on in the navigation state (never in the address). */
export function recoveryState(state: unknown): { email: string; code: string } {
  const value = (state ?? {}) as { email?: unknown; code?: unknown };
  return {
    email: typeof value.email === 'string' ? value.email : '',
    code: typeof value.code === 'string' ? value.code : '',
  };
}
