/**
 * Broadcast messages against the real server: who may call, recipient
 * selection (filters and pasted lists), background delivery to the outbox,
 * a failing SMS provider, and restarts that never send a message twice.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer, type SmsProvider } from '../../../src/server/index';
import { openDatabase } from '../../../src/server/db/connect';
import { INTERRUPTED_REASON } from '../../../src/server/areas/messages/messages-sender';
import { normaliseBrazilianPhone } from '../../../src/shared/phone';
import { prepareDataDir, startTestServer, testDatabaseUrl, type TestServer } from '../../helpers/server';
import { insertSolicitation } from '../../helpers/solicitations-fixture';
import { fakeSmtp } from '../../helpers/smtp';
import { call, signIn, signInEveryRole } from './client';
import { eventually } from '../../helpers/eventually';

let server: TestServer;
/** by role, and looked up by the role names of each matrix row */
let tokens: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  tokens = await signInEveryRole(server);
});
afterAll(() => server?.close());

/** Polls the broadcast until nothing is queued or being sent (no clock of its own: the test's timeout is the limit). */
async function untilDone(target: Pick<RunningServer, 'url'>, id: number, token: string) {
  return eventually(async () => {
    const answer = await call(target, 'messages.get', { id }, token);
    if (answer.body.status !== 'done') throw new Error(`broadcast ${id} still sending`);
    return answer.body;
  }, 100);
}

interface EntrepreneurRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  state: string | null;
  city: string | null;
}

const activeEntrepreneurs = () =>
  server.database.rows<EntrepreneurRow>(
    'SELECT id, name, email, phone, state, city FROM users WHERE role_id = 2 AND active AND deleted_at IS NULL AND anonymised_at IS NULL ORDER BY id',
  );

const phones = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `(11) 9${String(7000_0000 + from + i).padStart(8, '0')}`);

describe('authorization matrix', () => {
  const expected = { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 } as const;
  let existing: number;

  beforeAll(async () => {
    const created = await call(server, 'messages.create', { channel: 'email', subject: 'Matriz', body: 'Olá', selection: { mode: 'list', entries: ['matriz@demo.local'] } }, tokens.admin);
    expect(created.status).toBe(200);
    existing = created.body.id;
  });

  const calls: Array<[string, () => Record<string, unknown>]> = [
    ['messages.preview', () => ({ channel: 'sms', selection: { mode: 'filters', state: 'SP' } })],
    ['messages.create', () => ({ channel: 'sms', body: 'Teste de perfil', selection: { mode: 'list', entries: ['(11) 98765-4321'] } })],
    ['messages.list', () => ({})],
    ['messages.get', () => ({ id: existing })],
    ['messages.recipients', () => ({ id: existing })],
  ];
  for (const [name, args] of calls) {
    it(`${name}: panel users yes, USER 403, no token 401`, async () => {
      for (const [role, status] of Object.entries(expected)) {
        const answer = await call(server, name as 'messages.list', args(), tokens[role]);
        expect({ role, status: answer.status }).toEqual({ role, status });
      }
      expect((await call(server, name as 'messages.list', args())).status).toBe(401);
    });
  }
});

