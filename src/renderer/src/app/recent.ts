/**
 * The records a person opened lately (an operation, a borrower, a
 * solicitation), for the command palette. Held in memory for the session
 * only: names and documents are personal data and are never written to disk
 * outside the encrypted offline cache, so signing out (or closing the app)
 * forgets them.
 */
import { useSyncExternalStore } from 'react';

export type RecentKind = 'operation' | 'borrower' | 'solicitation';

export interface RecentRecord {
  kind: RecentKind;
  id: number;
  /** how people name it: "OP-000123", a borrower's name, "Nº 42 · Maria Silva" */
  title: string;
  /** a second line: the borrower of an operation, a document… */
  detail?: string;
  /** the words it is found by besides the title (numbers, documents with and without punctuation) */
  keys: readonly string[];
  /** the route that opens it */
  path: string;
}

export const MAX_RECENT = 15;

let records: readonly RecentRecord[] = [];
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

/** Puts a record first (once: opening it again moves it up). */
export function rememberRecord(record: RecentRecord): void {
  const rest = records.filter((r) => !(r.kind === record.kind && r.id === record.id));
  const same = records[0] && records[0].kind === record.kind && records[0].id === record.id && records[0].title === record.title && records[0].detail === record.detail;
  if (same) return;
  records = [record, ...rest].slice(0, MAX_RECENT);
  emit();
}

export function forgetRecentRecords(): void {
  if (records.length === 0) return;
  records = [];
  emit();
}

export function useRecentRecords(): readonly RecentRecord[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => records,
    () => records,
  );
}
