/**
 * One writer and one reader over the same field tables.
 *
 * Values are strings: numeric fields are digit strings (written right-aligned
 * with zeros; read back at full width, leading zeros kept, because agencies,
 * accounts and nossos números are identifiers), amounts are decimal strings
 * ('1234.50'; read back with the field's decimals), dates are 'YYYY-MM-DD'
 * ('' for none, written as zeros), alphanumeric fields are text (written upper
 * case without accents, cut to the field's length because names and addresses
 * may be longer than a bank's field; read back without the trailing spaces).
 */
import { daysInMonth } from '../credit/calendar';
import { fieldLength, lineLengthOf, type FieldSpec, type RecordTable } from './field-table';

export type RecordValues = Readonly<Record<string, string>>;

/** A value that does not fit its field, with the field's name for the message. */
export class CnabFieldError extends Error {
  constructor(
    readonly record: string,
    readonly field: string,
    readonly reason: string,
  ) {
    super(`registro ${record}, campo ${field}: ${reason}`);
    this.name = 'CnabFieldError';
  }
}

const DIGITS = /^\d+$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** What a bank accepts in an alphanumeric field once accents are gone (FEBRABAN: no special characters). */
const NOT_ALLOWED = /[^A-Z0-9 .,;:/()&@'+*=_#-]/g;
const ALREADY_CLEAN = /^[A-Z0-9 .,;:/()&@'+*=_#-]*$/;
/** A plain decimal string: the money strings of the API ('1234.50'), never exponents or signs. */
const DECIMAL_TEXT = /^(\d+)(?:\.(\d+))?$/;

/** Upper case, accents removed (Ç → C, Ã → A), anything else a bank would refuse turned into a space. */
export function cnabText(text: string): string {
  // Most values (codes, numbers, names already stored in capitals) need nothing; NFD is the slow part.
  if (ALREADY_CLEAN.test(text)) return text;
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(NOT_ALLOWED, ' ');
}

export function isRealDay(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A module function rather than a closure per field: 10,000 boletos write about a million fields. */
function refuse(table: RecordTable<string>, field: FieldSpec, reason: string): never {
  throw new CnabFieldError(table.record, field.name, reason);
}

function encodeField(table: RecordTable<string>, field: FieldSpec, raw: string | undefined): string {
  const width = fieldLength(field);
  if (field.fixed !== undefined && raw !== undefined && raw !== field.fixed) {
    // A fixed numeric may be given unpadded ('3' for a record type); compare at width.
    const comparable = field.kind === 'numeric' && DIGITS.test(raw) ? raw.padStart(width, '0') : raw;
    if (comparable !== (field.kind === 'numeric' ? field.fixed.padStart(width, '0') : field.fixed)) refuse(table, field, `deve ser '${field.fixed}'`);
  }
  const value = raw ?? field.fixed ?? field.default ?? '';
  switch (field.kind) {
    case 'alpha':
      return cnabText(value).slice(0, width).padEnd(width, ' ');
    case 'date': {
      if (value === '') return '0'.repeat(width);
      const match = ISO_DAY.exec(value);
      if (!match || !isRealDay(Number(match[1]), Number(match[2]), Number(match[3]))) refuse(table, field, `data inválida: '${value}'`);
      const [, y, m, d] = match as RegExpExecArray;
      return `${d}${m}${y}`;
    }
    case 'shortDate': {
      if (value === '') return '0'.repeat(width);
      const match = ISO_DAY.exec(value);
      if (!match || !isRealDay(Number(match[1]), Number(match[2]), Number(match[3]))) refuse(table, field, `data inválida: '${value}'`);
      const [, y, m, d] = match as RegExpExecArray;
      if (y.slice(0, 2) !== '20') refuse(table, field, `ano fora de 2000–2099 (DDMMAA): '${value}'`);
      return `${d}${m}${y.slice(2)}`;
    }
    case 'numeric': {
      if (field.decimals !== undefined) {
        // Amounts are laid out from their decimal text, digit by digit: exact, and without a
        // Decimal per field (a remittance of 10,000 boletos has 50,000 amount fields).
        const match = DECIMAL_TEXT.exec(value === '' ? '0' : value);
        if (!match) return refuse(table, field, value.startsWith('-') ? 'valor negativo' : `valor inválido: '${value}'`);
        const fraction = (match[2] ?? '').replace(/0+$/, '');
        if (fraction.length > field.decimals) refuse(table, field, `mais de ${field.decimals} casas decimais: '${value}'`);
        const digits = ((match[1] ?? '') + fraction.padEnd(field.decimals, '0')).replace(/^0+(?=\d)/, '');
        if (digits.length > width) refuse(table, field, `valor maior que o campo (${width} posições): '${value}'`);
        return digits.padStart(width, '0');
      }
      if (value === '') return '0'.repeat(width);
      if (!DIGITS.test(value)) refuse(table, field, `só dígitos: '${value}'`);
      if (value.length > width) refuse(table, field, `mais de ${width} dígitos: '${value}'`);
      return value.padStart(width, '0');
    }
  }
}

/** The line of a record (240 characters, or the table's length). Throws CnabFieldError naming the field that does not fit. */
export function writeRecord(table: RecordTable<string>, values: RecordValues): string {
  // Joined once, so the line is a flat string (appending piece by piece leaves a rope that every later read flattens).
  const parts: string[] = new Array(table.fields.length);
  for (let i = 0; i < table.fields.length; i++) parts[i] = encodeField(table, table.fields[i], values[table.fields[i].name]);
  const line = parts.join('');
  if (line.length !== lineLengthOf(table)) throw new CnabFieldError(table.record, '*', `linha com ${line.length} posições`);
  return line;
}

function decodeField(field: FieldSpec, text: string): string {
  switch (field.kind) {
    case 'alpha':
      return text.trimEnd();
    case 'date': {
      // Banks send zeros or blanks for "no date"; anything else is read as is and left to the validator.
      if (/^0*$/.test(text.trim())) return '';
      return /^\d{8}$/.test(text) ? `${text.slice(4, 8)}-${text.slice(2, 4)}-${text.slice(0, 2)}` : text;
    }
    case 'shortDate':
      if (/^0*$/.test(text.trim())) return '';
      return /^\d{6}$/.test(text) ? `20${text.slice(4, 6)}-${text.slice(2, 4)}-${text.slice(0, 2)}` : text;
    case 'numeric':
      if (text.trim() === '') return '';
      if (field.decimals !== undefined && DIGITS.test(text)) {
        const units = text.slice(0, text.length - field.decimals).replace(/^0+(?=\d)/, '') || '0';
        return field.decimals === 0 ? units : `${units}.${text.slice(text.length - field.decimals)}`;
      }
      return text;
  }
}

/** The values of a line, by the table's field names. The line is not checked: run `lineProblems` for that. */
export function readRecord(table: RecordTable<string>, line: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of table.fields) values[field.name] = decodeField(field, line.slice(field.start - 1, field.end));
  return values;
}
