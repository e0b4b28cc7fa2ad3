/**
 * What a Pix provider (the company's PSP) is to the server: the two calls of
 * the Central Bank's Pix API the app makes, in that API's own JSON. Providers
 * (sandbox.ts, api-provider.ts) depend on this file alone, so provider.ts can
 * choose among them without the two importing each other.
 */
import type { CobvRequest } from '../../domain/servicing/pix-cobv';

import type { PixProviderChoice } from '@shared/enums';

export type PixProviderName = PixProviderChoice;

/** The answer to PUT /cobv/{txid} and GET /cobv/{txid} (the fields the app reads). */
export interface CobvAnswer extends CobvRequest {
  txid: string;
  revisao: number;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  loc: { id: number; location: string; tipoCob: 'cobv' };
  location: string;
}

export interface PixProvider {
  readonly name: Exclude<PixProviderName, 'none'>;
  /** PUT /cobv/{txid}: creates the charge, or answers it as it is when the same txid is put again with the same body. */
  putCobv(txid: string, body: CobvRequest): Promise<CobvAnswer>;
  /** GET /cobv/{txid}: the charge, or null when the provider has none. */
  getCobv(txid: string): Promise<CobvAnswer | null>;
}

/** The provider could not answer (unreachable, refused, broken answer). */
export class PixProviderError extends Error {}
