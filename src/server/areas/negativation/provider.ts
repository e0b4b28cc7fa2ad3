/**
 * The negativação provider: who receives the debts. The server talks to it only through NegativationProvider; the
 * sandbox (sandbox.ts) is the one that exists today. A real bureau (Serasa, Boa Vista SCPC…) is a new class plus
 * its name here. One provider per server process (the sandbox remembers its protocols in memory).
 */
import { NegativationProviderError, type NegativationProvider } from './provider-interface';
import { createSandboxNegativationProvider } from './sandbox';

export { NegativationProviderError, type NegativationProvider };

let current: NegativationProvider | null = null;

/** env NEGATIVATION_PROVIDER: only 'sandbox' (the default) exists. */
export function negativationProviderFromSettings(name: string | undefined = process.env.NEGATIVATION_PROVIDER): NegativationProvider {
  const wanted = (name ?? '').trim() || 'sandbox';
  if (wanted === 'sandbox') return createSandboxNegativationProvider();
  throw new Error(`NEGATIVATION_PROVIDER "${wanted}" não existe; o único provedor disponível é "sandbox"`);
}

/** The process's provider (made on first use). */
export function negativationProvider(): NegativationProvider {
  current ??= negativationProviderFromSettings();
  return current;
}
