import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildAssignmentRemittance,
  coverageProblems444,
  DETAIL_444,
  HEADER_444,
  lineProblems444,
  readAssignmentRemittance,
  readRecord444,
  TABLES_444,
  TRAILER_444,
  writeRecord444,
  type AssignmentItem,
  type AssignmentRemittanceInput,
} from '../../../../src/server/domain/cnab444';

const item = (k: number, extra: Partial<AssignmentItem> = {}): AssignmentItem => ({
  reference: `OP-000123/${String(k).padStart(3, '0')}`,
  documentNumber: `123/${String(k).padStart(3, '0')}`,
  cessionNumber: '42',
  dueDate: '2026-03-15',
  issuedOn: '2026-01-15',
  faceValue: '283.68',
  presentValue: '277.85',
  payer: { name: 'Cecília Cessão', document: '52998224725', address: 'Rua do Bom Jesus, 125', postalCode: '50030230' },
  ...extra,
});

const input = (items: AssignmentItem[]): AssignmentRemittanceInput => ({
  assignor: { name: 'Crédito Digital SCD S.A.', document: '11222333000181' },
  custodian: { bankCode: '611', bankName: 'Paulista S.A.' },
  fileSequence: 7,
  writtenOn: '2026-02-01',
  coobligation: true,
  modality: '0299',
  titleKind: '60',
  items,
});

describe('CNAB 444 tables', () => {
  it('each table tiles 1…444 with no gap, overlap or repeated name', () => {
    for (const table of TABLES_444) expect(coverageProblems444(table)).toEqual([]);
  });
});

