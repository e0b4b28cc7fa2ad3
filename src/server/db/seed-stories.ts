/**
 * Runs a long seed as a series of transactions, one per story (one applicant
 * with their solicitations, one credit operation with its payments), while the
 * server answers requests: the seed's code keeps writing to one `Db`, and a
 * story boundary (`next()`, called by the seed at the start of each story)
 * commits the story so far and opens the next. A request therefore sees each
 * story whole or not at all, and waits at most for the story being written:
 * PGlite has one connection, so a single transaction for the whole seed would
 * hold every request until it committed.
 *
 * Between two stories the seed waits for `beforeEachStory` (the server: until
 * no request is being answered), so a request's queries are not interleaved
 * with the seed's.
 */
import type { Db } from './connect';

/** Thrown inside the seed by the first statement or story boundary after `stop()`. */
export class SeedStopped extends Error {
  constructor() {
    super('demo seed stopped');
  }
}

export interface StoryTransactions {
  /** Every statement goes to the story open at the time. */
  db: Db;
  /** Commits the story open (if any) and opens the next. */
  next(): Promise<void>;
  /** Commits the last story. */
  finish(): Promise<void>;
  /** Rolls back the story open, if any (after the seed failed or was stopped). */
  abort(): Promise<void>;
  /** The seed stops at its next statement; its open story is rolled back. */
  stop(): void;
}

interface OpenStory {
  tx: Db;
  /** true: commit; false: roll back */
  settle(commit: boolean): void;
  finished: Promise<void>;
}

/** The transaction callback's way to ask drizzle for a rollback without an error of its own to report. */
const ROLLBACK = Symbol('rollback');

export function storyTransactions(db: Db, beforeEachStory: () => Promise<void> = async () => undefined): StoryTransactions {
  let current: OpenStory | null = null;
  let stopped = false;

  async function open(): Promise<void> {
    await beforeEachStory();
    if (stopped) throw new SeedStopped();
    let settle!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (settle = resolve));
    let opened!: (tx: Db) => void;
    const ready = new Promise<Db>((resolve) => (opened = resolve));
    const finished = db.transaction(async (tx) => {
      opened(tx as unknown as Db);
      if (!(await decided)) throw ROLLBACK;
    });
    // BEGIN itself may fail: then the callback never runs and `finished` rejects.
    const tx = await Promise.race([ready, finished.then(() => Promise.reject(new Error('story transaction ended before it began')))]);
    current = { tx, settle, finished };
  }

  async function close(commit: boolean): Promise<void> {
    const story = current;
    current = null;
    if (!story) return;
    story.settle(commit);
    await story.finished.catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  }

  const proxy = new Proxy({} as Db, {
    get(_target, property) {
      if (stopped) throw new SeedStopped();
      const tx = current?.tx;
      if (!tx) throw new Error('demo seed: a statement outside any story');
      const value: unknown = Reflect.get(tx, property, tx);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(tx) : value;
    },
  });

  return {
    db: proxy,
    async next() {
      if (stopped) throw new SeedStopped();
      await close(true);
      await open();
    },
    finish: () => close(true),
    abort: () => close(false),
    stop() {
      stopped = true;
    },
  };
}
