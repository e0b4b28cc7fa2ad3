/**
 * The numeric bounds a zod schema sets on one field (installments 1 to 360),
 * found by walking the schema to the field's path. A message can then give
 * the whole range ("use a number from 1 to 360") whichever side was crossed,
 * and also when the typed text never became a number ("-3"). Best effort: a
 * schema shape it does not know answers no bounds, and the message says less.
 */
import type { z } from 'zod';

export interface NumericRange {
  min?: number;
  max?: number;
}

interface Def {
  type?: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  element?: unknown;
  left?: unknown;
  right?: unknown;
  options?: unknown[];
}

function defOf(schema: unknown): Def | null {
  const zod = (schema as { _zod?: { def?: Def } } | null)?._zod;
  return zod?.def ?? null;
}

/** The schema under wrappers (optional, nullable, default, pipes and preprocessing), at the number or object it constrains. */
function unwrap(schema: unknown, depth = 0): unknown[] {
  const def = defOf(schema);
  if (!def || depth > 20) return [];
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return unwrap(def.innerType, depth + 1);
    case 'pipe':
      // z.preprocess and .transform: the checks that matter are on the schema that reads the value.
      return [...unwrap(def.out, depth + 1), ...unwrap(def.in, depth + 1)];
    case 'intersection':
      return [...unwrap(def.left, depth + 1), ...unwrap(def.right, depth + 1)];
    case 'union':
      return (def.options ?? []).flatMap((o) => unwrap(o, depth + 1));
    default:
      return [schema];
  }
}

function child(schema: unknown, key: string): unknown[] {
  return unwrap(schema).flatMap((s) => {
    const def = defOf(s);
    if (def?.type === 'object' && def.shape && Object.hasOwn(def.shape, key)) return [def.shape[key]];
    if (def?.type === 'array' && /^\d+$/.test(key)) return [def.element];
    return [];
  });
}

function finite(n: unknown): number | undefined {
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** The bounds of the number at `path` (e.g. ['installments'] or ['fees', '0', 'amount']), or null when there is none. */
export function numericRangeAt(schema: z.ZodType | unknown, path: readonly (string | number)[]): NumericRange | null {
  let here: unknown[] = [schema];
  for (const key of path) here = here.flatMap((s) => child(s, String(key)));
  for (const s of here.flatMap((x) => unwrap(x))) {
    if (defOf(s)?.type !== 'number') continue;
    const n = s as { minValue?: unknown; maxValue?: unknown };
    const range = { min: finite(n.minValue), max: finite(n.maxValue) };
    if (range.min !== undefined || range.max !== undefined) return range;
  }
  return null;
}
