/**
 * Schemas shared by several areas of the contract. Refinements name their rule
 * in `params.rule`, so the renderer words them in the user's language
 * (i18n form.rules) while the server keeps these Portuguese texts.
 */
import { z } from 'zod';
import { DEFAULT_LIMIT, DEFAULT_PAGE, isListFieldName, MAX_LIMIT, MAX_PAGE } from '../query';
import { ALL_ROLE_IDS, type RoleId } from '../roles';
import { isValidEmail } from '../format';
import { isValidCpf } from '../documents';

/** Record ids are PostgreSQL `integer` (serial) columns: 1..2^31-1. */
export const MAX_DB_INT = 2_147_483_647;

export function isDbId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_DB_INT;
}

const ID_MESSAGE = `identificador inválido: informe um número inteiro entre 1 e ${MAX_DB_INT}`;
/** Canonical decimal text only: no sign, exponent, spaces or leading zeros. */
const ID_TEXT = /^[1-9]\d{0,9}$/;

/**
 * A record id. Numbers, or the decimal text a path or query string carries
 * (path parameters and query values are always text). Booleans, arrays,
 * objects, floats, zero, negatives and anything beyond the database's integer
 * range are refused here: `z.coerce` once turned `true` into user 1 and `[2]`
 * into user 2, and 2147483648 reached PostgreSQL and failed there as a 500.
 * Described to other clients (the OpenAPI document) as the integer it is.
 */
export const idSchema = z
  .union([z.number(), z.string()], { error: ID_MESSAGE })
  .transform((value, ctx) => {
    const n = typeof value === 'number' ? value : ID_TEXT.test(value) ? Number(value) : Number.NaN;
    if (isDbId(n)) return n;
    ctx.issues.push({ code: 'custom', message: ID_MESSAGE, input: value });
    return z.NEVER;
  })
  .meta({ type: 'integer', minimum: 1, maximum: MAX_DB_INT, format: 'int32' });
export const idArgs = z.object({ id: idSchema });

/**
 * NUL (PostgreSQL text cannot hold it) or a UTF-16 surrogate that is not part
 * of a pair (not encodable as UTF-8). Without the `u` flag the pattern sees
 * code units, which is what finding a lone surrogate needs.
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

export const UNSAFE_TEXT_MESSAGE = 'o texto contém caracteres inválidos (caractere nulo ou Unicode incompleto)';

/**
 * Every text the contract accepts: at most `max` characters, no NUL, no lone
 * surrogate. Chain `.trim()`, `.min()`, `.regex()` after it as needed.
 */
export function textSchema(max: number) {
  return z.string().max(max).refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE });
}

/** `textSchema` for fields typed by people: surrounding spaces are dropped before the length counts. */
export function trimmedTextSchema(max: number) {
  return z.string().trim().max(max).refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE });
}

/**
 * Instants the app handles (received dates, period filters) lie in 1900–2100;
 * outside that a date is a typo or a probe, and PostgreSQL's own range is
 * narrower than JavaScript's (year -271821 once reached the database as a 500).
 */
export const MIN_INSTANT_MS = Date.UTC(1900, 0, 1);
export const MAX_INSTANT_MS = Date.UTC(2101, 0, 1) - 1;
export const DATE_RANGE_MESSAGE = 'data inválida: use AAAA-MM-DD ou data e hora ISO 8601 com fuso, entre 1900 e 2100';

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO 8601 date and time with an explicit zone: without one the meaning would depend on the server's time zone. */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

function realDay(year: string, month: string, day: string): boolean {
  const d = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return d.getUTCFullYear() === Number(year) && d.getUTCMonth() === Number(month) - 1 && d.getUTCDate() === Number(day);
}

/** A calendar day 'YYYY-MM-DD' that exists, in any year (the days the server answers with: a schedule may run past 2100). */
export function isRealDay(text: string): boolean {
  const m = CALENDAR_DAY.exec(text);
  return !!m && realDay(m[1], m[2], m[3]);
}

/** A calendar day 'YYYY-MM-DD' that exists and lies in 1900–2100 (the days people may send). */
export function isCalendarDay(text: string): boolean {
  const m = CALENDAR_DAY.exec(text);
  return !!m && realDay(m[1], m[2], m[3]) && Number(m[1]) >= 1900 && Number(m[1]) <= 2100;
}

/** Milliseconds of an ISO 8601 date-time with zone inside 1900–2100, or null. */
export function instantMs(text: string): number | null {
  const m = ISO_INSTANT.exec(text);
  if (!m || !realDay(m[1], m[2], m[3])) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) || ms < MIN_INSTANT_MS || ms > MAX_INSTANT_MS ? null : ms;
}

/** An instant sent by the client (ISO 8601 with zone, 1900–2100). */
export const instantSchema = z.string().max(40).refine((v) => instantMs(v) !== null, { message: DATE_RANGE_MESSAGE });

export const roleIdSchema = z
  .number()
  .int()
  .refine((v): v is RoleId => (ALL_ROLE_IDS as readonly number[]).includes(v), { message: 'perfil inválido', params: { rule: 'role' } });

export const emailSchema = trimmedTextSchema(254)
  .refine((v) => isValidEmail(v), { message: 'e-mail inválido', params: { rule: 'email' } })
  .meta({ format: 'email', examples: ['analista@demo.local'] });

