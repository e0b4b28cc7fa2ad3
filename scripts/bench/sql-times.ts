/**
 * BENCH_SQL_TIMES=1: each SQL statement Drizzle sends to PGlite in this process
 * timed, summed by the statement's first words, wall and CPU (PGlite runs in
 * the caller's thread, so a statement's CPU is mostly PostgreSQL's work on
 * it); the returned stop() prints the table, largest CPU first. For the figures
 * whose server runs in the bench's own process; a no-op otherwise.
 *
 * BENCH_SQL_EXPLAIN=<regular expression>: a statement inside a transaction
 * whose text matches is first run as EXPLAIN (ANALYZE, BUFFERS) in a savepoint
 * rolled back (the plan prints its triggers' and foreign keys' times), for
 * finding where a statement's time goes. Diagnostics only: it doubles those
 * statements' work.
 */
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';

type Timed = { count: number; ms: number; cpu: number };
type Query = (q: string, params: unknown[], config?: unknown) => Promise<{ rows: Array<Record<string, unknown>> }>;

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export function startSqlTimes(label = 'timed part'): () => void {
  if (!process.env.BENCH_SQL_TIMES) return () => undefined;
  const explain = process.env.BENCH_SQL_EXPLAIN ? new RegExp(process.env.BENCH_SQL_EXPLAIN, 'i') : null;
  const proto = PglitePreparedQuery.prototype as unknown as { queryWithCache: (q: string, params: unknown[], ...rest: unknown[]) => Promise<unknown> };
  const original = proto.queryWithCache;
  const times = new Map<string, Timed>();
  const explained: string[] = [];
  proto.queryWithCache = async function (this: { client: { query: Query } }, query: string, params: unknown[], ...rest: unknown[]) {
    const key = query.replace(/\s+/g, ' ').trim().slice(0, 110);
    if (explain && explain.test(query) && !/^(begin|commit|rollback|savepoint|release)/i.test(query.trim())) {
      // Before the statement itself (whose ids and locks the plan's run must not take first), then rolled back.
      const client = this.client;
      try {
        await client.query('SAVEPOINT bench_explain', []);
        const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
        explained.push(`-- ${key}\n${plan.rows.map((r) => String(Object.values(r)[0]).replace(/'\{[^}]{60,}\}'/g, "'{…}'")).join('\n')}`);
      } catch (error) {
        explained.push(`-- ${key}: no plan (${(error as Error).message})`);
      } finally {
        await client.query('ROLLBACK TO SAVEPOINT bench_explain', []).catch(() => undefined);
      }
    }
    const start = performance.now();
    const cpu = cpuNow();
    try {
      return await original.call(this, query, params, ...rest);
    } finally {
      const t = times.get(key) ?? { count: 0, ms: 0, cpu: 0 };
      t.count += 1;
      t.ms += performance.now() - start;
      t.cpu += cpuNow() - cpu;
      times.set(key, t);
    }
  };
  return () => {
    proto.queryWithCache = original;
    const total = [...times.values()].reduce((s, t) => ({ ms: s.ms + t.ms, cpu: s.cpu + t.cpu }), { ms: 0, cpu: 0 });
    console.log(`SQL statements (${label}): ${total.ms.toFixed(0)} ms wall, ${total.cpu.toFixed(0)} ms CPU in all`);
    for (const [key, t] of [...times].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 25)) {
      console.log(`${t.cpu.toFixed(0).padStart(6)} ms CPU ${t.ms.toFixed(0).padStart(6)} ms ${String(t.count).padStart(4)}× ${key}`);
    }
    for (const e of explained) console.log(e);
  };
}
