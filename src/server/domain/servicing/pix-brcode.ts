/**
 * The static PIX BR Code printed on a boleto (QR code and "copia e cola"),
 * so the borrower may pay either way.
 *
 * Source: Banco Central do Brasil, "Manual de Padrões para Iniciação do Pix"
 * (the BR Code is EMV® QRCPS Merchant-Presented Mode): every field is
 * ID (2 digits) + length (2 digits) + value, in this order —
 *   00 payload format indicator "01";
 *   26 merchant account information: 00 GUI "br.gov.bcb.pix", 01 the PIX
 *      key, 02 optional free text for the payer; the whole of 26 ≤ 99;
 *   52 merchant category code "0000"; 53 currency "986" (real);
 *   54 amount (optional): up to 13 characters, digits and a dot, two
 *      decimal places here;
 *   58 country "BR"; 59 merchant name ≤ 25; 60 merchant city ≤ 15;
 *   62 additional data: 05 txid — in a static code up to 25 characters,
 *      letters and digits only, "***" when there is none;
 *   63 CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection,
 *      no final xor) over the whole payload including "6304", written as 4
 *      upper-case hex digits.
 * The manual's example (static, no amount) ends in CRC 1D3D; the unit test
 * reproduces it.
 *
 * Character rules: the EMV character set is printable ASCII, so names and
 * cities lose their accents (é → e, ç → c) and are cut to their limits —
 * a company's legal name is often longer than 25 characters (payers' apps
 * show the key owner's name from the PIX directory besides). The key
 * and the txid are never altered: a bad one is a RangeError.
 */
import Decimal from 'decimal.js';
import { isPixKey } from '@shared/pix-key';

export interface StaticBrCodeInput {
  /** PIX key: CPF or CNPJ digits, e-mail, +55 phone or random key (EVP) */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** reais; omitted lets the payer type the amount */
  amount?: Decimal.Value;
  /** letters and digits, ≤ 25; the installment's reference */
  txid?: string;
  /** free text shown to the payer (field 26-02) */
  description?: string;
}

export const PIX_GUI = 'br.gov.bcb.pix';
export const MAX_NAME = 25;
export const MAX_CITY = 15;
export const MAX_TXID = 25;
const MAX_ACCOUNT_INFO = 99;
const MAX_AMOUNT_CHARS = 13;
/** An EMV payload is at most 512 characters. */
const MAX_PAYLOAD = 512;

const TXID = /^[A-Za-z0-9]{1,25}$/;

/** CRC16-CCITT-FALSE of an ASCII text, as 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    if (code > 0x7f) throw new RangeError('BR Code text must be ASCII');
    crc ^= code << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`BR Code field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Printable ASCII without accents, spaces collapsed, cut to `max`. */
export function emvText(text: string, max: number): string {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  return plain.slice(0, max).trimEnd();
}

function amountText(amount: Decimal.Value): string {
  let value: Decimal;
  try {
    value = new Decimal(amount);
  } catch {
    throw new RangeError('amount must be a number');
  }
  if (!value.isFinite() || value.lte(0)) throw new RangeError('amount must be positive');
  if (value.decimalPlaces() > 2) throw new RangeError('amount must have at most two decimal places');
  const text = value.toFixed(2);
  if (text.length > MAX_AMOUNT_CHARS) throw new RangeError('amount too large for a BR Code');
  return text;
}

/** The static BR Code payload (the "copia e cola" text; the QR code encodes the same). */
export function staticBrCode(input: StaticBrCodeInput): string {
  if (typeof input.key !== 'string' || !isPixKey(input.key)) throw new RangeError('not a PIX key');
  const name = emvText(input.merchantName ?? '', MAX_NAME);
  const city = emvText(input.merchantCity ?? '', MAX_CITY);
  if (!name) throw new RangeError('merchant name is empty');
  if (!city) throw new RangeError('merchant city is empty');
  const txid = input.txid ?? '***';
  if (txid !== '***' && !TXID.test(txid)) throw new RangeError(`txid must be 1 to ${MAX_TXID} letters or digits`);

  let account = field('00', PIX_GUI) + field('01', input.key);
  if (input.description) {
    const description = emvText(input.description, MAX_ACCOUNT_INFO);
    const room = MAX_ACCOUNT_INFO - account.length - 4;
    if (description && room > 0) account += field('02', description.slice(0, room).trimEnd());
  }
  if (account.length > MAX_ACCOUNT_INFO) throw new RangeError('PIX key too long for a BR Code');

  let payload =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (input.amount === undefined ? '' : field('54', amountText(input.amount))) +
    field('58', 'BR') +
    field('59', name) +
    field('60', city) +
    field('62', field('05', txid));
  payload += '6304';
  payload += crc16(payload);
  if (payload.length > MAX_PAYLOAD) throw new RangeError('BR Code longer than 512 characters');
  return payload;
}

/** The fields of a TLV string, in order; RangeError when it does not parse. */
export function parseTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let k = 0;
  while (k < text.length) {
    const id = text.slice(k, k + 2);
    const length = Number(text.slice(k + 2, k + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(k + 2, k + 4)) || k + 4 + length > text.length) {
      throw new RangeError(`BR Code does not parse at position ${k}`);
    }
    fields.set(id, text.slice(k + 4, k + 4 + length));
    k += 4 + length;
  }
  return fields;
}

/** Whether a payload parses and its CRC matches. */
export function isValidBrCode(payload: string): boolean {
  try {
    const fields = parseTlv(payload);
    const crc = fields.get('63');
    return payload.endsWith(`6304${crc}`) && crc === crc16(payload.slice(0, -4));
  } catch {
    return false;
  }
}

export interface DynamicBrCodeInput {
  /** the charge's location as the provider answered it (`loc.location`), with or without "https://" */
  location: string;
  merchantName: string;
  merchantCity: string;
}

/**
 * The dynamic BR Code of a Pix charge (cobv): the payer's app reads the
 * charge — amount as of the day paid, multa, juros, due date — from the
 * location URL, so the code itself carries no amount. Same manual: field 01
 * "12" (a code for one payment), 26-25 the location without its protocol
 * (reached only over HTTPS), no 54, and 62-05 "***" (a dynamic code's txid is
 * the charge's, read from the location; the field must not carry it).
 */
export function dynamicBrCode(input: DynamicBrCodeInput): string {
  const location = (input.location ?? '').replace(/^https:\/\//i, '');
  if (!/^[\x21-\x7e]{1,77}$/.test(location) || /^[a-z]+:\/\//i.test(location)) throw new RangeError('location must be an https URL of at most 77 characters');
  const name = emvText(input.merchantName ?? '', MAX_NAME);
  const city = emvText(input.merchantCity ?? '', MAX_CITY);
  if (!name) throw new RangeError('merchant name is empty');
  if (!city) throw new RangeError('merchant city is empty');
  let payload =
    field('00', '01') +
    field('01', '12') +
    field('26', field('00', PIX_GUI) + field('25', location)) +
    field('52', '0000') +
    field('53', '986') +
    field('58', 'BR') +
    field('59', name) +
    field('60', city) +
    field('62', field('05', '***'));
  payload += '6304';
  payload += crc16(payload);
  return payload;
}
