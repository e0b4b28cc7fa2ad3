/**
 * Boleto de cobrança: the 44-digit barcode, the 47-digit linha digitável,
 * their check digits, the due-date factor, and the free field (campo livre)
 * of Banco do Brasil (001), Caixa (104) and Itaú (341).
 *
 * Sources:
 * - Barcode and linha digitável: Carta-Circular BCB 2.926/2000 (the layout
 *   of the ficha de compensação) — barcode = bank (3) · currency 9 (1) ·
 *   general check digit (1) · due-date factor (4) · amount in cents (10) ·
 *   free field (25); the linha digitável is three fields of the barcode's
 *   bank, currency and free field, each with a modulo-10 check digit, then
 *   the general check digit, then factor and amount.
 * - Modulo 10: weights 2,1,2,1… from the right, the digits of each product
 *   summed, check = (10 − sum mod 10) mod 10. Modulo 11 of the barcode:
 *   weights 2…9 cycling from the right over the 43 other digits, check =
 *   11 − (sum mod 11), and 1 when that is 0, 10 or 11 (the barcode never
 *   carries 0 there).
 * - Due-date factor: days since 07/10/1997; 1000 = 03/07/2000, 9999 =
 *   21/02/2025, and from 22/02/2025 it starts again at 1000 (FEBRABAN,
 *   "Manual Operacional do Fator de Vencimento da Cobrança Bancária", and its
 *   2025 rollover note). A factor names one date in every 9000 days, so
 *   reading it needs a reference date: the bank network accepts a boleto
 *   from 3000 factors before to 5500 factors after today (the same FEBRABAN
 *   rule; its example: on 13/03/2014, factor 6001, the limits were
 *   24/12/2005 and 03/04/2029), and `dateOfDueDateFactor` answers the date
 *   inside the 9000-day window that starts where that acceptance window
 *   starts. Factor 0000 means "no due date".
 * - Banco do Brasil, agreement (convênio) of 7 digits, wallets 17/18:
 *   nosso número = agreement (7) + sequence (10), 17 digits without a check
 *   digit; free field = 000000 + nosso número (17) + wallet (2) (BB,
 *   "Especificações Técnicas para Confecção de Boleto de Cobrança do Banco
 *   do Brasil").
 * - Caixa, SIGCB: nosso número = wallet (1 registered / 2 unregistered) +
 *   4 (issued by the beneficiary) + sequence (15), with a modulo-11 check
 *   digit (weights 2…9, 11 − remainder, above 9 → 0); free field =
 *   beneficiary code (6) + its check digit (same modulo 11) + nosso número
 *   positions 3–5 + its first digit + positions 6–8 + its second digit +
 *   positions 9–17 + a check digit of the previous 24 (same modulo 11)
 *   (Caixa, "Especificação do Código de Barras para Bloquetos de Cobrança
 *   sem Registro e Registrada no SIGCB", 67.119).
 * - Itaú, wallets other than the "special" ones (106, 107, 122, 142, 143,
 *   195, 196, 198, which carry the client's own number and are not
 *   supported): free field = wallet (3) + nosso número (8) + DAC (1) +
 *   branch (4) + account (5) + DAC of branch/account (1) + 000; the
 *   nosso-número DAC is modulo 10 of branch + account + wallet + nosso
 *   número, except for wallets 126, 131, 146, 150 and 168, where it is of
 *   wallet + nosso número only (Itaú, "Cobrança Itaú — Especificações
 *   técnicas do boleto", the DAC section).
 *
 * The nosso número's uniqueness per account (never reused) is the
 * service's job; these functions only lay out the number they are given.
 */
import Decimal from 'decimal.js';
import { SUPPORTED_BANK_CODES, type SupportedBankCode } from '@shared/banks';
import { addDays } from './servicing/days';
import { daysBetween, parseCalendarDay } from './credit/calendar';

export type BoletoBank = SupportedBankCode;
export const BOLETO_BANKS: readonly BoletoBank[] = SUPPORTED_BANK_CODES;

const CURRENCY_REAL = '9';
const FACTOR_BASE = '1997-10-07';
/** The first factor of every cycle, and the length of a cycle in days. */
const FACTOR_MIN = 1000;
const FACTOR_CYCLE = 9000;
/** The bank network accepts a due date from this many days before today… */
export const FACTOR_WINDOW_PAST_DAYS = 3001;
/** …to this many days after it (FEBRABAN's 3000 and 5500 factors, as its example counts them). */
export const FACTOR_WINDOW_FUTURE_DAYS = 5500;
/** The largest amount the 10-digit field holds. */
export const MAX_BOLETO_AMOUNT = new Decimal('99999999.99');

const DIGITS = /^\d+$/;

