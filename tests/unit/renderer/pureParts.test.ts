import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueHas } from '../../helpers/catalogue';
import { describe, expect, it } from 'vitest';
import { checkFile, IMAGE_TYPES } from '../../../src/renderer/src/components/uploadChecks';
import { parseFormParam } from '../../../src/renderer/src/screens/users/formParam';
import { MAX_UPLOAD_BYTES } from '../../../src/shared/contract';

describe('picture upload checks', () => {
  it('accepts a small PNG', () => {
    expect(checkFile({ size: 1000, type: 'image/png' }, IMAGE_TYPES, MAX_UPLOAD_BYTES)).toBeNull();
  });
  it('refuses other types, naming the accepted ones', () => {
    expect(checkFile({ size: 10, type: 'application/pdf' }, IMAGE_TYPES, MAX_UPLOAD_BYTES)).toEqual({
      key: 'shell.upload.wrongType',
      vars: { types: 'PNG, JPEG, WEBP' },
    });
  });
  it('refuses files over the limit, naming it in MB', () => {
    expect(checkFile({ size: MAX_UPLOAD_BYTES + 1, type: 'image/jpeg' }, IMAGE_TYPES, MAX_UPLOAD_BYTES)).toEqual({
      key: 'shell.upload.tooBig',
      vars: { max: 10 },
    });
  });
});

describe('users/:form parameter', () => {
  it("reads 'new' as create and a positive integer as edit", () => {
    expect(parseFormParam('new')).toEqual({ mode: 'create' });
    expect(parseFormParam('42')).toEqual({ mode: 'edit', id: 42 });
  });
  it('rejects anything else instead of calling the server with it', () => {
    for (const v of ['0', '-1', '1.5', 'abc', '', undefined]) expect(parseFormParam(v), String(v)).toEqual({ mode: 'invalid' });
  });
});


function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('every text the renderer asks for exists in both languages', () => {
  const root = join(__dirname, '../../../src/renderer/src');
  const keys = new Set<string>();
  for (const file of sources(root)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bt\(\s*'([A-Za-z]+\.[A-Za-z0-9_.]+)'/g)) keys.add(m[1]);
    for (const m of text.matchAll(/(?:titleKey|pageTitleKey|key):\s*'((?:menu|shell|common|auth|errors|users)\.[A-Za-z0-9_.]+)'/g)) keys.add(m[1]);
    for (const m of text.matchAll(/'((?:shell|errors|common|menu|auth)\.[A-Za-z]+(?:\.[A-Za-z]+)*)'/g)) keys.add(m[1]);
  }

  it('finds the keys it checks', () => {
    expect(keys.size).toBeGreaterThan(80);
  });
  for (const locale of ['pt-BR', 'en'] as const) {
    it(`${locale} has them all`, () => {
      const missing = [...keys].filter((k) => !catalogueHas(locale, k));
      expect(missing).toEqual([]);
    });
  }
});
