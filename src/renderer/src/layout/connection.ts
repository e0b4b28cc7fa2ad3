/**
 * The time of the freshest server data the app holds, for the header's
 * "Sem conexão" tag: a query answered by the server counts from when it was
 * received; one answered from the offline cache, from when the server gave
 * it (cachedAt). Pure, so it is tested without React.
 */

/** The part of a TanStack query the computation reads (data is the bridge's envelope). */
export interface QueryLike {
  state: { data?: unknown; dataUpdatedAt: number };
}

function receivedAt(query: QueryLike): number | undefined {
  const data = query.state.data as { stale?: unknown; cachedAt?: unknown } | undefined;
  if (data === undefined) return undefined;
  if (data && data.stale === true) {
    const at = typeof data.cachedAt === 'string' ? Date.parse(data.cachedAt) : NaN;
    return Number.isNaN(at) ? undefined : at;
  }
  return query.state.dataUpdatedAt > 0 ? query.state.dataUpdatedAt : undefined;
}

/** Epoch milliseconds of the newest data received from the server, or undefined when there is none. */
export function lastGoodDataAt(queries: readonly QueryLike[]): number | undefined {
  let newest: number | undefined;
  for (const q of queries) {
    const at = receivedAt(q);
    if (at !== undefined && (newest === undefined || at > newest)) newest = at;
  }
  return newest;
}

/** 'HH:mm' for an instant on the workstation's current day, 'DD/MM/YYYY HH:mm' otherwise: the tag stays small. */
export function shortInstant(at: number, now: number, full: (at: number) => string): string {
  const a = new Date(at);
  const b = new Date(now);
  const sameDay = a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
  const text = full(at);
  return sameDay ? text.slice(text.indexOf(' ') + 1) : text;
}
