/**
 * SMS counting as the network does it. Sources:
 * - 3GPP TS 23.038 §6.2.1 (GSM 7-bit default alphabet) and §6.2.1.1
 *   (extension table: ^ { } \ [ ~ ] | € and form feed take an escape, so two septets);
 * - 3GPP TS 23.040 §9.2.3.24.1 (concatenated SMS: a 6-octet user-data header
 *   leaves 153 septets, or 134 octets = 67 UCS-2 characters, per part);
 * - single-SMS limits of 160 septets (GSM-7) and 70 UCS-2 characters (140 octets).
 */
import { describe, expect, it } from 'vitest';
import { smsSegments } from '../../../src/shared/sms';

describe('smsSegments: GSM-7 text', () => {
  it('is free when empty', () => {
    expect(smsSegments('')).toEqual({ encoding: 'gsm7', parts: 0, perPart: 160, used: 0 });
  });

  it('fits 160 characters in one SMS and splits the 161st into parts of 153', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'gsm7', parts: 1, perPart: 160, used: 160 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'gsm7', parts: 2, perPart: 153, used: 161 });
    expect(smsSegments('a'.repeat(306)).parts).toBe(2);
    expect(smsSegments('a'.repeat(307)).parts).toBe(3);
  });

  it('keeps é, è, à, ü, Ç, £, ¿ and line breaks in GSM-7 (they are in the default alphabet)', () => {
    const text = 'Você é bem-vindo à reunião?'.replace('ê', 'e').replace('ã', 'a');
    expect(smsSegments(text).encoding).toBe('gsm7');
    expect(smsSegments('Çà è ü £ ¿\r\n').encoding).toBe('gsm7');
  });

  it('counts each extension-table character as two', () => {
    for (const c of ['^', '{', '}', '\\', '[', '~', ']', '|', '€']) {
      expect(smsSegments(c), c).toMatchObject({ encoding: 'gsm7', used: 2 });
    }
    expect(smsSegments('€'.repeat(80))).toMatchObject({ parts: 1, used: 160 });
    expect(smsSegments('€'.repeat(81))).toMatchObject({ parts: 2, perPart: 153, used: 162 });
    expect(smsSegments(`${'a'.repeat(159)}€`)).toMatchObject({ parts: 2, used: 161 });
  });

  it('never splits an escape pair across two parts', () => {
    // 152 letters leave one septet in the first part: the € (two septets) moves whole to the second.
    const text = `${'a'.repeat(152)}€${'a'.repeat(152)}`;
    expect(smsSegments(text)).toMatchObject({ parts: 3, used: 306 });
    expect(smsSegments(`${'a'.repeat(151)}€${'a'.repeat(153)}`)).toMatchObject({ parts: 2, used: 306 });
  });
});

describe('smsSegments: Portuguese accents that GSM-7 lacks send the text as UCS-2', () => {
  it('switches the whole text to UCS-2 for ç or ã', () => {
    expect(smsSegments('Sua solicitação foi aprovada')).toMatchObject({ encoding: 'ucs2', parts: 1, perPart: 70 });
    expect(smsSegments('Olá, tudo bem?').encoding).toBe('ucs2');
    expect(smsSegments('ç').encoding).toBe('ucs2');
  });

  it('fits 70 characters in one SMS and splits into parts of 67', () => {
    expect(smsSegments('ç'.repeat(70))).toEqual({ encoding: 'ucs2', parts: 1, perPart: 70, used: 70 });
    expect(smsSegments('ç'.repeat(71))).toEqual({ encoding: 'ucs2', parts: 2, perPart: 67, used: 71 });
    expect(smsSegments('ç'.repeat(134)).parts).toBe(2);
    expect(smsSegments('ç'.repeat(135)).parts).toBe(3);
  });

  it('a 160-character Portuguese message with one ã is three SMS, not one', () => {
    const text = `${'a'.repeat(159)}ã`;
    expect(smsSegments(text)).toMatchObject({ encoding: 'ucs2', parts: 3, perPart: 67, used: 160 });
  });

  it('counts a character outside the BMP (emoji) as two units and keeps it whole', () => {
    expect(smsSegments('👍')).toMatchObject({ encoding: 'ucs2', used: 2, parts: 1 });
    expect(smsSegments(`${'a'.repeat(66)}👍`)).toMatchObject({ used: 68, parts: 1 });
    expect(smsSegments(`${'a'.repeat(70)}👍`)).toMatchObject({ used: 72, parts: 2 });
    // 66 units leave one in the first part: the pair moves whole to the second.
    expect(smsSegments(`${'a'.repeat(66)}👍${'a'.repeat(66)}`)).toMatchObject({ used: 134, parts: 3 });
  });
});
