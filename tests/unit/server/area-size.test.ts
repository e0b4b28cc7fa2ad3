/**
 * No server area grows past about 3,000 lines of code: an area a newcomer can
 * read is one job (src/server/README.md, the layout). Past it, split the area
 * by job, as servicing was (collection, bank files, boletos, transfers and
 * the core) and the credit bureau out of intake.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const AREAS = join(ROOT, 'src/server/areas');
/** "About 3,000": a little room so one more function does not force a split on the spot. */
const MAX_AREA_LINES = 3_200;

function codeLines(dir: string): number {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .reduce((sum, entry) => sum + readFileSync(join(entry.parentPath, entry.name), 'utf8').split('\n').length, 0);
}

describe('server areas', () => {
  it(`hold at most ${MAX_AREA_LINES} lines of code each`, () => {
    const areas = readdirSync(AREAS, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(areas.length).toBeGreaterThan(10);
    const large = areas.map((entry) => ({ area: relative(ROOT, join(AREAS, entry.name)), lines: codeLines(join(AREAS, entry.name)) })).filter((a) => a.lines > MAX_AREA_LINES);
    expect(large).toEqual([]);
  });
});
