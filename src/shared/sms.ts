/**
 * How many SMS a text takes, as a phone network counts it.
 *
 * - A text made only of characters of the GSM 7-bit default alphabet
 *   (3GPP TS 23.038 §6.2.1) goes as GSM-7: 160 characters in one SMS. The
 *   characters of the extension table (§6.2.1.1: ^ { } \ [ ~ ] | € and form
 *   feed) are sent as an escape plus the character, so they count two.
 * - Any other character (ç, ã, á, emoji…) sends the whole text as UCS-2:
 *   70 UTF-16 code units in one SMS (a character outside the BMP takes two).
 * - A longer text is split into concatenated parts, each carrying a 6-octet
 *   user-data header (3GPP TS 23.040 §9.2.3.24.1): 153 GSM-7 characters or 67
 *   UCS-2 units per part. A two-unit character (an escape pair, a surrogate
 *   pair) is never split across two parts.
 */

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SmsSegments {
  encoding: SmsEncoding;
  /** how many SMS each recipient receives (0 for an empty text) */
  parts: number;
  /** capacity of each part: 160/153 (GSM-7) or 70/67 (UCS-2), single or split */
  perPart: number;
  /** septets (GSM-7) or UTF-16 code units (UCS-2) the text takes */
  used: number;
}

export const GSM7_SINGLE = 160;
export const GSM7_MULTI = 153;
export const UCS2_SINGLE = 70;
export const UCS2_MULTI = 67;

/** 3GPP TS 23.038 default alphabet (without the escape code 0x1B), in table order. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** 3GPP TS 23.038 extension table: sent as escape + character, two septets each. */
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(GSM7_BASIC);
const extension = new Set(GSM7_EXTENSION);

/** Septets of one character in GSM-7, or null when GSM-7 cannot carry it. */
function gsmCost(char: string): number | null {
  if (basic.has(char)) return 1;
  if (extension.has(char)) return 2;
  return null;
}

/** Parts needed for units of the given costs, never splitting one character across parts. */
function pack(costs: readonly number[], single: number, multi: number): { parts: number; perPart: number } {
  const used = costs.reduce((a, b) => a + b, 0);
  if (used === 0) return { parts: 0, perPart: single };
  if (used <= single) return { parts: 1, perPart: single };
  let parts = 1;
  let room = multi;
  for (const cost of costs) {
    if (cost > room) {
      parts += 1;
      room = multi;
    }
    room -= cost;
  }
  return { parts, perPart: multi };
}

export function smsSegments(text: string): SmsSegments {
  const chars = [...text];
  const gsm = chars.map(gsmCost);
  if (gsm.every((c): c is number => c !== null)) {
    return { encoding: 'gsm7', used: gsm.reduce((a, b) => a + b, 0), ...pack(gsm, GSM7_SINGLE, GSM7_MULTI) };
  }
  const ucs = chars.map((c) => c.length);
  return { encoding: 'ucs2', used: text.length, ...pack(ucs, UCS2_SINGLE, UCS2_MULTI) };
}
