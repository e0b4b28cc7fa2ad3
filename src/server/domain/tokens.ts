/** Opaque secrets (session tokens, pending sign-in hashes, confirmation tokens) and their stored form. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 32 random bytes, URL-safe: what the client holds. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a copy of the database does not yield usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Six decimal digits, leading zeros kept (two-factor codes). */
export function generateNumericCode(length = 6): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(0, 10));
  return out;
}

/** Letters and digits without look-alikes (0/O, 1/I/L), easy to type from an e-mail. */
export const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateRecoveryCode(length = 8): string {
  let out = '';
  for (let i = 0; i < length; i++) out += RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)];
  return out;
}

/** Recovery codes are typed by people: compare them case-insensitively, ignoring spaces and dashes. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}
