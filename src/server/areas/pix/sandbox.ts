/**
 * The sandbox Pix provider of the embedded backend (as the bureau has its
 * sandbox): it keeps the charges put to it in memory, answers them as the Pix
 * API would (status ATIVA, a location under pix.sandbox.local), and "pays" a
 * charge by writing the webhook notice a PSP would send — `{ pix: [{ endToEndId,
 * txid, valor, horario, chave }] }` — signed with the company's webhook secret
 * (domain/pix-signature.ts). The amount paid is what the charge asks on the day
 * (cobvAmountOn: original, then multa and juros after the due date), so a
 * notice from it settles its installment exactly; tests ask for another amount
 * or txid to see a notice go unmatched.
 */
import { randomBytes } from 'node:crypto';
import type { CobvRequest } from '../../domain/servicing/pix-cobv';
import { cobvAmountOn } from '../../domain/servicing/pix-cobv';
import { PIX_SIGNATURE_HEADER, PIX_TIMESTAMP_HEADER, signPixNotice } from '../../domain/pix-signature';
import type { CobvAnswer, PixProvider } from './provider-interface';

export const SANDBOX_LOCATION_HOST = 'pix.sandbox.local';

/** Charges put to any sandbox provider of this process, by txid. */
const charges = new Map<string, CobvAnswer>();
/** The body each charge was last put with, to tell a repeated PUT from a revision. */
const bodies = new Map<string, string>();
let nextLoc = 1;

export function createSandboxPixProvider(): PixProvider {
  return {
    name: 'sandbox',
    async putCobv(txid: string, body: CobvRequest): Promise<CobvAnswer> {
      const text = JSON.stringify(body);
      const known = charges.get(txid);
      if (known && bodies.get(txid) === text) return known;
      const loc = known?.loc ?? { id: nextLoc++, location: `${SANDBOX_LOCATION_HOST}/v2/cobv/${txid}`, tipoCob: 'cobv' as const };
      const answer: CobvAnswer = { ...body, txid, revisao: known ? known.revisao + 1 : 0, status: 'ATIVA', loc, location: loc.location };
      charges.set(txid, answer);
      bodies.set(txid, text);
      return answer;
    },
    async getCobv(txid: string): Promise<CobvAnswer | null> {
      return charges.get(txid) ?? null;
    },
  };
}

export interface SandboxPayment {
  txid: string;
  /** the instant paid, ISO 8601 (the notice's horario) */
  paidAt: string;
  /** what was paid; default: what the charge asks on the day paid */
  amount?: string;
  endToEndId?: string;
}

export interface SignedNotice {
  body: string;
  headers: Record<string, string>;
}

/** The pix entry of one payment as the sandbox would notify it; the charge must have been put to the sandbox unless `amount` is given. */
export function sandboxPix(payment: SandboxPayment, paidOn: string): { endToEndId: string; txid: string; valor: string; horario: string; chave?: string } {
  const charge = charges.get(payment.txid);
  const valor = payment.amount ?? (charge ? cobvAmountOn(charge, paidOn) : null);
  if (valor === null) throw new Error(`the sandbox has no charge ${payment.txid}`);
  return {
    endToEndId: payment.endToEndId ?? `E00000000${paidOn.replace(/-/g, '')}0000${randomBytes(6).toString('hex')}`.slice(0, 32),
    txid: payment.txid,
    valor,
    horario: payment.paidAt,
    ...(charge ? { chave: charge.chave } : {}),
  };
}

/** A webhook notice of these pix entries, signed as the provider signs it, at `timestamp` (Unix seconds). */
export function signedSandboxNotice(secret: string, pix: readonly object[], timestamp: number): SignedNotice {
  const body = JSON.stringify({ pix });
  return { body, headers: { 'content-type': 'application/json', [PIX_SIGNATURE_HEADER]: signPixNotice(secret, timestamp, body), [PIX_TIMESTAMP_HEADER]: String(timestamp) } };
}
