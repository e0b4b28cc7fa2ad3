/**
 * Signed, expiring file URLs (GET /v1/generate-signed-url/:fileName and the
 * token-less GET that serves the file). The signature is HMAC-SHA256 over the
 * file name, the issuer (the id of the account that asked for the URL) and
 * the expiry (seconds since the epoch), base64url: changing any of them, or
 * the signature, makes it fail; after the expiry it fails too. The issuer is
 * signed so the server can refuse the URL once that account no longer has
 * access (deactivated, removed), which the signature alone cannot know.
 * Pure functions: the clock and the secret are passed in.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/** A secret for one server run when none is configured (URLs then die with the process). */
export function randomSigningSecret(): string {
  return randomBytes(32).toString('base64url');
}

function mac(secret: string, fileName: string, issuer: number, expires: string): string {
  // The newline cannot occur in a file key nor in the numbers, so "a\n1\n2" and "a1\n\n2" never collide.
  return createHmac('sha256', secret).update(`${fileName}\n${issuer}\n${expires}`).digest('base64url');
}

/** The expiry and signature of a URL for `fileName` asked for by `issuer`, valid `ttlSeconds` from `nowMs`. */
export function signFileName(secret: string, fileName: string, issuer: number, nowMs: number, ttlSeconds: number): { expires: string; signature: string; expiresAt: Date } {
  const expiresSec = Math.floor(nowMs / 1000) + ttlSeconds;
  const expires = String(expiresSec);
  return { expires, signature: mac(secret, fileName, issuer, expires), expiresAt: new Date(expiresSec * 1000) };
}

/**
 * Checks a signature in constant time. 'invalid' for anything altered or
 * malformed (the expiry is checked only once the signature holds, so an
 * altered expiry is 'invalid', never 'expired').
 */
export function verifyFileSignature(secret: string, fileName: string, issuer: number, expires: string, signature: string, nowMs: number): SignatureCheck {
  if (!/^\d{1,12}$/.test(expires) || !Number.isSafeInteger(issuer)) return 'invalid';
  const expected = Buffer.from(mac(secret, fileName, issuer, expires), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(expires) * 1000 <= nowMs ? 'expired' : 'valid';
}
