/**
 * The one lookup result the bureau screens share (spec §2: "its screens share
 * one lookup result"): one query, one cache key per solicitation, kept for
 * offline viewing by the main process like every cacheable call.
 */
import { useApiQuery } from '../../api/hooks';

export function useBureauLookup(solicitationId: number) {
  return useApiQuery('bureau.bySolicitation', { id: solicitationId }, { enabled: Number.isInteger(solicitationId) && solicitationId > 0 });
}

/** A fresh idempotency key: one per confirmation, so a double click or a retry of the same confirmation runs once. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
