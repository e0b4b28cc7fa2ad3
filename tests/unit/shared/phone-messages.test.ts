/** Brazilian phone validation, pasted recipient lists and SMS sizing (broadcast messages). */
import { describe, expect, it } from 'vitest';
import { normaliseBrazilianPhone, parseRecipientList } from '../../../src/shared/phone';

describe('normaliseBrazilianPhone', () => {
  it('turns the usual writings of a mobile into E.164', () => {
    for (const text of ['(11) 98765-4321', '11987654321', '+55 11 98765-4321', '+5511987654321', '5511987654321', '011 98765-4321', '0 21 11 98765 4321']) {
      expect({ text, out: normaliseBrazilianPhone(text) }).toEqual({ text, out: '+5511987654321' });
    }
  });

  it('accepts landlines (8 digits starting 2-5) and every DDD in use', () => {
    expect(normaliseBrazilianPhone('(61) 3333-4444')).toBe('+556133334444');
    expect(normaliseBrazilianPhone('(99) 99999-0000')).toBe('+5599999990000');
    expect(normaliseBrazilianPhone('(55) 99123-4567')).toBe('+5555991234567');
  });

  it('refuses DDDs that do not exist', () => {
    for (const ddd of ['00', '10', '20', '23', '25', '26', '29', '30', '36', '39', '40', '50', '52', '56', '60', '70', '72', '76', '78', '80', '90']) {
      expect({ ddd, out: normaliseBrazilianPhone(`(${ddd}) 98765-4321`) }).toEqual({ ddd, out: null });
    }
  });

  it('refuses wrong lengths, mobiles not starting with 9, landlines not starting 2-5, other countries and text', () => {
    for (const text of ['', '   ', '9876-4321', '(11) 8765-432', '(11) 98765-43210', '(11) 88765-4321', '(11) 1333-4444', '(11) 7333-4444', '+1 212 555 0100', '+351 912 345 678', 'fale comigo', 'ana@demo.local', '11 98765-4321 ramal 2']) {
      expect({ text, out: normaliseBrazilianPhone(text) }).toEqual({ text, out: null });
    }
    expect(normaliseBrazilianPhone(null)).toBeNull();
    expect(normaliseBrazilianPhone(undefined)).toBeNull();
  });
});

describe('parseRecipientList', () => {
  it('splits on lines, commas and semicolons, normalises, drops duplicates and lists invalid entries as typed', () => {
    const parsed = parseRecipientList('(11) 98765-4321\n+55 21 99876-5432; 11987654321, (20) 98765-4321\n\n nada ', 'sms');
    expect(parsed).toEqual({ valid: ['+5511987654321', '+5521998765432'], invalid: ['(20) 98765-4321', 'nada'], duplicates: 1 });
  });

  it('validates e-mails with the shared pattern, case-insensitively unique', () => {
    const parsed = parseRecipientList(['Ana@Demo.local', 'ana@demo.local', 'sem-arroba', 'b@c'], 'email');
    expect(parsed).toEqual({ valid: ['ana@demo.local'], invalid: ['sem-arroba', 'b@c'], duplicates: 1 });
  });
});
