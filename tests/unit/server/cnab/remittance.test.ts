/**
 * The remittance builder and the whole-file validator
 * (src/server/domain/cnab/remittance.ts, remittance-check.ts): a file per
 * bank read back line by line, and each class of error refused with the
 * record, the field and the installment named, and no file returned.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildRemittance,
  checkRemittance,
  cnabTables,
  readRecord,
  type CnabBank,
  type RemittanceAccount,
  type RemittanceInput,
  type RemittanceResult,
  type RemittanceSlip,
} from '../../../../src/server/domain/cnab';
import { nossoNumero } from '../../../../src/server/domain/boleto';

const ACCOUNTS: Readonly<Record<CnabBank, RemittanceAccount>> = {
  '001': {
    bank: '001',
    companyName: 'Crédito Fácil Ltda',
    companyDocument: '12345678000195',
    agency: '3286',
    agencyDigit: '6',
    account: '75367',
    accountDigit: '7',
    agreement: '1234567',
    wallet: '17',
    walletVariation: '019',
  },
  '104': { bank: '104', companyName: 'Crédito Fácil Ltda', companyDocument: '12345678000195', agency: '1234', agencyDigit: '0', account: '', agreement: '654321' },
  '341': { bank: '341', companyName: 'Crédito Fácil Ltda', companyDocument: '12345678000195', agency: '0057', account: '12345', accountDac: '8', wallet: '109' },
};

function slipFor(bank: CnabBank, sequence: number, overrides: Partial<RemittanceSlip> = {}): RemittanceSlip {
  const account = ACCOUNTS[bank];
  const nn =
    bank === '001'
      ? nossoNumero({ bank: '001', agreement: account.agreement ?? '', wallet: account.wallet ?? '' }, sequence)
      : bank === '104'
        ? nossoNumero({ bank: '104', agreement: account.agreement ?? '', wallet: '1' }, sequence)
        : nossoNumero({ bank: '341', wallet: account.wallet ?? '', branch: account.agency, account: account.account }, sequence);
  return {
    reference: `OP-77/${sequence}`,
    instruction: 'entry',
    nossoNumero: nn.digits,
    nossoNumeroDigit: nn.checkDigit ?? undefined,
    documentNumber: `77-${sequence}`,
    issuedOn: '2026-11-26',
    dueDate: '2026-12-26',
    amount: '1050.35',
    payer: {
      name: 'João da Silva Gonçalves',
      document: '12345678909',
      address: 'Rua das Acácias, 100',
      district: 'Centro',
      postalCode: '01310100',
      city: 'São Paulo',
      state: 'SP',
    },
    lateCharges: { interest: { kind: 'dailyAmount', value: '0.35', from: '2026-12-27' }, fine: { kind: 'percent', value: '2.00', from: '2026-12-27' } },
    ...overrides,
  };
}

const input = (bank: CnabBank, slips: RemittanceSlip[], extra: Partial<RemittanceInput> = {}): RemittanceInput => ({
  account: ACCOUNTS[bank],
  slips,
  fileSequence: 8,
  previousFileSequence: 7,
  generatedOn: '2026-11-26',
  generatedAt: '101500',
  ...extra,
});

function expectFile(result: RemittanceResult) {
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.file;
}

describe.each<CnabBank>(['001', '104', '341'])('remittance of bank %s', (bank) => {
  const tables = cnabTables(bank);
  const slips = [
    slipFor(bank, 1),
    slipFor(bank, 2, { instruction: 'writeOff', amount: '99.99', lateCharges: undefined }),
    slipFor(bank, 3, { instruction: 'dueDateChange', dueDate: '2027-01-15' }),
  ];
  const file = expectFile(buildRemittance(input(bank, slips)));
  const read = (index: number, table: keyof typeof tables) => readRecord(tables[table], file.lines[index] ?? '');

  it('has 240-character lines joined by CR LF, headers, P/Q(/R) per boleto and trailers', () => {
    expect(file.lines.every((l) => l.length === 240)).toBe(true);
    expect(file.content).toBe(file.lines.map((l) => `${l}\r\n`).join(''));
    expect(file.lines.map((l) => (l[7] === '3' ? `3${l[13]}` : l[7]))).toEqual(['0', '1', '3P', '3Q', '3R', '3P', '3Q', '3P', '3Q', '5', '9']);
    expect(checkRemittance(bank, file.lines)).toEqual([]);
  });
  it('carries the NSA, the date and the company in the file header', () => {
    expect(read(0, 'fileHeader')).toMatchObject({ bank, direction: '1', generatedOn: '2026-11-26', generatedAt: '101500', fileSequence: '000008', companyDocument: '12345678000195' });
  });
  it('carries each instruction, nosso número, due date, amount and reference in P, the payer in Q, the fine in R', () => {
    const p1 = read(2, 'segmentP');
    expect(p1).toMatchObject({ movement: '01', dueDate: '2026-12-26', amount: '1050.35', companyReference: 'OP-77/1', sequence: '00001' });
    expect(read(5, 'segmentP')).toMatchObject({ movement: '02', amount: '99.99', sequence: '00004' });
    expect(read(7, 'segmentP')).toMatchObject({ movement: '06', dueDate: '2027-01-15' });
    expect(read(3, 'segmentQ')).toMatchObject({ payerName: 'JOAO DA SILVA GONCALVES', payerDocumentType: '1', payerPostalCode: '01310', payerPostalCodeSuffix: '100', payerState: 'SP' });
    expect(read(4, 'segmentR')).toMatchObject({ fineCode: '2', fineFrom: '2026-12-27', fine: '2.00' });
    if (bank !== '341') expect(p1).toMatchObject({ interestCode: '1', interestFrom: '2026-12-27', interest: '0.35' });
    else expect(p1).toMatchObject({ interest: '0.35', interestFrom: '2026-12-27' });
  });
  it("puts the bank's own nosso número and account fields where its manual says", () => {
    const p = read(2, 'segmentP');
    if (bank === '001') {
      expect(p.nossoNumero).toBe('12345670000000001');
      expect(read(0, 'fileHeader')).toMatchObject({ agreement: '001234567', wallet: '17', walletVariation: '019', agreementProduct: '0014', layoutVersion: '084' });
    } else if (bank === '104') {
      expect(p).toMatchObject({ nossoNumero: '14000000000000001', beneficiaryCode: '654321', sincoModality: '0' });
      expect(read(0, 'fileHeader')).toMatchObject({ beneficiaryCode: '654321', fileSituation: 'REMESSA-PRODUCAO', layoutVersion: '101' });
    } else {
      expect(p).toMatchObject({ wallet: '109', nossoNumero: '00000001', agency: '0057', account: '12345', accountDac: '8' });
      expect(p.nossoNumeroDigit).toMatch(/^\d$/);
      expect(read(0, 'fileHeader')).toMatchObject({ layoutVersion: '040' });
    }
  });
  it('counts records and sums the boletos in the trailers', () => {
    const lot = read(9, 'lotTrailer');
    expect(lot.recordCount).toBe('000009');
    if (bank !== '001') expect(lot).toMatchObject({ simpleCount: '000003', simpleTotal: '2200.69' });
    expect(read(10, 'fileTrailer')).toMatchObject({ lotCount: '000001', recordCount: '000011' });
    expect(file.total).toBe('2200.69');
  });
});

describe('the trailers add up for any set of boletos (property)', () => {
  it.each<CnabBank>(['001', '104', '341'])('bank %s', (bank) => {
    const amount = fc.bigInt({ min: 1n, max: 99_999_999_99n }).map((c) => new Decimal(c.toString()).dividedBy(100).toFixed(2));
    fc.assert(
      fc.property(fc.array(fc.tuple(amount, fc.boolean()), { minLength: 1, maxLength: 30 }), (rows) => {
        const slips = rows.map(([value, fine], i) => slipFor(bank, i + 1, { amount: value, lateCharges: fine ? slipFor(bank, 1).lateCharges : undefined }));
        const file = expectFile(buildRemittance(input(bank, slips)));
        const fines = rows.filter(([, fine]) => fine).length;
        expect(file.lines).toHaveLength(4 + rows.length * 2 + fines);
        expect(file.total).toBe(rows.reduce((s, [v]) => s.plus(v), new Decimal(0)).toFixed(2));
        expect(checkRemittance(bank, file.lines)).toEqual([]);
      }),
      { seed: 20261126, numRuns: 40 },
    );
  });
});

describe('refused before anything is written', () => {
  const problemsOf = (result: RemittanceResult) => {
    expect(result.ok).toBe(false);
    return result.ok ? [] : result.problems.map((p) => ({ record: p.record, field: p.field, reference: p.reference }));
  };

  it('nothing to carry: no empty file', () => {
    expect(problemsOf(buildRemittance(input('001', [])))).toEqual([{ record: 'entrada', field: 'slips', reference: undefined }]);
  });
  it('NSA missing, or not the next one for the account', () => {
    expect(problemsOf(buildRemittance(input('001', [slipFor('001', 1)], { fileSequence: 0, previousFileSequence: null })))[0]?.field).toBe('fileSequence');
    expect(problemsOf(buildRemittance(input('001', [slipFor('001', 1)], { fileSequence: 9, previousFileSequence: 7 })))[0]?.field).toBe('fileSequence');
    expect(buildRemittance(input('001', [slipFor('001', 1)], { fileSequence: 1, previousFileSequence: null })).ok).toBe(true);
  });
  it('an account without agreement or wallet names the field', () => {
    const { agreement: _a, ...noAgreement } = ACCOUNTS['001'];
    expect(problemsOf(buildRemittance({ ...input('001', [slipFor('001', 1)]), account: noAgreement }))).toContainEqual({ record: 'entrada', field: 'account.agreement', reference: undefined });
    const { wallet: _w, ...noWallet } = ACCOUNTS['341'];
    expect(problemsOf(buildRemittance({ ...input('341', [slipFor('341', 1)]), account: noWallet }))).toContainEqual({ record: 'entrada', field: 'account.wallet', reference: undefined });
    const { agreement: _c, ...noCode } = ACCOUNTS['104'];
    expect(problemsOf(buildRemittance({ ...input('104', [slipFor('104', 1)]), account: noCode }))).toContainEqual({ record: 'entrada', field: 'account.agreement', reference: undefined });
  });
  it('a bad installment names the installment and the field', () => {
    const slips = [slipFor('104', 1), slipFor('104', 2, { dueDate: '2026-02-30', amount: '0' }), slipFor('104', 3, { nossoNumero: '123' })];
    expect(problemsOf(buildRemittance(input('104', slips)))).toEqual([
      { record: 'entrada', field: 'amount', reference: 'OP-77/2' },
      { record: 'entrada', field: 'dueDate', reference: 'OP-77/2' },
      { record: 'entrada', field: 'nossoNumero', reference: 'OP-77/3' },
    ]);
  });
  it('an amount too large for its field names the record, field and installment', () => {
    const result = buildRemittance(input('001', [slipFor('001', 1, { amount: '10000000000000.00' })]));
    expect(problemsOf(result)).toContainEqual({ record: '3P', field: 'amount', reference: 'OP-77/1' });
  });
  it.each<CnabBank>(['001', '104', '341'])('an alphanumeric CNPJ (payer or company) on bank %s: refused naming the bank, its layout and why', (bank) => {
    const payer = { ...slipFor(bank, 1).payer, document: '12ABC34501DE35' };
    const result = buildRemittance({ ...input(bank, [slipFor(bank, 1, { payer })]), account: { ...ACCOUNTS[bank], companyDocument: 'AB1CD2EF000155' } });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems.map((p) => [p.field, p.reference])).toEqual([
      ['account.companyDocument', undefined],
      ['payer.document', 'OP-77/1'],
    ]);
    expect(problems[1].message).toContain(`do ${{ '001': 'Banco do Brasil', '104': 'Caixa', '341': 'Itaú' }[bank]} (versão`);
    expect(problems[1].message).toContain('CNPJ alfanumérico');
  });
  it.each<[CnabBank, number]>([['001', 15], ['104', 11], ['341', 10]])('a document number longer than bank %s holds (%i) is refused, never cut', (bank, width) => {
    const fits = buildRemittance(input(bank, [slipFor(bank, 1, { documentNumber: 'D'.repeat(width) })]));
    expect(fits.ok).toBe(true);
    const result = buildRemittance(input(bank, [slipFor(bank, 1, { documentNumber: 'D'.repeat(width + 1) })]));
    expect(problemsOf(result)).toEqual([{ record: 'entrada', field: 'documentNumber', reference: 'OP-77/1' }]);
    expect(result.ok ? '' : result.problems[0].message).toContain(`mais de ${width} caracteres`);
  });
  it('a repeated nosso número', () => {
    expect(problemsOf(buildRemittance(input('341', [slipFor('341', 1), slipFor('341', 1, { reference: 'OP-78/1' })])))).toEqual([
      { record: 'entrada', field: 'nossoNumero', reference: 'OP-78/1' },
    ]);
  });
});

describe('the whole-file validator refuses each class of error', () => {
  const bank: CnabBank = '104';
  const good = expectFile(buildRemittance(input(bank, [slipFor(bank, 1), slipFor(bank, 2)]))).lines;
  const change = (index: number, start: number, text: string) =>
    good.map((l, i) => (i === index ? l.slice(0, start - 1) + text + l.slice(start - 1 + text.length) : l));
  const found = (lines: readonly string[]) => checkRemittance(bank, lines).map((p) => `${p.line}:${p.record}:${p.field}`);

  it('accepts the good file', () => expect(found(good)).toEqual([]));
  it('a line of the wrong length', () => {
    expect(found(good.map((l, i) => (i === 3 ? l.slice(0, 239) : l)))).toContain('4:3Q:linha');
  });
  it('letters in a numeric field', () => expect(found(change(2, 86, 'ABC'))).toContain('3:3P:amount'));
  it('a date that does not exist', () => expect(found(change(2, 78, '31022027'))).toContain('3:3P:dueDate'));
  it('lowercase or accents in a text field', () => {
    expect(found(change(3, 34, 'joão'))).toContain('4:3Q:payerName');
  });
  it('a lot trailer whose record count, boleto count or total is wrong', () => {
    const trailer = good.length - 2;
    expect(found(change(trailer, 18, '000099'))).toContain(`${trailer + 1}:5:recordCount`);
    expect(found(change(trailer, 24, '000009'))).toContain(`${trailer + 1}:5:simpleCount`);
    expect(found(change(trailer, 30, '00000000000000001'))).toContain(`${trailer + 1}:5:simpleTotal`);
  });
  it('a file trailer whose counts are wrong', () => {
    const last = good.length - 1;
    expect(found(change(last, 18, '000002'))).toContain(`${last + 1}:9:lotCount`);
    expect(found(change(last, 24, '000099'))).toContain(`${last + 1}:9:recordCount`);
  });
  it('no NSA in the header', () => expect(found(change(0, 158, '000000'))).toContain('1:0:fileSequence'));
  it('details out of sequence', () => expect(found(change(3, 9, '00005'))).toContain('4:3Q:sequence'));
  it('a line of another bank', () => expect(found(change(2, 1, '237'))).toContain('3:3P:bank'));
  it('the fixed parts of a record', () => expect(found(change(2, 14, 'X'))).toContain('3:3:recordType'));
});
