/**
 * Handlers only parse a call's arguments, call a service and shape its
 * answer: every write to the database lives in a service, which takes the
 * lock, checks, writes and logs in one place, so a second caller (a seed, a
 * servicing job, another area) cannot write the same rows without the log.
 *
 * The scan reads every file of each area's handlers folder
 * (src/server/areas/<area>/handlers) and flags a drizzle write
 * (`.insert(`, `.update(`, `.delete(` on any builder, chained or not) and raw
 * SQL handed to `.execute(` that inserts, updates or deletes. Reads stay
 * allowed: a list or a lookup is part of shaping the answer.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const AREAS = join(__dirname, '../../../src/server/areas');

/**
 * Handler files still allowed to write, each with the reason. Empty: an entry
 * here is a debt to pay, not a place to park new writes.
 */
const TEMPORARY_EXCEPTIONS: Readonly<Record<string, string>> = {};

export interface Write {
  line: number;
  text: string;
}

/** A drizzle write builder, wherever its receiver is (tx, db, deps.db, a chained line). */
const BUILDER_WRITE = /\.\s*(?:insert|update|delete)\s*\(/g;
/** `.execute(` with what follows it, up to the end of its first template or string. */
const EXECUTE = /\.\s*execute\s*\(\s*(?:sql\s*)?(`(?:[^`\\]|\\.)*`|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g;
/** SQL that changes rows; `SELECT … FOR UPDATE` only locks and is not one. */
const SQL_WRITE = /\binsert\s+into\b|\bdelete\s+from\b|\bupdate\s+(?:"?[\w.]+"?|\$\{[^}]*\})\s+set\b|\btruncate\b/i;

/** Where `source` writes to the database, with its line. */
export function databaseWrites(source: string): Write[] {
  const lines = source.split('\n');
  const found = new Map<number, Write>();
  const add = (index: number) => {
    const line = source.slice(0, index).split('\n').length;
    if (!found.has(line)) found.set(line, { line, text: lines[line - 1].trim() });
  };
  for (const m of source.matchAll(BUILDER_WRITE)) add(m.index);
  for (const m of source.matchAll(EXECUTE)) if (SQL_WRITE.test(m[1])) add(m.index);
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/** Every handler file, as its path under src/server/areas ('bureau/handlers/bureau.ts'). */
const handlerFiles = () =>
  readdirSync(AREAS)
    .filter((area) => existsSync(join(AREAS, area, 'handlers')))
    .flatMap((area) => readdirSync(join(AREAS, area, 'handlers')).filter((name) => name.endsWith('.ts')).map((name) => `${area}/handlers/${name}`))
    .sort();

describe('handlers only parse and shape', () => {
  it('no handler file writes to the database (its service does)', () => {
    const offences: string[] = [];
    for (const name of handlerFiles()) {
      if (name in TEMPORARY_EXCEPTIONS) continue;
      for (const hit of databaseWrites(readFileSync(join(AREAS, name), 'utf8'))) offences.push(`src/server/areas/${name}:${hit.line}: ${hit.text}`);
    }
    expect(offences).toEqual([]);
  });

  it('keeps no exception that is no longer needed', () => {
    const stale = Object.keys(TEMPORARY_EXCEPTIONS).filter((name) => databaseWrites(readFileSync(join(AREAS, name), 'utf8')).length === 0);
    expect(stale).toEqual([]);
  });

  describe('the matcher', () => {
    it('catches drizzle inserts, updates and deletes, chained or not, and raw SQL writes', () => {
      const snippet = [
        'const [row] = await tx.insert(users).values(values).returning();',
        'await ctx.deps.db.update(users).set({ active }).where(eq(users.id, id));',
        'const gone = await tx',
        '  .delete(uploads)',
        '  .where(eq(uploads.owner_id, id));',
        "await tx.execute(sql`UPDATE users SET active = false WHERE id = ${id}`);",
        "await db.execute(sql`INSERT INTO activity_log (action) VALUES ('x')`);",
        "await deps.db.execute('DELETE FROM sessions WHERE user_id = 1');",
        'await tx.execute(sql`update ${users} set name = ${name}`);',
      ].join('\n');
      expect(databaseWrites(snippet).map((w) => w.line)).toEqual([1, 2, 4, 6, 7, 8, 9]);
    });

    it('lets through reads, locks, service calls and text that only names a verb', () => {
      const snippet = [
        'const rows = await tx.select().from(users).where(eq(users.id, id)).limit(1).for(\'update\');',
        'const counts = await db.execute(sql`SELECT count(*) FROM users FOR UPDATE`);',
        'return updateStaff(ctx.deps.db, actor, input);',
        'await representativeWrites.change(args, actorId, ctx.deps.db);',
        "const message = 'Não foi possível atualizar (update) o cadastro';",
      ].join('\n');
      expect(databaseWrites(snippet)).toEqual([]);
    });
  });
});
