/**
 * After money moves, every cached answer about the operation, its
 * installments, their moves and title, prepayments, the books, the overdue
 * list and the portfolio figures is read again.
 */
import { useQueryClient } from '@tanstack/react-query';

const STALE_AFTER_MONEY = /^(creditOperation\.|servicing\.|servicingMoves\.|cession\.|repurchase\.|prepayment\.|ledger\.|company\.contracts|collections\.|home\.portfolio)/;

export function useRefreshServicing() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && STALE_AFTER_MONEY.test(q.queryKey[0]) });
  };
}
