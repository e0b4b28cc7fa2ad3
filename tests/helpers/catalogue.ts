/** Whether the i18n catalogue of a language holds a text at a dotted key (not a branch of keys). */
import type { Locale } from '../../src/shared/bridge';
import { resources } from '../../src/shared/i18n';

type Tree = { readonly [k: string]: string | Tree };

export function catalogueHas(locale: Locale, key: string): boolean {
  let node: string | Tree | undefined = resources[locale].translation as unknown as Tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return false;
    node = node[part];
  }
  return typeof node === 'string';
}
