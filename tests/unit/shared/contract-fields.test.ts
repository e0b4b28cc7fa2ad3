/**
 * The fields many calls carry, declared once in shared/contract/fields.ts: a
 * version never beyond the database's integer (it once reached PostgreSQL and
 * came back as a 400 that did not name the field), a calendar day in an
 * answer, and the calls built from the pieces rather than writing the fields
 * again.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  contract,
  dayAnswerSchema,
  MAX_DB_INT,
  versionOrNewSchema,
  versionSchema,
  type OperationDef,
  type OperationName,
} from '../../../src/shared/contract';

const operations = Object.entries(contract) as Array<[OperationName, OperationDef]>;

/** The operations whose arguments carry a `version`, with the rest of a body that passes. */
const withVersion = operations.filter(([, op]) => op.args instanceof z.ZodObject && 'version' in op.args.shape);

/** Every `version` field of an object schema, however deep in objects and arrays (answers included). */
function versionFields(schema: z.ZodType, path: string[] = []): Array<{ path: string; schema: z.ZodType }> {
  const def = (schema as { _zod: { def: { type: string; innerType?: z.ZodType; element?: z.ZodType; in?: z.ZodType } } })._zod.def;
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
      /(^|_)version$/.test(key) && !path.includes('args') ? [{ path: [...path, key].join('.'), schema: field }] : versionFields(field, [...path, key]),
    );
  }
  if (def.innerType) return versionFields(def.innerType, path);
  if (def.element) return versionFields(def.element, [...path, '[]']);
  if (def.type === 'pipe' && def.in) return versionFields(def.in, path);
  return [];
}

describe('versionSchema', () => {
  it('takes the versions of an integer column: 1 to 2^31-1', () => {
    for (const v of [1, 2, MAX_DB_INT]) expect(versionSchema.safeParse(v).success).toBe(true);
    for (const v of [0, -1, 1.5, MAX_DB_INT + 1, 9007199254740991, '1', null]) expect(versionSchema.safeParse(v).success).toBe(false);
  });

  it('0 is a version only where it means "not saved yet"', () => {
    expect(versionOrNewSchema.safeParse(0).success).toBe(true);
    expect(versionOrNewSchema.safeParse(MAX_DB_INT + 1).success).toBe(false);
  });

  it('every call that takes a version refuses one beyond the integer column, naming the field', () => {
    expect(withVersion.length).toBeGreaterThanOrEqual(5);
    for (const [name, op] of withVersion) {
      const shape = (op.args as z.ZodObject).shape as Record<string, z.ZodType>;
      const result = shape.version.safeParse(MAX_DB_INT + 1);
      expect(result.success, name).toBe(false);
      const parsed = op.args.safeParse({ version: MAX_DB_INT + 1 });
      expect(parsed.success, name).toBe(false);
      expect(
        parsed.error!.issues.some((issue) => issue.path.join('.') === 'version'),
        `${name}: an issue on version`,
      ).toBe(true);
    }
  });

  it('every version an answer carries is described as the integer column it is', () => {
    const fields = operations.flatMap(([name, op]) => versionFields(op.result).map((f) => ({ ...f, name })));
    expect(fields.length).toBeGreaterThan(10);
    for (const { name, path, schema } of fields) {
      const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as { type?: unknown; anyOf?: Array<{ maximum?: number }>; maximum?: number };
      const maximum = json.maximum ?? json.anyOf?.find((branch) => branch.maximum !== undefined)?.maximum;
      expect(maximum, `${name} → ${path}`).toBe(MAX_DB_INT);
    }
  });
});

describe('dayAnswerSchema', () => {
  it('takes a day that exists, in any year a schedule may reach', () => {
    for (const v of ['2024-02-29', '1999-12-31', '2130-06-15']) expect(dayAnswerSchema.safeParse(v).success, v).toBe(true);
    for (const v of ['2023-02-29', '2024-13-01', '2024-1-01', '2024-01-01T00:00:00Z', '', 'hoje']) expect(dayAnswerSchema.safeParse(v).success, v).toBe(false);
  });

  it('is described to other clients as a date', () => {
    expect(z.toJSONSchema(dayAnswerSchema)).toMatchObject({ type: 'string', format: 'date' });
  });
});

describe('an installment due date is a calendar day in every answer', () => {
  it('no answer declares due_date (or first_due_date) as bare text', () => {
    const found: string[] = [];
    const walk = (schema: z.ZodType, path: string) => {
      const def = (schema as { _zod: { def: { type: string; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[] } } })._zod.def;
      if (schema instanceof z.ZodObject) {
        for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
          if (/(^|_)due_date$|^dueDate$/.test(key)) {
            // A due date that may be absent (null) is still the calendar day when present.
            const inner = (field as { _zod: { def: { innerType?: z.ZodType } } })._zod.def.innerType;
            if (field !== dayAnswerSchema && inner !== dayAnswerSchema) found.push(`${path}.${key}`);
          } else walk(field, `${path}.${key}`);
        }
      } else if (def.innerType) walk(def.innerType, path);
      else if (def.element) walk(def.element, `${path}[]`);
      else if (def.options) def.options.forEach((o) => walk(o, path));
    };
    for (const [name, op] of operations) walk(op.result, name);
    expect(found).toEqual([]);
  });
});
