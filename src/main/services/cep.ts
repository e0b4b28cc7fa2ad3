/**
 * Address lookup by CEP (the spec's postal-code lookup) against a public postal-code service with
 * ViaCEP's JSON shape: GET {base}/ws/{8 digits}/json/. It runs in the main
 * process (the renderer reaches it only through the bridge), so the page
 * never talks to a third-party host. Every outcome is a normalised result
 * with a message in the user's language; it never throws.
 *
 * The service's address is a setting anyone can type, and the main process
 * must not become a way to reach other hosts: the address must pass
 * shared/cep-service-url.ts (https, or http to this computer only; no user or
 * password; no query), the lookup's URL is built by URL parsing, and a
 * redirect is followed only within the same origin.
 *
 * Answers (found and "erro": true) are kept in memory: an address does not
 * change between two lookups of a session, and a form that looks the same
 * CEP up again should not wait for the network. Failures are never kept, so
 * the next attempt asks the service again.
 */
import axios, { type AxiosResponse } from 'axios';
import { z } from 'zod';
import type { Locale } from '@shared/bridge';
import { cepDigits, formatCep, type Address } from '@shared/address';
import { cepLookupUrl, cepServiceUrlProblem, isLoopbackHost } from '@shared/cep-service-url';
import type { ApiResult } from '@shared/result';
import { errorText, failure } from './failure';

export const DEFAULT_CEP_TIMEOUT_MS = 5_000;
export const DEFAULT_CEP_CACHE_SIZE = 500;
/** Redirects followed within the service's own origin before giving up. */
export const MAX_REDIRECTS = 3;

function safeUrl(location: string, from: URL): URL | null {
  try {
    return new URL(location, from);
  } catch {
    return null;
  }
}

export interface CepServiceOptions {
  /** The service's address, read at each lookup so a changed setting applies at once. */
  baseUrl(): string;
  /** Language of the messages; pt-BR when not given. */
  locale?(): Locale;
  /** How long one request may take before it is aborted (default 5 s). */
  timeoutMs?: number;
  /** How many answers are kept (default 500); the least recently used goes first. */
  cacheSize?: number;
}

export interface CepService {
  lookup(cep: unknown): Promise<ApiResult<Address>>;
}

/** What a ViaCEP-shaped service answers for a known CEP; absent fields become ''. */
const foundSchema = z.object({
  cep: z.string().optional(),
  logradouro: z.string().default(''),
  complemento: z.string().default(''),
  bairro: z.string().default(''),
  localidade: z.string().default(''),
  uf: z.string().default(''),
  ibge: z.string().default(''),
});

/** Unknown but well-formed CEP: 200 with {"erro": true} (older versions: "true"). */
const notFoundSchema = z.object({ erro: z.union([z.literal(true), z.literal('true')]) });

type Cached = { kind: 'found'; address: Address } | { kind: 'not-found' };

function toAddress(digits: string, body: z.infer<typeof foundSchema>): Address {
  return {
    // Our own formatting of the CEP asked: the answer's copy adds nothing and could be absent.
    cep: formatCep(digits),
    street: body.logradouro.trim(),
    complement: body.complemento.trim(),
    neighborhood: body.bairro.trim(),
    city: body.localidade.trim(),
    state: body.uf.trim().toUpperCase(),
    ibge: body.ibge.trim(),
  };
}