/** Staff passwords: at least 8 characters with a letter and a digit. */
export const passwordSchema = textSchema(128)
  .min(8, 'a senha deve ter ao menos 8 caracteres')
  .max(128)
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { message: 'a senha deve ter letras e números', params: { rule: 'passwordLettersDigits' } })
  .meta({ examples: ['Senha123'] });

export const timestampSchema = z.string();

/** Typed text; blank means "none" (stored as null). */
export function optionalText(max: number) {
  return trimmedTextSchema(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
}

/** A CPF typed by people, masked or bare, checked by its check digits; blank means none. */
export const cpfInput = optionalText(18).refine((v) => !v || isValidCpf(v), { message: 'CPF inválido', params: { rule: 'cpf' } }).meta({ examples: ['529.982.247-25'] });

export const IDEMPOTENCY_KEY_MESSAGE = 'chave de idempotência inválida: use de 16 a 100 letras, números, "-" ou "_"';
/**
 * The key of a call that must not run twice (a billable lookup, a money
 * movement): drawn by the screen once per confirmation (a UUID does), so a
 * repeated request answers what the first one did.
 */
export const idempotencyKeySchema = textSchema(100).regex(/^[A-Za-z0-9_-]{16,100}$/, IDEMPOTENCY_KEY_MESSAGE).meta({ examples: ['3f2b9c1e-7a4d-4e8b-9c2a-5d6e7f8a9b0c'] });

/** The longest text a list filter takes (an e-mail address is the longest thing searched for). */
export const MAX_FILTER_TEXT = 254;
/** The most values one filter may list (e.g. role ids). */
export const MAX_FILTER_VALUES = 100;

const filterScalarSchema = z.union([textSchema(MAX_FILTER_TEXT), z.number(), z.boolean()]);

export const filterValueSchema = z.union([
  filterScalarSchema,
  z.array(filterScalarSchema).max(MAX_FILTER_VALUES),
  z.null(),
  z.undefined(),
]);

export const UNKNOWN_FIELD_MESSAGE = 'campo desconhecido';

/**
 * A filter key or sort field: a plain identifier that is not a property every
 * object inherits (`constructor`, `toString`, `__proto__`…), so a lookup in a
 * table of allowed fields can never find something it did not declare.
 */
export const listFieldNameSchema = z.string().refine(isListFieldName, {
  // Quote the name when it is short plain text (never echo control characters or endless input).
  error: (issue) =>
    typeof issue.input === 'string' && issue.input.length <= 64 && /^[\x20-\x7e]*$/.test(issue.input)
      ? `${UNKNOWN_FIELD_MESSAGE}: "${issue.input}"`
      : UNKNOWN_FIELD_MESSAGE,
});

export const filterSchema = z.record(listFieldNameSchema, filterValueSchema);

export const UNKNOWN_FILTER_MESSAGE = 'filtro desconhecido';

/**
 * The filter map of a list whose filter schema is its own: the list rule for
 * names, then a name the schema does not declare refused as filter.<name> (the
 * answer platform/list.ts gives a declared list; a misspelt filter would
 * otherwise filter nothing and look like an answer), then the schema.
 */
export const knownFilters = <T extends z.ZodObject>(schema: T) => {
  const names = Object.keys(schema.shape);
  const declared = z.record(z.string(), filterValueSchema).superRefine((filter, ctx) => {
    for (const name of Object.keys(filter)) if (!names.includes(name)) ctx.addIssue({ code: 'custom', path: [name], message: UNKNOWN_FILTER_MESSAGE });
  });
  // filterSchema itself first (not a copy): the OpenAPI document finds the list's filter map by it.
  return filterSchema
    .pipe(declared)
    // The schema reads the filter map (its values are the map's); zod types an object's input as unknown values.
    .pipe(schema as unknown as z.ZodType<z.output<T>, z.output<typeof filterSchema>>);
};

export const sortSchema = z
  .object({ field: listFieldNameSchema.nullish(), order: textSchema(16).nullish() })
  .nullish();

/** Arguments of every paged list call (the spec's defaults: page 1, limit 10). */
export const listArgs = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(DEFAULT_PAGE),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
  filter: filterSchema.optional(),
  sort: sortSchema,
});

export type ListArgs = z.input<typeof listArgs>;

/** Pagination meta of the spec's entities: defaults 1, 1, 0, 10. */
export const pageMetaSchema = z.object({
  currentPage: z.number().int().default(1),
  totalPages: z.number().int().default(1),
  totalItems: z.number().int().default(0),
  pageSize: z.number().int().default(10),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), meta: pageMetaSchema });
}

export function pageMeta(page: number, pageSize: number, totalItems: number): PageMeta {
  return {
    currentPage: page,
    pageSize,
    totalItems,
    totalPages: Math.max(1, Math.ceil(totalItems / pageSize)),
  };
}

export const okSchema = z.object({ ok: z.literal(true) });

/** One line of an export: a flat record. */
export const exportRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/**
 * Rows of an export, written to Excel by the main process. `total` (the
 * number of rows) is put first by this server (platform/http/router.ts), so
 * the main process can write the info sheet and then each row as it is read
 * from the body, never holding them all; an answer without it is read whole.
 */
export const exportRowsSchema = z.object({
  total: z.number().int().nonnegative().optional(),
  rows: z.array(exportRowSchema),
});

export const exportArgs = z.object({
  filter: filterSchema.optional(),
  sort: sortSchema,
});

/** A file carried over IPC and sent as a multipart part. */
export const uploadFileSchema = z.object({
  name: textSchema(255).min(1),
  type: textSchema(255),
  bytes: z.instanceof(Uint8Array),
});
