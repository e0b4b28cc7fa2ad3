import { describe, expect, it } from 'vitest';
import { completeCnpj, completeCpf, formatCnpj, formatCpf, formatCpfCnpj, isValidCnpj, isValidCpf, stripDocumentMask } from '../../../src/shared/documents';

describe('CPF', () => {
  // 529.982.247-25, worked by hand with Receita Federal's modulo-11 rule:
  // first digit: 5·10+2·9+9·8+9·7+8·6+2·5+2·4+4·3+7·2 = 295, 295 mod 11 = 9, 11−9 = 2;
  // second digit: 5·11+2·10+9·9+9·8+8·7+2·6+2·5+4·4+7·3+2·2 = 347, 347 mod 11 = 6, 11−6 = 5.
  it('accepts a valid CPF masked or bare', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf(' 529 982 247 25 ')).toBe(true);
  });

  it('refuses wrong check digits, repeated digits, wrong length and letters', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('529.982.247-15')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('000.000.000-00')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247251')).toBe(false);
    expect(isValidCpf('52998224A25')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });

  it('a check digit whose remainder is below 2 is 0', () => {
    // 000.000.006-04: 6·2 = 12 → 12 mod 11 = 1 → 0; then 6·3 + 0·2 = 18 → 18 mod 11 = 7 → 4.
    expect(isValidCpf('000.000.006-04')).toBe(true);
    expect(isValidCpf('000.000.006-14')).toBe(false);
    // 100.000.000-19: 1·10 = 10 → 10 mod 11 = 10 → 1; 1·11 + 1·2 = 13 → 2 → 9.
    expect(isValidCpf('100.000.000-19')).toBe(true);
  });

  it('formats a complete CPF and leaves anything else as typed', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('529982')).toBe('529982');
  });
});

describe('CNPJ', () => {
  // Banco do Brasil S.A., 00.000.000/0001-91 (public registration): 1·2 = 2 → 9; 1·3 + 9·2 = 21 → 1.
  it('accepts a valid numeric CNPJ masked or bare', () => {
    expect(isValidCnpj('00.000.000/0001-91')).toBe(true);
    expect(isValidCnpj('00000000000191')).toBe(true);
  });

  // Receita Federal's published example of the alphanumeric CNPJ (IN RFB 2.229/2024, Nota Técnica
  // Conjunta COCAD/SUARA/RFB 49/2024): 12.ABC.345/01DE-35. Values are ASCII − 48 (A=17 … E=21):
  // first digit, weights 5,4,3,2,9,8,7,6,5,4,3,2: sum 459, 459 mod 11 = 8 → 11−8 = 3;
  // second digit, weights 6,5,4,3,2,9,8,7,6,5,4,3,2 over 12ABC34501DE3: sum 424, 424 mod 11 = 6 → 5.
  it('accepts the alphanumeric CNPJ of Receita Federal\'s example, in any case and mask', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
  });

  it('refuses wrong check digits, letters in the check digits, repeated digits and bad characters', () => {
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-53')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false);
    expect(isValidCnpj('00.000.000/0001-92')).toBe(false);
    expect(isValidCnpj('11.111.111/1111-11')).toBe(false);
    expect(isValidCnpj('12.AB*.345/01DE-35')).toBe(false);
    expect(isValidCnpj('12.ÁBC.345/01DE-35')).toBe(false);
    expect(isValidCnpj('0000000000019')).toBe(false);
    expect(isValidCnpj('')).toBe(false);
  });

  it('formats numeric and alphanumeric CNPJs', () => {
    expect(formatCnpj('00000000000191')).toBe('00.000.000/0001-91');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12ABC')).toBe('12ABC');
  });

  it('formats by length and strips masks', () => {
    expect(formatCpfCnpj('52998224725')).toBe('529.982.247-25');
    expect(formatCpfCnpj('00000000000191')).toBe('00.000.000/0001-91');
    expect(formatCpfCnpj('123')).toBe('123');
    expect(stripDocumentMask('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });
});

describe('completing a document from its body (demo data and fixtures)', () => {
  it('computes the check digits of the published examples', () => {
    // 123.456.789-09 and 11.222.333/0001-81 are the usual worked examples; 12.ABC.345/01DE-35 is the Receita's.
    expect(completeCpf('123456789')).toBe('12345678909');
    expect(completeCnpj('112223330001')).toBe('11222333000181');
    expect(completeCnpj('12ABC34501DE')).toBe('12ABC34501DE35');
  });

  it('refuses a body of the wrong shape', () => {
    expect(() => completeCpf('12345678')).toThrow();
    expect(() => completeCnpj('12abc34501de')).toThrow();
  });
});
