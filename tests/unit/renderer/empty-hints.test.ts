/**
 * Every list of the ListScreen kit says its own thing when it is empty and unfiltered (how its records get here or
 * what to do), in both languages: not only "Nenhum registro encontrado." The kit makes `emptyHint` required; this
 * reads each list's declaration and checks its text is its own.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../src/shared/i18n';
import { CATALOGUE_RESOURCES } from '../../../src/shared/contract/catalogues';

const SCREENS = join(__dirname, '../../../src/renderer/src/screens');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.tsx') ? [path] : [];
  });
}

/** The hint keys of every `<ListScreen …>` (a template key names one hint per catalogue kind). */
function hintsOf(source: string): string[] {
  return [...source.matchAll(/<ListScreen\b[\s\S]*?emptyHint=(?:"([^"]+)"|\{`([^`]+)`\})/g)].flatMap((m) =>
    m[1] ? [m[1]] : Object.keys(CATALOGUE_RESOURCES).map((kind) => m[2].replace('${kind}', kind)),
  );
}

describe('the lists\' empty hints', () => {
  const lists = files(SCREENS).filter((path) => readFileSync(path, 'utf8').includes('<ListScreen'));
  const hints = lists.flatMap((path) => hintsOf(readFileSync(path, 'utf8')));

  it('are declared by every list of the kit', () => {
    expect(lists.length).toBeGreaterThanOrEqual(17);
    for (const path of lists) {
      const source = readFileSync(path, 'utf8');
      expect(hintsOf(source).length, path).toBeGreaterThanOrEqual((source.match(/<ListScreen\b/g) ?? []).length);
    }
  });

  it('are each a text of their own, in Portuguese and English', () => {
    expect(new Set(hints).size).toBe(hints.length);
    const generic = new Set([translate('pt-BR', 'common.noRecords'), translate('pt-BR', 'common.noRecordsYet')]);
    for (const key of hints) {
      for (const locale of ['pt-BR', 'en'] as const) {
        const text = translate(locale, key);
        expect(text, `${locale} ${key}`).not.toBe(key);
        expect(generic.has(text), `${locale} ${key}`).toBe(false);
        expect(text.length, `${locale} ${key}`).toBeGreaterThan(30);
      }
    }
  });
});
