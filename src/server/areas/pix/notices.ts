/**
 * The provider's webhook: its notices checked, then each Pix settled as a
 * payment of its charge's installment, or kept unmatched with the reason.
 *
 * - Checked before anything is read (checkProviderCall, the router's
 *   ProviderCheck for access 'provider'): the company must have chosen a
 *   provider; the signature (domain/pix-signature.ts: HMAC-SHA256 over
 *   "<timestamp>.<raw body>" with the company's secret) must match and the
 *   timestamp lie within 5 minutes; the same signed delivery is taken once
 *   (pix_webhook_deliveries, its signature the key): again, 409. Every refusal
 *   is a row of pix_webhook_refusals (the reason, the timestamp sent, the
 *   body's SHA-256 — never the body). A provider retrying a delivery signs it
 *   anew, so it passes here and its pix are duplicates below.
 * - Once per endToEndId (UNIQUE in pix_notices): a pix already taken is a
 *   duplicate and changes nothing; so is the second of one endToEndId in a body.
 * - Settled through collection's payment path (payBatch: the same checks,
 *   replay, ledger postings, settlement day and log entry as any payment or a
 *   bank's return file), method 'pix', the endToEndId as its reference, dated
 *   the São Paulo day of `horario`, in the name of who chose the provider.
 * - Unmatched (stored with the reason, nothing posted here): no charge with the
 *   txid (`unknown_txid`); an amount other than what the charge asks that day
 *   (`wrong_amount`, pix-cobv.ts's cobvAmountOn: the original up to the due
 *   date, then multa and juros); a payment the payment rules refuse
 *   (`refused`: the installment already paid, above what is due, not in
 *   collection…). Each goes to onUnmatchedNotice, the one place unapplied money
 *   leaves this area.
 * - One transaction per delivery: the operations its charges name are locked
 *   first (in id order, collection's lockOperationRows), then the notices
 *   already taken are read, so two deliveries of one pix settle it once; the
 *   answer (200) is sent only after the commit — a delivery the server never
 *   answered is sent again by the provider and settles exactly once.
 */
import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { intArray, textArray } from '../../db/batch-sql';
import { insertRows } from '../../db/insert-rows';
import type { OperationName } from '@shared/contract/index';
import type { PixNoticeEntry } from '@shared/contract/pix';
import { isRoleId } from '@shared/roles';
import type { Db } from '../../db/connect';
import type { ServerDeps } from '../../platform/http/handler';
import { conflict, unauthorized } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { calendarDayInSaoPaulo } from '../../platform/clock';
import { checkPixSignature, PIX_SIGNATURE_HEADER, PIX_TIMESTAMP_HEADER } from '../../domain/pix-signature';
import { cobvAmountOn, type CobvRequest } from '../../domain/servicing/pix-cobv';
import { lockOperationRows, payBatch, type PaymentInput } from '../collection';
import { users } from '../access/schema';
import { pixNotices, pixWebhookDeliveries, pixWebhookRefusals, type PixChargeRow, type PixNoticeRow } from './schema';
import { pixSettingsOf } from './settings';
import { chargesByTxid } from './charges';
import { recordUnappliedMany } from '../suspense';
import { payFromProvider } from '../renegotiation';
import { boletoSlips } from '../boletos/schema-boleto';
import type { SuspenseReason } from '@shared/suspense';

export const PIX_NOTICE_MESSAGES = {
  replayed: 'Aviso de Pix já recebido (mesma assinatura): reenvio ignorado.',
  concurrent: 'Outro aviso com o mesmo Pix foi recebido ao mesmo tempo: envie de novo.',
  unknownTxid: (txid: string) => `Nenhuma cobrança Pix com o txid ${txid || '(vazio)'}.`,
  wrongAmount: (paid: string, asked: string, day: string) => `Valor pago R$ ${paid} diferente do cobrado em ${day} (R$ ${asked}).`,
} as const;

type HeaderValue = string | string[] | undefined;
const header = (value: HeaderValue) => (Array.isArray(value) ? value[0] : value);