describe('recipient selection', () => {
  it('previews entrepreneurs by state and city, leaving out invalid phones and listing them', async () => {
    const people = await activeEntrepreneurs();
    const inSp = people.filter((p) => p.state === 'SP');
    expect(inSp.length).toBeGreaterThan(3);
    const email = await call(server, 'messages.preview', { channel: 'email', selection: { mode: 'filters', state: 'sp' } }, tokens.agent);
    expect(email.status).toBe(200);
    expect(email.body.count).toBe(inSp.length);
    expect(email.body.sample[0]).toEqual({ name: inSp[0].name, contact: inSp[0].email.toLowerCase() });
    expect(email.body.sample.length).toBeLessThanOrEqual(5);

    const sms = await call(server, 'messages.preview', { channel: 'sms', selection: { mode: 'filters', state: 'SP' } }, tokens.agent);
    const valid = inSp.filter((p) => normaliseBrazilianPhone(p.phone));
    const invalid = inSp.filter((p) => p.phone && !normaliseBrazilianPhone(p.phone));
    // The demo seed has phones with DDDs that do not exist (20, 23, 25…): they must be refused.
    expect(invalid.length).toBeGreaterThan(0);
    expect(sms.body.count).toBe(valid.length);
    expect(sms.body.invalid).toEqual(invalid.map((p) => `${p.name} (${p.phone})`));
    expect(sms.body.sample[0].contact).toMatch(/^\+55\d{10,11}$/);

    const campinas = await call(server, 'messages.preview', { channel: 'email', selection: { mode: 'filters', state: 'SP', city: 'campinas' } }, tokens.agent);
    expect(campinas.body.count).toBe(inSp.filter((p) => p.city === 'Campinas').length);
    const nowhere = await call(server, 'messages.preview', { channel: 'email', selection: { mode: 'filters', state: 'AC' } }, tokens.agent);
    expect(nowhere.body.count).toBe(0);
    const everyone = await call(server, 'messages.preview', { channel: 'email', selection: { mode: 'filters' } }, tokens.agent);
    expect(everyone.body.count).toBe(people.length);
  });

  it('keeps entrepreneurs with a live solicitation in the chosen status (solicitation status filter)', async () => {
    const preview = (status: string) =>
      call(server, 'messages.preview', { channel: 'email', selection: { mode: 'filters', solicitation_status: status } }, tokens.admin);
    const before = (await preview('refused')).body.count as number;
    const person = async (email: string) =>
      (
        await server.database.rows<{ id: number }>(
          `INSERT INTO users (name, email, password_hash, role_id, active, email_confirmed) VALUES ($1, $2, '!fixture', 2, true, true) RETURNING id`,
          [email.split('@')[0], email],
        )
      )[0].id;
    const refused = await person('recusada.filtro@teste.local');
    const deleted = await person('excluida.filtro@teste.local');
    const approved = await person('aprovada.filtro@teste.local');
    await insertSolicitation(server.database, { userId: refused, status: 'refused' });
    await insertSolicitation(server.database, { userId: refused, status: 'refused' });
    await insertSolicitation(server.database, { userId: deleted, status: 'refused', columns: { deleted_at: new Date().toISOString() } });
    await insertSolicitation(server.database, { userId: approved, status: 'approved' });

    const after = await preview('refused');
    expect(after.status).toBe(200);
    expect(after.body.count).toBe(before + 1);
    const approvedOnes = await call(
      server,
      'messages.preview',
      { channel: 'email', selection: { mode: 'filters', solicitation_status: 'approved', state: 'AC' } },
      tokens.admin,
    );
    expect(approvedOnes.body.count).toBe(0);
    const unknown = await preview('aprovadissima');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: 'selection.solicitation_status', message: expect.stringMatching(/situação de solicitação desconhecida/) });
  });

  it('validates a pasted list for the channel and queues only the valid, distinct entries', async () => {
    const entries = ['(11) 98765-4321', '+55 11 98765-4321', '(20) 91234-5678', 'abc', '21 3333-4444'];
    const preview = await call(server, 'messages.preview', { channel: 'sms', selection: { mode: 'list', entries } }, tokens.operator);
    expect(preview.body).toEqual({
      count: 2,
      sample: [
        { name: null, contact: '+5511987654321' },
        { name: null, contact: '+552133334444' },
      ],
      invalid: ['(20) 91234-5678', 'abc'],
      withoutContact: 0,
    });
    const created = await call(server, 'messages.create', { channel: 'sms', body: 'Oi', selection: { mode: 'list', entries } }, tokens.operator);
    expect(created.body.total).toBe(2);
    const emails = await call(server, 'messages.preview', { channel: 'email', selection: { mode: 'list', entries: ['a@b.com.br', 'nope', 'A@B.com.br'] } }, tokens.operator);
    expect(emails.body).toMatchObject({ count: 1, invalid: ['nope'] });
  });

  it('refuses a broadcast with nothing valid to send, an e-mail without subject and an empty body', async () => {
    const none = await call(server, 'messages.create', { channel: 'sms', body: 'Oi', selection: { mode: 'list', entries: ['abc'] } }, tokens.admin);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Nenhum destinatário válido para este canal.');
    const noSubject = await call(server, 'messages.create', { channel: 'email', body: 'Oi', selection: { mode: 'list', entries: ['x@y.com'] } }, tokens.admin);
    expect(noSubject.status).toBe(400);
    expect(noSubject.body.field).toBe('subject');
    const empty = await call(server, 'messages.create', { channel: 'sms', body: '  ', selection: { mode: 'list', entries: ['(11) 98765-4321'] } }, tokens.admin);
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('body');
    const emptyList = await call(server, 'messages.create', { channel: 'sms', body: 'x', selection: { mode: 'list', entries: [] } }, tokens.admin);
    expect(emptyList.status).toBe(400);
  });
});

