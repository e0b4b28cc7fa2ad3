/**
 * The contract's shared input rules: ids, text, dates and list field names.
 * Every operation builds on these, so a malformed value is refused here with
 * a message, before it can reach a handler or the database.
 */
import { describe, expect, it } from 'vitest';
import {
  exportArgs,
  idSchema,
  instantMs,
  instantSchema,
  isCalendarDay,
  isSafeText,
  listArgs,
  listFieldNameSchema,
  MAX_DB_INT,
  textSchema,
  trimmedTextSchema,
} from '../../../src/shared/contract/index';
import { decodeListQuery, isListFieldName, ownValue } from '../../../src/shared/query';

describe('idSchema', () => {
  it('takes integers 1..2^31-1, as numbers or as the decimal text of a path or query', () => {
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse(MAX_DB_INT)).toBe(2147483647);
    expect(idSchema.parse('42')).toBe(42);
    expect(idSchema.parse('2147483647')).toBe(2147483647);
  });

  it('refuses ids beyond the database integer range, zero, negatives and fractions', () => {
    for (const id of [0, -1, 1.5, 2147483648, 9007199254740991, 1e308, Number.NaN, Infinity]) {
      expect(idSchema.safeParse(id).success, String(id)).toBe(false);
    }
  });

  it('refuses other types instead of coercing them (true is not user 1, [2] is not user 2)', () => {
    for (const id of [true, false, [2], { id: 2 }, null, undefined]) {
      expect(idSchema.safeParse(id).success, JSON.stringify(id)).toBe(false);
    }
  });

  it('refuses text that is not a plain decimal', () => {
    for (const id of ['', ' 1', '1 ', '+1', '-1', '01', '1e3', '0x10', '1.0', '2147483648', '99999999999999999999', 'abc']) {
      expect(idSchema.safeParse(id).success, id).toBe(false);
    }
  });

  it('says what an id must be', () => {
    const result = idSchema.safeParse(true);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/inteiro entre 1 e 2147483647/);
  });
});

describe('text', () => {
  it('knows NUL and lone surrogates from real text, emoji included', () => {
    expect(isSafeText('Ação – São Paulo 😀')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('a\ud800b')).toBe(false);
    expect(isSafeText('\udc00')).toBe(false);
    expect(isSafeText('fim\ud83d')).toBe(false);
    expect(isSafeText('\ude00início')).toBe(false);
  });

  it('textSchema keeps a maximum length and refuses unsafe text with a Portuguese message', () => {
    const schema = textSchema(5);
    expect(schema.parse('abcde')).toBe('abcde');
    expect(schema.safeParse('abcdef').success).toBe(false);
    const nul = schema.safeParse('a\u0000b');
    expect(nul.error?.issues[0].message).toMatch(/caracteres inválidos/);
  });

  it('trimmedTextSchema counts the length after trimming and still refuses NUL', () => {
    const schema = trimmedTextSchema(2);
    expect(schema.parse('  SP  ')).toBe('SP');
    expect(schema.safeParse(' a\u0000 ').success).toBe(false);
    expect(schema.min(2).safeParse('  a ').success).toBe(false);
  });
});

describe('dates', () => {
  it('takes calendar days that exist in 1900–2100', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('1900-01-01')).toBe(true);
    expect(isCalendarDay('2100-12-31')).toBe(true);
    for (const day of ['2023-02-29', '2024-02-30', '2024-13-01', '1899-12-31', '2101-01-01', '24-01-01', '2024-1-1', '']) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });

  it('takes ISO instants with a zone in 1900–2100 and nothing else', () => {
    expect(instantMs('2024-05-02T13:00:00Z')).toBe(Date.UTC(2024, 4, 2, 13));
    expect(instantMs('2024-05-02T10:00:00-03:00')).toBe(Date.UTC(2024, 4, 2, 13));
    expect(instantMs('2024-05-02T13:00:00.123Z')).toBe(Date.UTC(2024, 4, 2, 13, 0, 0, 123));
    for (const text of [
      '-271821-04-20T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '1800-01-01T00:00:00Z',
      '2101-01-01T00:00:00Z',
      '2024-05-02T13:00:00',
      '2024-02-30T00:00:00Z',
      '2024-05-02',
      'ontem',
      '1',
    ]) {
      expect(instantMs(text), text).toBeNull();
    }
    expect(instantSchema.safeParse('1800-01-01T00:00:00Z').error?.issues[0].message).toMatch(/entre 1900 e 2100/);
  });
});

