/**
 * A fresh idempotency key for a write that creates money records or bills
 * (a proposal, a contract, a bureau lookup): drawn once per confirmation, so a
 * double click or a retry of the same confirmation runs once on the server.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
