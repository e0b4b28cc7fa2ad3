/**
 * The checks a line passes against its table before a file is written (our
 * remittances, strict) or read (a bank's return, lenient about the complements
 * a bank fills its own way: BB writes zeros or blanks where the manual says
 * either, and leaves dates blank where there is none).
 */
import { fieldLength, lineLengthOf, type RecordTable } from './field-table';
import { isRealDay } from './record';

export interface LineProblem {
  /** The field's name in the table, or 'linha' for the line itself. */
  readonly field: string;
  readonly message: string;
}

export interface LineCheckOptions {
  /** Lenient: blank numeric fields and blank dates are "none", and fillers are not compared. */
  readonly lenient?: boolean;
}

const DIGITS = /^\d+$/;
const ALPHA_TEXT = /^[\x20-\x7e]*$/;

export function lineProblems(table: RecordTable<string>, line: string, options: LineCheckOptions = {}): LineProblem[] {
  const length = lineLengthOf(table);
  if (line.length !== length) return [{ field: 'linha', message: `a linha tem ${line.length} posições, não ${length}` }];
  const problems: LineProblem[] = [];
  for (const field of table.fields) {
    const text = line.slice(field.start - 1, field.end);
    const blankText = text.trim() === '';
    const width = fieldLength(field);
    if (field.fixed !== undefined && !(options.lenient && field.filler)) {
      const expected = field.kind === 'alpha' ? field.fixed.padEnd(width, ' ') : field.fixed.padStart(width, '0');
      if (text !== expected) problems.push({ field: field.name, message: `deve ser '${expected.trimEnd() || 'brancos'}', veio '${text}'` });
      continue;
    }
    switch (field.kind) {
      case 'numeric':
        if (!DIGITS.test(text) && !(options.lenient && blankText)) problems.push({ field: field.name, message: `campo numérico com '${text}'` });
        break;
      case 'date':
      case 'shortDate': {
        if (options.lenient && blankText) break;
        if (!DIGITS.test(text)) {
          problems.push({ field: field.name, message: `data com '${text}'` });
          break;
        }
        if (/^0+$/.test(text)) break;
        // DDMMAA's two-digit years are 2000–2099 (the writer refuses others).
        const year = field.kind === 'date' ? Number(text.slice(4, 8)) : 2000 + Number(text.slice(4, 6));
        const [day, month] = [Number(text.slice(0, 2)), Number(text.slice(2, 4))];
        if (!isRealDay(year, month, day)) problems.push({ field: field.name, message: `data inexistente: ${text}` });
        break;
      }
      case 'alpha':
        if (!ALPHA_TEXT.test(text)) problems.push({ field: field.name, message: 'caracteres fora do padrão (acentos ou controle)' });
        else if (!options.lenient && text !== text.toUpperCase()) problems.push({ field: field.name, message: 'letras minúsculas' });
        break;
    }
  }
  return problems;
}
