/**
 * Boleto codes (src/server/domain/boleto.ts) against published vectors; the
 * source of each is written beside it. "Independent implementation" vectors
 * come from the test suites of open-source boleto libraries that were
 * written from the same bank manuals; where two of them and the bank's
 * layout agree, the vector is as good as a manual's.
 */
import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  barcodeCheckDigit,
  barcodeToDigitableLine,
  buildBarcode,
  buildBoleto,
  caixaBeneficiaryCheckDigit,
  caixaModulo11,
  dateOfDueDateFactor,
  digitableLineToBarcode,
  dueDateFactor,
  formatDigitableLine,
  freeField,
  isValidBarcode,
  isWithinPaymentWindow,
  itauAccountCheckDigit,
  modulo10,
  nossoNumero,
  parseBarcode,
} from '../../../../src/server/domain/boleto';
import { addDays } from '../../../../src/server/domain/servicing/days';

const digitsOnly = (line: string) => line.replace(/[\s.]/g, '');

describe('due-date factor', () => {
  // FEBRABAN, "Manual Operacional do Fator de Vencimento da Cobrança Bancária", v01 (01/06/2012), table of examples.
  const manual: [number, string][] = [
    [1000, '2000-07-03'],
    [1001, '2000-07-04'],
    [5316, '2012-04-27'],
    [9998, '2025-02-20'],
    [9999, '2025-02-21'],
  ];
  it.each(manual)('factor %i is %s (FEBRABAN manual)', (factor, date) => {
    expect(dueDateFactor(date)).toBe(factor);
    expect(dateOfDueDateFactor(factor, date)).toBe(date);
  });

  it('restarts at 1000 on 2025-02-22 and ends the second cycle on 2049-10-13 (FEBRABAN rollover note)', () => {
    expect(dueDateFactor('2025-02-22')).toBe(1000);
    expect(dueDateFactor('2025-02-23')).toBe(1001);
    expect(dueDateFactor('2049-10-13')).toBe(9999);
    expect(dueDateFactor('2049-10-14')).toBe(1000);
    expect(dateOfDueDateFactor(1000, '2025-03-01')).toBe('2025-02-22');
    expect(dateOfDueDateFactor(9999, '2025-03-01')).toBe('2025-02-21');
    expect(dateOfDueDateFactor('1001', '2025-02-10')).toBe('2025-02-23');
  });

  it("reads factors inside FEBRABAN's acceptance window (its example: on 13/03/2014, 3000 is 24/12/2005 and 2501 is 03/04/2029)", () => {
    expect(dueDateFactor('2014-03-13')).toBe(6001);
    expect(dateOfDueDateFactor(3000, '2014-03-13')).toBe('2005-12-24');
    expect(dateOfDueDateFactor(2501, '2014-03-13')).toBe('2029-04-03');
    expect(isWithinPaymentWindow('2005-12-24', '2014-03-13')).toBe(true);
    expect(isWithinPaymentWindow('2005-12-23', '2014-03-13')).toBe(false);
    expect(isWithinPaymentWindow('2029-04-03', '2014-03-13')).toBe(true);
    expect(isWithinPaymentWindow('2029-04-04', '2014-03-13')).toBe(false);
  });

  it('gives null for factor 0000 (no due date) and refuses what is not a factor', () => {
    expect(dateOfDueDateFactor('0000', '2025-01-01')).toBeNull();
    expect(dateOfDueDateFactor(0, '2025-01-01')).toBeNull();
    for (const bad of [999, 10000, 1.5, '12345', 'abcd', -1]) expect(() => dateOfDueDateFactor(bad, '2025-01-01')).toThrow(RangeError);
    expect(() => dueDateFactor('2000-07-02')).toThrow(RangeError);
    expect(() => dateOfDueDateFactor(1000, '2025-13-01')).toThrow(RangeError);
  });

  it('reads back every due date inside the acceptance window around any reference date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 18_000 }), fc.integer({ min: -3001, max: 5500 }), (refOffset, offset) => {
        const reference = addDays('2001-01-01', refOffset);
        const due = addDays(reference, offset);
        if (due < '2000-07-03') return;
        expect(dateOfDueDateFactor(dueDateFactor(due), reference)).toBe(due);
      }),
      { seed: 20250222, numRuns: 400 },
    );
  });
});

