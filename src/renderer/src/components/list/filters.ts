/**
 * The typed filters of a list declaration and the pure rules between what the
 * user types (the draft, strings as the inputs hold them), the list state's
 * filter record and the URL: text is trimmed, yes/no travels as the spec's
 * 1/2, money as a decimal string (never a binary float), calendar dates as
 * YYYY-MM-DD (never through a time zone), and a range whose start is after
 * its end is refused with a message instead of being sent. A multi-value
 * select holds a list (the URL repeats its key; the wire repeats filter[key]
 * through src/shared/query.ts, the one query encoding). Dates are typed
 * DD/MM/YYYY and amounts the way the app's language writes them, whatever the
 * workstation's locale (form/localeText.ts).
 */
import { amountTextToDecimal, dateTextToIso, isoToDateText, type TextLocale } from '../form/localeText';
import type { OptionsOperationName } from './contractTypes';
import type { FilterDef, ListFilter, ListFilterValue } from './listState';

/** `label`: an i18n key. `raw` options show their label as written (e.g. role names). */
export interface SelectOption {
  value: string;
  label: string;
  raw?: boolean;
}

interface Base<K extends string> {
  /** i18n key of the field label */
  label: string;
  /** typed filters keep their key; ranges have two (from/to, min/max) */
  key: K;
}

export type FilterDecl<K extends string = string> =
  /** free text, applied 500 ms after the last keystroke (or at once with Enter / the apply button) */
  | (Base<K> & { kind: 'text' })
  /** one of fixed options */
  | (Base<K> & { kind: 'select'; options: readonly SelectOption[] })
  /** one of the active items of a catalogue call (situations.listActives…) */
  | (Base<K> & { kind: 'catalogue'; operation: OptionsOperationName })
  /** any number of fixed options at once (none: no filter); `options` as for 'select' */
  | (Base<K> & { kind: 'multiSelect'; options: readonly SelectOption[] })
  /** one of a status list, each shown as `${labels}.${status}` */
  | (Base<K> & { kind: 'status'; statuses: readonly string[]; labels: string })
  /** yes/no (or active/inactive): the spec's 1/2 select convention */
  | (Base<K> & { kind: 'yesNo'; wording?: 'yesNo' | 'active' })
  /** a period of calendar dates; `key` is the start, `to` the end */
  | (Base<K> & { kind: 'dateRange'; to: K })
  /** an amount range in reais; `key` is the minimum, `to` the maximum */
  | (Base<K> & { kind: 'moneyRange'; to: K });

/** What the inputs hold: text as typed, or the values picked in a multi-value select. */
export type Draft = Record<string, string | readonly string[]>;

/** A draft's text for a one-value input ('' for none). */
export function draftText(draft: Draft, key: string): string {
  const value = draft[key];
  return typeof value === 'string' ? value : '';
}

/** A draft's values for a multi-value select (none: empty). */
export function draftList(draft: Draft, key: string): readonly string[] {
  const value = draft[key];
  return typeof value === 'string' ? (value === '' ? [] : [value]) : (value ?? []);
}

/** The options of a status list, each worded `${labels}.${status}` (for a 'multiSelect' of statuses). */
export function statusOptions(statuses: readonly string[], labels: string): SelectOption[] {
  return statuses.map((s) => ({ value: s, label: `${labels}.${s}` }));
}

/** Filters applied the moment they change (selects); the others wait for typing to pause. */
export function isImmediate(f: FilterDecl): boolean {
  return f.kind === 'select' || f.kind === 'multiSelect' || f.kind === 'catalogue' || f.kind === 'status' || f.kind === 'yesNo';
}

/** The URL keys a filter owns. */
export function keysOf(f: FilterDecl): string[] {
  return f.kind === 'dateRange' || f.kind === 'moneyRange' ? [f.key, f.to] : [f.key];
}

/** How each URL key is read back (yes/no as a number, a multi-value select as a list, the rest as text). */
export function filterDefsOf(filters: readonly FilterDecl[]): FilterDef[] {
  return filters.flatMap((f) => keysOf(f).map((key) => ({ key, type: f.kind === 'yesNo' ? ('number' as const) : f.kind === 'multiSelect' ? ('list' as const) : ('text' as const) })));
}

/** One value or several as a list of texts. */
const listOf = (value: ListFilterValue | undefined): string[] => (value === undefined ? [] : typeof value === 'object' ? [...value] : [String(value)]);

