/**
 * One writer and one reader over the same tables (src/server/domain/cnab/record.ts):
 * for every record of every bank a line written from random values reads back
 * to the same values and writes back to the same line; a known line from a
 * public return file is read field by field.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CNAB_BANKS,
  CnabFieldError,
  cnabTables,
  cnabText,
  FEBRABAN_TABLES,
  lineProblems,
  readRecord,
  writeRecord,
  type FieldSpec,
  type RecordTable,
} from '../../../../src/server/domain/cnab';
import { daysInMonth } from '../../../../src/server/domain/credit/calendar';

const SEED = 20261126;
const ALPHA_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,/-&()';

const width = (f: FieldSpec) => f.end - f.start + 1;
const pad2 = (n: number) => String(n).padStart(2, '0');

const day = fc
  .record({ year: fc.integer({ min: 1900, max: 2099 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
  .map(({ year, month, day: d }) => `${year}-${pad2(month)}-${pad2(Math.min(d, daysInMonth(year, month)))}`);

/** A value for a field and what reading it back gives. */
function fieldArbitrary(field: FieldSpec): fc.Arbitrary<[string | undefined, string]> {
  const w = width(field);
  if (field.fixed !== undefined) {
    return fc.constant([undefined, field.kind === 'numeric' ? field.fixed.padStart(w, '0') : field.fixed.trimEnd()]);
  }
  switch (field.kind) {
    case 'date':
      return fc.oneof(day.map((d): [string, string] => [d, d]), fc.constant<[string, string]>(['', '']));
    case 'shortDate':
      return fc.oneof(day.filter((d) => d.startsWith('20')).map((d): [string, string] => [d, d]), fc.constant<[string, string]>(['', '']));
    case 'alpha':
      return fc.string({ unit: fc.constantFrom(...ALPHA_CHARS), maxLength: w }).map((s): [string, string] => [s, s.trimEnd()]);
    case 'numeric':
      if (field.decimals !== undefined) {
        const decimals = field.decimals;
        return fc.bigInt({ min: 0n, max: 10n ** BigInt(w) - 1n }).map((units): [string, string] => {
          const text = units.toString().padStart(decimals + 1, '0');
          const value = `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
          return [value, value];
        });
      }
      return fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: w }).map((s): [string, string] => [s, s.padStart(w, '0')]);
  }
}

function valuesArbitrary(table: RecordTable): fc.Arbitrary<{ given: Record<string, string>; expected: Record<string, string> }> {
  const entries = table.fields.map((f) => fieldArbitrary(f).map((pair) => [f.name, pair] as const));
  return fc.tuple(...entries).map((pairs) => {
    const given: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const [name, [value, read]] of pairs) {
      if (value !== undefined) given[name] = value;
      expected[name] = read;
    }
    return { given, expected };
  });
}

describe('write then read gives the values back, for every record of every bank', () => {
  for (const bank of CNAB_BANKS) {
    for (const [name, table] of Object.entries(cnabTables(bank))) {
      it(`${bank} ${name}`, () => {
        fc.assert(
          fc.property(valuesArbitrary(table), ({ given, expected }) => {
            const line = writeRecord(table, given);
            expect(line).toHaveLength(240);
            expect(lineProblems(table, line)).toEqual([]);
            expect(readRecord(table, line)).toEqual(expected);
            expect(writeRecord(table, readRecord(table, line))).toBe(line);
          }),
          { seed: SEED, numRuns: 60 },
        );
      });
    }
  }
});

describe('the writer', () => {
  it('upper-cases and strips accents, cuts long text to the field', () => {
    expect(cnabText('São João, ação 5º')).toBe('SAO JOAO, ACAO 5 ');
    const line = writeRecord(FEBRABAN_TABLES.segmentQ, { payerName: 'Conceição Araújo de Magalhães e Gonçalves Fernandes' });
    expect(line.slice(33, 73)).toBe('CONCEICAO ARAUJO DE MAGALHAES E GONCALVE');
  });
  it('pads numbers with zeros on the left and writes amounts in cents', () => {
    const line = writeRecord(FEBRABAN_TABLES.segmentP, { bank: '1', sequence: '7', amount: '1234.5', dueDate: '2026-02-28' });
    expect(line.slice(0, 3)).toBe('001');
    expect(line.slice(8, 13)).toBe('00007');
    expect(line.slice(85, 100)).toBe('000000000123450');
    expect(line.slice(77, 85)).toBe('28022026');
  });
  it('refuses what does not fit, naming the record and the field', () => {
    const p = FEBRABAN_TABLES.segmentP;
    const failure = (values: Record<string, string>) => {
      try {
        writeRecord(p, values);
      } catch (error) {
        return error instanceof CnabFieldError ? [error.record, error.field] : ['other'];
      }
      return ['none'];
    };
    expect(failure({ amount: '10000000000000.00' })).toEqual(['3P', 'amount']);
    expect(failure({ amount: '1.005' })).toEqual(['3P', 'amount']);
    expect(failure({ amount: '-1' })).toEqual(['3P', 'amount']);
    expect(failure({ dueDate: '2026-02-30' })).toEqual(['3P', 'dueDate']);
    expect(failure({ agency: '12a' })).toEqual(['3P', 'agency']);
    expect(failure({ agency: '123456' })).toEqual(['3P', 'agency']);
    expect(failure({ segment: 'Q' })).toEqual(['3P', 'segment']);
  });
});

// Banco do Brasil return file, public sample of the laravel-boleto project (MIT):
// https://github.com/eduardokum/laravel-boleto/blob/0081d0958f6257c39d4594ce2ca466d725cd5b5c/tests/Retorno/files/cnab240/banco_brasil.ret
describe('a known line from a public Banco do Brasil return file, field by field', () => {
  const lines = readFileSync(path.join(__dirname, 'fixtures', 'bb-retorno.ret'), 'latin1').split('\n');
  const tables = cnabTables('001');
  it('segment T (line 3)', () => {
    expect(readRecord(tables.segmentT, lines[2] ?? '')).toEqual({
      bank: '001',
      lot: '0001',
      recordType: '3',
      sequence: '00001',
      segment: 'T',
      cnab15: '',
      movement: '06',
      agency: '00328',
      agencyDigit: '6',
      account: '000000007536',
      accountDigit: '7',
      agencyAccountDigit: '',
      nossoNumero: '32948600000000196',
      wallet: '1',
      documentNumber: '',
      dueDate: '2011-03-23',
      amount: '40.00',
      collectingBank: '237',
      collectingAgency: '00988',
      collectingAgencyDigit: '0',
      companyReference: '',
      currency: '09',
      payerDocumentType: '0',
      payerDocument: '000000000000000',
      payerName: '0000000000000000000000000000000000000',
      contract: '0000000000',
      fee: '5.00',
      reasons: '00',
      cnab224: '180273294860',
    });
    expect(lineProblems(tables.segmentT, lines[2] ?? '', { lenient: true })).toEqual([]);
  });
  it('segment U (line 4)', () => {
    expect(readRecord(tables.segmentU, lines[3] ?? '')).toMatchObject({
      segment: 'U',
      movement: '06',
      lateCharges: '0.00',
      discount: '0.00',
      rebate: '0.00',
      iof: '0.00',
      paid: '40.00',
      net: '35.00',
      otherExpenses: '0.00',
      otherCredits: '0.00',
      occurredOn: '2011-03-21',
      creditedOn: '2011-03-23',
      payerOccurrence: '',
      payerOccurrenceOn: '',
      payerOccurrenceAmount: '0.00',
      correspondentBank: '000',
      correspondentNossoNumero: '',
    });
  });
  it('file trailer (line 14): one lot, 14 records', () => {
    expect(readRecord(tables.fileTrailer, lines[13] ?? '')).toMatchObject({ lot: '9999', recordType: '9', lotCount: '000001', recordCount: '000014' });
  });
});
