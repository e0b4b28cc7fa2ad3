/**
 * The credit bureau's provider: who answers a lookup. The server talks to it
 * only through this interface; the sandbox provider (sandbox.ts) is the one
 * that exists today. A real bureau (Boa Vista SCPC, Serasa…) is a new class
 * here plus its name in `bureauProviderFromSettings`.
 *
 * A provider call is billable: the caller (areas/intake/bureau/reports.ts) makes
 * sure one idempotency key reaches the provider at most once, and stores
 * nothing when the provider fails or is too slow.
 */
import type { BureauResult } from '@shared/contract/bureau';
import { BureauProviderError, type BureauProvider, type BureauQuery } from './provider-interface';
import { createSandboxProvider } from './sandbox';

export { BureauProviderError, type BureauProvider, type BureauQuery };

/** How long a lookup may take before it is abandoned (env BUREAU_TIMEOUT_MS, default 15 s). */
export function bureauTimeoutMs(): number {
  const fromEnv = Number(process.env.BUREAU_TIMEOUT_MS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 15_000;
}

/** env BUREAU_PROVIDER: only 'sandbox' (the default) exists. */
export function bureauProviderFromSettings(name: string | undefined = process.env.BUREAU_PROVIDER): BureauProvider {
  const wanted = (name ?? '').trim() || 'sandbox';
  if (wanted === 'sandbox') return createSandboxProvider();
  throw new Error(`BUREAU_PROVIDER "${wanted}" não existe; o único provedor disponível é "sandbox"`);
}

/**
 * Runs one lookup with a deadline. The provider's own failures and the
 * deadline both become a BureauProviderError; the signal tells the provider
 * to stop working.
 */
export async function lookupWithDeadline(provider: BureauProvider, query: BureauQuery, timeoutMs = bureauTimeoutMs()): Promise<BureauResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Settle as a timeout first: a provider that rejects when aborted must not turn the 504 into a 502.
      reject(new BureauProviderError('timeout', 'timeout'));
      controller.abort();
    }, timeoutMs);
  });
  try {
    return await Promise.race([provider.lookup(query, controller.signal), deadline]);
  } catch (error) {
    if (error instanceof BureauProviderError) throw error;
    throw new BureauProviderError(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}