describe('list field names', () => {
  it('takes plain identifiers and refuses names every object inherits', () => {
    for (const name of ['name', 'role_id', 'created_at', 'company.name']) expect(isListFieldName(name), name).toBe(true);
    for (const name of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__']) {
      expect(isListFieldName(name), name).toBe(false);
    }
    for (const name of ['', '1abc', 'a b', 'a[b]', 'a..b', 'a\u0000', 'x'.repeat(65)]) expect(isListFieldName(name), name).toBe(false);
  });

  it('ownValue finds only the table own entries', () => {
    const table = { name: 'coluna' };
    expect(ownValue(table, 'name')).toBe('coluna');
    expect(ownValue(table, 'constructor')).toBeUndefined();
    expect(ownValue(table, 'toString')).toBeUndefined();
    expect(ownValue(table, '__proto__')).toBeUndefined();
  });

  it('list arguments name the refused filter key or sort field', () => {
    const filter = listArgs.safeParse({ filter: { constructor: 'x' } });
    expect(filter.error?.issues[0].path).toEqual(['filter', 'constructor']);
    const sort = listArgs.safeParse({ sort: { field: 'toString', order: 'ASC' } });
    expect(sort.error?.issues[0].path).toEqual(['sort', 'field']);
    expect(sort.error?.issues[0].message).toBe('campo desconhecido: "toString"');
    expect(listFieldNameSchema.safeParse('a\u0000b').error?.issues[0].message).toBe('campo desconhecido');
    expect(listFieldNameSchema.safeParse('valueOf').success).toBe(false);
    expect(exportArgs.safeParse({ filter: { hasOwnProperty: 'x' } }).success).toBe(false);
  });

  it('list arguments refuse unsafe or oversized filter text and absurd pages', () => {
    expect(listArgs.safeParse({ filter: { name: 'a\u0000b' } }).success).toBe(false);
    expect(listArgs.safeParse({ filter: { name: 'x'.repeat(255) } }).success).toBe(false);
    expect(listArgs.safeParse({ filter: { role_id: Array.from({ length: 101 }, () => 1) } }).success).toBe(false);
    expect(listArgs.safeParse({ page: 10_000_001 }).success).toBe(false);
    expect(listArgs.parse({ filter: { name: 'ana', role_id: [1, 3], active: true } }).filter).toEqual({ name: 'ana', role_id: [1, 3], active: true });
  });

  it('the query decoder keeps even filter[__proto__] as a named entry, never as the prototype', () => {
    const decoded = decodeListQuery({ 'filter[__proto__]': ['a', 'b'], 'filter[constructor]': 'x', 'sort[toString]': 'ASC' });
    expect(Object.keys(decoded.filter).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(decoded.filter)).toBeNull();
    expect(decoded.sort).toEqual({ field: 'toString', order: 'ASC' });
  });

  it('the query decoder keeps names with characters outside an identifier, so the field-name rule refuses them by name', () => {
    for (const name of ['a-b', 'nome completo', 'ação', '', 'a]b', 'a][b']) {
      const decoded = decodeListQuery({ [`sort[${name}]`]: 'ASC', [`filter[${name}]`]: 'x' });
      expect(decoded.sort).toEqual({ field: name, order: 'ASC' });
      expect(Object.keys(decoded.filter)).toEqual([name]);
      const parsed = listArgs.safeParse(decoded);
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(parsed.error.issues.map((i) => i.path.join('.')).sort()).toEqual([`filter.${name}`, 'sort.field']);
    }
    expect(decodeListQuery({ 'filter[role_id][]': ['1', '3'] }).filter).toEqual({ role_id: ['1', '3'] });
  });

  it('the query decoder caps absurd pages', () => {
    expect(decodeListQuery({ page: '99999999999999999999' }).page).toBe(1_000_000);
  });
});
