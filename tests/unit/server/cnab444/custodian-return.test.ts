import { describe, expect, it } from 'vitest';
import { coverageProblems444, readCustodianReturn, REASONS_444, RETURN_DETAIL_444, RETURN_HEADER_444, RETURN_TRAILER_444 } from '../../../../src/server/domain/cnab444';
import { custodianReturnText, detailLine, headerLine, trailerLine } from './fixtures/custodian-return';

describe('custodian CNAB 444 return reader', () => {
  it('its tables tile 1…444 and name their source', () => {
    for (const table of [RETURN_HEADER_444, RETURN_DETAIL_444, RETURN_TRAILER_444]) {
      expect(coverageProblems444(table)).toEqual([]);
      expect(table.source).toMatch(/CNAB 444/);
    }
  });

  it('reads accepted and refused titles with the reasons in Portuguese', () => {
    const text = custodianReturnText([
      { reference: 'OP-000123/001', cession: '42', occurrence: '02' },
      { reference: 'OP-000123/002', cession: '42', occurrence: '03', reasons: '0102', face: '100050', due: '150426' },
      { reference: 'OP-000124/001', cession: '43', occurrence: '03', reasons: '77' },
      { reference: 'OP-000124/002', cession: '43', occurrence: '06' },
    ]);
    const read = readCustodianReturn(text);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.file).toMatchObject({ originatorCode: '00000011222333000181', bankCode: '611', writtenOn: '2026-02-02', fileSequence: 3 });
    const [a, r, unknown, other] = read.file.lines;
    expect(a).toMatchObject({ line: 2, reference: 'OP-000123/001', cessionTerm: '42', occurrence: '02', kind: 'acquired', reasons: [], faceValue: '283.68', dueDate: '2026-03-15' });
    expect(r).toMatchObject({ line: 3, kind: 'refused', faceValue: '1000.50', dueDate: '2026-04-15' });
    expect(r.reasons).toEqual([
      { code: '01', words: REASONS_444['01'] },
      { code: '02', words: 'sacado acima do limite de concentração' },
    ]);
    expect(unknown.reasons).toEqual([{ code: '77', words: 'motivo 77 (fora da tabela do custodiante)' }]);
    expect(other.kind).toBe('other');
  });

  it('takes LF lines and a file without a last line break', () => {
    const text = custodianReturnText([{ reference: 'OP-000123/001', cession: '42', occurrence: '02' }]).replace(/\r\n/g, '\n').trimEnd();
    expect(readCustodianReturn(text).ok).toBe(true);
  });

  it('refuses a remittance (REMESSA) given as a return, naming line 1', () => {
    const text = [headerLine({ literal: 'REMESSA' }), detailLine({ reference: 'X/1', cession: '1', occurrence: '02' }, 2), trailerLine(3)].join('\r\n');
    const read = readCustodianReturn(text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems[0]).toMatchObject({ line: 1, field: 'returnLiteral' });
  });

  it('refuses a short line, a broken sequence, a blank reference and a file of two lines', () => {
    const short = [headerLine(), detailLine({ reference: 'X/1', cession: '1', occurrence: '02' }, 2).slice(0, 400), trailerLine(3)].join('\n');
    expect(readCustodianReturn(short)).toMatchObject({ ok: false, problems: [{ line: 2, field: 'linha' }] });
    const sequence = [headerLine(), detailLine({ reference: 'X/1', cession: '1', occurrence: '02' }, 5), trailerLine(3)].join('\n');
    expect(readCustodianReturn(sequence)).toMatchObject({ ok: false, problems: [{ line: 2, field: 'recordSequence' }] });
    const blank = [headerLine(), detailLine({ reference: '', cession: '1', occurrence: '02' }, 2), trailerLine(3)].join('\n');
    expect(readCustodianReturn(blank)).toMatchObject({ ok: false, problems: [{ line: 2, field: 'participantControl' }] });
    expect(readCustodianReturn([headerLine(), trailerLine(2)].join('\n'))).toMatchObject({ ok: false, problems: [{ field: 'linha' }] });
  });

  it('refuses a bad occurrence, amount or date, naming the field', () => {
    const bad = (d: Parameters<typeof detailLine>[0]) => readCustodianReturn([headerLine(), detailLine(d, 2), trailerLine(3)].join('\n'));
    expect(bad({ reference: 'X/1', cession: '1', occurrence: 'AB' })).toMatchObject({ ok: false, problems: [{ field: 'occurrence' }] });
    expect(bad({ reference: 'X/1', cession: '1', occurrence: '02', due: '310226' })).toMatchObject({ ok: false, problems: [{ field: 'dueDate' }] });
    expect(bad({ reference: 'X/1', cession: '1', occurrence: '02', face: '12,50' })).toMatchObject({ ok: false, problems: [{ field: 'faceValue' }] });
  });
});