/** The inputs' values for a list state's filter record. */
export function draftOf(filters: readonly FilterDecl[], filter: ListFilter, locale: TextLocale = 'pt-BR'): Draft {
  const draft: Draft = {};
  for (const f of filters) {
    if (f.kind === 'multiSelect') {
      draft[f.key] = listOf(filter[f.key]);
      continue;
    }
    for (const key of keysOf(f)) {
      const raw = filter[key];
      // A one-value filter given a list (a hand-made URL) shows the first.
      const value = typeof raw === 'object' ? raw[0] : raw;
      draft[key] =
        value === undefined
          ? ''
          : f.kind === 'moneyRange'
            ? moneyToInput(String(value), locale)
            : f.kind === 'dateRange'
              ? isoToDateText(String(value))
              : String(value);
    }
  }
  return draft;
}

/**
 * A typed amount ("1.234,56", "R$ 10", "10,5") as a decimal string with the
 * dot ("1234.56", "10", "10.50"); null when it is not an amount. The pt-BR
 * convention: dots group thousands, the comma starts the cents.
 */
export function parseMoneyInput(text: string, locale: TextLocale = 'pt-BR'): string | null {
  const cleaned = text.replace(/R\$/gi, '').replace(/\s/g, '');
  if (cleaned === '') return null;
  const decimal = amountTextToDecimal(cleaned, locale);
  if (decimal === null) return null;
  // Whole reais travel without cents, as typed ("10", not "10.00").
  const [reais, cents] = decimal.split('.');
  return cleaned.includes(locale === 'pt-BR' ? ',' : '.') ? `${reais}.${cents}` : reais;
}

/** "1234.5" → "1234,50" (or "1234.50" in English) for the input. */
export function moneyToInput(decimal: string, locale: TextLocale): string {
  const [reais, cents] = decimal.split('.');
  return cents === undefined ? reais : `${reais}${locale === 'pt-BR' ? ',' : '.'}${cents.padEnd(2, '0')}`;
}

/** Whole cents of a decimal string, exact (no binary float on the way). */
function cents(decimal: string): bigint {
  const [reais, c = ''] = decimal.split('.');
  return BigInt(reais) * 100n + BigInt(c.padEnd(2, '0') || '0');
}

/** The list state's filter record for a draft (empty values dropped later by withFilter). */
export function filterOf(filters: readonly FilterDecl[], draft: Draft, locale: TextLocale = 'pt-BR'): ListFilter {
  const out: ListFilter = {};
  for (const f of filters) {
    if (f.kind === 'multiSelect') {
      // Each value once, in the order of the options (so the same choice is always the same URL and query).
      const picked = new Set(draftList(draft, f.key).map((v) => v.trim()));
      const known = f.options.map((o) => o.value).filter((v) => picked.has(v));
      if (known.length > 0) out[f.key] = known;
      continue;
    }
    for (const key of keysOf(f)) {
      const raw = draftText(draft, key).trim();
      if (raw === '') continue;
      if (f.kind === 'yesNo') {
        const n = Number(raw);
        if (n === 1 || n === 2) out[key] = n;
      } else if (f.kind === 'moneyRange') {
        const value = parseMoneyInput(raw, locale);
        if (value !== null) out[key] = value;
      } else if (f.kind === 'dateRange') {
        const day = dateTextToIso(raw);
        if (day !== null) out[key] = day;
      } else {
        out[key] = raw;
      }
    }
  }
  return out;
}

/** i18n keys of the refusals, by the filter's first key: a date or amount that is not one, or an inverted range. */
export function filterErrors(filters: readonly FilterDecl[], draft: Draft, locale: TextLocale = 'pt-BR'): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of filters) {
    if (f.kind === 'dateRange') {
      const fromText = draftText(draft, f.key).trim();
      const toText = draftText(draft, f.to).trim();
      const from = fromText ? dateTextToIso(fromText) : '';
      const to = toText ? dateTextToIso(toText) : '';
      // YYYY-MM-DD compares as text in calendar order.
      if (from === null || to === null) errors[f.key] = 'list.filters.dateInvalid';
      else if (from && to && from > to) errors[f.key] = 'list.filters.dateRangeInverted';
    }
    if (f.kind === 'moneyRange') {
      const minText = draftText(draft, f.key).trim();
      const maxText = draftText(draft, f.to).trim();
      const min = minText ? parseMoneyInput(minText, locale) : '';
      const max = maxText ? parseMoneyInput(maxText, locale) : '';
      if (min === null || max === null) errors[f.key] = 'list.filters.moneyInvalid';
      else if (min && max && cents(min) > cents(max)) errors[f.key] = 'list.filters.moneyRangeInverted';
    }
  }
  return errors;
}

/** Two filter records hold the same values (order of keys aside; a list's values in order). */
export function sameFilter(a: ListFilter, b: ListFilter): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => {
    const x = a[k];
    const y = b[k];
    if (typeof x === 'object' || typeof y === 'object') return typeof x === 'object' && typeof y === 'object' && x.length === y.length && x.every((v, i) => v === y[i]);
    return x === y;
  });
}
