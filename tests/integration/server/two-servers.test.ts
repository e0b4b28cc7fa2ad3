/**
 * Two server processes' worth of servers (each with its own pool, sender and
 * HTTP port) over one PostgreSQL database, as a deployment behind a load
 * balancer runs them: a session opened on one is honoured and ended on the
 * other, and a broadcast is delivered exactly once per recipient although
 * both senders compete for the queue (row locks with SKIP LOCKED).
 *
 * Needs PostgreSQL (PGlite is one process's folder): skipped without
 * TEST_DATABASE_URL / DATABASE_URL; `npm test` provides a throwaway cluster.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type SmsProvider } from '../../../src/server/index';
import { migrations } from '../../../src/server/db/migrations/index';
import { createTestDatabase, testDatabaseUrl } from '../../helpers/server';
import { fakeSmtp } from '../../helpers/smtp';
import { call, signIn } from './client';

const baseUrl = testDatabaseUrl();
const WHY_SKIPPED = 'needs PostgreSQL: set TEST_DATABASE_URL (npm test starts a throwaway cluster)';
if (!baseUrl) console.warn(`two-servers.test.ts skipped: ${WHY_SKIPPED}`);

/** An SMS gateway stand-in that records which server sent what; a short pause per message lets the other sender claim work meanwhile. */
function recordingProvider(server: string, sent: Array<{ server: string; to: string; body: string }>): SmsProvider {
  return {
    name: 'recording',
    async send(to, body) {
      await new Promise((r) => setTimeout(r, 20));
      sent.push({ server, to, body });
    },
  };
}

describe.skipIf(!baseUrl)(`two servers on one PostgreSQL database${baseUrl ? '' : ` (skipped: ${WHY_SKIPPED})`}`, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dir: string;
  let first: RunningServer;
  let second: RunningServer;
  const sent: Array<{ server: string; to: string; body: string }> = [];

  beforeAll(async () => {
    database = await createTestDatabase(baseUrl ?? '');
    dir = await mkdtemp(join(tmpdir(), 'backoffice-two-servers-'));
    // Small batches and quick polling so both senders take part in one broadcast.
    const messages = { batchSize: 2, pollMs: 50 };
    // The first migrates and seeds; the second starts over the same database as a second instance would.
    first = await startServer({ databaseUrl: database.appUrl, migrationDatabaseUrl: database.url, seed: 'demo', uploadsDir: join(dir, 'uploads'), messages, smsProvider: recordingProvider('first', sent) });
    second = await startServer({ databaseUrl: database.appUrl, migrationDatabaseUrl: database.url, seed: false, uploadsDir: join(dir, 'uploads'), messages, smsProvider: recordingProvider('second', sent) });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a token issued by one server works on the other, and signing out on the other ends it on both', async () => {
    const token = await signIn(first, 'admin@demo.local');
    const onSecond = await call(second, 'users.admins', { page: 1, limit: 5 }, token);
    expect(onSecond.status).toBe(200);
    expect(onSecond.body.items.length).toBeGreaterThan(0);
    const me = await call(second, 'session.me', {}, token);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('admin@demo.local');

    expect((await call(second, 'session.logout', {}, token)).status).toBe(200);
    expect((await call(first, 'users.admins', { page: 1, limit: 5 }, token)).status).toBe(401);
    expect((await call(second, 'users.admins', { page: 1, limit: 5 }, token)).status).toBe(401);
  });

  it('a broadcast created on one server is sent exactly once per recipient while both servers send', async () => {
    const token = await signIn(second, 'operador@demo.local');
    const entries = Array.from({ length: 24 }, (_, i) => `(11) 9${String(6000_0000 + i).padStart(8, '0')}`);
    const body = 'Aviso enviado por dois servidores.';
    const created = await call(first, 'messages.create', { channel: 'sms', body, selection: { mode: 'list', entries } }, token);
    expect(created.status).toBe(200);

    // Either server reports the same progress; wait until nothing is queued or being sent.
    let detail = await call(second, 'messages.get', { id: created.body.id }, token);
    while (detail.body.status !== 'done') {
      await new Promise((r) => setTimeout(r, 100));
      detail = await call(second, 'messages.get', { id: created.body.id }, token);
    }

    const ours = sent.filter((s) => s.body === body);
    const perNumber = new Map<string, number>();
    for (const s of ours) perNumber.set(s.to, (perNumber.get(s.to) ?? 0) + 1);
    expect(perNumber.size).toBe(entries.length);
    expect([...perNumber.values()].every((n) => n === 1)).toBe(true);
    const statuses = await first.database.rows<{ status: string; n: string }>(
      'SELECT status, count(*) AS n FROM broadcast_recipients WHERE broadcast_id = $1 GROUP BY status',
      [created.body.id],
    );
    expect(statuses.map((r) => ({ status: r.status, n: Number(r.n) }))).toEqual([{ status: 'sent', n: entries.length }]);
    // Which server sent how many depends on scheduling; shown for whoever reads the run.
    console.info(`two-servers: first sent ${ours.filter((s) => s.server === 'first').length}, second ${ours.filter((s) => s.server === 'second').length}`);
  });
});

