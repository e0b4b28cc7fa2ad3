/** After money moves, every cached answer about the operation, its installments and the books is read again. */
import { useQueryClient } from '@tanstack/react-query';

const STALE_AFTER_MONEY = /^(creditOperation\.|servicing\.|ledger\.|company\.contracts)/;

export function useRefreshServicing() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && STALE_AFTER_MONEY.test(q.queryKey[0]) });
  };
}
