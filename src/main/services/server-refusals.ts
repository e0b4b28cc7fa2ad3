/**
 * The money areas' refusals in the screen's language. The server answers in Portuguese; its refusals are declared as
 * templates in the catalogue (`refusals.*`, pt-BR as the server writes them), so an answer is read against them and,
 * when one matches, said again with the same key in the user's language. What varies inside is carried over: a label
 * the catalogue knows (`refusals.words`: statuses, causes, who asked, roles) is said in that language too, and an
 * amount is written the way that language writes money ("R$ 1.234,56" → "R$ 1,234.56").
 */
import type { Locale } from '@shared/bridge';
import { formatCurrency } from '@shared/format';
import { resources, translate } from '@shared/i18n';
import { ALL_ROLE_IDS } from '@shared/roles';

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix: string): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]): Array<[string, string]> =>
    typeof value === 'string' ? [[`${prefix}.${key}`, value]] : leaves(value, `${prefix}.${key}`),
  );
}

interface Template {
  key: string;
  pattern: RegExp;
  names: string[];
  /** the template's own text without placeholders: the longer, the more specific */
  literal: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(key: string, text: string): Template {
  const names: string[] = [];
  const parts = text.split(/\{\{(\w+)\}\}/);
  const source = parts.map((part, i) => (i % 2 === 1 ? (names.push(part), '(.+?)') : escape(part))).join('');
  return { key, pattern: new RegExp(`^${source}$`, 's'), names, literal: parts.filter((_, i) => i % 2 === 0).join('').length };
}

const ptRefusals = resources['pt-BR'].translation.refusals as unknown as Tree;
const { words: ptWords, ...ptTemplates } = ptRefusals;

/** Every template, the most specific first. */
const TEMPLATES: readonly Template[] = leaves(ptTemplates as Tree, 'refusals')
  .map(([key, text]) => compile(key, text))
  .sort((a, b) => b.literal - a.literal);

/** Labels by their Portuguese text: the catalogue key that says them in another language. */
const WORD_KEYS: ReadonlyMap<string, string> = new Map([
  ...leaves(ptWords as Tree, 'refusals.words').map(([key, text]): [string, string] => [text, key]),
  ...ALL_ROLE_IDS.map((id): [string, string] => [translate('pt-BR', `access.roles.${id}`), `access.roles.${id}`]),
]);

const PT_MONEY = /(-?)R\$ (\d{1,3}(?:\.\d{3})*),(\d{2})\b/g;

function localValue(locale: Locale, value: string): string {
  const word = WORD_KEYS.get(value);
  if (word) return translate(locale, word);
  // A list of labels ("Administrador ou Super Administrador", "a, b ou c").
  const or = ` ${translate('pt-BR', 'refusals.words.or')} `;
  const items = value.split(or).flatMap((part, i, all) => (i < all.length - 1 ? part.split(', ') : [part]));
  if (items.length > 1 && items.every((item) => WORD_KEYS.has(item))) {
    const said = items.map((item) => translate(locale, WORD_KEYS.get(item)!));
    return `${said.slice(0, -1).join(', ')} ${translate(locale, 'refusals.words.or')} ${said[said.length - 1]}`;
  }
  // A plain list of labels ("CEP, cidade").
  const listed = value.split(', ');
  if (listed.length > 1 && listed.every((item) => WORD_KEYS.has(item))) return listed.map((item) => translate(locale, WORD_KEYS.get(item)!)).join(', ');
  // Labels in parentheses inside a list ("parcela 3 (sem boleto emitido)").
  const inner = value.replace(/\(([^()]+)\)/g, (whole, text: string) => {
    const key = WORD_KEYS.get(text);
    return key ? `(${translate(locale, key)})` : whole;
  });
  return inner.replace(PT_MONEY, (_, sign: string, whole: string, cents: string) => formatCurrency(`${sign}${whole.replace(/\./g, '')}.${cents}`, locale));
}

/** The refusal's catalogue key and what varies in it, or null when no template says this text. */
export function readRefusal(message: string): { key: string; vars: Record<string, string> } | null {
  for (const template of TEMPLATES) {
    const match = template.pattern.exec(message);
    if (match) return { key: template.key, vars: Object.fromEntries(template.names.map((name, i) => [name, match[i + 1]])) };
  }
  return null;
}

/** A money area's refusal in the user's language, or null when the text is not one the catalogue declares. */
export function localRefusal(locale: Locale, message: string): string | null {
  const read = readRefusal(message);
  if (!read) return null;
  if (locale === 'pt-BR') return message;
  const vars = Object.fromEntries(Object.entries(read.vars).map(([name, value]) => [name, localValue(locale, value)]));
  return translate(locale, read.key, vars);
}
