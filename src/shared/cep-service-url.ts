/**
 * The address of the postal-code (CEP) service, which the main process calls
 * on the user's behalf. A setting any user can type must not turn the main
 * process into a way to reach other hosts or leak secrets, so it is held to:
 * - https only; plain http only to this computer (localhost, 127.0.0.0/8,
 *   [::1]), which is what a local stand-in in tests uses;
 * - no user name or password in the address (they would travel in every
 *   lookup and show in messages);
 * - no query or fragment: the lookup's path is built from the address by URL
 *   parsing (`cepLookupUrl`), never by gluing text together.
 * Redirects are checked where the lookup runs (main/services/cep.ts): only to
 * the same origin.
 */

export type CepServiceUrlProblem = 'malformed' | 'scheme' | 'credentials' | 'query';

/** Portuguese, like the other settings messages; the settings screen shows it on the field. */
export const CEP_SERVICE_URL_MESSAGES: Record<CepServiceUrlProblem, string> = {
  malformed: 'endereço inválido',
  scheme: 'use https (http só para este computador: localhost ou 127.0.0.1)',
  credentials: 'o endereço não pode conter usuário nem senha',
  query: 'o endereço não pode conter consulta (?) nem fragmento (#)',
};

/** Hosts that are this computer, as the URL parser writes them. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

function parse(raw: string): URL | null {
  try {
    return new URL(raw.trim());
  } catch {
    return null;
  }
}

/** What is wrong with an address for the CEP service, or null when it may be used. */
export function cepServiceUrlProblem(raw: string): CepServiceUrlProblem | null {
  const url = parse(raw);
  if (!url) return 'malformed';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (!url.hostname) return 'malformed';
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return 'scheme';
  if (url.username !== '' || url.password !== '') return 'credentials';
  // The parser drops a lone "?" or "#": the raw text is checked too.
  if (url.search !== '' || url.hash !== '' || /[?#]/.test(raw)) return 'query';
  return null;
}

/**
 * GET {base}/ws/{8 digits}/json/ as a URL: the base's own path is kept as a
 * prefix and the rest set through the parser. Throws on an address
 * `cepServiceUrlProblem` refuses or a CEP that is not 8 digits.
 */
export function cepLookupUrl(base: string, digits: string): URL {
  const problem = cepServiceUrlProblem(base);
  if (problem) throw new RangeError(`CEP service address refused: ${problem}`);
  if (!/^\d{8}$/.test(digits)) throw new RangeError('a CEP is 8 digits');
  const url = new URL(base.trim());
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/ws/${digits}/json/`;
  return url;
}
