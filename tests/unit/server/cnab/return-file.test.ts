/**
 * The return reader (src/server/domain/cnab/return-file.ts) on public return
 * files of Banco do Brasil and Caixa, on an Itaú return written with our own
 * tables, and on broken files it must refuse with the line number.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cnabTables, readReturnFile, splitLines, writeRecord, type ReturnResult } from '../../../../src/server/domain/cnab';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'latin1');
const fileOf = (result: ReturnResult) => {
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.file;
};

// Public sample of the laravel-boleto project (MIT), Banco do Brasil, March 2011:
// https://github.com/eduardokum/laravel-boleto/blob/0081d0958f6257c39d4594ce2ca466d725cd5b5c/tests/Retorno/files/cnab240/banco_brasil.ret
// Its lot header (line 2) is 241 long: the 80 blanks of the two messages are 81. The file as published is
// the wrong-length case; the preview test removes that one blank (position 104) and nothing else.
describe('Banco do Brasil public return file', () => {
  const original = fixture('bb-retorno.ret');
  it('as published: refused, naming line 2 and its length', () => {
    const result = readReturnFile('001', original);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toEqual([{ line: 2, record: '1', field: 'linha', message: 'a linha tem 241 posições, não 240' }]);
  });

  const lines = splitLines(original);
  lines[1] = (lines[1] ?? '').slice(0, 103) + (lines[1] ?? '').slice(104);
  const file = fileOf(readReturnFile('001', lines.join('\n')));
  it('header: company, agency, account, NSA, date', () => {
    expect(file.header).toEqual({ bank: '001', companyDocument: '02659953000176', agency: '00328', account: '000000007536', fileSequence: '000257', generatedOn: '2011-03-21' });
  });
  it('five settlements, each with nosso número, amounts, fee and dates', () => {
    expect(file.entries.map((e) => [e.line, e.kind, e.movementWords, e.nossoNumero, e.titleAmount, e.paid, e.fee, e.net, e.occurredOn, e.creditedOn])).toEqual([
      [3, 'settled', 'Liquidação', '32948600000000196', '40.00', '40.00', '5.00', '35.00', '2011-03-21', '2011-03-23'],
      [5, 'settled', 'Liquidação', '32948600000000236', '30.00', '30.00', '5.00', '25.00', '2011-03-21', '2011-03-23'],
      [7, 'settled', 'Liquidação', '32948600000000244', '15.00', '15.00', '5.00', '10.00', '2011-03-21', '2011-03-23'],
      [9, 'settled', 'Liquidação', '32948600000000249', '15.00', '15.00', '5.00', '10.00', '2011-03-21', '2011-03-23'],
      [11, 'settled', 'Liquidação', '32948600000005048', '28.80', '28.80', '5.00', '23.80', '2011-03-21', '2011-03-23'],
    ]);
    expect(new Set(file.entries.map((e) => e.identity)).size).toBe(5);
  });
});

// Public sample of the laravel-boleto project (MIT), Caixa SIGCB, January 2014:
// https://github.com/eduardokum/laravel-boleto/blob/0081d0958f6257c39d4594ce2ca466d725cd5b5c/tests/Retorno/files/cnab240/caixa.ret
describe('Caixa public return file', () => {
  const file = fileOf(readReturnFile('104', fixture('caixa-retorno.ret')));
  it('header: the beneficiary code stands for the account', () => {
    expect(file.header).toMatchObject({ bank: '104', companyDocument: '09018380000199', agency: '01234', account: '043210', fileSequence: '001622', generatedOn: '2014-01-06' });
  });
  it('nine settlements with the nosso número of 17 digits (T 40–56), the channel and form of payment in words', () => {
    expect(file.entries).toHaveLength(9);
    const first = file.entries[0];
    expect(first).toMatchObject({ line: 3, kind: 'settled', nossoNumero: '24000000011136997', titleAmount: '80.00', paid: '80.00', fee: '1.25', occurredOn: '2014-01-06', creditedOn: '2014-01-07' });
    expect(first?.reasons).toEqual([
      { code: '02', words: 'Casa Lotérica' },
      { code: '01', words: 'Dinheiro' },
      { code: '01', words: 'Float de 1 dia(s)' },
    ]);
    const discounted = file.entries[2];
    expect(discounted).toMatchObject({ titleAmount: '80.00', discount: '10.00', paid: '70.00', net: '70.00' });
    expect(file.entries.map((e) => e.paid)).toEqual(['80.00', '80.00', '70.00', '70.00', '70.00', '70.00', '80.00', '420.00', '70.00']);
  });
});

describe('Itaú return written from our tables: movements and rejection reasons in words', () => {
  const t = cnabTables('341');
  const base = { bank: '341', lot: '1' };
  const detail = (sequence: number, movement: string, nn: string, paid: string, reasons = '') => [
    writeRecord(t.segmentT, { ...base, sequence: String(sequence), movement, agency: '0057', account: '12345', accountDac: '8', wallet: '109', nossoNumero: nn, nossoNumeroDigit: '3', amount: '100.00', fee: '1.90', reasons }),
    writeRecord(t.segmentU, { ...base, sequence: String(sequence + 1), movement, paid, net: paid, occurredOn: '2026-11-25', creditedOn: '2026-11-26' }),
  ];
  const lines = [
    writeRecord(t.fileHeader, { bank: '341', direction: '2', companyDocumentType: '2', companyDocument: '12345678000195', agency: '0057', account: '12345', accountDac: '8', generatedOn: '2026-11-26', fileSequence: '15' }),
    writeRecord(t.lotHeader, { ...base, operation: 'T' }),
    ...detail(1, '06', '00000001', '100.00'),
    ...detail(3, '03', '00000002', '0', '14080000'),
    ...detail(5, '99', '99999999', '0'),
    writeRecord(t.lotTrailer, { ...base, recordCount: '8' }),
    writeRecord(t.fileTrailer, { bank: '341', lotCount: '1', recordCount: '10' }),
  ];
  const file = fileOf(readReturnFile('341', lines.join('\r\n')));
  it('settled, rejected with reasons, and an unknown movement kept as a line', () => {
    expect(file.entries.map((e) => [e.kind, e.movementWords, e.nossoNumero, e.paid])).toEqual([
      ['settled', 'LIQUIDAÇÃO NORMAL', '00000001', '100.00'],
      ['rejected', 'ENTRADA REJEITADA (NOTA 23 - TABELA 1)', '00000002', '0.00'],
      ['other', 'Movimento 99 (código não catalogado)', '99999999', '0.00'],
    ]);
    expect(file.entries[1]?.reasons).toEqual([
      { code: '14', words: 'NOSSO NÚMERO: NOSSO NÚMERO JÁ REGISTRADO NO CADASTRO DO BANCO OU FORA DA FAIXA' },
      { code: '08', words: 'NOME DO PAGADOR: NÃO INFORMADO OU DESLOCADO' },
    ]);
  });

  it('refuses a broken trailer, a wrong bank, a remittance, a T without U, naming the line', () => {
    const refused = (text: string, bank: '001' | '104' | '341' = '341') => {
      const result = readReturnFile(bank, text);
      return result.ok ? [] : result.problems.map((p) => `${p.line}:${p.field}`);
    };
    const withLine = (index: number, line: string) => lines.map((l, i) => (i === index ? line : l)).join('\n');
    expect(refused(withLine(8, writeRecord(t.lotTrailer, { ...base, recordCount: '7' })))).toEqual(['9:recordCount']);
    expect(refused(withLine(9, writeRecord(t.fileTrailer, { bank: '341', lotCount: '1', recordCount: '11' })))).toEqual(['10:recordCount']);
    expect(refused(lines.join('\n'), '001')).toContain('1:bank');
    expect(refused(withLine(0, writeRecord(t.fileHeader, { bank: '341', direction: '1', generatedOn: '2026-11-26' })))).toContain('1:direction');
    expect(refused(lines.filter((_, i) => i !== 3).join('\n'))).toContain('3:segment');
    expect(refused(withLine(4, (lines[4] ?? '').slice(0, 200)))).toEqual(['5:linha']);
  });

  it('refuses an amount above the largest the app stores (R$ 999.999.999.999,99), naming the line and the field', () => {
    // The fields hold 13 integer digits; the money columns 12. At the maximum the line reads; a cent above, it is refused.
    const withDetail = (paid: string, amount = '100.00') => {
      const [tLine, uLine] = detail(1, '06', '00000001', paid);
      const tBig = amount === '100.00' ? tLine : writeRecord(t.segmentT, { ...base, sequence: '1', movement: '06', agency: '0057', account: '12345', accountDac: '8', wallet: '109', nossoNumero: '00000001', nossoNumeroDigit: '3', amount, fee: '1.90' });
      return lines.map((l, i) => (i === 2 ? tBig : i === 3 ? uLine : l)).join('\r\n');
    };
    expect(fileOf(readReturnFile('341', withDetail('999999999999.99'))).entries[0]?.paid).toBe('999999999999.99');
    const paid = readReturnFile('341', withDetail('1000000000000.00'));
    expect(paid.ok).toBe(false);
    // The helper credits what was paid (net = paid): both fields are named.
    if (!paid.ok) {
      expect(paid.problems.map((p) => `${p.line}:${p.record}:${p.field}`)).toEqual(['4:3U:paid', '4:3U:net']);
      expect(paid.problems[0]?.message).toMatch(/^valor de R\$ 1\.000\.000\.000\.000,00 acima do máximo de R\$ 999\.999\.999\.999,99/);
    }
    const title = readReturnFile('341', withDetail('100.00', '9999999999999.99'));
    expect(title.ok ? [] : title.problems.map((p) => `${p.line}:${p.record}:${p.field}`)).toEqual(['3:3T:amount']);
  });
});