describe('sending', () => {
  it('sends an SMS broadcast to the outbox (channel sms, E.164), once per recipient, and logs the creation', async () => {
    const entries = ['(11) 91111-0001', '(21) 92222-0002', '(31) 93333-0003'];
    const created = await call(server, 'messages.create', { channel: 'sms', body: 'Sua parcela vence amanhã.', selection: { mode: 'list', entries } }, tokens.agent);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ channel: 'sms', subject: null, total: 3, created_by_name: 'Alice Agente' });
    const done = await untilDone(server, created.body.id, tokens.agent);
    expect(done).toMatchObject({ total: 3, sent: 3, failed: 0, queued: 0, status: 'done' });
    for (const to of ['+5511911110001', '+5521922220002', '+5531933330003']) {
      const rows = (await server.outbox.list(to)).filter((m) => m.body === 'Sua parcela vence amanhã.');
      expect(rows.map((r) => r.channel)).toEqual(['sms']);
    }
    const recipients = await call(server, 'messages.recipients', { id: created.body.id }, tokens.agent);
    expect(recipients.body.items.map((r: { status: string }) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(recipients.body.items[0].sent_at).toBeTruthy();
    const log = await server.database.rows<{ action: string; after: Record<string, unknown> }>(
      "SELECT action, after FROM activity_log WHERE entity = 'broadcast' AND entity_id = $1",
      [created.body.id],
    );
    expect(log).toEqual([{ action: 'broadcast.create', after: expect.objectContaining({ channel: 'sms', recipients: 3, mode: 'list' }) }]);
  });

  it('sends an e-mail broadcast by filters with its subject to each entrepreneur', async () => {
    const people = (await activeEntrepreneurs()).filter((p) => p.city === 'Salvador');
    const created = await call(server, 'messages.create', { channel: 'email', subject: 'Novidades', body: 'Olá!', selection: { mode: 'filters', city: 'Salvador' } }, tokens.operator);
    expect(created.body.total).toBe(people.length);
    await untilDone(server, created.body.id, tokens.operator);
    for (const p of people) {
      const got = (await server.outbox.list(p.email)).filter((m) => m.subject === 'Novidades');
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ channel: 'email', body: 'Olá!' });
    }
    const page = await call(server, 'messages.recipients', { id: created.body.id, limit: 2, filter: { status: 'sent' }, sort: { field: 'contact', order: 'DESC' } }, tokens.operator);
    expect(page.body.meta).toMatchObject({ totalItems: people.length, pageSize: 2 });
    expect(page.body.items[0].name).toBeTruthy();
  });

  it('lists the history newest first, paged, filtered by channel; unknown filters and sorts are 400; a missing broadcast 404', async () => {
    const list = await call(server, 'messages.list', { limit: 2 }, tokens.admin);
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(2);
    expect(list.body.items[0].id).toBeGreaterThan(list.body.items[1].id);
    expect(list.body.meta.totalItems).toBeGreaterThan(2);
    const sms = await call(server, 'messages.list', { limit: 100, filter: { channel: 'sms' } }, tokens.admin);
    expect(sms.body.items.every((b: { channel: string }) => b.channel === 'sms')).toBe(true);
    expect((await call(server, 'messages.list', { filter: { channel: 'fax' } }, tokens.admin)).status).toBe(400);
    expect((await call(server, 'messages.list', { filter: { body: 'x' } }, tokens.admin)).status).toBe(400);
    expect((await call(server, 'messages.list', { sort: { field: 'body', order: 'ASC' } }, tokens.admin)).status).toBe(400);
    expect((await call(server, 'messages.recipients', { id: list.body.items[0].id, filter: { status: 'lost' } }, tokens.admin)).status).toBe(400);
    expect((await call(server, 'messages.get', { id: 999999 }, tokens.admin)).status).toBe(404);
    expect((await call(server, 'messages.recipients', { id: 999999 }, tokens.admin)).status).toBe(404);
  });
});

