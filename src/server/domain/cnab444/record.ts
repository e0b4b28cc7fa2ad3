/**
 * One writer, one reader and one line check over the CNAB 444 tables.
 *
 * Values are strings as in CNAB 240 (domain/cnab/record.ts): digit strings
 * for numeric fields (read back at full width), decimal strings for amounts
 * ('1234.50'), 'YYYY-MM-DD' for dates ('' for none, written as zeros), text
 * for alphanumeric fields (upper case without accents, cut to the field).
 * DDMMAA carries two digits of the year: the layout's days are 2000–2099.
 */
import { cnabText } from '../cnab/record';
import { isRealDay } from '../cnab/record';
import { LINE_LENGTH_444, width, type Field444, type Table444 } from './field-table';

export type Values444 = Readonly<Record<string, string>>;

/** A value that does not fit its field, named for the message. */
export class Cnab444FieldError extends Error {
  constructor(
    readonly record: string,
    readonly field: string,
    readonly reason: string,
  ) {
    super(`registro ${record}, campo ${field}: ${reason}`);
    this.name = 'Cnab444FieldError';
  }
}

const DIGITS = /^\d+$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DECIMAL_TEXT = /^(\d+)(?:\.(\d+))?$/;
const PRINTABLE = /^[\x20-\x7e]*$/;

function refuse(table: Table444, field: Field444, reason: string): never {
  throw new Cnab444FieldError(table.record, field.name, reason);
}

function encode(table: Table444, field: Field444, raw: string | undefined): string {
  const size = width(field);
  if (field.fixed !== undefined && raw !== undefined) {
    const expected = field.kind === 'numeric' ? field.fixed.padStart(size, '0') : field.fixed;
    const given = field.kind === 'numeric' && DIGITS.test(raw) ? raw.padStart(size, '0') : raw;
    if (given !== expected) refuse(table, field, `deve ser '${field.fixed}'`);
  }
  const value = raw ?? field.fixed ?? field.default ?? '';
  switch (field.kind) {
    case 'alpha':
      return cnabText(value).slice(0, size).padEnd(size, ' ');
    case 'date': {
      if (value === '') return '0'.repeat(size);
      const match = ISO_DAY.exec(value);
      if (!match || !isRealDay(Number(match[1]), Number(match[2]), Number(match[3]))) refuse(table, field, `data inválida: '${value}'`);
      const [, y, m, d] = match as RegExpExecArray;
      if (y.slice(0, 2) !== '20') refuse(table, field, `ano fora de 2000–2099 (DDMMAA): '${value}'`);
      return `${d}${m}${y.slice(2)}`;
    }
    case 'numeric': {
      if (field.decimals !== undefined) {
        const match = DECIMAL_TEXT.exec(value === '' ? '0' : value);
        if (!match) return refuse(table, field, value.startsWith('-') ? 'valor negativo' : `valor inválido: '${value}'`);
        const fraction = (match[2] ?? '').replace(/0+$/, '');
        if (fraction.length > field.decimals) refuse(table, field, `mais de ${field.decimals} casas decimais: '${value}'`);
        const digits = ((match[1] ?? '') + fraction.padEnd(field.decimals, '0')).replace(/^0+(?=\d)/, '');
        if (digits.length > size) refuse(table, field, `valor maior que o campo (${size} posições): '${value}'`);
        return digits.padStart(size, '0');
      }
      if (value === '') return '0'.repeat(size);
      if (!DIGITS.test(value)) refuse(table, field, `só dígitos: '${value}'`);
      if (value.length > size) refuse(table, field, `mais de ${size} dígitos: '${value}'`);
      return value.padStart(size, '0');
    }
  }
}

/** The 444-character line of a record; throws Cnab444FieldError naming the field that does not fit. */
export function writeRecord444(table: Table444, values: Values444): string {
  const parts: string[] = new Array(table.fields.length);
  for (let i = 0; i < table.fields.length; i++) parts[i] = encode(table, table.fields[i], values[table.fields[i].name]);
  const line = parts.join('');
  if (line.length !== LINE_LENGTH_444) throw new Cnab444FieldError(table.record, '*', `linha com ${line.length} posições`);
  return line;
}

function decode(field: Field444, text: string): string {
  switch (field.kind) {
    case 'alpha':
      return text.trimEnd();
    case 'date':
      if (/^0*$/.test(text.trim())) return '';
      return /^\d{6}$/.test(text) ? `20${text.slice(4, 6)}-${text.slice(2, 4)}-${text.slice(0, 2)}` : text;
    case 'numeric':
      if (field.decimals !== undefined && DIGITS.test(text)) {
        const units = text.slice(0, text.length - field.decimals).replace(/^0+(?=\d)/, '') || '0';
        return `${units}.${text.slice(text.length - field.decimals)}`;
      }
      return text;
  }
}

/** The values of a line by field name; not checked (lineProblems444 does that). */
export function readRecord444(table: Table444, line: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of table.fields) values[field.name] = decode(field, line.slice(field.start - 1, field.end));
  return values;
}

export interface Line444Problem {
  /** The field's name, or 'linha' for the line itself. */
  readonly field: string;
  readonly message: string;
}

/** Length 444, fixed parts as the layout says, numeric fields numeric, dates real, text printable upper case. */
export function lineProblems444(table: Table444, line: string): Line444Problem[] {
  if (line.length !== LINE_LENGTH_444) return [{ field: 'linha', message: `a linha tem ${line.length} posições, não ${LINE_LENGTH_444}` }];
  const problems: Line444Problem[] = [];
  for (const field of table.fields) {
    const text = line.slice(field.start - 1, field.end);
    if (field.fixed !== undefined) {
      const expected = field.kind === 'alpha' ? field.fixed.padEnd(width(field), ' ') : field.fixed.padStart(width(field), '0');
      if (text !== expected) problems.push({ field: field.name, message: `deve ser '${expected.trimEnd() || 'brancos'}', veio '${text}'` });
      continue;
    }
    switch (field.kind) {
      case 'numeric':
        if (!DIGITS.test(text)) problems.push({ field: field.name, message: `campo numérico com '${text}'` });
        break;
      case 'date':
        if (!DIGITS.test(text)) problems.push({ field: field.name, message: `data com '${text}'` });
        else if (text !== '000000' && !isRealDay(2000 + Number(text.slice(4, 6)), Number(text.slice(2, 4)), Number(text.slice(0, 2))))
          problems.push({ field: field.name, message: `data inexistente: ${text}` });
        break;
      case 'alpha':
        if (!PRINTABLE.test(text)) problems.push({ field: field.name, message: 'caracteres fora do padrão (acentos ou controle)' });
        else if (text !== text.toUpperCase()) problems.push({ field: field.name, message: 'letras minúsculas' });
        break;
    }
  }
  return problems;
}
