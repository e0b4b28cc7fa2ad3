/**
 * The whole-file check of a remittance: every line against its table, the
 * records in the order FEBRABAN sets (0, then lots of 1 · 3… · 5, then 9),
 * the sequence of details, the NSA, and the counts and totals of the trailers
 * recomputed from the lines. Run by the builder before a file is returned, and
 * usable on a stored file before it is downloaded again.
 */
import Decimal from 'decimal.js';
import { cnabTables, type CnabBank } from './bank-tables';
import type { CnabTables } from './febraban-240';
import type { RecordTable } from './field-table';
import { readRecord } from './record';
import { lineProblems } from './validate';

export interface FileProblem {
  readonly line?: number;
  readonly record: string;
  readonly field: string;
  readonly message: string;
}

function tableOf(tables: CnabTables, line: string): RecordTable | null {
  switch (line[7]) {
    case '0':
      return tables.fileHeader;
    case '1':
      return tables.lotHeader;
    case '3': {
      const segment = line[13];
      if (segment === 'P') return tables.segmentP;
      if (segment === 'Q') return tables.segmentQ;
      if (segment === 'R') return tables.segmentR;
      return null;
    }
    case '5':
      return tables.lotTrailer;
    case '9':
      return tables.fileTrailer;
    default:
      return null;
  }
}

export function checkRemittance(bank: CnabBank, lines: readonly string[]): FileProblem[] {
  const tables = cnabTables(bank);
  const problems: FileProblem[] = [];
  const at = (index: number, record: string, field: string, message: string) => problems.push({ line: index + 1, record, field, message });
  if (lines.length < 4) return [{ record: 'arquivo', field: 'linhas', message: 'um arquivo tem ao menos header, lote e trailer' }];

  let lotCount = 0;
  let lotStart = -1;
  let expectedSequence = 1;
  let slipCount = 0;
  let slipTotal = new Decimal(0);
  lines.forEach((line, index) => {
    const table = tableOf(tables, line);
    const recordType = line[7] ?? '?';
    if (table === null) {
      at(index, recordType, 'recordType', `tipo de registro ou segmento desconhecido: '${line.slice(7, 8)}${line.slice(13, 14)}'`);
      return;
    }
    for (const problem of lineProblems(table, line)) at(index, table.record, problem.field, problem.message);
    if (line.length !== 240) return;
    if (line.slice(0, 3) !== bank) at(index, table.record, 'bank', `banco ${line.slice(0, 3)} num arquivo do banco ${bank}`);
    const values = readRecord(table, line);
    const first = index === 0;
    const last = index === lines.length - 1;
    if (first !== (table.record === '0')) at(index, table.record, 'recordType', first ? 'a primeira linha deve ser o header de arquivo' : 'header de arquivo fora do início');
    if (last !== (table.record === '9')) at(index, table.record, 'recordType', last ? 'a última linha deve ser o trailer de arquivo' : 'trailer de arquivo fora do fim');
    switch (table.record) {
      case '0':
        if (!/^\d+$/.test(values.fileSequence ?? '') || Number(values.fileSequence) === 0) at(index, '0', 'fileSequence', 'NSA ausente');
        if (values.direction !== '1') at(index, '0', 'direction', 'uma remessa tem código 1');
        break;
      case '1':
        if (lotStart !== -1) at(index, '1', 'recordType', 'lote aberto sem trailer');
        lotCount += 1;
        lotStart = index;
        expectedSequence = 1;
        slipCount = 0;
        slipTotal = new Decimal(0);
        if (Number(values.lot) !== lotCount) at(index, '1', 'lot', `lote ${values.lot}, esperado ${lotCount}`);
        break;
      case '5': {
        if (lotStart === -1) {
          at(index, '5', 'recordType', 'trailer de lote sem header');
          break;
        }
        const count = index - lotStart + 1;
        if (Number(values.recordCount) !== count) at(index, '5', 'recordCount', `quantidade de registros ${Number(values.recordCount)}, o lote tem ${count}`);
        if ('simpleCount' in values && Number(values.simpleCount) !== slipCount) {
          at(index, '5', 'simpleCount', `quantidade de títulos ${Number(values.simpleCount)}, o lote tem ${slipCount}`);
        }
        if ('simpleTotal' in values && !new Decimal(values.simpleTotal || '0').equals(slipTotal)) {
          at(index, '5', 'simpleTotal', `valor total ${values.simpleTotal}, a soma dos títulos é ${slipTotal.toFixed(2)}`);
        }
        if (Number(values.lot) !== lotCount) at(index, '5', 'lot', `lote ${values.lot}, esperado ${lotCount}`);
        lotStart = -1;
        break;
      }
      case '9':
        if (lotStart !== -1) at(index, '9', 'recordType', 'lote aberto sem trailer');
        if (Number(values.lotCount) !== lotCount) at(index, '9', 'lotCount', `quantidade de lotes ${Number(values.lotCount)}, o arquivo tem ${lotCount}`);
        if (Number(values.recordCount) !== lines.length) {
          at(index, '9', 'recordCount', `quantidade de registros ${Number(values.recordCount)}, o arquivo tem ${lines.length}`);
        }
        break;
      default: {
        if (lotStart === -1) {
          at(index, table.record, 'recordType', 'detalhe fora de um lote');
          break;
        }
        if (Number(values.sequence) !== expectedSequence) at(index, table.record, 'sequence', `sequencial ${Number(values.sequence)}, esperado ${expectedSequence}`);
        expectedSequence += 1;
        if (Number(values.lot) !== lotCount) at(index, table.record, 'lot', `lote ${values.lot}, esperado ${lotCount}`);
        if (table.record === '3P') {
          slipCount += 1;
          if (/^\d+\.\d+$/.test(values.amount ?? '')) slipTotal = slipTotal.plus(values.amount);
        }
      }
    }
  });
  return problems;
}
