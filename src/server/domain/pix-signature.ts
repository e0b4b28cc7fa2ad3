/**
 * The signature of a Pix provider's webhook notice: HMAC-SHA256 with the
 * secret the company shares with its provider, over "<timestamp>.<raw body>"
 * (the timestamp in Unix seconds, sent in its own header), hex-encoded as
 * "sha256=<hex>". A notice is taken only when its signature matches (compared
 * in constant time) and its timestamp lies within the window (5 minutes either
 * way): an old notice captured and sent again is refused by the window, and
 * inside it by the signature already seen (the caller keeps those).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PIX_SIGNATURE_HEADER = 'x-pix-signature';
export const PIX_TIMESTAMP_HEADER = 'x-pix-timestamp';
/** seconds a notice's timestamp may be away from the server's clock */
export const PIX_SIGNATURE_WINDOW_SECONDS = 300;

export function signPixNotice(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex')}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'unsigned' | 'bad_signature' | 'stale' };

/** Whether a notice is the provider's and fresh: signature header, timestamp header, body, the server's instant. */
export function checkPixSignature(secret: string, signature: string | undefined, timestamp: string | undefined, rawBody: string | Buffer, now: Date): SignatureCheck {
  if (!signature || !timestamp) return { ok: false, reason: 'unsigned' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'bad_signature' };
  const expected = Buffer.from(signPixNotice(secret, Number(timestamp), rawBody));
  const given = Buffer.from(signature.trim());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
  if (Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp)) > PIX_SIGNATURE_WINDOW_SECONDS) return { ok: false, reason: 'stale' };
  return { ok: true };
}