export function createCepService(options: CepServiceOptions): CepService {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CEP_TIMEOUT_MS;
  const cacheSize = Math.max(1, options.cacheSize ?? DEFAULT_CEP_CACHE_SIZE);
  const locale = (): Locale => options.locale?.() ?? 'pt-BR';
  // A Map keeps insertion order: re-inserting on every hit makes the first key the least recently used.
  const cache = new Map<string, Cached>();

  function remember(key: string, value: Cached): void {
    cache.delete(key);
    cache.set(key, value);
    while (cache.size > cacheSize) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
  }

  function answer(entry: Cached): ApiResult<Address> {
    if (entry.kind === 'found') return { data: { ...entry.address }, error: false, status: 200 };
    return failure('not-found', locale(), { status: 404, key: 'errors.cepNotFound', field: 'cep' });
  }

  /**
   * One GET without following redirects: axios (follow-redirects) would go
   * wherever a Location points, another host included. A redirect is followed
   * here only within the service's origin (scheme, host and port), at most
   * MAX_REDIRECTS times.
   */
  async function get(url: URL, base: string): Promise<{ response: AxiosResponse } | ApiResult<Address>> {
    const vars = { url: base };
    let current = url;
    for (let hop = 0; ; hop++) {
      let response: AxiosResponse;
      try {
        response = await axios.request({
          method: 'GET',
          url: current.href,
          // axios's timeout only watches an idle socket; the signal bounds the whole exchange and aborts it.
          timeout: timeoutMs,
          signal: AbortSignal.timeout(timeoutMs),
          maxRedirects: 0,
          validateStatus: () => true,
          responseType: 'json',
          headers: { Accept: 'application/json' },
          proxy: isLoopbackHost(current.hostname) ? false : undefined,
        });
      } catch (error) {
        const timedOut =
          axios.isAxiosError(error) && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || error.code === 'ERR_CANCELED');
        if (!timedOut) console.warn('[cep] service unreachable:', errorText(error));
        return failure('network', locale(), { status: null, key: timedOut ? 'errors.cepTimeout' : 'errors.cepUnreachable', vars });
      }
      if (response.status < 300 || response.status >= 400) return { response };
      const location = response.headers.location;
      const next = typeof location === 'string' ? safeUrl(location, current) : null;
      if (!next || next.origin !== url.origin) {
        console.warn('[cep] redirect to another origin refused');
        return failure('server', locale(), { status: response.status, key: 'errors.cepRedirect', vars });
      }
      if (hop >= MAX_REDIRECTS) return failure('server', locale(), { status: response.status, key: 'errors.cepService', vars });
      current = next;
    }
  }

  /** Asks the service: an answer worth keeping, or the failure to show (never kept). */
  async function ask(base: string, digits: string): Promise<Cached | ApiResult<Address>> {
    const vars = { url: base };
    const outcome = await get(cepLookupUrl(base, digits), base);
    if (!('response' in outcome)) return outcome;
    const { response } = outcome;
    if (response.status === 400) {
      // We only send 8 digits, so this is the service disagreeing about the CEP: say so on the field.
      return failure('validation', locale(), { status: 400, key: 'errors.cepInvalid', field: 'cep' });
    }
    if (response.status !== 200) {
      return failure('server', locale(), { status: response.status, key: 'errors.cepService', vars });
    }
    const body: unknown = response.data;
    if (notFoundSchema.safeParse(body).success) return { kind: 'not-found' };
    const found = foundSchema.safeParse(body);
    // A 200 that is not an address (an HTML page, a captive portal) is not an answer to keep.
    if (!found.success || (body as { erro?: unknown }).erro !== undefined) {
      return failure('server', locale(), { status: response.status, key: 'errors.cepService', vars });
    }
    return { kind: 'found', address: toAddress(digits, found.data) };
  }

  return {
    async lookup(cep) {
      try {
        const digits = typeof cep === 'string' ? cepDigits(cep) : null;
        if (!digits) return failure('invalid-args', locale(), { key: 'errors.cepInvalid', field: 'cep' });
        const base = options.baseUrl().trim().replace(/\/+$/, '');
        if (base === '') return failure('network', locale(), { status: null, key: 'errors.cepUnreachable', vars: { url: '' } });
        // The settings refuse such an address; this holds for one written to the file by hand too. The address is not
        // echoed: it may carry a password.
        if (cepServiceUrlProblem(base)) return failure('validation', locale(), { status: null, key: 'errors.cepServiceUrl', field: 'cepServiceUrl' });
        // Keyed by service too: answers of a service the user has since replaced are not reused.
        const key = `${base} ${digits}`;
        const cached = cache.get(key);
        if (cached) {
          remember(key, cached);
          return answer(cached);
        }
        const outcome = await ask(base, digits);
        if ('kind' in outcome) {
          remember(key, outcome);
          return answer(outcome);
        }
        return outcome;
      } catch (error) {
        // Only a programming error lands here; the renderer still gets an answer.
        console.error('[cep] unexpected failure', errorText(error));
        return failure('server', locale(), { status: null });
      }
    },
  };
}
