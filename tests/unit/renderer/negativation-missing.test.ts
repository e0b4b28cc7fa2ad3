/**
 * A negativação candidate's missing address: the server sends the fields' keys and the screen says them in the
 * user's language (an English screen showed the server's Portuguese sentence).
 */
import { describe, expect, it } from 'vitest';
import { translate } from '../../../src/shared/i18n';
import { missingFields, missingText } from '../../../src/renderer/src/screens/collections/negativation/missing';

const tr = (lang: 'pt-BR' | 'en') => (key: string, vars?: Record<string, unknown>) => translate(lang, key, vars as Record<string, string | number> | undefined);

describe("a candidate's missing address", () => {
  it('is worded in English on an English screen', () => {
    expect(missingText(['cep', 'address'], tr('en'))).toBe('Borrower’s address incomplete (missing: postal code (CEP), street)');
    expect(missingText(['city', 'state'], tr('en'))).not.toMatch(/falta|cidade|endereço/);
  });

  it('in Portuguese on a Portuguese one', () => {
    expect(missingText(['cep', 'address', 'state'], tr('pt-BR'))).toBe('Endereço do tomador incompleto (falta: CEP, logradouro, UF)');
  });

  it('names the fields alone for the list column, in the language shown', () => {
    expect(missingFields(['cep', 'address'], tr('en'))).toBe('postal code (CEP), street');
    expect(missingFields(['cep', 'address'], tr('pt-BR'))).toBe('CEP, logradouro');
  });

  it('says nothing when the address is complete', () => {
    expect(missingText([], tr('en'))).toBe('');
    expect(missingFields([], tr('en'))).toBe('');
  });
});