describe.skipIf(!baseUrl)(`two servers delivering e-mail${baseUrl ? '' : ` (skipped: ${WHY_SKIPPED})`}`, () => {
  it('a pending e-mail (a code, a temporary password) reaches the SMTP server once although both servers deliver', async () => {
    const database = await createTestDatabase(baseUrl ?? '');
    const dir = await mkdtemp(join(tmpdir(), 'backoffice-two-servers-'));
    const smtpServer = await fakeSmtp('never-refused');
    const smtp = { host: '127.0.0.1', port: smtpServer.port, secure: false, from: 'bo@demo.local' };
    const one = await startServer({ databaseUrl: database.appUrl, migrationDatabaseUrl: database.url, seed: false, uploadsDir: join(dir, 'uploads'), smtp });
    const two = await startServer({ databaseUrl: database.appUrl, migrationDatabaseUrl: database.url, seed: false, uploadsDir: join(dir, 'uploads'), smtp });
    try {
      const count = 40;
      await one.database.rows(
        `INSERT INTO outbox (channel, "to", subject, body, status)
         SELECT 'email', 'pessoa' || n || '@demo.local', 'Mensagem ' || n, 'corpo', 'pending' FROM generate_series(1, $1) AS n`,
        [count],
      );
      // Every answered request wakes the server's delivery: both servers are asked at once, several times.
      for (let round = 0; round < 5; round++) {
        await Promise.all([one, two, one, two].map((s) => call(s, 'session.login', { email: 'ninguem@demo.local', password: 'Senha123' })));
      }
      let left = count;
      while (left > 0) {
        await new Promise((r) => setTimeout(r, 100));
        const [row] = await one.database.rows<{ n: string }>(`SELECT count(*) AS n FROM outbox WHERE status IN ('pending', 'sending')`);
        left = Number(row.n);
      }
      const subjects = smtpServer.received.map((data) => /^Subject: (.*)$/m.exec(data)?.[1]?.trim()).filter((x) => x?.startsWith('Mensagem '));
      expect(subjects).toHaveLength(count);
      expect(new Set(subjects).size).toBe(count);
    } finally {
      await one.close();
      await two.close();
      smtpServer.server.close();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!baseUrl)(`two servers starting at once${baseUrl ? '' : ` (skipped: ${WHY_SKIPPED})`}`, () => {
  it('on an empty database both come up, and each migration is applied once', async () => {
    const database = await createTestDatabase(baseUrl ?? '');
    const dir = await mkdtemp(join(tmpdir(), 'backoffice-two-servers-'));
    const started = await Promise.allSettled(
      [0, 1].map(() => startServer({ databaseUrl: database.appUrl, migrationDatabaseUrl: database.url, seed: false, uploadsDir: join(dir, 'uploads') })),
    );
    try {
      // A rolling deploy starts new instances together: neither may fail on the other's migration.
      expect(started.map((s) => (s.status === 'fulfilled' ? 'up' : String(s.reason)))).toEqual(['up', 'up']);
      const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      // The migrations' record is the owner's: the servers' role cannot read it.
      const applied = await database.rows<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
      expect(applied.map((r) => r.id)).toEqual(migrations.map((m) => m.id).sort());
      expect((await call(up[1], 'session.login', { email: 'nobody@demo.local', password: 'Senha123' })).status).toBe(401);
    } finally {
      for (const s of started) if (s.status === 'fulfilled') await s.value.close();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