describe('LGPD erase', () => {
  it('removes the person from broadcast recipients (by account and by pasted address) and their state/city', async () => {
    const [person] = (await activeEntrepreneurs()).filter((p) => p.city === 'Rio de Janeiro' && normaliseBrazilianPhone(p.phone));
    const byFilter = await call(server, 'messages.create', { channel: 'sms', body: 'LGPD 1', selection: { mode: 'filters', city: 'Rio de Janeiro' } }, tokens.admin);
    const pasted = await call(server, 'messages.create', { channel: 'email', subject: 'LGPD', body: 'LGPD 2', selection: { mode: 'list', entries: [person.email.toUpperCase(), 'outra@pessoa.com.br'] } }, tokens.admin);
    await untilDone(server, byFilter.body.id, tokens.admin);
    await untilDone(server, pasted.body.id, tokens.admin);
    expect((await call(server, 'users.erase', { id: person.id }, tokens.admin)).status).toBe(200);

    const leftovers = await server.database.rows<{ n: number }>(
      'SELECT count(*)::int AS n FROM broadcast_recipients WHERE name = $1 OR contact IN ($2, $3)',
      [person.name, person.email.toLowerCase(), normaliseBrazilianPhone(person.phone)],
    );
    expect(leftovers[0].n).toBe(0);
    const [account] = await server.database.rows<{ state: string | null; city: string | null }>('SELECT state, city FROM users WHERE id = $1', [person.id]);
    expect(account).toEqual({ state: null, city: null });
    // The history keeps its counts; the other recipient is untouched.
    const second = await call(server, 'messages.recipients', { id: pasted.body.id }, tokens.admin);
    expect(second.body.items.map((r: { contact: string }) => r.contact).sort()).toEqual(['anonimizado', 'outra@pessoa.com.br']);
  });
});

