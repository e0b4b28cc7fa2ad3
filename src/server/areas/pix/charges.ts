/**
 * One cobv per slip: when a slip (or a carnê's slips) is issued, each gets its
 * Pix charge at the company's provider, and the slip prints the charge's
 * dynamic BR Code (its location) instead of the static code that paid the
 * face value after the due date.
 *
 * - When: right after the slip's transaction commits, before the PDF is drawn
 *   (boletos' handler calls `dynamicPixCodes`), never inside it: a provider
 *   call must not hold the operation's lock (PGlite would stop every other
 *   request meanwhile).
 * - Idempotent by txid: the txid names the operation, the installment and the
 *   slip (domain/servicing/pix-cobv.ts, cobvTxid), so a reprint of the same
 *   slip finds its charge (`INSERT … ON CONFLICT (txid) DO NOTHING`, then the
 *   row's location) and calls nobody; a charge whose PUT failed or never
 *   answered has no location yet and is PUT again (PUT /cobv/{txid} is itself
 *   idempotent at the provider). A new amount or due date is a new slip, so a
 *   new charge.
 * - The charge says what the slip says: its amount and due date (an overdue
 *   installment's updated slip is due today, multa already in the amount), the
 *   frozen contract's multa and mora (pix-cobv.ts says how they map).
 * - No provider chosen: nothing is asked and the slip keeps the static code.
 *   The provider down, or no Pix key or city for a code: the slip prints no Pix
 *   code at all (the boleto still collects) rather than a static one that
 *   would take the face value late.
 */
import { sql } from 'drizzle-orm';
import { textArray } from '../../db/batch-sql';
import type { RemuneratoryInDelay } from '@shared/servicing';
import type { Db } from '../../db/connect';
import { agreementCobvTxid, cobvRequest, cobvTxid, type CobvRequest } from '../../domain/servicing/pix-cobv';
import { dynamicBrCode } from '../../domain/servicing/pix-brcode';
import { pixCharges, type PixChargeRow } from './schema';
import { pixSettingsOf } from './settings';
import { pixProviderOf } from './provider';

/** What a slip's charge is made from (boletos builds it from the slip it recorded). */
export interface PixChargeRequest {
  companyId: number;
  operationId: number;
  /** the operation's installment the slip collects; null for an agreement's (then agreementInstallmentId) */
  installmentId: number | null;
  /** the agreement's installment the slip collects (renegotiation; migration 0064) */
  agreementInstallmentId?: number | null;
  slipId: number;
  amount: string;
  dueDate: string;
  /** an updated slip of an overdue installment: the multa is in the amount */
  multaIncluded: boolean;
  terms: { late_fee_percent: string; default_interest_monthly_percent: string; remuneratory: RemuneratoryInDelay };
  payer: { name: string; document: string };
  pixKey: string | null;
  merchantName: string;
  merchantCity: string | null;
  description: string;
}

/**
 * The dynamic BR Code of each slip's charge, by slip id; a slip absent from
 * the answer keeps the static code (no provider chosen), a null prints none.
 */
export async function dynamicPixCodes(db: Db, requests: readonly PixChargeRequest[]): Promise<Map<number, string | null>> {
  const codes = new Map<number, string | null>();
  if (!requests.length) return codes;
  const settings = await pixSettingsOf(db, requests[0].companyId);
  const provider = settings ? pixProviderOf(settings) : null;
  if (!provider) return codes;
  const wanted = new Map<string, { request: PixChargeRequest; body: CobvRequest }>();
  for (const r of requests) {
    if (!r.pixKey || !r.merchantCity) {
      codes.set(r.slipId, null);
      continue;
    }
    const txid = r.agreementInstallmentId ? agreementCobvTxid(r.operationId, r.agreementInstallmentId, r.slipId) : cobvTxid(r.operationId, r.installmentId ?? 0, r.slipId);
    const body = cobvRequest({ txid, amount: r.amount, dueDate: r.dueDate, multaIncluded: r.multaIncluded, terms: r.terms, payer: r.payer, pixKey: r.pixKey, description: r.description });
    wanted.set(txid, { request: r, body });
  }
  if (!wanted.size) return codes;
  await db
    .insert(pixCharges)
    .values(
      [...wanted].map(([txid, { request: r, body }]) => ({
        txid,
        company_id: r.companyId,
        credit_operation_id: r.operationId,
        kind: r.agreementInstallmentId ? ('agreement' as const) : ('installment' as const),
        installment_id: r.agreementInstallmentId ? null : r.installmentId,
        agreement_installment_id: r.agreementInstallmentId ?? null,
        slip_id: r.slipId,
        provider: provider.name,
        amount: body.valor.original,
        due_date: r.dueDate,
        request: body,
      })),
    )
    .onConflictDoNothing({ target: pixCharges.txid });
  const rows = await db.select().from(pixCharges).where(sql`${pixCharges.txid} = ANY(${textArray([...wanted.keys()])})`);
  const registered: Array<{ id: number; location: string }> = [];
  for (const row of rows) {
    let location = row.location;
    if (location === null) {
      try {
        location = (await provider.putCobv(row.txid, row.request as CobvRequest)).location;
        registered.push({ id: row.id, location });
      } catch {
        location = null;
      }
    }
    const { request: r } = wanted.get(row.txid)!;
    codes.set(r.slipId, location === null ? null : codeOf(location, r));
  }
  await recordLocations(db, registered);
  return codes;
}

function codeOf(location: string, r: PixChargeRequest): string | null {
  try {
    return dynamicBrCode({ location, merchantName: r.merchantName, merchantCity: r.merchantCity ?? '' });
  } catch {
    return null;
  }
}

/** The locations the provider answered, in one statement. */
async function recordLocations(db: Db, registered: ReadonlyArray<{ id: number; location: string }>): Promise<void> {
  if (!registered.length) return;
  const values = sql.join(
    registered.map((r) => sql`(${r.id}::int, ${r.location}::text)`),
    sql`, `,
  );
  await db.execute(sql`UPDATE pix_charges c SET location = v.location, registered_at = now() FROM (VALUES ${values}) AS v(id, location) WHERE c.id = v.id AND c.location IS NULL`);
}

/** The charges of these txids (the webhook's matching). */
export async function chargesByTxid(db: Db, txids: readonly string[]): Promise<Map<string, PixChargeRow>> {
  if (!txids.length) return new Map();
  // One array parameter, not one per txid: a delivery names hundreds.
  const rows = await db.select().from(pixCharges).where(sql`${pixCharges.txid} = ANY(${textArray(txids)})`);
  return new Map(rows.map((r) => [r.txid, r]));
}