describe('check digits', () => {
  it('modulo 10 of the linha digitável fields (Carta-Circular BCB 2.926/2000 rule)', () => {
    // Field 1 of the Moip sample below: 001 9 00000 → 9.
    expect(modulo10('001900000')).toBe(9);
    expect(modulo10('0101405100')).toBe(5);
    expect(modulo10('0000078717')).toBe(6);
    expect(() => modulo10('12a')).toThrow(RangeError);
  });

  it('modulo 11 of the barcode never gives 0: remainders giving 0, 10 or 11 become 1', () => {
    expect(barcodeCheckDigit('0019723700000010000000001014051000000078717')).toBe(7);
    fc.assert(
      fc.property(fc.stringMatching(/^\d{43}$/), (body) => {
        const dv = barcodeCheckDigit(body);
        expect(dv).toBeGreaterThanOrEqual(1);
        expect(dv).toBeLessThanOrEqual(9);
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  it("Caixa's modulo 11 gives 0 above 9 (independent implementation: brcobranca caixa_spec — 245274 → 0, 654321 → 9, 123456 → 0)", () => {
    expect(caixaBeneficiaryCheckDigit('245274')).toBe(0);
    expect(caixaBeneficiaryCheckDigit('654321')).toBe(9);
    expect(caixaBeneficiaryCheckDigit('123456')).toBe(0);
    expect(caixaModulo11('14000000000000001')).toBe(4);
  });

  it("Itaú's agency/account DAC (boleto_bancario itau_spec '0057 / 12345-7'; brcobranca '0607 / 15255-0', '1547 / 85547-6', '0811 / 53678-8')", () => {
    expect(itauAccountCheckDigit('0057', '12345')).toBe(7);
    expect(itauAccountCheckDigit('0607', '15255')).toBe(0);
    expect(itauAccountCheckDigit('1547', '85547')).toBe(6);
    expect(itauAccountCheckDigit('0811', '53678')).toBe(8);
  });
});

describe('published boletos parse and re-build', () => {
  // Banco do Brasil sample boleto of the Moip (Wirecard) payments API documentation, widely copied in its SDK tests;
  // convênio 1014051, sequence 787, wallet 17, R$ 10,00, factor 7237.
  const moip = '00190.00009 01014.051005 00000.787176 7 72370000001000';

  it('Moip API sample (BB, 7-digit agreement)', () => {
    const barcode = digitableLineToBarcode(moip);
    expect(barcode).toBe('00197723700000010000000001014051000000078717');
    expect(parseBarcode(barcode, '2018-01-01')).toMatchObject({ bank: '001', dueDate: '2017-07-31', factor: 7237, freeField: '0000001014051000000078717' });
    expect(parseBarcode(barcode, '2018-01-01').amount.toFixed(2)).toBe('10.00');
    const rebuilt = buildBoleto({ account: { bank: '001', agreement: '1014051', wallet: '17' }, sequence: 787, amount: '10.00', dueDate: '2017-07-31' });
    expect(rebuilt.formattedLine).toBe(moip);
    expect(rebuilt.nossoNumero.printed).toBe('10140510000000787');
  });

  it('the getBoletoInfo example of the @brazilian-utils documentation (BB, due 2018-07-15, R$ 1.026,56)', () => {
    const bb = digitableLineToBarcode('00190000090114971860168524522114675860000102656');
    expect(parseBarcode(bb, '2025-06-15')).toMatchObject({ bank: '001', dueDate: '2018-07-15' });
    expect(parseBarcode(bb, '2025-06-15').amount.toFixed(2)).toBe('1026.56');
  });

  it('refuses a wrong check digit in any field, naming it', () => {
    const d = digitsOnly(moip);
    const flip = (k: number) => d.slice(0, k) + String((Number(d[k]) + 1) % 10) + d.slice(k + 1);
    expect(() => digitableLineToBarcode(flip(9))).toThrow(/field 1/);
    expect(() => digitableLineToBarcode(flip(20))).toThrow(/field 2/);
    expect(() => digitableLineToBarcode(flip(31))).toThrow(/field 3/);
    expect(() => digitableLineToBarcode(flip(32))).toThrow(/barcode check digit/);
    expect(() => digitableLineToBarcode(flip(40))).toThrow(/barcode check digit/);
    expect(() => digitableLineToBarcode(d.slice(1))).toThrow(RangeError);
    expect(isValidBarcode('00197723700000010000000001014051000000078718')).toBe(false);
  });
});

describe('bank free fields', () => {
  it('Banco do Brasil, 7-digit agreement: 000000 + 17-digit nosso número + wallet (boleto_bancario banco_brasil_spec)', () => {
    const account = { bank: '001', agreement: '7777777', wallet: '18' } as const;
    expect(nossoNumero(account, 87654)).toEqual({ digits: '77777770000087654', checkDigit: null, printed: '77777770000087654' });
    const b = buildBoleto({ account, sequence: 87654, amount: '2952.95', dueDate: '2012-12-28' });
    expect(b.barcode).toBe('00197556100002952950000007777777000008765418');
    expect(b.formattedLine).toBe('00190.00009 07777.777009 00087.654182 7 55610000295295');
  });

  it('Caixa SIGCB (boleto_bancario caixa_spec; brcobranca caixa_spec)', () => {
    const b = buildBoleto({ account: { bank: '104', agreement: '792157', wallet: '1' }, sequence: '946375189643625', amount: '2952.95', dueDate: '2015-03-16' });
    expect(b.barcode).toBe('10492636900002952957921578946137541896436250');
    expect(b.formattedLine).toBe('10497.92151 78946.137540 18964.362505 2 63690000295295');
    const account = { bank: '104', agreement: '245274', wallet: '1' } as const;
    expect(freeField(account, 1)).toBe('2452740000100040000000017');
    expect(nossoNumero(account, 1).printed).toBe('14000000000000001-4');
    // boleto_bancario: wallet 2 (unregistered), 863245679215648 → 24863245679215648-2
    expect(nossoNumero({ bank: '104', agreement: '000001', wallet: '2' }, '863245679215648').printed).toBe('24863245679215648-2');
  });

  it('Itaú (boleto_bancario itau_spec; brcobranca itau_spec, one due in the second factor cycle)', () => {
    const b = buildBoleto({ account: { bank: '341', wallet: '175', branch: '1565', account: '13877' }, sequence: 12345678, amount: '2952.95', dueDate: '2012-12-21' });
    expect(b.formattedLine).toBe('34191.75124 34567.861561 51387.710000 1 55540000295295');
    expect(freeField({ bank: '341', wallet: '109', branch: '0057', account: '12345' }, '12345678')).toBe('1091234567800057123457000');
    expect(freeField({ bank: '341', wallet: '175', branch: '0810', account: '53678' }, '12345678')).toBe('1751234567840810536789000');
    const second = buildBoleto({ account: { bank: '341', wallet: '109', branch: '1248', account: '02124' }, sequence: '00010152', amount: '6757.87', dueDate: '2029-05-20' });
    expect(second.barcode).toBe('34194254800006757871090001015271248021246000');
    expect(second.formattedLine).toBe('34191.09008 01015.271248 80212.460002 4 25480000675787');
    const earlier = buildBoleto({ account: { bank: '341', wallet: '175', branch: '0810', account: '53678' }, sequence: 258281, amount: '135.00', dueDate: '2008-02-02' });
    expect(earlier.formattedLine).toBe('34191.75009 25828.170818 05367.890000 1 37700000013500');
  });

  it("Itaú's nosso-número DAC: branch/account/wallet/number, or wallet/number only for 126, 131, 146, 150, 168 (boleto_bancario itau_spec, from the Itaú manual's examples)", () => {
    const at = (wallet: string, seq: string, branch = '0057', account = '12345') => nossoNumero({ bank: '341', wallet, branch, account }, seq).printed;
    expect(at('110', '12345678')).toBe('110/12345678-8');
    expect(at('175', '12345678', '0607', '15255')).toBe('175/12345678-4'); // brcobranca itau_spec
    // wallets with the wallet/number DAC ignore the branch and account
    expect(at('168', '12784698', '9999', '99999')).toBe('168/12784698-3');
    expect(at('126', '12345')).toBe('126/00012345-8');
    expect(at('131', '6789')).toBe('131/00006789-5');
    expect(at('146', '147890')).toBe('146/00147890-9');
    expect(at('150', '18765476')).toBe('150/18765476-2');
    expect(at('168', '12784698')).toBe('168/12784698-3');
  });

  it('refuses bad accounts, sequences and amounts', () => {
    const bb = { bank: '001', agreement: '1014051', wallet: '17' } as const;
    expect(() => freeField({ ...bb, agreement: '123456' }, 1)).toThrow(RangeError);
    expect(() => freeField(bb, 0)).toThrow(/positive/);
    expect(() => freeField(bb, '12345678901')).toThrow(RangeError);
    expect(() => freeField(bb, -1)).toThrow(RangeError);
    expect(() => freeField({ bank: '341', wallet: '196', branch: '0057', account: '12345' }, 1)).toThrow(/not supported/);
    expect(() => freeField({ bank: '104', agreement: '245274', wallet: '3' as '1' }, 1)).toThrow(RangeError);
    const base = { account: bb, sequence: 1, dueDate: '2026-01-05' };
    expect(() => buildBoleto({ ...base, amount: '10.005' })).toThrow(/two decimal/);
    expect(() => buildBoleto({ ...base, amount: '-1' })).toThrow(/negative/);
    expect(() => buildBoleto({ ...base, amount: '100000000.00' })).toThrow(/above/);
    expect(() => buildBoleto({ ...base, amount: 'abc' })).toThrow(RangeError);
    expect(buildBarcode({ bank: '001', amount: 0, dueDate: null, freeField: '0'.repeat(25) }).slice(5, 19)).toBe('0'.repeat(14));
  });
});

describe('cross-check with @brazilian-utils/brazilian-utils', () => {
  const accounts = [
    { bank: '001', agreement: '1234567', wallet: '17' },
    { bank: '104', agreement: '245274', wallet: '1' },
    { bank: '341', wallet: '109', branch: '1565', account: '13877' },
  ] as const;

  it('accepts and reads what we build, before and after the factor rollover', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...accounts),
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 1, max: 9_999_999_999 }),
        fc.integer({ min: -2000, max: 5000 }),
        (account, sequence, cents, offset) => {
          const reference = '2026-01-15';
          const dueDate = addDays(reference, offset);
          const amount = new Decimal(cents).div(100);
          const b = buildBoleto({ account, sequence, amount, dueDate });
          expect(barcodeToDigitableLine(b.barcode)).toBe(b.digitableLine);
          expect(digitableLineToBarcode(b.formattedLine)).toBe(b.barcode);
          expect(formatDigitableLine(b.digitableLine).replace(/[\s.]/g, '')).toBe(b.digitableLine);
          expect(isValidBoleto(b.digitableLine)).toBe(true);
          const [y, m, d] = reference.split('-').map(Number);
          const info = getBoletoInfo(b.digitableLine, { referenceDate: new Date(y, m - 1, d) });
          expect(info?.bankCode).toBe(account.bank);
          expect(info?.amount).toBe(cents);
          const due = info!.expirationDate!;
          const theirs = `${due.getFullYear()}-${String(due.getMonth() + 1).padStart(2, '0')}-${String(due.getDate()).padStart(2, '0')}`;
          expect(theirs).toBe(dueDate);
          expect(parseBarcode(b.barcode, reference).dueDate).toBe(dueDate);
        },
      ),
      { seed: 104341, numRuns: 150 },
    );
  });
});
