/**
 * After money moves, the screen shows the server's answer at once and reads again only what it changed.
 *
 * - Of one operation (a payment, a reversal, a prepayment, a move of an installment, a repurchase, a write-off): the
 *   answer the server gave is written where the screen reads it (so the status tag is the server's, never the one
 *   read before the action), any read of that operation still on its way is dropped (an older answer arriving late
 *   must not overwrite the new one, which is how a "Paga" result once sat beside a "Vencida" tag), and the
 *   operation's own queries are read again. The lists and figures across operations (the overdue list, the books,
 *   the portfolio, cessions across operations) are only marked stale: they are read again when next shown, not now.
 * - Across operations (a batch cession): every money query is read again, as before.
 */
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import type { ArgsOf, ExposedOperationName, ResultOf } from '@shared/contract';
import { apiKey } from '../../api/hooks';
import type { Envelope } from '../../api/client';

const MONEY_QUERIES = /^(creditOperation\.|servicing\.|servicingMoves\.|cession\.|repurchase\.|prepayment\.|ledger\.|company\.contracts|collections\.|home\.portfolio)/;

/** The queries that read one operation: their arguments name it by `id`. */
const OPERATION_QUERIES = /^(creditOperation\.|servicing\.|servicingMoves\.|cession\.(ofOperation|assignable|reversible)$|repurchase\.|prepayment\.|company\.contractsByOperation$)/;

export type RefreshScope = 'operation' | 'elsewhere' | 'untouched';

/** What a money action on one operation does to a cached query: read it again now, mark it stale, or leave it. */
export function refreshScope(queryKey: readonly unknown[], operationId: number | null): RefreshScope {
  const [name, args] = queryKey;
  if (typeof name !== 'string' || !MONEY_QUERIES.test(name)) return 'untouched';
  if (operationId === null) return 'operation';
  const id = typeof args === 'object' && args !== null ? (args as { id?: unknown }).id : undefined;
  return OPERATION_QUERIES.test(name) && id === operationId ? 'operation' : 'elsewhere';
}

/** The server's answer to a money action, as the query it replaces reads it. */
export interface ServerAnswer<N extends ExposedOperationName = ExposedOperationName> {
  name: N;
  args: ArgsOf<N>;
  data: ResultOf<N>;
}

export interface RefreshOf {
  /** the operation the money moved on; none for an action across operations */
  operationId?: number;
  /** what the server answered, shown at once where the screen reads it */
  answer?: ServerAnswer;
}

export async function refreshAfterMoney(client: QueryClient, { operationId, answer }: RefreshOf = {}): Promise<void> {
  const id = operationId ?? null;
  const of = (scope: RefreshScope) => (q: Query) => refreshScope(q.queryKey, id) === scope;
  // A read of the operation started before the action would answer the old state after the new one is shown.
  await client.cancelQueries({ predicate: of('operation') });
  if (answer) client.setQueryData<Envelope<unknown>>(apiKey(answer.name, answer.args), { data: answer.data, stale: false });
  // The answered query is the server's word of now: read again, it would only say the same.
  const answered = answer ? client.getQueryCache().find({ queryKey: apiKey(answer.name, answer.args), exact: true }) : undefined;
  await Promise.all([
    client.invalidateQueries({ predicate: (q) => of('operation')(q) && q !== answered }),
    client.invalidateQueries({ predicate: of('elsewhere'), refetchType: 'none' }),
  ]);
}

export function useRefreshServicing() {
  const client = useQueryClient();
  return (scope?: RefreshOf) => refreshAfterMoney(client, scope);
}