function digitsOf(value: string, length: number, what: string): string {
  if (typeof value !== 'string' || value.length !== length || !DIGITS.test(value)) {
    throw new RangeError(`${what} must be ${length} digits`);
  }
  return value;
}

/** Digits only, padded on the left to `length`; refuses longer values or anything but digits. */
function padDigits(value: string | number, length: number, what: string): string {
  const text = typeof value === 'number' ? (Number.isSafeInteger(value) && value >= 0 ? String(value) : '') : value;
  if (!DIGITS.test(text) || text.length > length) throw new RangeError(`${what} must have up to ${length} digits`);
  return text.padStart(length, '0');
}

// ---------------------------------------------------------------------------
// Check digits

/** Modulo 10 with weights 2,1,2,1… from the right (the linha digitável fields, Itaú's DACs). */
export function modulo10(digits: string): number {
  if (!DIGITS.test(digits)) throw new RangeError('modulo 10 takes digits only');
  let sum = 0;
  let weight = 2;
  for (let k = digits.length - 1; k >= 0; k--) {
    const product = Number(digits[k]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Σ digit × weight with weights 2…9 cycling from the right. */
function weightedSum2to9(digits: string): number {
  if (!DIGITS.test(digits)) throw new RangeError('modulo 11 takes digits only');
  let sum = 0;
  let weight = 2;
  for (let k = digits.length - 1; k >= 0; k--) {
    sum += Number(digits[k]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum;
}

/** The barcode's general check digit: 11 − (sum mod 11), and 1 for 0, 10 and 11. */
export function barcodeCheckDigit(barcodeWithoutCheckDigit: string): number {
  digitsOf(barcodeWithoutCheckDigit, 43, 'barcode without its check digit');
  const result = 11 - (weightedSum2to9(barcodeWithoutCheckDigit) % 11);
  return result === 0 || result === 10 || result === 11 ? 1 : result;
}

/** Caixa's modulo 11 (nosso número, beneficiary code, free field): 11 − (sum mod 11), and 0 above 9. */
export function caixaModulo11(digits: string): number {
  const result = 11 - (weightedSum2to9(digits) % 11);
  return result > 9 ? 0 : result;
}

// ---------------------------------------------------------------------------
// Due-date factor

/** The due-date factor of `date` (1000…9999; from 22/02/2025 the second cycle). */
export function dueDateFactor(date: string): number {
  const days = daysBetween(FACTOR_BASE, date);
  if (days < FACTOR_MIN) throw new RangeError(`no due-date factor before 2000-07-03: ${date}`);
  return ((days - FACTOR_MIN) % FACTOR_CYCLE) + FACTOR_MIN;
}

/**
 * The due date a factor names, read against `referenceDate` (usually the
 * lender's today): the one date with that factor from 3001 days before the
 * reference to 5998 days after it. Factor 0 means a boleto without a due
 * date and gives null.
 */
export function dateOfDueDateFactor(factor: number | string, referenceDate: string): string | null {
  const n = typeof factor === 'string' ? (/^\d{4}$/.test(factor) ? Number(factor) : NaN) : factor;
  if (n === 0) return null;
  if (!Number.isInteger(n) || n < FACTOR_MIN || n > 9999) throw new RangeError(`not a due-date factor: ${String(factor)}`);
  parseCalendarDay(referenceDate);
  const windowStart = daysBetween(FACTOR_BASE, referenceDate) - FACTOR_WINDOW_PAST_DAYS;
  const cycles = Math.max(0, Math.ceil((windowStart - n) / FACTOR_CYCLE));
  return addDays(FACTOR_BASE, n + cycles * FACTOR_CYCLE);
}

/** Whether the bank network accepts a boleto due on `dueDate` when paid on `today`. */
export function isWithinPaymentWindow(dueDate: string, today: string): boolean {
  const offset = daysBetween(today, dueDate);
  return offset >= -FACTOR_WINDOW_PAST_DAYS && offset <= FACTOR_WINDOW_FUTURE_DAYS;
}

// ---------------------------------------------------------------------------
// Barcode and linha digitável

export interface BarcodeInput {
  /** the bank's 3-digit compensation code */
  bank: string;
  /** reais, at most two decimal places; 0 lets the payer type the amount */
  amount: Decimal.Value;
  /** 'YYYY-MM-DD', or null for a boleto without a due date (factor 0000) */
  dueDate: string | null;
  /** the bank's 25-digit free field */
  freeField: string;
}

/** The amount in cents as the 10-digit field. */
function amountField(amount: Decimal.Value): string {
  let value: Decimal;
  try {
    value = new Decimal(amount);
  } catch {
    throw new RangeError('amount must be a number');
  }
  if (!value.isFinite() || value.isNeg()) throw new RangeError('amount must not be negative');
  if (value.decimalPlaces() > 2) throw new RangeError('amount must have at most two decimal places');
  if (value.gt(MAX_BOLETO_AMOUNT)) throw new RangeError(`amount above ${MAX_BOLETO_AMOUNT.toFixed(2)}`);
  return value.mul(100).toFixed(0).padStart(10, '0');
}

/** The 44-digit barcode (FEBRABAN layout) from bank, amount, due date and free field. */
export function buildBarcode(input: BarcodeInput): string {
  const bank = digitsOf(input.bank, 3, 'bank');
  const freeField = digitsOf(input.freeField, 25, 'free field');
  const factor = input.dueDate === null ? '0000' : String(dueDateFactor(input.dueDate));
  const withoutDv = `${bank}${CURRENCY_REAL}${factor}${amountField(input.amount)}${freeField}`;
  return `${withoutDv.slice(0, 4)}${barcodeCheckDigit(withoutDv)}${withoutDv.slice(4)}`;
}

function assertBarcode(barcode: string): void {
  digitsOf(barcode, 44, 'barcode');
  const withoutDv = barcode.slice(0, 4) + barcode.slice(5);
  if (Number(barcode[4]) !== barcodeCheckDigit(withoutDv)) throw new RangeError('barcode check digit does not match');
}

export function isValidBarcode(barcode: string): boolean {
  try {
    assertBarcode(barcode);
    return true;
  } catch {
    return false;
  }
}

/** The 47 digits of the linha digitável (no dots or spaces; see formatDigitableLine). */
export function barcodeToDigitableLine(barcode: string): string {
  assertBarcode(barcode);
  const field1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const field2 = barcode.slice(24, 34);
  const field3 = barcode.slice(34, 44);
  return (
    field1 +
    modulo10(field1) +
    field2 +
    modulo10(field2) +
    field3 +
    modulo10(field3) +
    barcode[4] +
    barcode.slice(5, 19)
  );
}

/**
 * The barcode of a linha digitável, typed with or without its dots and
 * spaces; every check digit is verified (RangeError naming the field).
 */
export function digitableLineToBarcode(line: string): string {
  const digits = typeof line === 'string' ? line.replace(/[\s.]/g, '') : '';
  digitsOf(digits, 47, 'linha digitável');
  const fields: [string, number, number][] = [
    [digits.slice(0, 9), Number(digits[9]), 1],
    [digits.slice(10, 20), Number(digits[20]), 2],
    [digits.slice(21, 31), Number(digits[31]), 3],
  ];
  for (const [body, dv, n] of fields) {
    if (modulo10(body) !== dv) throw new RangeError(`check digit of field ${n} of the linha digitável does not match`);
  }
  const barcode =
    digits.slice(0, 4) + digits[32] + digits.slice(33, 47) + digits.slice(4, 9) + digits.slice(10, 20) + digits.slice(21, 31);
  assertBarcode(barcode);
  return barcode;
}

/** The printed form: AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE. */
export function formatDigitableLine(line: string): string {
  const d = digitsOf(line, 47, 'linha digitável');
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}

export interface ParsedBarcode {
  bank: string;
  currency: string;
  /** null when the boleto carries no due date (factor 0000) */
  dueDate: string | null;
  factor: number;
  amount: Decimal;
  freeField: string;
}

/** What a barcode says, its factor read against `referenceDate`. */
export function parseBarcode(barcode: string, referenceDate: string): ParsedBarcode {
  assertBarcode(barcode);
  const factor = Number(barcode.slice(5, 9));
  return {
    bank: barcode.slice(0, 3),
    currency: barcode[3],
    dueDate: dateOfDueDateFactor(factor, referenceDate),
    factor,
    amount: new Decimal(barcode.slice(9, 19)).div(100),
    freeField: barcode.slice(19),
  };
}

// ---------------------------------------------------------------------------
// Each bank's nosso número and free field

export interface BancoDoBrasilAccount {
  bank: '001';
  /** convênio of 7 digits (the 17-digit nosso número layout) */
  agreement: string;
  /** carteira, 2 digits (17 or 18 in practice) */
  wallet: string;
}

export interface CaixaAccount {
  bank: '104';
  /** código do beneficiário, 6 digits */
  agreement: string;
  /** carteira: '1' registered, '2' unregistered */
  wallet: '1' | '2';
}

export interface ItauAccount {
  bank: '341';
  /** carteira, 3 digits (not one of the special wallets) */
  wallet: string;
  /** agência, 4 digits */
  branch: string;
  /** conta, 5 digits, without its check digit */
  account: string;
}

export type BoletoAccount = BancoDoBrasilAccount | CaixaAccount | ItauAccount;

export interface NossoNumero {
  /** the digits that go into the free field (without a separate check digit) */
  digits: string;
  /** the bank's check digit, or null when the bank's layout has none */
  checkDigit: string | null;
  /** as printed on the boleto */
  printed: string;
}

/** How many digits of sequence each layout has room for. */
export const SEQUENCE_DIGITS: Readonly<Record<BoletoBank, number>> = { '001': 10, '104': 15, '341': 8 };

const ITAU_SPECIAL_WALLETS = ['106', '107', '122', '142', '143', '195', '196', '198'];
const ITAU_WALLET_ONLY_DAC = ['126', '131', '146', '150', '168'];

function checkAccount(account: BoletoAccount): void {
  switch (account.bank) {
    case '001':
      digitsOf(account.agreement, 7, 'Banco do Brasil agreement');
      digitsOf(account.wallet, 2, 'Banco do Brasil wallet');
      return;
    case '104':
      digitsOf(account.agreement, 6, 'Caixa beneficiary code');
      if (account.wallet !== '1' && account.wallet !== '2') throw new RangeError("Caixa wallet must be '1' or '2'");
      return;
    case '341':
      digitsOf(account.wallet, 3, 'Itaú wallet');
      if (ITAU_SPECIAL_WALLETS.includes(account.wallet)) throw new RangeError(`Itaú wallet ${account.wallet} is not supported`);
      digitsOf(account.branch, 4, 'Itaú branch');
      digitsOf(account.account, 5, 'Itaú account');
      return;
    default:
      throw new RangeError('bank not supported for boletos');
  }
}

function sequenceDigits(account: BoletoAccount, sequence: string | number): string {
  const width = SEQUENCE_DIGITS[account.bank];
  const text = padDigits(sequence, width, 'sequence');
  if (/^0+$/.test(text)) throw new RangeError('sequence must be positive');
  return text;
}

/** The check digit of the Caixa beneficiary code. */
export function caixaBeneficiaryCheckDigit(code: string): number {
  return caixaModulo11(digitsOf(code, 6, 'Caixa beneficiary code'));
}

/** The Itaú DAC of branch + account (printed as "agência / conta-DAC"). */
export function itauAccountCheckDigit(branch: string, account: string): number {
  return modulo10(digitsOf(branch, 4, 'Itaú branch') + digitsOf(account, 5, 'Itaú account'));
}

/** The nosso número of the `sequence`-th boleto of an account, with the bank's check digit. */
export function nossoNumero(account: BoletoAccount, sequence: string | number): NossoNumero {
  checkAccount(account);
  const seq = sequenceDigits(account, sequence);
  switch (account.bank) {
    case '001': {
      const digits = account.agreement + seq;
      return { digits, checkDigit: null, printed: digits };
    }
    case '104': {
      const digits = `${account.wallet}4${seq}`;
      const dv = String(caixaModulo11(digits));
      return { digits, checkDigit: dv, printed: `${digits}-${dv}` };
    }
    case '341': {
      const base = ITAU_WALLET_ONLY_DAC.includes(account.wallet)
        ? account.wallet + seq
        : account.branch + account.account + account.wallet + seq;
      const dv = String(modulo10(base));
      return { digits: seq, checkDigit: dv, printed: `${account.wallet}/${seq}-${dv}` };
    }
  }
}

/** The 25-digit free field of the `sequence`-th boleto of an account. */
export function freeField(account: BoletoAccount, sequence: string | number): string {
  const nn = nossoNumero(account, sequence);
  switch (account.bank) {
    case '001':
      return `000000${nn.digits}${account.wallet}`;
    case '104': {
      const d = nn.digits;
      const body =
        account.agreement +
        caixaBeneficiaryCheckDigit(account.agreement) +
        d.slice(2, 5) +
        d[0] +
        d.slice(5, 8) +
        d[1] +
        d.slice(8, 17);
      return body + caixaModulo11(body);
    }
    case '341':
      return (
        account.wallet +
        nn.digits +
        nn.checkDigit +
        account.branch +
        account.account +
        itauAccountCheckDigit(account.branch, account.account) +
        '000'
      );
  }
}

export interface BoletoInput {
  account: BoletoAccount;
  sequence: string | number;
  amount: Decimal.Value;
  dueDate: string;
}

export interface BoletoCodes {
  barcode: string;
  /** 47 digits */
  digitableLine: string;
  /** with dots and spaces, as printed */
  formattedLine: string;
  nossoNumero: NossoNumero;
}

/** Everything the ficha de compensação prints from an account, a sequence, an amount and a due date. */
export function buildBoleto(input: BoletoInput): BoletoCodes {
  const barcode = buildBarcode({
    bank: input.account.bank,
    amount: input.amount,
    dueDate: input.dueDate,
    freeField: freeField(input.account, input.sequence),
  });
  const digitableLine = barcodeToDigitableLine(barcode);
  return { barcode, digitableLine, formattedLine: formatDigitableLine(digitableLine), nossoNumero: nossoNumero(input.account, input.sequence) };
}
