/**
 * Forms read the contract's schemas, with the form's text turned into what
 * the wire takes first: whole numbers typed as text become numbers
 * (text that is not one stays text, so the schema refuses it), rates typed
 * with a decimal comma ("2,5") get the dot the contract reads, and an empty
 * optional field (a date, a digit, an e-mail) becomes null. Money needs
 * nothing here: the money input already keeps the wire's decimal text.
 */
import { z } from 'zod';

export interface FormTextRules {
  /**
   * Whole-number fields the schema does not show as such (a field behind a
   * transform). Fields the schema declares `z.number().int()` are found by
   * `wholeNumberFields` and need not be listed: a list kept by hand missed
   * one, and the form could not be saved.
   */
  integers?: readonly string[];
  percents?: readonly string[];
  nullIfEmpty?: readonly string[];
}

export function normaliseFormText(raw: unknown, rules: FormTextRules): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const name of rules.integers ?? []) {
    const v = out[name];
    if (typeof v === 'string' && /^\s*\d{1,12}\s*$/.test(v)) out[name] = Number(v.trim());
  }
  for (const name of rules.percents ?? []) {
    const v = out[name];
    if (typeof v === 'string') out[name] = v.trim().replace(',', '.');
  }
  for (const name of rules.nullIfEmpty ?? []) {
    const v = out[name];
    if (v === undefined || (typeof v === 'string' && v.trim() === '')) out[name] = null;
  }
  return out;
}

/** Unwraps optional, nullable, default and pipe (its input side) down to the type a field holds. */
export function innerType(schema: z.ZodType): z.ZodType {
  let t: z.ZodType = schema;
  for (let depth = 0; depth < 16; depth++) {
    if (t instanceof z.ZodOptional || t instanceof z.ZodNullable || t instanceof z.ZodDefault) t = t.unwrap() as z.ZodType;
    else if (t instanceof z.ZodPipe) t = t.in as z.ZodType;
    else break;
  }
  return t;
}

/** The top-level fields of an object schema declared as whole numbers. */
export function wholeNumberFields(schema: z.ZodType): string[] {
  const object = innerType(schema);
  if (!(object instanceof z.ZodObject)) return [];
  return Object.entries(object.shape as Record<string, z.ZodType>)
    .filter(([, field]) => {
      const inner = innerType(field);
      return inner instanceof z.ZodNumber && inner.isInt === true;
    })
    .map(([name]) => name);
}

/** The contract's schema behind the normalisation, typed as the schema itself (its input is what the form holds). */
export function formSchema<S extends z.ZodType>(schema: S, rules: FormTextRules = {}): z.ZodType<z.output<S>, z.input<S>> {
  const integers = [...new Set([...wholeNumberFields(schema), ...(rules.integers ?? [])])];
  const all: FormTextRules = { ...rules, integers };
  return z.preprocess((raw) => normaliseFormText(raw, all), schema) as unknown as z.ZodType<z.output<S>, z.input<S>>;
}

/** A number or rate as the form shows it (text), from what the server answered. */
export const asText = (v: string | number | null | undefined): string => (v === null || v === undefined ? '' : String(v));

/** A stored rate ("2.5000") as typed in pt-BR, without trailing zeros ("2,5"). */
export function rateText(v: string | null | undefined): string {
  if (!v) return '';
  const trimmed = v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v;
  return trimmed.replace('.', ',');
}
