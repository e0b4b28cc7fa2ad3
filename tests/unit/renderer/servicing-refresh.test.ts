/**
 * After a money action the screen shows the server's answer, even when a read started before the action answers
 * late with the old state, and only the operation's own queries are read again (the lists across operations are
 * marked stale for their next showing).
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { refreshAfterMoney, refreshScope } from '../../../src/renderer/src/screens/servicing/refresh';

describe('refreshScope', () => {
  it('reads again the queries of the operation the money moved on, marks the other money queries stale, leaves the rest', () => {
    expect(refreshScope(['servicing.installmentDetails', { id: 7, installment: 3 }], 7)).toBe('operation');
    expect(refreshScope(['creditOperation.get', { id: 7 }], 7)).toBe('operation');
    expect(refreshScope(['servicingMoves.installment', { id: 7, installment: 3 }], 7)).toBe('operation');
    expect(refreshScope(['cession.ofOperation', { id: 7 }], 7)).toBe('operation');
    expect(refreshScope(['servicing.installments', { id: 8 }], 7)).toBe('elsewhere');
    expect(refreshScope(['collections.expiredInstallments', { page: 1, limit: 20 }], 7)).toBe('elsewhere');
    expect(refreshScope(['home.portfolio'], 7)).toBe('elsewhere');
    // A cession's own id is not an operation's.
    expect(refreshScope(['cession.get', { id: 7 }], 7)).toBe('elsewhere');
    expect(refreshScope(['users.list', { id: 7 }], 7)).toBe('untouched');
    // Across operations every money query is read again.
    expect(refreshScope(['servicing.installments', { id: 8 }], null)).toBe('operation');
  });
});

type Details = { status: string };

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('refreshAfterMoney', () => {
  const observers: Array<() => void> = [];
  afterEach(() => observers.splice(0).forEach((stop) => stop()));

  function watch(client: QueryClient, queryKey: unknown[], queryFn: () => Promise<unknown>) {
    const calls = { n: 0 };
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: () => {
        calls.n += 1;
        return queryFn();
      },
      staleTime: Infinity,
    });
    observers.push(observer.subscribe(() => undefined));
    return { calls, observer };
  }

  it('shows the server’s answer even when an older read of the installment answers after it, and reads again only that operation', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['servicing.installmentDetails', { id: 7, installment: 3 }];
    // The read of the installment started before the payment; under load it answers after the payment did.
    const late = deferred<{ data: Details; stale: boolean }>();
    let answerOfRead: Promise<{ data: Details; stale: boolean }> = Promise.resolve({ data: { status: 'overdue' }, stale: false });
    const details = watch(client, key, () => answerOfRead);
    await details.observer.refetch();
    answerOfRead = late.promise;
    void details.observer.refetch();

    const header = watch(client, ['creditOperation.get', { id: 7 }], async () => ({ data: { id: 7 }, stale: false }));
    const other = watch(client, ['servicing.installments', { id: 8 }], async () => ({ data: [], stale: false }));
    const overdue = watch(client, ['collections.expiredInstallments', { page: 1 }], async () => ({ data: [], stale: false }));
    await Promise.all([header.observer.refetch(), other.observer.refetch(), overdue.observer.refetch()]);
    const before = { header: header.calls.n, other: other.calls.n, overdue: overdue.calls.n, details: details.calls.n };

    await refreshAfterMoney(client, {
      operationId: 7,
      answer: { name: 'servicing.installmentDetails', args: { id: 7, installment: 3 }, data: { status: 'paid' } as never },
    });
    // The old read answers now: it must not replace the server's answer to the payment.
    late.resolve({ data: { status: 'overdue' }, stale: false });
    await late.promise;
    await new Promise((r) => setImmediate(r));

    expect((client.getQueryData(key) as { data: Details }).data.status).toBe('paid');
    // The operation's header is read again; the answered query is not (the answer is the server's word of now).
    expect(header.calls.n).toBe(before.header + 1);
    expect(details.calls.n).toBe(before.details);
    // Another operation and the overdue list are not read now, only marked stale for their next showing.
    expect(other.calls.n).toBe(before.other);
    expect(overdue.calls.n).toBe(before.overdue);
    expect(client.getQueryState(['servicing.installments', { id: 8 }])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['collections.expiredInstallments', { page: 1 }])?.isInvalidated).toBe(true);
    client.clear();
  });
});