/** The router's ProviderCheck for the Pix webhook (see the module's notes): resolves when the delivery is the provider's and new. */
export async function checkProviderCall(
  deps: ServerDeps,
  name: OperationName,
  request: { headers: Record<string, HeaderValue>; rawBody: Buffer; params: Readonly<Record<string, string>> },
): Promise<void> {
  const companyId = Number(request.params.company_id);
  const timestamp = header(request.headers[PIX_TIMESTAMP_HEADER]);
  const refuse = async (reason: 'unsigned' | 'bad_signature' | 'stale' | 'replayed' | 'no_provider', status: 401 | 409) => {
    await deps.db.insert(pixWebhookRefusals).values({
      company_id: Number.isSafeInteger(companyId) && companyId > 0 ? companyId : null,
      reason,
      timestamp_header: timestamp?.slice(0, 40) ?? null,
      body_sha256: createHash('sha256').update(request.rawBody).digest('hex'),
    });
    // The generic 401 (the router's for any call without credentials): the reason is in the refusal's row, not told to the sender.
    throw status === 401 ? unauthorized() : conflict(PIX_NOTICE_MESSAGES.replayed);
  };
  const settings = name === 'pix.webhook' && Number.isSafeInteger(companyId) && companyId > 0 && companyId <= 2 ** 31 - 1 ? await pixSettingsOf(deps.db, companyId) : null;
  if (!settings || settings.provider === 'none') return refuse('no_provider', 401);
  const signature = header(request.headers[PIX_SIGNATURE_HEADER]);
  const check = checkPixSignature(settings.webhook_secret, signature, timestamp, request.rawBody, deps.clock.now());
  if (!check.ok) return refuse(check.reason, 401);
  const taken = await deps.db.insert(pixWebhookDeliveries).values({ signature: signature!, company_id: companyId }).onConflictDoNothing().returning();
  if (!taken.length) return refuse('replayed', 409);
}

export interface NoticeOutcome {
  received: number;
  settled: number;
  unmatched: number;
  duplicates: number;
}

/** An unmatched pix as stored, handed to onUnmatchedNotice. */
export type UnmatchedNotice = PixNoticeRow & { status: 'unmatched' };

/** Why a pix settled nothing, in suspense's words (the notice's reason starts with its kind). */
function suspenseReason(reason: string | null): SuspenseReason {
  if (reason?.startsWith('wrong_amount')) return 'wrong_amount';
  if (reason?.startsWith('refused')) return 'refused';
  return 'unknown_title';
}

/** The payer as the Pix API's notice may name them (`pagador`: nome, cpf or cnpj); absent from many PSPs' notices. */
function payerOf(payload: unknown): { name: string | null; document: string | null } {
  const payer = (payload as { pagador?: { nome?: unknown; cpf?: unknown; cnpj?: unknown } } | null)?.pagador;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 200) : null);
  return { name: text(payer?.nome), document: text(payer?.cpf) ?? text(payer?.cnpj) };
}

/**
 * Where a Pix that settles no installment goes: money the provider credited that this area could not apply (unknown
 * txid, wrong amount, refused by the payment rules) is booked to suspense ("valores a identificar": bank ← suspense),
 * with the notice's end-to-end id as its source, the charge's operation and installment when the txid named one, in
 * the delivery's transaction — so the ledger's bank account matches the Pix account, and a person applies or refunds
 * it from the suspense screen.
 */
export async function onUnmatchedNotice(tx: Db, notices: readonly UnmatchedNotice[], today: string): Promise<void> {
  const byTxid = await chargesByTxid(tx, [...new Set(notices.map((n) => n.txid ?? '').filter((t) => t !== ''))]);
  const charges = new Map([...byTxid.values()].map((c) => [c.id, c] as const));
  await recordUnappliedMany(
    tx,
    notices.map((n) => {
      const charge = n.charge_id === null ? undefined : charges.get(n.charge_id);
      const payer = payerOf(n.payload);
      return {
        companyId: n.company_id,
        amount: n.amount,
        receivedOn: n.paid_on <= today ? n.paid_on : today,
        payerName: payer.name,
        payerDocument: payer.document,
        source: 'pix' as const,
        sourceReference: n.end_to_end_id,
        reason: suspenseReason(n.reason),
        creditOperationId: charge?.credit_operation_id ?? null,
        installmentId: charge?.installment_id ?? null,
        method: 'pix' as const,
        actorId: null,
      };
    }),
  );
}

