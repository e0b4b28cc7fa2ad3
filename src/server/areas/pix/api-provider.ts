/**
 * A PSP that speaks the Central Bank's Pix API: `PUT {base}/cobv/{txid}` with
 * the charge's JSON and `GET {base}/cobv/{txid}`, answers in the same JSON.
 * The access token comes from the environment (PIX_API_TOKEN, an OAuth 2
 * client-credentials token the deployment renews); a PSP that also asks for a
 * client certificate (mTLS) is reached through the deployment's proxy.
 */
import type { CobvRequest } from '../../domain/servicing/pix-cobv';
import { PixProviderError, type CobvAnswer, type PixProvider } from './provider-interface';

const TIMEOUT_MS = 15_000;

export function createApiPixProvider(baseUrl: string, token: string | undefined = process.env.PIX_API_TOKEN): PixProvider {
  const base = baseUrl.replace(/\/+$/, '');
  async function call(method: 'PUT' | 'GET', txid: string, body?: CobvRequest): Promise<CobvAnswer | null> {
    let response: Response;
    try {
      response = await fetch(`${base}/cobv/${encodeURIComponent(txid)}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PixProviderError(error instanceof Error ? error.message : String(error));
    }
    if (method === 'GET' && response.status === 404) return null;
    if (!response.ok) throw new PixProviderError(`the Pix provider answered ${response.status}`);
    const answer = (await response.json().catch(() => null)) as CobvAnswer | null;
    if (!answer || typeof answer.txid !== 'string' || typeof (answer.loc?.location ?? answer.location) !== 'string') throw new PixProviderError('the Pix provider gave no location');
    return { ...answer, location: answer.loc?.location ?? answer.location };
  }
  return {
    name: 'api',
    async putCobv(txid, body) {
      return (await call('PUT', txid, body))!;
    },
    getCobv: (txid) => call('GET', txid),
  };
}
