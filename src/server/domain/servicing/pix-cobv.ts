/**
 * A Pix charge with due date ("cobrança com vencimento", cobv) as the Central
 * Bank's Pix API writes it — the JSON body of `PUT /cobv/{txid}` — built from
 * what an installment's slip says (amount, due date) and the frozen contract's
 * late-charge terms, so the payer's bank charges the same multa and juros the
 * app computes (domain/servicing/late-charges.ts).
 *
 * Source: Banco Central do Brasil, "API Pix" (the OpenAPI specification of the
 * Pix API, bacen/pix-api), cobv: `calendario.dataDeVencimento` (YYYY-MM-DD),
 * `calendario.validadeAposVencimento` (calendar days after the due date it may
 * still be paid), `devedor` (`cpf` or `cnpj` and `nome`, required), `valor.original`
 * (the amount on the due date, "0.00" format, ID 54 of the BR Code), `valor.multa`
 * (`modalidade` 1 fixed value, 2 percent; `valorPerc`), `valor.juros`
 * (`modalidade` 1–4 calendar days: 1 value a day, 2 percent a day, 3 percent a
 * month, 4 percent a year; 5–8 the same in business days), `valor.abatimento`,
 * `valor.desconto` (none here: the contract grants neither), `chave` (the
 * receiver's Pix key), `solicitacaoPagador` (≤ 140 characters shown to the payer).
 * txid: 26 to 35 letters and digits for a cobv.
 *
 * Mapping of the contract's terms:
 * - multa: percent (modalidade 2) of the contract's `late_fee_percent`; an
 *   updated slip (overdue, due today) has the multa in its amount already, so
 *   its charge has none (never charged twice, as the boleto's instructions);
 * - juros de mora: percent a month in calendar days (modalidade 3), 1/30 a
 *   day — the app's own rule (simple, pro rata die);
 * - remuneratory interest during delay, where the frozen contract states it,
 *   compounds pro rata die, which no cobv modality expresses: such a charge is
 *   payable only up to its due date (validadeAposVencimento 0); after it the
 *   borrower takes an updated slip, whose new charge carries what is due then.
 */
import Decimal from 'decimal.js';
import { stripDocumentMask } from '@shared/documents';
import type { RemuneratoryInDelay } from '@shared/servicing';
import { emvText } from './pix-brcode';
import { payableUntil } from './business-days';
import { daysBetween } from '../credit/calendar';

/** Calendar days after its due date a charge without remuneratory interest may still be paid. */
export const COBV_VALID_DAYS_AFTER_DUE = 60;

const TXID = /^[A-Za-z0-9]{26,35}$/;

export function isCobvTxid(txid: string): boolean {
  return TXID.test(txid);
}

/** The txid of one slip's charge: operation, installment and slip, so a notice names its installment at a glance (30 characters). */
export function cobvTxid(operationId: number, installmentId: number, slipId: number): string {
  const part = (n: number, width: number) => {
    if (!Number.isSafeInteger(n) || n < 0 || String(n).length > width) throw new RangeError(`txid part ${n} out of range`);
    return String(n).padStart(width, '0');
  };
  return `OP${part(operationId, 8)}P${part(installmentId, 8)}S${part(slipId, 10)}`;
}

/** An agreement installment's charge (renegotiation): "AC" + the agreement's first operation, the agreement installment, the slip (30 characters, never an "OP…" txid). */
export function agreementCobvTxid(operationId: number, agreementInstallmentId: number, slipId: number): string {
  return `AC${cobvTxid(operationId, agreementInstallmentId, slipId).slice(2)}`;
}

export interface CobvInput {
  txid: string;
  /** the slip's amount, decimal text */
  amount: string;
  /** the slip's due date (today for an updated slip) */
  dueDate: string;
  /** whether the amount already carries the multa (an updated slip of an overdue installment) */
  multaIncluded: boolean;
  terms: { late_fee_percent: string; default_interest_monthly_percent: string; remuneratory: RemuneratoryInDelay };
  payer: { name: string; document: string };
  pixKey: string;
  /** shown to the payer */
  description: string;
}

export interface CobvValorPerc {
  modalidade: number;
  valorPerc: string;
}

/** The body of PUT /cobv/{txid}. */
export interface CobvRequest {
  calendario: { dataDeVencimento: string; validadeAposVencimento: number };
  devedor: { cpf: string; nome: string } | { cnpj: string; nome: string };
  valor: { original: string; multa?: CobvValorPerc; juros?: CobvValorPerc };
  chave: string;
  solicitacaoPagador?: string;
}

const perc = (value: string) => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);

export function cobvRequest(input: CobvInput): CobvRequest {
  if (!isCobvTxid(input.txid)) throw new RangeError('txid must be 26 to 35 letters or digits');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.dueDate)) throw new RangeError('dueDate must be YYYY-MM-DD');
  const amount = new Decimal(input.amount);
  if (!amount.isFinite() || amount.lte(0) || amount.decimalPlaces() > 2) throw new RangeError('amount must be positive with two places');
  const document = stripDocumentMask(input.payer.document);
  const nome = emvText(input.payer.name, 200);
  const devedor = document.length === 11 ? { cpf: document, nome } : { cnpj: document, nome };
  const multa = new Decimal(input.terms.late_fee_percent);
  const mora = new Decimal(input.terms.default_interest_monthly_percent);
  const valor: CobvRequest['valor'] = { original: amount.toFixed(2) };
  if (!input.multaIncluded && multa.gt(0)) valor.multa = { modalidade: 2, valorPerc: perc(input.terms.late_fee_percent) };
  if (mora.gt(0)) valor.juros = { modalidade: 3, valorPerc: perc(input.terms.default_interest_monthly_percent) };
  return {
    calendario: { dataDeVencimento: input.dueDate, validadeAposVencimento: input.terms.remuneratory === 'none' ? COBV_VALID_DAYS_AFTER_DUE : 0 },
    devedor,
    valor,
    chave: input.pixKey,
    ...(input.description ? { solicitacaoPagador: emvText(input.description, 140) } : {}),
  };
}

/**
 * What a charge asks when paid on `paidOn`, as the payer's bank computes it
 * from the charge: the original amount up to its due date (moved to the next
 * business day when it is not one, Código Civil art. 132 §1, as the app counts
 * days late); after it the multa (percent of the original, once) and the
 * juros (percent a month, 1/30 a calendar day from that day), each rounded
 * half-up to the cent — the app's rule for an installment whose slip amount is
 * its open value (late-charges.ts).
 */
export function cobvAmountOn(charge: Pick<CobvRequest, 'calendario' | 'valor'>, paidOn: string): string {
  const original = new Decimal(charge.valor.original);
  const until = payableUntil(charge.calendario.dataDeVencimento);
  if (paidOn <= until) return original.toFixed(2);
  const days = daysBetween(until, paidOn);
  const multa = charge.valor.multa ? original.mul(charge.valor.multa.valorPerc).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : new Decimal(0);
  const juros = charge.valor.juros ? original.mul(charge.valor.juros.valorPerc).div(100).div(30).mul(days).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : new Decimal(0);
  return original.plus(multa).plus(juros).toFixed(2);
}
