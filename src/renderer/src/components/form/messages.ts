/**
 * The one place where a validation problem becomes text for the user, in the
 * language of the catalogue: zod issues (read by their code and limits, so
 * zod's English and the contract's Portuguese wording never reach an English
 * screen) and the server's `{ message, field }` answers (internal field names
 * replaced by the form's labels). Pure, so it is tested alone.
 */

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
      const rule = issue.params?.rule;
      return typeof rule === 'string' ? { key: `form.rules.${rule}` } : null;
    }
    default:
      return null;
  }
}

/**
 * The text of one issue. A custom refinement without a named rule keeps its
 * own message (written for the user where it was declared).
 */
export function issueText(issue: IssueLike, t: Translate, label?: string): string {
  const described = issueKey(issue);
  const text = described ? t(described.key, described.vars) : issue.message || t('form.issues.invalid');
  return withLabel(text, t, label);
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
