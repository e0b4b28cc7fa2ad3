/**
 * Brazilian phone numbers and SMS sizing for the broadcast messages area.
 * Pure functions: the compose screen shows what is wrong with a pasted list
 * and the server validates the same way before anything is queued.
 */
import { isValidEmail } from './format';

/** Area codes (DDD) in use in Brazil (Anatel plan). */
export const BRAZILIAN_DDDS: readonly number[] = [
  11, 12, 13, 14, 15, 16, 17, 18, 19,
  21, 22, 24, 27, 28,
  31, 32, 33, 34, 35, 37, 38,
  41, 42, 43, 44, 45, 46, 47, 48, 49,
  51, 53, 54, 55,
  61, 62, 63, 64, 65, 66, 67, 68, 69,
  71, 73, 74, 75, 77, 79,
  81, 82, 83, 84, 85, 86, 87, 88, 89,
  91, 92, 93, 94, 95, 96, 97, 98, 99,
];

/**
 * A Brazilian number in any usual writing ("(11) 98765-4321", "11987654321",
 * "+55 11 98765-4321", "0xx11…") as E.164 ("+5511987654321"), or null when it
 * is not one: the DDD must exist; mobiles have 9 digits starting with 9,
 * landlines 8 digits starting with 2–5.
 */
export function normaliseBrazilianPhone(text: string | null | undefined): string | null {
  if (!text) return null;
  const trimmed = text.trim();
  // Only digits and the usual punctuation: letters mean it is not a phone number.
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    if (!digits.startsWith('55')) return null;
    digits = digits.slice(2);
  } else if (digits.length >= 12 && digits.startsWith('55')) {
    digits = digits.slice(2);
  } else if (digits.startsWith('0')) {
    // Trunk prefix 0, optionally followed by a two-digit carrier code (0xx11…).
    digits = digits.length === 11 || digits.length === 12 ? digits.slice(1) : digits.slice(3);
  }
  if (digits.length !== 10 && digits.length !== 11) return null;
  const ddd = Number(digits.slice(0, 2));
  if (!BRAZILIAN_DDDS.includes(ddd)) return null;
  const local = digits.slice(2);
  if (local.length === 9 && local[0] !== '9') return null;
  if (local.length === 8 && !/^[2-5]/.test(local)) return null;
  return `+55${digits}`;
}

export function isValidBrazilianPhone(text: string | null | undefined): boolean {
  return normaliseBrazilianPhone(text) !== null;
}

export type MessageChannel = 'sms' | 'email';

export interface ParsedRecipients {
  /** normalised, without duplicates, in the order pasted */
  valid: string[];
  /** entries as typed that are not a valid address for the channel */
  invalid: string[];
  /** entries left out because they repeat an earlier one */
  duplicates: number;
}

/** Splits a pasted list (lines, commas or semicolons) and validates each entry for the channel. */
export function parseRecipientList(text: string | readonly string[], channel: MessageChannel): ParsedRecipients {
  const entries = (typeof text === 'string' ? text.split(/[\n,;]+/) : [...text]).map((e) => e.trim()).filter(Boolean);
  const seen = new Set<string>();
  const out: ParsedRecipients = { valid: [], invalid: [], duplicates: 0 };
  for (const entry of entries) {
    const normalised = channel === 'sms' ? normaliseBrazilianPhone(entry) : isValidEmail(entry) ? entry.toLowerCase() : null;
    if (!normalised) {
      out.invalid.push(entry);
      continue;
    }
    if (seen.has(normalised)) {
      out.duplicates++;
      continue;
    }
    seen.add(normalised);
    out.valid.push(normalised);
  }
  return out;
}