describe('the assignment remittance file', () => {
  it('writes header, one detail per installment and trailer, every line 444 long, CR LF', () => {
    const built = buildAssignmentRemittance(input([item(1), item(2), item(3)]));
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.file.lines).toHaveLength(5);
    for (const line of built.file.lines) expect(line).toHaveLength(444);
    expect(built.file.content.split('\r\n')).toHaveLength(6);
    expect(built.file.content.endsWith('\r\n')).toBe(true);
    const header = readRecord444(HEADER_444, built.file.lines[0]);
    expect(header).toMatchObject({ recordType: '0', remittanceLiteral: 'REMESSA', serviceLiteral: 'COBRANCA', bankCode: '611', bankName: 'PAULISTA S.A.', systemId: 'MX', writtenOn: '2026-02-01', fileSequence: '0000007', recordSequence: '000001' });
    expect(built.file.lines[0].slice(94, 100)).toBe('010226');
    const detail = readRecord444(DETAIL_444, built.file.lines[1]);
    expect(detail).toMatchObject({ recordType: '1', coobligation: '01', occurrence: '01', participantControl: 'OP-000123/001', dueDate: '2026-03-15', faceValue: '283.68', presentValue: '277.85', payerDocumentType: '01', payerName: 'CECILIA CESSAO', assignorName: 'CREDITO DIGITAL SCD S.A.', assignorDocument: '11222333000181', cessionTerm: '42' });
    expect(built.file.lines[1].slice(126, 139)).toBe('0000000028368');
    expect(readRecord444(TRAILER_444, built.file.lines[4])).toMatchObject({ recordType: '9', recordSequence: '000005' });
    expect(built.file).toMatchObject({ count: 3, faceTotal: '851.04', presentTotal: '833.55' });
  });

  it('round trip: what the reader gets back is what was written, for any installments (fixed seed)', () => {
    const money = fc.integer({ min: 1, max: 99_999_999_99 }).map((cents) => new Decimal(cents).div(100).toFixed(2));
    const day = fc.record({ y: fc.integer({ min: 2000, max: 2099 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) }).map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    const anItem = fc.record({ face: money, present: money, due: day, issued: day, n: fc.integer({ min: 1, max: 999 }), name: fc.constantFrom('ANA', 'JOSÉ DA SILVA', 'Ção Ltda') });
    fc.assert(
      fc.property(fc.array(anItem, { minLength: 1, maxLength: 20 }), (drawn) => {
        const items = drawn.map((d, k) => item(k + 1, { faceValue: d.face, presentValue: d.present, dueDate: d.due, issuedOn: d.issued, payer: { ...item(0).payer, name: d.name } }));
        const built = buildAssignmentRemittance(input(items));
        expect(built.ok).toBe(true);
        if (!built.ok) return;
        const read = readAssignmentRemittance(built.file.content);
        expect(read.ok).toBe(true);
        if (!read.ok) return;
        expect(read.file.details.map((d) => [d.participantControl, d.faceValue, d.presentValue, d.dueDate, d.issuedOn])).toEqual(
          items.map((i) => [i.reference, new Decimal(i.faceValue).toFixed(2), new Decimal(i.presentValue).toFixed(2), i.dueDate, i.issuedOn]),
        );
        expect(read.file.faceTotal).toBe(items.reduce((s, i) => s.plus(i.faceValue), new Decimal(0)).toFixed(2));
        expect(read.file.presentTotal).toBe(built.file.presentTotal);
        expect(Number(read.file.trailer.recordSequence)).toBe(items.length + 2);
      }),
      { seed: 444, numRuns: 60 },
    );
  });

  it('a line that does not fit names the installment, its line and the field; nothing is written', () => {
    const built = buildAssignmentRemittance(input([item(1), item(2, { dueDate: '2026-02-30' }), item(3, { payer: { ...item(3).payer, postalCode: '5003' } })]));
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.problems).toEqual([
      expect.objectContaining({ line: 3, reference: 'OP-000123/002', field: 'dueDate' }),
      expect.objectContaining({ line: 4, reference: 'OP-000123/003', field: 'payerPostalCode' }),
    ]);
  });

  it('an amount larger than its field, a year the layout cannot carry and no installments are refused', () => {
    const big = buildAssignmentRemittance(input([item(1, { faceValue: '100000000000.00' })]));
    expect(!big.ok && big.problems[0]).toMatchObject({ reference: 'OP-000123/001', field: 'faceValue' });
    const old = buildAssignmentRemittance(input([item(1, { issuedOn: '1999-12-31' })]));
    expect(!old.ok && old.problems[0]).toMatchObject({ field: 'issuedOn' });
    const none = buildAssignmentRemittance(input([]));
    expect(!none.ok && none.problems[0]).toMatchObject({ field: 'items' });
  });

  it('the reader refuses a short line, a broken sequence and a trailer whose count is wrong, naming the line', () => {
    const built = buildAssignmentRemittance(input([item(1), item(2)]));
    if (!built.ok) throw new Error('not built');
    const [h, d1, d2, t] = built.file.lines;
    const short = readAssignmentRemittance([h, d1.slice(0, 400), d2, t].join('\r\n'));
    expect(!short.ok && short.problems[0]).toMatchObject({ line: 2, field: 'linha' });
    const swapped = readAssignmentRemittance([h, d2, d1, t].join('\r\n'));
    expect(!swapped.ok && swapped.problems.map((p) => [p.line, p.field])).toEqual([
      [2, 'recordSequence'],
      [3, 'recordSequence'],
    ]);
    const wrongTrailer = readAssignmentRemittance([h, d1, d2, writeRecord444(TRAILER_444, { recordSequence: '9' })].join('\r\n'));
    expect(!wrongTrailer.ok && wrongTrailer.problems[0]).toMatchObject({ line: 4, record: 'trailer', field: 'recordSequence' });
    const letters = readAssignmentRemittance([h, d1.slice(0, 126) + 'ABCDEFGHIJKLM' + d1.slice(139), d2, t].join('\r\n'));
    expect(!letters.ok && letters.problems[0]).toMatchObject({ line: 2, reference: 'OP-000123/001', field: 'faceValue' });
  });

  it('the line check finds lower case, accents and unreal dates', () => {
    const line = writeRecord444(DETAIL_444, { coobligation: '01', modality: '0299', titleKind: '60', payerDocumentType: '01', assignorPersonType: '02', recordSequence: '2' });
    expect(lineProblems444(DETAIL_444, line)).toEqual([]);
    expect(lineProblems444(DETAIL_444, line.slice(0, 234) + 'ana'.padEnd(40) + line.slice(274)).map((p) => p.field)).toEqual(['payerName']);
    expect(lineProblems444(DETAIL_444, line.slice(0, 120) + '310226' + line.slice(126)).map((p) => p.field)).toEqual(['dueDate']);
  });
});
