/**
 * The one place where a validation problem becomes text for the user, in the
 * language of the catalogue: zod issues (read by their code and limits, so
 * zod's English and the contract's Portuguese wording never reach an English
 * screen) and the server's `{ message, field }` answers (internal field names
 * replaced by the form's labels). Pure, so it is tested alone.
 *
 * Knowing the field's kind (money, number, date…) the message says which of
 * four things is wrong, each differently: nothing was given (required); the
 * text is not written as the kind is (wrong format, with an example in the
 * person's language); it is a value of the kind but outside what the field
 * takes (out of range, with the range); or a rule of the contract refuses it
 * (with the rule).
 */
import { amountShape, numberTextToNumber, textLocaleOf, type TextLocale } from './localeText';
import type { NumericRange } from './schemaRange';

/** i18next's t, narrowed to what these functions call. */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** Adapts i18next's overloaded t (its typed overloads do not fit a plain function type). */
export function asTranslate(t: (key: string, vars?: Record<string, unknown>) => unknown): Translate {
  return (key, vars) => String(t(key, vars));
}

/** What the functions read from a zod 4 issue (raw or finalised). */
export interface IssueLike {
  code: string;
  message?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  origin?: string;
  expected?: string;
  input?: unknown;
  params?: Record<string, unknown>;
}

function capitalise(text: string): string {
  return text ? text.charAt(0).toLocaleUpperCase() + text.slice(1) : text;
}