interface Candidate {
  entry: PixNoticeEntry;
  paidOn: string;
  charge: PixChargeRow | null;
  reason: string | null;
}

const HOUR_MS = 3_600_000;

/**
 * São Paulo's calendar day of a delivery's instants, asked of the time-zone data once per UTC hour they fall in (a
 * formatToParts per pix was a tenth of the notices' JavaScript): an hour whose first and last millisecond fall on the
 * same day falls whole on it (the zone's midnights and changes fall on a UTC hour's boundary, its offsets being whole
 * hours); an hour they do not is asked per instant.
 */
function saoPauloDayReader(): (instant: Date) => string {
  const byHour = new Map<number, string | null>();
  return (instant) => {
    const t = instant.getTime();
    if (!Number.isFinite(t)) return calendarDayInSaoPaulo(instant);
    const hour = Math.floor(t / HOUR_MS);
    let day = byHour.get(hour);
    if (day === undefined) {
      const first = calendarDayInSaoPaulo(new Date(hour * HOUR_MS));
      day = first === calendarDayInSaoPaulo(new Date(hour * HOUR_MS + HOUR_MS - 1)) ? first : null;
      byHour.set(hour, day);
    }
    return day ?? calendarDayInSaoPaulo(instant);
  };
}

/**
 * The pix of an agreement installment's charge (migration 0064), in the delivery's order: each recorded through
 * renegotiation's own payment (payFromProvider: the agreement's lock, its checks, allocation and entries), to the
 * slip's collecting account; refused by those rules, the reason kept (it goes to suspense as any refused pix).
 */
async function settleAgreementCharges(tx: Db, actorId: number, candidates: readonly Candidate[], today: string): Promise<Map<Candidate, number>> {
  const paid = new Map<Candidate, number>();
  const mine = candidates.filter((c) => c.reason === null && c.charge!.kind === 'agreement');
  if (!mine.length) return paid;
  const slipIds = [...new Set(mine.map((c) => c.charge!.slip_id))];
  const accounts = new Map((await tx.select({ id: boletoSlips.id, account: boletoSlips.bank_account_id }).from(boletoSlips).where(sql`${boletoSlips.id} = ANY(${intArray(slipIds)})`)).map((r) => [r.id, r.account]));
  for (const c of mine) {
    const result = await payFromProvider(
      tx,
      actorId,
      { agreementInstallmentId: c.charge!.agreement_installment_id!, amount: c.entry.valor, paid_on: c.paidOn, bank_account_id: accounts.get(c.charge!.slip_id)!, reference: c.entry.endToEndId },
      today,
    );
    if (result.ok) paid.set(c, result.id);
    else c.reason = `refused: ${result.message}`;
  }
  return paid;
}

