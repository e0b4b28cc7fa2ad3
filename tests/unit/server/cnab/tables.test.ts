/**
 * The CNAB 240 field tables (src/server/domain/cnab): every table of every
 * bank tiles positions 1–240 exactly, names its manual, and the positions the
 * banks' manuals print differently from FEBRABAN's are where those manuals say.
 */
import { describe, expect, it } from 'vitest';
import { CNAB_BANKS, cnabTables, coverageProblems, FEBRABAN_TABLES, type RecordTable } from '../../../../src/server/domain/cnab';

const at = (table: RecordTable, name: string) => {
  const field = table.fields.find((f) => f.name === name);
  if (field === undefined) throw new Error(`${table.record} has no ${name}`);
  return [field.start, field.end, field.kind];
};

describe('every table tiles 1–240 and names its manual', () => {
  it('FEBRABAN v10.6 base tables', () => {
    for (const table of Object.values(FEBRABAN_TABLES)) {
      expect(coverageProblems(table)).toEqual([]);
      expect(table.source).toContain('V10.6');
    }
  });
  it.each(CNAB_BANKS)('bank %s', (bank) => {
    for (const table of Object.values(cnabTables(bank))) {
      expect(coverageProblems(table)).toEqual([]);
      expect(table.source).toMatch(/FEBRABAN|Banco do Brasil|CAIXA|Itaú/);
    }
  });
});

describe('FEBRABAN v10.6 positions (§3.2.2)', () => {
  const t = FEBRABAN_TABLES;
  it('file header: direction 143, date 144–151, NSA 158–163, layout 164–166', () => {
    expect(at(t.fileHeader, 'direction')).toEqual([143, 143, 'numeric']);
    expect(at(t.fileHeader, 'generatedOn')).toEqual([144, 151, 'date']);
    expect(at(t.fileHeader, 'fileSequence')).toEqual([158, 163, 'numeric']);
    expect(at(t.fileHeader, 'layoutVersion')).toEqual([164, 166, 'numeric']);
  });
  it('P: nosso número 38–57, due date 78–85, amount 86–100 with 2 decimals, company reference 196–220', () => {
    expect(at(t.segmentP, 'nossoNumero')).toEqual([38, 57, 'alpha']);
    expect(at(t.segmentP, 'dueDate')).toEqual([78, 85, 'date']);
    expect(t.segmentP.fields.find((f) => f.name === 'amount')).toMatchObject({ start: 86, end: 100, decimals: 2 });
    expect(at(t.segmentP, 'companyReference')).toEqual([196, 220, 'alpha']);
  });
  it('R: fine code 66, date 67–74, value 75–89', () => {
    expect(at(t.segmentR, 'fineCode')).toEqual([66, 66, 'alpha']);
    expect(at(t.segmentR, 'fineFrom')).toEqual([67, 74, 'date']);
    expect(at(t.segmentR, 'fine')).toEqual([75, 89, 'numeric']);
  });
  it('T and U: movement 16–17, fee 199–213, reasons 214–223, paid 78–92, dates 138–153', () => {
    expect(at(t.segmentT, 'movement')).toEqual([16, 17, 'numeric']);
    expect(at(t.segmentT, 'fee')).toEqual([199, 213, 'numeric']);
    expect(at(t.segmentT, 'reasons')).toEqual([214, 223, 'alpha']);
    expect(at(t.segmentU, 'paid')).toEqual([78, 92, 'numeric']);
    expect(at(t.segmentU, 'occurredOn')).toEqual([138, 145, 'date']);
    expect(at(t.segmentU, 'creditedOn')).toEqual([146, 153, 'date']);
  });
  it('trailers: lot 18–23 records, file 18–23 lots and 24–29 records', () => {
    expect(at(t.lotTrailer, 'recordCount')).toEqual([18, 23, 'numeric']);
    expect(at(t.fileTrailer, 'lotCount')).toEqual([18, 23, 'numeric']);
    expect(at(t.fileTrailer, 'recordCount')).toEqual([24, 29, 'numeric']);
  });
});

describe('per-bank overrides, as each manual prints them', () => {
  it('Banco do Brasil (Particularidades BB, agosto/2017): convênio 33–41, 0014, carteira, variação; layouts 084/043', () => {
    const t = cnabTables('001');
    expect(at(t.fileHeader, 'agreement')).toEqual([33, 41, 'numeric']);
    expect(t.fileHeader.fields.find((f) => f.name === 'agreementProduct')).toMatchObject({ start: 42, end: 45, fixed: '0014' });
    expect(at(t.fileHeader, 'wallet')).toEqual([46, 47, 'numeric']);
    expect(at(t.fileHeader, 'walletVariation')).toEqual([48, 50, 'numeric']);
    expect(at(t.lotHeader, 'agreement')).toEqual([34, 42, 'numeric']);
    expect(t.fileHeader.fields.find((f) => f.name === 'layoutVersion')?.default).toBe('084');
    expect(t.lotHeader.fields.find((f) => f.name === 'layoutVersion')?.default).toBe('043');
    expect(t.lotTrailer.fields.map((f) => f.name)).not.toContain('simpleTotal');
    expect(t.segmentP).toBe(FEBRABAN_TABLES.segmentP);
  });
  it('Caixa (SIGCB 67.118 v010): beneficiary code, nosso número P 41–57 and T 40–56 + DV 57, layout 101', () => {
    const t = cnabTables('104');
    expect(at(t.fileHeader, 'beneficiaryCode')).toEqual([59, 64, 'numeric']);
    expect(at(t.lotHeader, 'beneficiaryCode')).toEqual([34, 39, 'numeric']);
    expect(at(t.segmentP, 'beneficiaryCode')).toEqual([24, 29, 'numeric']);
    expect(at(t.segmentP, 'nossoNumero')).toEqual([41, 57, 'numeric']);
    expect(at(t.segmentP, 'documentNumber')).toEqual([63, 73, 'alpha']);
    expect(at(t.segmentT, 'nossoNumero')).toEqual([40, 56, 'numeric']);
    expect(at(t.segmentT, 'nossoNumeroDigit')).toEqual([57, 57, 'numeric']);
    expect(t.fileHeader.fields.find((f) => f.name === 'layoutVersion')?.default).toBe('101');
  });
  it('Itaú (Cobrança FEBRABAN 240, janeiro/2017): branch 4 + account 5 + DAC, wallet 38–40, nosso número 41–48, DAC 49; layouts 040/030', () => {
    const t = cnabTables('341');
    expect(at(t.fileHeader, 'agency')).toEqual([54, 57, 'numeric']);
    expect(at(t.fileHeader, 'account')).toEqual([66, 70, 'numeric']);
    expect(at(t.fileHeader, 'accountDac')).toEqual([72, 72, 'numeric']);
    expect(at(t.segmentP, 'wallet')).toEqual([38, 40, 'numeric']);
    expect(at(t.segmentP, 'nossoNumero')).toEqual([41, 48, 'numeric']);
    expect(at(t.segmentP, 'nossoNumeroDigit')).toEqual([49, 49, 'numeric']);
    expect(at(t.segmentP, 'documentNumber')).toEqual([63, 72, 'alpha']);
    expect(at(t.segmentQ, 'payerName')).toEqual([34, 63, 'alpha']);
    expect(at(t.segmentT, 'reasons')).toEqual([214, 221, 'alpha']);
    expect(t.fileHeader.fields.find((f) => f.name === 'layoutVersion')?.default).toBe('040');
    expect(t.lotHeader.fields.find((f) => f.name === 'layoutVersion')?.default).toBe('030');
  });
});
