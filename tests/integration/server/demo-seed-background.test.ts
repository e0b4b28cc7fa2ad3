/**
 * The demo seed in the background (the embedded backend's first start): the
 * server answers sign-in before the records are in, requests made meanwhile
 * see each story whole or not at all, the finished seed is the same data as
 * the seed run before listening, and closing the server part-way stops the
 * seed without leaving half a story.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { startServer, type RunningServer } from '../../../src/server/index';
import type { Db } from '../../../src/server/db/connect';
import { SeedStopped, storyTransactions } from '../../../src/server/db/seed-stories';
import { operation } from '../../../src/shared/contract/index';
import { prepareDataDir, startTestServer } from '../../helpers/server';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** An empty, migrated database folder (the test helpers' unseeded template). */
async function emptyFolder(): Promise<{ dataDir: string; uploadsDir: string }> {
  const { dir, dataDir } = await prepareDataDir(false);
  folders.push(dir);
  return { dataDir, uploadsDir: join(dir, 'uploads') };
}

async function signIn(server: RunningServer): Promise<number> {
  const answer = await fetch(`${server.url}${operation('session.login').path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.local', password: 'Senha123' }),
  });
  return answer.status;
}

/**
 * Records that only exist whole: a solicitation whose status is not where its
 * history ends, an operation past its proposal without its installments or
 * events, a disbursed one without its journal. Each is a half-written story.
 */
async function halfWrittenStories(server: RunningServer): Promise<number> {
  const [{ count }] = await server.database.rows<{ count: number }>(`
    SELECT (
      (SELECT count(*) FROM solicitations s
        WHERE s.status <> 'pending'
          AND NOT EXISTS (SELECT 1 FROM solicitation_status_history h WHERE h.solicitation_id = s.id))
      + (SELECT count(*) FROM credit_operations o
        WHERE NOT EXISTS (SELECT 1 FROM credit_operation_events e WHERE e.credit_operation_id = o.id))
      + (SELECT count(*) FROM credit_operations o
        WHERE o.status IN ('disbursed', 'settled', 'written_off')
          AND NOT EXISTS (SELECT 1 FROM credit_operation_installments i WHERE i.credit_operation_id = o.id))
      + (SELECT count(*) FROM credit_operations o
        WHERE o.status IN ('contract_issued', 'disbursed', 'settled', 'written_off')
          AND NOT EXISTS (SELECT 1 FROM issued_contracts c WHERE c.credit_operation_id = o.id))
    )::int AS count`);
  return count;
}

async function seedSummary(server: RunningServer): Promise<unknown> {
  const rows = await server.database.rows<{ after: Record<string, number> }>("SELECT after FROM activity_log WHERE action = 'seed.demo'");
  return rows.map((row) => row.after);
}

async function counts(server: RunningServer): Promise<Record<string, number>> {
  const tables = ['users', 'solicitations', 'solicitation_status_history', 'borrowers', 'credit_operations', 'credit_operation_installments', 'journal_entries', 'bureau_reports'];
  const out: Record<string, number> = {};
  for (const table of tables) out[table] = (await server.database.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
  return out;
}

describe('demo seed in the background', () => {
  it('answers sign-in at once, never shows half a story, and ends with the same data as the seed before listening', async () => {
    const folder = await emptyFolder();
    const server = await startServer({ ...folder, seed: 'demo', seedInBackground: true });
    try {
      let finished = false;
      void server.seeded.then(() => (finished = true));
      expect(await signIn(server)).toBe(200);
      // Readings while the seed writes: at least one before it is done, none with half a story.
      const readings: Array<{ solicitations: number; half: number }> = [];
      while (!finished) {
        const [{ n }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM solicitations');
        readings.push({ solicitations: n, half: await halfWrittenStories(server) });
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await server.seeded;
      expect(readings.length).toBeGreaterThan(0);
      expect(readings.every((r) => r.half === 0)).toBe(true);
      // The first reading came before the last applicant's records: the server was answering during the seed.
      const total = (await counts(server)).solicitations;
      expect(readings[0].solicitations).toBeLessThan(total);

      const reference = await startTestServer();
      try {
        expect(await seedSummary(server)).toEqual(await seedSummary(reference));
        expect(await counts(server)).toEqual(await counts(reference));
      } finally {
        await reference.close();
      }
    } finally {
      await server.close();
    }
  });

  it('stops when the server closes part-way, rolling back the story it was writing', async () => {
    const folder = await emptyFolder();
    const server = await startServer({ ...folder, seed: 'demo', seedInBackground: true });
    let stopped: unknown = null;
    const outcome = server.seeded.catch((error: unknown) => (stopped = error));
    try {
      // Until some applicants' records are in (however long a busy machine takes: the test's timeout is the limit).
      for (;;) {
        const [{ n }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM solicitations');
        if (n >= 20) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await server.close();
    }
    await outcome;
    expect(stopped).toBeInstanceOf(SeedStopped);
    const again = await startServer({ ...folder, seed: 'demo', seedInBackground: true });
    try {
      expect(await halfWrittenStories(again)).toBe(0);
      // The accounts are there, so a next start does not seed again; the interrupted seed is not marked done.
      expect(await seedSummary(again)).toEqual([]);
      expect(await signIn(again)).toBe(200);
    } finally {
      await again.close();
    }
  });
});

describe('story transactions', () => {
  // One in-memory database for these: starting PGlite takes seconds on a busy machine.
  let client: PGlite;
  let db: Db;
  beforeAll(async () => {
    client = new PGlite();
    await client.exec('CREATE TABLE t (story int, n int)');
    db = drizzle(client) as unknown as Db;
  });
  afterAll(async () => {
  });
  beforeEach(async () => {
    await client.exec('TRUNCATE t');
  });

  it('commits each story at the next boundary, and another reader sees whole stories only', async () => {
    const stories = storyTransactions(db);
    const seen: number[] = [];
    await stories.next();
    await stories.db.execute(sql`INSERT INTO t VALUES (1, 1)`);
    await stories.db.execute(sql`INSERT INTO t VALUES (1, 2)`);
    // A reader outside the story waits for it to commit; issued now, it runs before the next story begins.
    const reading = client.query<{ n: number }>('SELECT count(*)::int AS n FROM t').then((r) => seen.push(r.rows[0].n));
    await stories.next();
    await reading;
    await stories.db.execute(sql`INSERT INTO t VALUES (2, 1)`);
    await stories.finish();
    expect(seen).toEqual([2]);
    expect((await client.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0].n).toBe(3);
  });

  it('rolls back the open story on abort, and stop() makes the next statement throw', async () => {
    const stories = storyTransactions(db);
    await stories.next();
    await stories.db.execute(sql`INSERT INTO t VALUES (1, 1)`);
    await stories.next();
    await stories.db.execute(sql`INSERT INTO t VALUES (2, 1)`);
    stories.stop();
    expect(() => stories.db.execute(sql`INSERT INTO t VALUES (2, 2)`)).toThrow(SeedStopped);
    await expect(stories.next()).rejects.toBeInstanceOf(SeedStopped);
    await stories.abort();
    expect((await client.query<{ story: number }>('SELECT story FROM t')).rows).toEqual([{ story: 1 }]);
  });

  it('waits for beforeEachStory before opening a story', async () => {
    const order: string[] = [];
    const stories = storyTransactions(db, async () => {
      order.push('gate');
    });
    await stories.next();
    order.push('story 1');
    await stories.next();
    order.push('story 2');
    await stories.finish();
    expect(order).toEqual(['gate', 'story 1', 'gate', 'story 2']);
  });
});