// On its own PGlite folder whatever the step (startServer over prepareDataDir): on the PostgreSQL step it would only
// run again on PGlite, so it runs in the PGlite step alone.
describe.skipIf(testDatabaseUrl())('providers and restarts', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  async function freshDir() {
    const prepared = await prepareDataDir('demo');
    dirs.push(prepared.dir);
    return prepared;
  }

  it('marks a recipient failed with the provider’s reason and still sends the others', async () => {
    const { dir, dataDir } = await freshDir();
    const refusing: SmsProvider = {
      name: 'refusing',
      async send(to) {
        if (to === '+5511900000002') throw new Error('Número bloqueado pela operadora');
      },
    };
    const own = await startServer({ dataDir, uploadsDir: join(dir, 'uploads'), smsProvider: refusing });
    try {
      const token = await signIn(own, 'admin@demo.local');
      const created = await call(own, 'messages.create', { channel: 'sms', body: 'x', selection: { mode: 'list', entries: ['11900000001', '11900000002', '11900000003'] } }, token);
      const done = await untilDone(own, created.body.id, token);
      expect(done).toMatchObject({ sent: 2, failed: 1 });
      const failed = await call(own, 'messages.recipients', { id: created.body.id, filter: { status: 'failed' } }, token);
      expect(failed.body.items).toEqual([expect.objectContaining({ contact: '+5511900000002', status: 'failed', error: 'Número bloqueado pela operadora', sent_at: null })]);
    } finally {
      await own.close();
    }
  });

  it('with SMTP configured, e-mails go through SMTP and a refused address is marked failed with the SMTP answer', async () => {
    const { dir, dataDir } = await freshDir();
    const smtp = await fakeSmtp('bounce@');
    const own = await startServer({ dataDir, uploadsDir: join(dir, 'uploads'), smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'bo@demo.local' } });
    try {
      const token = await signIn(own, 'admin@demo.local');
      const created = await call(own, 'messages.create', { channel: 'email', subject: 'Via SMTP', body: 'Corpo', selection: { mode: 'list', entries: ['ok@cliente.com.br', 'bounce@cliente.com.br'] } }, token);
      const done = await untilDone(own, created.body.id, token);
      expect(done).toMatchObject({ sent: 1, failed: 1 });
      const rows = await call(own, 'messages.recipients', { id: created.body.id, sort: { field: 'contact', order: 'DESC' } }, token);
      expect(rows.body.items[0]).toMatchObject({ contact: 'ok@cliente.com.br', status: 'sent' });
      expect(rows.body.items[1]).toMatchObject({ contact: 'bounce@cliente.com.br', status: 'failed' });
      expect(rows.body.items[1].error).toMatch(/550|no such user/);
      expect(smtp.received.join('\n')).toContain('Subject: Via SMTP');
    } finally {
      await own.close();
      await new Promise((r) => smtp.server.close(r));
    }
  });

  it('refuses to start with an SMS provider it does not know', async () => {
    const { dir, dataDir } = await freshDir();
    const previous = process.env.SMS_PROVIDER;
    process.env.SMS_PROVIDER = 'zenvia';
    try {
      await expect(startServer({ dataDir, uploadsDir: join(dir, 'uploads') })).rejects.toThrow(/SMS_PROVIDER "zenvia" desconhecido/);
    } finally {
      if (previous === undefined) delete process.env.SMS_PROVIDER;
      else process.env.SMS_PROVIDER = previous;
    }
  });

  it('stopped mid-queue, a new server on the same data sends the rest: every recipient exactly once', async () => {
    const { dir, dataDir } = await freshDir();
    const entries = phones(24);
    // A second between batches: the stop must come mid-queue even on a loaded machine (at 120 ms all 24 went out first).
    const first = await startServer({ dataDir, uploadsDir: join(dir, 'uploads'), messages: { batchSize: 2, batchPauseMs: 1_000 } });
    let id: number;
    try {
      const token = await signIn(first, 'operador@demo.local');
      const created = await call(first, 'messages.create', { channel: 'sms', body: 'Reinício', selection: { mode: 'list', entries } }, token);
      id = created.body.id;
      // Wait until some, not all, went out.
      for (;;) {
        const now = await call(first, 'messages.get', { id }, token);
        if (now.body.sent >= 4) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await first.close();
    }
    // A clean stop leaves nothing half-done: sent rows, and the rest queued again.
    const between = await openDatabase({ dataDir });
    const midway = await between.rows<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM broadcast_recipients WHERE broadcast_id = $1 GROUP BY status ORDER BY status',
      [id],
    );
    await between.close();
    const byStatus = Object.fromEntries(midway.map((r) => [r.status, r.n]));
    expect(Object.keys(byStatus).sort()).toEqual(['queued', 'sent']);
    expect(byStatus.sent).toBeGreaterThanOrEqual(4);
    const second = await startServer({ dataDir, uploadsDir: join(dir, 'uploads') });
    try {
      const token = await signIn(second, 'operador@demo.local');
      const done = await untilDone(second, id, token);
      expect(done).toMatchObject({ total: 24, sent: 24, failed: 0 });
      const sms = (await second.outbox.list()).filter((m) => m.channel === 'sms' && m.body === 'Reinício');
      expect(sms.map((m) => m.to).sort()).toEqual(entries.map((e) => normaliseBrazilianPhone(e)).sort());
    } finally {
      await second.close();
    }
  });

  it('after a crash: claimed-but-never-attempted rows are sent, rows whose provider call may have happened are failed, never resent', async () => {
    const { dir, dataDir } = await freshDir();
    // A broadcast created with the sender held back (it polls only every minute and was never woken).
    const first = await startServer({ dataDir, uploadsDir: join(dir, 'uploads'), messages: { pollMs: 60_000 } });
    let id: number;
    try {
      // Created through SQL so the running sender is not woken.
      const [b] = await first.database.rows<{ id: number }>(
        "INSERT INTO broadcasts (channel, body, selection) VALUES ('sms', 'Queda', '{\"mode\":\"list\",\"entries\":[\"lista\"]}') RETURNING id",
      );
      id = b.id;
      for (const e of phones(4, 500)) {
        await first.database.rows('INSERT INTO broadcast_recipients (broadcast_id, contact, status) VALUES ($1, $2, $3)', [id, normaliseBrazilianPhone(e), 'queued']);
      }
    } finally {
      await first.close();
    }
    // What a hard crash leaves behind: two rows claimed but not attempted, one attempted, one queued.
    const handle = await openDatabase({ dataDir });
    await handle.rows(
      `UPDATE broadcast_recipients SET status = 'sending', claimed_at = now() - interval '1 hour'
        WHERE broadcast_id = $1 AND id IN (SELECT id FROM broadcast_recipients WHERE broadcast_id = $1 ORDER BY id LIMIT 3)`,
      [id],
    );
    await handle.rows(
      `UPDATE broadcast_recipients SET attempt_id = 'a-crashed-attempt', attempted_at = now() - interval '1 hour'
        WHERE id = (SELECT min(id) FROM broadcast_recipients WHERE broadcast_id = $1)`,
      [id],
    );
    await handle.close();

    const second = await startServer({ dataDir, uploadsDir: join(dir, 'uploads') });
    try {
      const token = await signIn(second, 'admin@demo.local');
      const done = await untilDone(second, id, token);
      expect(done).toMatchObject({ total: 4, sent: 3, failed: 1 });
      const rows = await call(second, 'messages.recipients', { id }, token);
      expect(rows.body.items[0]).toMatchObject({ status: 'failed', error: INTERRUPTED_REASON });
      const sms = (await second.outbox.list()).filter((m) => m.body === 'Queda');
      expect(sms.map((m) => m.to).sort()).toEqual(rows.body.items.slice(1).map((r: { contact: string }) => r.contact).sort());
    } finally {
      await second.close();
    }
  });
});
