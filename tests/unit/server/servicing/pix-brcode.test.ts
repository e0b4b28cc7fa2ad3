/** The static PIX BR Code (src/server/domain/servicing/pix-brcode.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16, emvText, isValidBrCode, parseTlv, staticBrCode } from '../../../../src/server/domain/servicing/pix-brcode';

/** BCB, "Manual de Padrões para Iniciação do Pix", example of a static BR Code without an amount. */
const MANUAL_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('CRC16-CCITT-FALSE', () => {
  it('gives the standard check value 29B1 for "123456789" (the CRC catalogue entry CRC-16/CCITT-FALSE)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it("gives the BCB manual example's CRC", () => {
    expect(crc16(MANUAL_EXAMPLE.slice(0, -4))).toBe('1D3D');
    expect(isValidBrCode(MANUAL_EXAMPLE)).toBe(true);
    expect(isValidBrCode(MANUAL_EXAMPLE.replace('Fulano', 'Fulana'))).toBe(false);
  });
});

describe('static BR Code', () => {
  it("reproduces the BCB manual's example", () => {
    expect(staticBrCode({ key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' })).toBe(MANUAL_EXAMPLE);
  });

  it('carries the amount with two decimals and the txid, and parses back', () => {
    const code = staticBrCode({ key: '12345678000195', merchantName: 'Crédito Fácil S.A.', merchantCity: 'São Paulo', amount: '1234.5', txid: 'OP12P003' });
    expect(isValidBrCode(code)).toBe(true);
    const fields = parseTlv(code);
    expect([...fields.keys()]).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(fields.get('54')).toBe('1234.50');
    expect(fields.get('59')).toBe('Credito Facil S.A.');
    expect(fields.get('60')).toBe('Sao Paulo');
    expect(parseTlv(fields.get('62')!).get('05')).toBe('OP12P003');
    expect(parseTlv(fields.get('26')!)).toEqual(new Map([['00', 'br.gov.bcb.pix'], ['01', '12345678000195']]));
  });

  it('cuts name and city to 25 and 15 characters and strips accents', () => {
    const code = staticBrCode({ key: 'cobranca@exemplo.com.br', merchantName: 'Sociedade de Crédito Direto Exemplo Ltda', merchantCity: 'São José dos Campos' });
    const fields = parseTlv(code);
    expect(fields.get('59')).toBe('Sociedade de Credito Dire');
    expect(fields.get('60')).toBe('Sao Jose dos Ca');
    expect(emvText('  Açaí\tBelém ', 15)).toBe('Acai Belem');
  });

  it('fits a description inside the 99 characters of field 26', () => {
    const code = staticBrCode({ key: '+5511987654321', merchantName: 'Loja', merchantCity: 'Recife', description: 'Parcela 3 de 12 — operação 45 '.repeat(5) });
    const account = parseTlv(parseTlv(code).get('26')!);
    expect(parseTlv(code).get('26')!.length).toBeLessThanOrEqual(99);
    expect(account.get('02')!.startsWith('Parcela 3 de 12')).toBe(true);
  });

  it('refuses bad keys, txids and amounts', () => {
    const base = { key: '12345678901', merchantName: 'Loja', merchantCity: 'Recife' };
    for (const key of ['', '123', 'not a key', '5511987654321', '123E4567-E12B-12D1-A456-426655440000', `${'a'.repeat(70)}@exemplo.com`]) {
      expect(() => staticBrCode({ ...base, key })).toThrow(RangeError);
    }
    for (const txid of ['', 'com espaço', 'a-b', 'x'.repeat(26)]) expect(() => staticBrCode({ ...base, txid })).toThrow(/txid/);
    for (const amount of ['0', '-1', '1.001', 'abc', '12345678901.00']) expect(() => staticBrCode({ ...base, amount })).toThrow(RangeError);
    expect(() => staticBrCode({ ...base, merchantName: '   ' })).toThrow(/name/);
    expect(() => staticBrCode({ ...base, merchantCity: '漢字' })).toThrow(/city/);
  });

  it('always produces a payload whose CRC checks and whose fields respect their limits', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 60 }).filter((s) => emvText(s, 25) !== ''),
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => emvText(s, 15) !== ''),
        fc.integer({ min: 1, max: 99_999_999_99 }),
        fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
        (name, city, cents, txid) => {
          const code = staticBrCode({ key: '12345678901', merchantName: name, merchantCity: city, amount: (cents / 100).toFixed(2), txid });
          expect(isValidBrCode(code)).toBe(true);
          const fields = parseTlv(code);
          expect(fields.get('59')!.length).toBeLessThanOrEqual(25);
          expect(fields.get('60')!.length).toBeLessThanOrEqual(15);
          expect(/^[\x20-\x7e]+$/.test(code)).toBe(true);
        },
      ),
      { seed: 986, numRuns: 200 },
    );
  });
});
