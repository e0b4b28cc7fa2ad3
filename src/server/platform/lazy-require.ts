/**
 * A CommonJS package loaded on its first use instead of when the server
 * starts: some libraries cost a noticeable part of every start to evaluate
 * (pdfkit with its fonts and compression tables, about 0.2 s of CPU) and are
 * needed only by a call few sessions make. Synchronous, so the callers keep
 * their signatures (and throw bad input before anything is loaded, as before).
 */
import { createRequire } from 'node:module';

const requireFromHere = createRequire(import.meta.url);

export function lazyRequire<T>(specifier: string): () => T {
  let loaded: { value: T } | null = null;
  return () => (loaded ??= { value: requireFromHere(specifier) as T }).value;
}
