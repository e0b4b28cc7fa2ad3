/**
 * What a credit bureau provider is: the query it takes, the interface it
 * implements and the error it fails with. Providers (sandbox.ts, and a real
 * bureau later) depend on this file alone, so provider.ts can choose among
 * them without the two importing each other.
 */
import type { BureauResult } from '@shared/contract/bureau';

export interface BureauQuery {
  /** CPF (11 digits) or CNPJ (14 characters), without mask */
  document: string;
  /** the lookup model's label, as the provider names its products */
  model: string | null;
  /** the name the provider should expect (the solicitation's); the answer's name wins */
  subjectName?: string;
}

export interface BureauProvider {
  /** stored in bureau_reports.provider */
  readonly name: string;
  /** Rejects with BureauProviderError when the provider cannot answer; must stop when `signal` aborts. */
  lookup(query: BureauQuery, signal: AbortSignal): Promise<BureauResult>;
}

/** The provider could not answer (unreachable, refused, broken answer). */
export class BureauProviderError extends Error {
  constructor(message: string, readonly reason: 'unavailable' | 'timeout' = 'unavailable') {
    super(message);
  }
}