/** Settles a checked delivery's pix (see the module's notes); answers the counts. */
export async function receiveNotices(db: Db, companyId: number, entries: readonly PixNoticeEntry[], today: string): Promise<NoticeOutcome> {
  return db.transaction(async (tx) => {
    const settings = await pixSettingsOf(tx, companyId);
    if (!settings) throw unauthorized();
    const [who] = await tx.select({ id: users.id, role: users.role_id }).from(users).where(eq(users.id, settings.settle_as));
    if (!who || !isRoleId(who.role)) throw new Error(`pix_settings.settle_as ${settings.settle_as} has no known role`);
    const charges = await chargesByTxid(tx, [...new Set(entries.map((e) => e.txid ?? '').filter((t) => t !== ''))]);
    const ownCharges = new Map([...charges].filter(([, c]) => c.company_id === companyId));
    // Lock first, then read what was taken: a delivery that held the lock before is seen.
    // An agreement's charge is locked by renegotiation's payment (the agreement's lock), not through its operation.
    await lockOperationRows(tx, [...new Set([...ownCharges.values()].filter((c) => c.kind !== 'agreement').map((c) => c.credit_operation_id))].sort((a, b) => a - b));
    const ids = [...new Set(entries.map((e) => e.endToEndId))];
    const taken = new Set((await tx.select({ id: pixNotices.end_to_end_id }).from(pixNotices).where(sql`${pixNotices.end_to_end_id} = ANY(${textArray(ids)})`)).map((r) => r.id));
    const candidates: Candidate[] = [];
    const dayOf = saoPauloDayReader();
    for (const entry of entries) {
      if (taken.has(entry.endToEndId)) continue;
      taken.add(entry.endToEndId);
      const paidOn = dayOf(new Date(entry.horario));
      const charge = ownCharges.get(entry.txid ?? '') ?? null;
      let reason: string | null = null;
      if (!charge) reason = `unknown_txid: ${PIX_NOTICE_MESSAGES.unknownTxid(entry.txid ?? '')}`;
      else {
        const asked = cobvAmountOn(charge.request as CobvRequest, paidOn);
        if (asked !== entry.valor) reason = `wrong_amount: ${PIX_NOTICE_MESSAGES.wrongAmount(entry.valor, asked, paidOn)}`;
      }
      candidates.push({ entry, paidOn, charge, reason });
    }
    const paying = candidates.filter((c) => c.reason === null && c.charge!.kind !== 'agreement');
    const inputs: PaymentInput[] = paying.map((c) => ({
      id: c.charge!.credit_operation_id,
      installment: c.charge!.installment_id!,
      amount: c.entry.valor,
      paid_on: c.paidOn,
      method: 'pix',
      reference: c.entry.endToEndId,
    }));
    const { results } = await payBatch(tx, { id: who.id, role: who.role }, inputs, today);
    const transactionOf = new Map<Candidate, number>();
    results.forEach((result, k) => {
      if (result.ok) transactionOf.set(paying[k], result.id);
      else paying[k].reason = `refused: ${result.error.message}`;
    });
    const agreementPaymentOf = await settleAgreementCharges(tx, who.id, candidates, today);
    const rows = candidates.map((c) => ({
      end_to_end_id: c.entry.endToEndId,
      company_id: companyId,
      txid: c.entry.txid ?? null,
      charge_id: c.charge?.id ?? null,
      amount: c.entry.valor,
      paid_at: new Date(c.entry.horario),
      paid_on: c.paidOn,
      status: c.reason === null ? ('settled' as const) : ('unmatched' as const),
      reason: c.reason,
      transaction_id: transactionOf.get(c) ?? null,
      agreement_payment_id: agreementPaymentOf.get(c) ?? null,
      payload: c.entry,
    }));
    // One JSON parameter for the delivery's rows (insertRows), and back only what decides the rest: a delivery of
    // 500 as a VALUES list bound 6,000 parameters and answered every payload again.
    const stored = await insertRows(tx, pixNotices, rows, sql`ON CONFLICT (end_to_end_id) DO NOTHING RETURNING id, status`);
    // Another delivery stored one of these between the read and now: roll back whole, the provider sends again.
    if (stored.length !== rows.length) throw conflict(PIX_NOTICE_MESSAGES.concurrent);
    const unmatchedIds = stored.filter((r) => r.status === 'unmatched').map((r) => Number(r.id));
    const unmatched = unmatchedIds.length
      ? (await tx.select().from(pixNotices).where(sql`${pixNotices.id} = ANY(${intArray(unmatchedIds)})`).orderBy(asc(pixNotices.id))).filter((r): r is UnmatchedNotice => r.status === 'unmatched')
      : [];
    if (unmatched.length) await onUnmatchedNotice(tx, unmatched, today);
    const outcome = { received: entries.length, settled: stored.length - unmatched.length, unmatched: unmatched.length, duplicates: entries.length - stored.length };
    await logActivity(tx, { actorId: null, action: 'pix.webhook', entity: 'company', entityId: companyId, after: outcome });
    return outcome;
  });
}
