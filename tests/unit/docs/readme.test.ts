/**
 * The documentation a newcomer reads first stays short and its links lead
 * somewhere: README.md is what one reads in two minutes (under 150 lines) and
 * sends the rest to docs/; the server's README is a map that sends each area
 * to the README beside its code (at most 150 lines each, so it is read); a
 * link that points at a moved or renamed file is a dead end, so every
 * relative link of README.md, docs/*.md and the server's READMEs must name a
 * file or folder that exists.
 *
 * Comments say why in the project's own words: a reference to a tracker entry
 * ("issue" and a number) means nothing to someone who cannot read that
 * tracker, so no file under src/, tests/ or scripts/ carries one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const README = join(ROOT, 'README.md');
const DOCS = join(ROOT, 'docs');
const SERVER_MAP = join(ROOT, 'src/server/README.md');
const AREAS = join(ROOT, 'src/server/areas');

/** The README beside each server area's code, for the areas that have one. */
function areaReadmes(): string[] {
  return readdirSync(AREAS)
    .map((name) => join(AREAS, name, 'README.md'))
    .filter((path) => existsSync(path));
}

function markdownFiles(): string[] {
  const docs = readdirSync(DOCS)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(DOCS, name));
  return [README, ...docs, SERVER_MAP, join(ROOT, 'src/server/domain/cnab/README.md'), ...areaReadmes()];
}

function lineCount(path: string): number {
  return readFileSync(path, 'utf8').replace(/\n$/, '').split('\n').length;
}

/** Relative link targets of a Markdown text, fenced code left out (a path shown in a shell example is not a link). */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const inline = [...prose.matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
  const reference = [...prose.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1]);
  return [...inline, ...reference].filter(
    (target) => target !== undefined && !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'),
  ) as string[];
}

const TRACKER_REFERENCE = /\bissue \d+/i;
const SOURCE_FOLDERS = ['src', 'tests', 'scripts'];
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|sh|css|html|md|json|yml|yaml)$/;

function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return textFiles(path);
    return TEXT_FILE.test(name) ? [path] : [];
  });
}

describe('README and docs', () => {
  it('README.md stays under 150 lines', () => {
    const lines = readFileSync(README, 'utf8').replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThan(150);
  });

  it("keeps each server area's README to at most 150 lines", () => {
    const long = areaReadmes()
      .filter((path) => lineCount(path) > 150)
      .map((path) => `${relative(ROOT, path)}: ${lineCount(path)} lines`);
    expect(areaReadmes().length).toBeGreaterThan(0);
    expect(long).toEqual([]);
  });

  it('gives every server area a README beside its code, and keeps the map to at most 200 lines', () => {
    const without = readdirSync(AREAS, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !existsSync(join(AREAS, entry.name, 'README.md')))
      .map((entry) => entry.name);
    expect(without).toEqual([]);
    expect(lineCount(SERVER_MAP)).toBeLessThanOrEqual(200);
  });

  it("links every area's README from the server's map", () => {
    const linked = new Set(relativeLinks(readFileSync(SERVER_MAP, 'utf8')).map((t) => resolve(dirname(SERVER_MAP), t.split('#')[0] ?? '')));
    const unlinked = areaReadmes()
      .filter((path) => !linked.has(path))
      .map((path) => relative(ROOT, path));
    expect(unlinked).toEqual([]);
  });

  it('keeps the test command CI reads', () => {
    expect(readFileSync(README, 'utf8')).toMatch(/^npm test$/m);
  });

  it('links every docs/ file from the README', () => {
    const linked = new Set(relativeLinks(readFileSync(README, 'utf8')).map((t) => resolve(ROOT, t.split('#')[0] ?? '')));
    const unlinked = markdownFiles()
      .filter((path) => dirname(path) === DOCS)
      .filter((path) => !linked.has(path))
      .map((path) => relative(ROOT, path));
    expect(unlinked).toEqual([]);
  });

  it('has no relative link to a file that does not exist', () => {
    const dead = markdownFiles().flatMap((file) =>
      relativeLinks(readFileSync(file, 'utf8'))
        .filter((target) => !existsSync(resolve(dirname(file), decodeURI(target.split('#')[0] ?? ''))))
        .map((target) => `${relative(ROOT, file)} → ${target}`),
    );
    expect(dead).toEqual([]);
  });

  it('finds relative links and leaves out addresses, anchors and code', () => {
    const sample = [
      'See [money](docs/money.md#dates) and [the web](https://example.com), [here](#top).',
      '[ref]: ../src/server/README.md',
      '```sh',
      'cat [not](a-link.md)',
      '```',
    ].join('\n');
    expect(relativeLinks(sample)).toEqual(['docs/money.md#dates', '../src/server/README.md']);
  });
});

describe('comments say why, not where a tracker filed it', () => {
  it('no file under src/, tests/ or scripts/ refers to a tracker entry by number', () => {
    const found = SOURCE_FOLDERS.flatMap((folder) => textFiles(join(ROOT, folder))).flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, index) => (TRACKER_REFERENCE.test(line) ? [`${relative(ROOT, path)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('the check recognises a tracker reference and leaves legal citations alone', () => {
    expect(TRACKER_REFERENCE.test(['// see', 'issue', '14 for why'].join(' '))).toBe(true);
    expect(TRACKER_REFERENCE.test('// multa ≤ 2% (Código de Defesa do Consumidor, art. 52, § 1º)')).toBe(false);
    expect(TRACKER_REFERENCE.test('// the contract is issued 3 days later')).toBe(false);
  });
});