function endWithStop(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** "Nome: use ao menos 3 caracteres." with a label, "Use ao menos 3 caracteres." without. */
export function withLabel(text: string, t: Translate, label?: string): string {
  const sentence = endWithStop(text);
  return label ? t('form.labelled', { label, text: sentence }) : capitalise(sentence);
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** The kinds of field the form kit draws (FieldInput's `type`). */
export type FieldKind =
  | 'text'
  | 'email'
  | 'password'
  | 'number'
  | 'percentage'
  | 'money'
  | 'date'
  | 'select'
  | 'yesno'
  | 'switch'
  | 'textarea'
  | 'picture';

/** What the message map knows about the field besides the issue. */
export interface FieldContext {
  kind?: FieldKind;
  /** numeric bounds the schema puts on the field (schemaRange.ts) */
  range?: NumericRange | null;
  /** the language shown ('pt-BR' when absent): examples and bounds are written its way */
  language?: string;
}

export type Described = { key: string; vars?: Record<string, unknown> };

/** Rules of the contract that are really a range of amounts or rates. */
const RANGE_RULES: Record<string, (locale: TextLocale) => Described> = {
  positiveAmount: (locale) => ({ key: 'form.issues.amountAbove', vars: { min: amountBound('0.00', locale) } }),
  nonNegativeRate: () => ({ key: 'form.issues.percentMin', vars: { min: '0' } }),
};

/** The largest amount the contract takes (12 whole digits). */
const MAX_AMOUNT = '999999999999.99';
/** The calendar days the contract takes. */
const FIRST_DAY = '01/01/1900';
const LAST_DAY = '31/12/2100';

/** An amount bound as the person's language writes it: "R$ 0,00" / "R$ 0.00". */
export function amountBound(decimal: string, locale: TextLocale): string {
  const [whole, cents = '00'] = decimal.split('.');
  const sep = locale === 'pt-BR' ? ['.', ','] : [',', '.'];
  return `R$ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep[0])}${sep[1]}${cents.padEnd(2, '0')}`;
}

/** A number bound as the person's language writes it ("1.000" / "1,000", "2,5" / "2.5"). */
function numberBound(n: number, locale: TextLocale): string {
  const [whole, frac] = String(Math.abs(n)).split('.');
  const sep = locale === 'pt-BR' ? ['.', ','] : [',', '.'];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep[0]);
  return `${n < 0 ? '-' : ''}${grouped}${frac ? `${sep[1]}${frac}` : ''}`;
}

function rangeOf(range: NumericRange | null | undefined, locale: TextLocale): Described {
  const min = range?.min;
  const max = range?.max;
  if (min !== undefined && max !== undefined) return { key: 'form.issues.between', vars: { min: numberBound(min, locale), max: numberBound(max, locale) } };
  if (min !== undefined) return { key: 'form.issues.numberMin', vars: { min: numberBound(min, locale) } };
  if (max !== undefined) return { key: 'form.issues.numberMax', vars: { max: numberBound(max, locale) } };
  return { key: 'form.issues.outOfRange' };
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function moneyIssue(issue: IssueLike, locale: TextLocale): Described | null {
  if (typeof issue.input !== 'string') return null;
  const shape = amountShape(issue.input, locale);
  if (shape?.negative) return { key: 'form.issues.amountMin', vars: { min: amountBound('0.00', locale) } };
  if (shape && shape.wholeDigits > 12) return { key: 'form.issues.amountMax', vars: { max: amountBound(MAX_AMOUNT, locale) } };
  if (shape) return null;
  return { key: 'form.issues.moneyFormat', vars: { example: 'form.examples.money' } };
}

function numberIssue(issue: IssueLike, ctx: FieldContext, locale: TextLocale): Described | null {
  if (issue.code === 'too_small' || issue.code === 'too_big') return rangeOf(ctx.range, locale);
  if (issue.code === 'invalid_type' && issue.expected === 'int') return { key: 'form.issues.integerFormat', vars: { example: 'form.examples.number' } };
  if (issue.code !== 'invalid_type' || typeof issue.input !== 'string') return null;
  const n = numberTextToNumber(issue.input, locale);
  if (n === null) return { key: 'form.issues.numberFormat', vars: { example: 'form.examples.number' } };
  if (!Number.isInteger(n)) return { key: 'form.issues.integerFormat', vars: { example: 'form.examples.number' } };
  // A whole number the form could not take as one: a sign or too many digits, so outside the field's range.
  return rangeOf(ctx.range ?? (n < 0 ? { min: 0 } : null), locale);
}

function percentageIssue(issue: IssueLike, ctx: FieldContext, locale: TextLocale): Described | null {
  if (issue.code === 'too_small' || issue.code === 'too_big') return rangeOf(ctx.range, locale);
  if (typeof issue.input !== 'string') return null;
  const n = numberTextToNumber(issue.input, locale) ?? numberTextToNumber(issue.input.replace('.', ','), 'pt-BR');
  if (n !== null && n < 0) return { key: 'form.issues.percentMin', vars: { min: '0' } };
  if (issue.code === 'invalid_format' || issue.code === 'invalid_type') {
    return { key: 'form.issues.percentFormat', vars: { example: 'form.examples.percentage' } };
  }
  // A refinement without a named rule on text that is not a number; one on a number is the contract's rule and keeps its words.
  if (issue.code === 'custom' && issue.params?.rule === undefined && n === null) {
    return { key: 'form.issues.percentFormat', vars: { example: 'form.examples.percentage' } };
  }
  return null;
}

function dateIssue(issue: IssueLike): Described | null {
  if (typeof issue.input !== 'string') return null;
  // Another rule (the first due date after the disbursement) keeps its own words.
  if (issue.code === 'custom' && issue.params?.rule !== undefined && issue.params.rule !== 'calendarDay') return null;
  const iso = ISO_DAY.exec(issue.input.trim());
  if (iso && (Number(iso[1]) < 1900 || Number(iso[1]) > 2100)) return { key: 'form.issues.dateBetween', vars: { min: FIRST_DAY, max: LAST_DAY } };
  return { key: 'form.issues.dateFormat', vars: { example: 'form.examples.date' } };
}

/**
 * The catalogue key and values for an issue on a field of a known kind
 * (without the field's label); null to fall back on the issue's code alone.
 * Values named `example` are catalogue keys, translated by issueText.
 */
export function describeIssue(issue: IssueLike, ctx: FieldContext = {}): Described | null {
  const { kind } = ctx;
  const locale = textLocaleOf(ctx.language);
  const input = issue.input;
  const blank = isEmpty(input) || (typeof input === 'number' && Number.isNaN(input)) || (typeof input === 'string' && input.trim() === '');
  const named = typeof issue.params?.rule === 'string' ? issue.params.rule : undefined;
  // Whatever check failed first, a field left empty needs filling (a rule that fails on nothing says so too).
  if (kind && kind !== 'switch' && blank) {
    return { key: kind === 'select' || kind === 'yesno' ? 'form.issues.chooseOne' : 'form.issues.required' };
  }
  if (named && RANGE_RULES[named]) return RANGE_RULES[named](locale);
  switch (kind) {
    case 'money':
      return moneyIssue(issue, locale);
    case 'number':
      return numberIssue(issue, ctx, locale);
    case 'percentage':
      return percentageIssue(issue, ctx, locale);
    case 'date':
      return dateIssue(issue);
    case 'select':
    case 'yesno':
      return issue.code === 'invalid_value' || issue.code === 'invalid_type' ? { key: 'form.issues.chooseOne' } : null;
    default:
      return null;
  }
}

/** The catalogue key and values that describe an issue (without the field's label). */
export function issueKey(issue: IssueLike): { key: string; vars?: Record<string, unknown> } | null {
  const min = issue.minimum === undefined ? undefined : Number(issue.minimum);
  const max = issue.maximum === undefined ? undefined : Number(issue.maximum);
  const sized = issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set';
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return min !== undefined && min <= 1 ? { key: 'form.issues.required' } : { key: 'form.issues.tooShort', vars: { min } };
      if (sized) return { key: 'form.issues.tooFew', vars: { min } };
      return { key: issue.inclusive === false ? 'form.issues.numberAbove' : 'form.issues.numberMin', vars: { min } };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'form.issues.tooLong', vars: { max } };
      if (sized) return { key: 'form.issues.tooMany', vars: { max } };
      return { key: issue.inclusive === false ? 'form.issues.numberBelow' : 'form.issues.numberMax', vars: { max } };
    case 'invalid_type':
      if (isEmpty(issue.input) || (typeof issue.input === 'number' && Number.isNaN(issue.input))) {
        return issue.expected === 'number' && typeof issue.input === 'number' ? { key: 'form.issues.notNumber' } : { key: 'form.issues.required' };
      }
      if (issue.expected === 'number') return { key: 'form.issues.notNumber' };
      if (issue.expected === 'int') return { key: 'form.issues.notInteger' };
      return { key: 'form.issues.invalid' };
    case 'invalid_format':
      return { key: 'form.issues.format' };
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
    case 'unrecognized_keys':
      return { key: 'form.issues.invalid' };
    case 'custom': {
      // The rule's other params (a legal limit, say) fill its text.
      const { rule, ...vars } = issue.params ?? {};
      return typeof rule === 'string' ? { key: `form.rules.${rule}`, vars } : null;
    }
    default:
      return null;
  }
}

/**
 * The text of one issue. A custom refinement without a named rule keeps its
 * own message (written for the user where it was declared).
 */
export function issueText(issue: IssueLike, t: Translate, label?: string, ctx: FieldContext = {}): string {
  const described = describeIssue(issue, ctx) ?? issueKey(issue);
  if (!described) return withLabel(issue.message || t('form.issues.invalid'), t, label);
  // An example is itself a catalogue text: the person's own way of writing the value.
  const vars = described.vars && typeof described.vars.example === 'string' ? { ...described.vars, example: t(described.vars.example) } : described.vars;
  return withLabel(t(described.key, vars), t, label);
}

/** "Campo code: o código tem 6 dígitos" / "serverUrl: ..." → the name and the text after it. */
const NAMED_PREFIX = /^(?:Campo|Field)\s+([\w.[\]-]+)\s*:\s*(.*)$/s;
const IDENTIFIER_PREFIX = /^([a-z]+(?:[A-Z_][A-Za-z0-9_]*)+)\s*:\s*(.*)$/s;

export function splitFieldPrefix(message: string): { name?: string; text: string } {
  const m = NAMED_PREFIX.exec(message) ?? IDENTIFIER_PREFIX.exec(message);
  return m ? { name: m[1], text: m[2] } : { text: message };
}

/**
 * Where a server message goes and what it says. A `field` the form shows
 * (one of `placeable`, by default every labelled name) gets the message
 * without the internal name; any other message names the field by its label,
 * or by nothing when the form does not know it.
 */
export function placeServerMessage(
  message: string,
  field: string | undefined,
  labels: Readonly<Record<string, string>>,
  t: Translate,
  placeable: readonly string[] = Object.keys(labels),
): { field?: string; text: string } {
  const { name, text } = splitFieldPrefix(message);
  const blamed = field ?? name;
  if (blamed && placeable.includes(blamed)) return { field: blamed, text: capitalise(endWithStop(text)) };
  if (name) return { text: withLabel(text, t, labels[name]) };
  // "Dados inválidos: serverUrl: …": the blamed name inside the text becomes its label.
  if (field && labels[field]) {
    const inside = new RegExp(`(?:\\b(?:Campo|Field)\\s+)?\\b${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`);
    return { text: message.replace(inside, `${labels[field]}:`) };
  }
  return { text: message };
}
