/**
 * Brazilian taxpayer numbers: CPF (people) and CNPJ (companies), checked by
 * their check digits and formatted with the usual masks. Pure functions used
 * by the forms (error while typing) and by the server's schemas (400 naming
 * the field), so both apply the same rule.
 *
 * CNPJ includes the alphanumeric format of Receita Federal (IN RFB
 * 2.229/2024, Nota Técnica Conjunta COCAD/SUARA/RFB 49/2024), issued from
 * July 2026: the first 12 positions may hold digits or upper-case letters,
 * the last two are numeric check digits, and each character is worth its
 * ASCII code minus 48 ('0'..'9' → 0..9, 'A' → 17 … 'Z' → 42). Numeric CNPJs
 * keep validating exactly as before because digits are worth themselves.
 */

/** Separators people type or paste: dots, slashes, hyphens and spaces. */
const MASK_CHARS = /[.\-/\s]/g;

/** Input without its mask; letters upper-cased (the alphanumeric CNPJ is upper-case by definition). */
export function stripDocumentMask(value: string): string {
  return value.replace(MASK_CHARS, '').toUpperCase();
}

function charValue(c: string): number {
  return c.charCodeAt(0) - 48;
}

/**
 * Modulo-11 check digit over `body` with weights that run from `startWeight`
 * down to 2 and then wrap to 9 (the CNPJ series 5,4,3,2,9,8,…; for the CPF the
 * series never wraps).
 */
function mod11CheckDigit(body: string, startWeight: number, wrapAt: number | null): number {
  let weight = startWeight;
  let sum = 0;
  for (const c of body) {
    sum += charValue(c) * weight;
    weight -= 1;
    if (weight < 2 && wrapAt !== null) weight = wrapAt;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** CPF: 11 digits, two check digits, and not one digit repeated (000.000.000-00 passes the arithmetic but is not issued). */
export function isValidCpf(value: string): boolean {
  if (typeof value !== 'string') return false;
  const digits = stripDocumentMask(value);
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const first = mod11CheckDigit(digits.slice(0, 9), 10, null);
  const second = mod11CheckDigit(digits.slice(0, 10), 11, null);
  return first === Number(digits[9]) && second === Number(digits[10]);
}

/** CNPJ, numeric or alphanumeric: 12 characters [0-9A-Z] and two numeric check digits. */
export function isValidCnpj(value: string): boolean {
  if (typeof value !== 'string') return false;
  const chars = stripDocumentMask(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(chars) || /^(\d)\1{13}$/.test(chars)) return false;
  const first = mod11CheckDigit(chars.slice(0, 12), 5, 9);
  const second = mod11CheckDigit(chars.slice(0, 13), 6, 9);
  return first === Number(chars[12]) && second === Number(chars[13]);
}

/** A CPF from its first 9 digits, with the check digits computed (demo data and test fixtures). */
export function completeCpf(body: string): string {
  if (!/^\d{9}$/.test(body)) throw new Error('completeCpf takes 9 digits');
  const first = mod11CheckDigit(body, 10, null);
  return `${body}${first}${mod11CheckDigit(`${body}${first}`, 11, null)}`;
}

/** A CNPJ from its first 12 characters (digits or, since NT 49/2024, upper-case letters), check digits computed. */
export function completeCnpj(body: string): string {
  if (!/^[0-9A-Z]{12}$/.test(body)) throw new Error('completeCnpj takes 12 characters [0-9A-Z]');
  const first = mod11CheckDigit(body, 5, 9);
  return `${body}${first}${mod11CheckDigit(`${body}${first}`, 6, 9)}`;
}

/** 000.000.000-00 for a complete CPF; anything else comes back as typed, so a form never hides what was entered. */
export function formatCpf(value: string): string {
  const digits = stripDocumentMask(value);
  if (!/^\d{11}$/.test(digits)) return value;
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/** AA.AAA.AAA/AAAA-00 for a complete CNPJ (numeric or alphanumeric); anything else as typed. */
export function formatCnpj(value: string): string {
  const chars = stripDocumentMask(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(chars)) return value;
  return `${chars.slice(0, 2)}.${chars.slice(2, 5)}.${chars.slice(5, 8)}/${chars.slice(8, 12)}-${chars.slice(12)}`;
}

/** Formats by length: 11 characters as CPF, 14 as CNPJ, anything else as typed. */
export function formatCpfCnpj(value: string): string {
  const bare = stripDocumentMask(value);
  if (bare.length === 11) return formatCpf(value);
  if (bare.length === 14) return formatCnpj(value);
  return value;
}
