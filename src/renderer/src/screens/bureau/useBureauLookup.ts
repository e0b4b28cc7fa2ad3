/**
 * The one lookup result the bureau screens share (the spec's credit-bureau area: "its screens share
 * one lookup result"): one query, one cache key per solicitation, kept for
 * offline viewing by the main process like every cacheable call.
 */
import { useApiQuery } from '../../api/hooks';

export function useBureauLookup(solicitationId: number) {
  return useApiQuery('bureau.bySolicitation', { id: solicitationId }, { enabled: Number.isInteger(solicitationId) && solicitationId > 0 });
}

