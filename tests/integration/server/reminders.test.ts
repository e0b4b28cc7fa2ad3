/**
 * Payment reminders on a migrated database (PGlite, and PostgreSQL with TEST_DATABASE_URL): the run chooses the
 * installments due on the date under the company's rules and queues each once per installment, offset and channel
 * (also when two runs race), honours a borrower's opt-out and a missing e-mail, holds everything back outside working
 * hours and sends it at the next run within them (e-mail through the outbox, SMS through the provider), drops a
 * reminder whose installment was settled meanwhile; then the calls over HTTP: who may call each, what the settings
 * refuse, an opt-out set and read back.
 *
 * Dates: Tuesday 2026-03-03 (a business day); instants are given in UTC (São Paulo is UTC−3), never the machine's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../../src/server/db/connect';
import { migrate } from '../../../src/server/db/migrate';
import { Mailer } from '../../../src/server/platform/mailer';
import { queueReminders, sendQueued } from '../../../src/server/areas/reminders';
import type { SmsProvider } from '../../../src/server/areas/messages';
import { DEFAULT_REMINDER_RULES } from '../../../src/shared/reminders';
import { createTestDatabase, startTestServer, testDatabaseUrl, type TestServer } from '../../helpers/server';
import { insertOperations, type FixtureOperation } from './ledger-accrual-fixtures';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';

const HOURS = { rules: [...DEFAULT_REMINDER_RULES], hours: { start: '08:00', end: '20:00' } };
const DATE = '2026-03-03';
/** 20:30 in São Paulo on Tuesday: outside working hours. */
const EVENING = new Date('2026-03-03T23:30:00Z');
/** 08:00 in São Paulo on Wednesday: the first minute of working hours. */
const MORNING = new Date('2026-03-04T11:00:00Z');

class RecordingSms implements SmsProvider {
  readonly name = 'recording';
  readonly sent: Array<{ to: string; body: string }> = [];
  async send(to: string, body: string): Promise<void> {
    this.sent.push({ to, body });
  }
}

let handle: DbHandle;
let drop: (() => Promise<void>) | undefined;

async function borrower(name: string, document: string, email: string | null, phone: string | null): Promise<number> {
  const [row] = await handle.rows<{ id: number }>("INSERT INTO borrowers (person_type, name, document, email, phone) VALUES ('PF', $1, $2, $3, $4) RETURNING id", [name, document, email, phone]);
  return Number(row.id);
}

const op = (firstDueDate: string, extra: Partial<FixtureOperation> = {}): FixtureOperation => ({
  amortization: 'price',
  principal: '3000.00',
  monthlyRatePercent: '2.00',
  installments: 3,
  disbursementDate: '2026-01-20',
  firstDueDate,
  ...extra,
});

async function rowsOn(date: string) {
  return handle.rows<{ installment_id: number; borrower_id: number; offset_days: number; channel: string; status: string; reason: string | null }>(
    "SELECT installment_id, borrower_id, offset_days, channel, status, reason FROM payment_reminders WHERE scheduled_on = $1 ORDER BY installment_id, offset_days, channel",
    [date],
  );
}

beforeAll(async () => {
  const baseUrl = testDatabaseUrl();
  if (baseUrl) {
    const created = await createTestDatabase(baseUrl);
    drop = created.drop;
    handle = await openDatabase({ databaseUrl: created.url });
  } else {
    handle = await openDatabase({});
  }
  await migrate(handle);
});

afterAll(async () => {
  await handle?.close();
  await drop?.();
});

describe('choosing, queuing and sending', () => {
  let full: number;
  let noEmail: number;
  let noSms: number;
  let ops: number[];
  const sms = new RecordingSms();

  beforeAll(async () => {
    full = await borrower('Ana Lembrete', '529.982.247-25', 'ana@example.com', '(81) 99876-5432');
    noEmail = await borrower('Bruno Sem Email', '111.444.777-35', null, '(11) 98765-4321');
    noSms = await borrower('Carla Sem SMS', '390.533.447-05', 'carla@example.com', '(21) 97654-3210');
    await handle.rows("INSERT INTO reminder_opt_outs (borrower_id, channel) VALUES ($1, 'sms')", [noSms]);
    ops = [
      ...(await insertOperations(handle, full, [op('2026-03-08')])), // −5: due Sunday 08/03
      ...(await insertOperations(handle, noEmail, [op('2026-03-03')])), // 0
      ...(await insertOperations(handle, noSms, [op('2026-02-24')])), // +7
      ...(await insertOperations(handle, full, [op('2026-03-03', { status: 'settled' })])), // not collected: never chosen
      ...(await insertOperations(handle, full, [op('2026-03-03')])), // 0, settled before the morning's sending
      ...(await insertOperations(handle, full, [op('2026-03-05')])), // due on no rule's day
    ];
  });

  it('queues one reminder per installment, offset and channel, skipping the opted-out and the missing e-mail', async () => {
    const first = await queueReminders(handle.db, DATE, HOURS.rules);
    expect(first).toEqual({ queued: 6, skipped: 2 });
    const rows = await rowsOn(DATE);
    const byBorrower = (id: number) => rows.filter((r) => r.borrower_id === id).map((r) => [r.offset_days, r.channel, r.status, r.reason]);
    expect(byBorrower(noEmail)).toEqual([
      [0, 'email', 'skipped', 'no_email'],
      [0, 'sms', 'queued', null],
    ]);
    expect(byBorrower(noSms)).toEqual([
      [7, 'email', 'queued', null],
      [7, 'sms', 'skipped', 'opted_out'],
    ]);
    expect(byBorrower(full).map((r) => r.slice(0, 3))).toEqual([
      [-5, 'email', 'queued'],
      [-5, 'sms', 'queued'],
      [0, 'email', 'queued'],
      [0, 'sms', 'queued'],
    ]);
    const ofSettledOp = await handle.rows('SELECT 1 FROM payment_reminders r JOIN credit_operation_installments i ON i.id = r.installment_id WHERE i.credit_operation_id = $1', [ops[3]]);
    expect(ofSettledOp).toEqual([]);
  });

  it('queues nothing more when run again, nor when two runs race', async () => {
    expect(await queueReminders(handle.db, DATE, HOURS.rules)).toEqual({ queued: 0, skipped: 0 });
    const raced = await Promise.all([queueReminders(handle.db, DATE, HOURS.rules), queueReminders(handle.db, DATE, HOURS.rules)]);
    expect(raced).toEqual([
      { queued: 0, skipped: 0 },
      { queued: 0, skipped: 0 },
    ]);
    expect(await rowsOn(DATE)).toHaveLength(8);
  });

  it('outside working hours sends nothing and holds the queue back with the reason', async () => {
    const mailer = new Mailer(handle.db, undefined);
    const before = (await mailer.list()).length;
    const evening = await sendQueued(handle.db, { mailer, sms }, HOURS, EVENING, DATE, null);
    expect(evening).toEqual({ sent: 0, deferred: 6, failed: 0, withinHours: false });
    expect((await mailer.list()).length).toBe(before);
    expect(sms.sent).toEqual([]);
    expect((await rowsOn(DATE)).filter((r) => r.status === 'queued').every((r) => r.reason === 'outside_hours')).toBe(true);
  });

  it('within working hours sends each queued reminder once, and drops the one whose installment was settled', async () => {
    await handle.rows("UPDATE credit_operation_installments SET paid_on = '2026-03-03' WHERE credit_operation_id = $1 AND number = 1", [ops[4]]);
    const mailer = new Mailer(handle.db, undefined);
    const before = (await mailer.list()).length;
    const morning = await Promise.all([sendQueued(handle.db, { mailer, sms }, HOURS, MORNING, '2026-03-04', null), sendQueued(handle.db, { mailer, sms }, HOURS, MORNING, '2026-03-04', null)]);
    expect(morning[0].sent + morning[1].sent).toBe(4);
    expect(morning[0].failed + morning[1].failed).toBe(2);
    const mails = (await mailer.list()).slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual(['ana@example.com', 'carla@example.com']);
    expect(sms.sent.map((s) => s.to).sort()).toEqual(['+5511987654321', '+5581998765432']);
    const ana = mails.find((m) => m.to === 'ana@example.com')!;
    expect(ana.subject).toBe('Lembrete: parcela 1 vence em 08/03/2026');
    expect(ana.body).toContain('Olá, Ana Lembrete.');
    expect(ana.body).toContain('Vencimento: 08/03/2026');
    expect(ana.body).toMatch(/Valor: R\$ \d/);
    // No slip nor Pix charge on a run without an actor: their lines are left out, never "undefined".
    for (const text of [...mails.map((m) => `${m.subject}\n${m.body}`), ...sms.sent.map((s) => s.body)]) {
      expect(text).not.toMatch(/undefined|null|Linha digitável|Pix/);
    }
    const rows = await rowsOn(DATE);
    expect(rows.filter((r) => r.status === 'queued')).toEqual([]);
    expect(rows.filter((r) => r.reason === 'installment_closed').map((r) => r.channel)).toEqual(['email', 'sms']);
    // A second pass finds nothing left to send.
    expect(await sendQueued(handle.db, { mailer, sms }, HOURS, MORNING, '2026-03-04', null)).toEqual({ sent: 0, deferred: 0, failed: 0, withinHours: true });
    expect(sms.sent).toHaveLength(2);
  });

  it('a provider refusal marks the reminder failed with the error', async () => {
    const rules = [{ offset_days: 1, channels: ['sms' as const] }];
    const picked = await queueReminders(handle.db, '2026-03-09', rules); // due 2026-03-08: the first operation's first installment
    expect(picked).toEqual({ queued: 1, skipped: 0 });
    const refusing: SmsProvider = { name: 'refusing', send: async () => Promise.reject(new Error('número bloqueado')) };
    const answer = await sendQueued(handle.db, { mailer: new Mailer(handle.db, undefined), sms: refusing }, { rules, hours: HOURS.hours }, new Date('2026-03-09T15:00:00Z'), '2026-03-09', null);
    expect(answer).toEqual({ sent: 0, deferred: 0, failed: 1, withinHours: true });
    const [row] = await handle.rows<{ status: string; reason: string; error: string }>("SELECT status, reason, error FROM payment_reminders WHERE scheduled_on = '2026-03-09'");
    expect(row).toEqual({ status: 'failed', reason: 'provider_error', error: 'número bloqueado' });
  });
});

describe('over HTTP', () => {
  let server: TestServer;
  let tokens: Record<DemoRole, string>;
  let borrowerId = 0;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', today: DATE });
    tokens = await signInEveryRole(server);
    const [row] = await server.database.rows<{ id: number }>("INSERT INTO borrowers (person_type, name, document) VALUES ('PF', 'Dora Opção', '529.982.247-25') RETURNING id");
    borrowerId = Number(row.id);
  });
  afterAll(() => server?.close());

  const SETTINGS = { rules: [{ offset_days: -3, channels: ['email'] }, { offset_days: 2, channels: ['sms', 'email'] }], hours_start: '09:00', hours_end: '18:00' };
  const ADMINS = { superadmin: 200, admin: 200, operator: 403, agent: 403, user: 403 };
  const OPERATORS = { superadmin: 200, admin: 200, operator: 200, agent: 403, user: 403 };
  itAnswersTheMatrix(
    [
      ['reminders.settings', {}, OPERATORS],
      ['reminders.saveSettings', SETTINGS, ADMINS],
      ['reminders.run', {}, OPERATORS],
      ['reminders.list', {}, OPERATORS],
      ['reminders.optOuts', { id: 1 }, OPERATORS],
      ['reminders.setOptOuts', { id: 1, channels: [] }, OPERATORS],
    ],
    () => ({ server, tokens }),
  );

  it('answers the defaults, then what an administrator saved, ordered by offset', async () => {
    const fresh = await call(server, 'reminders.settings', {}, tokens.operator);
    expect(fresh.status).toBe(200);
    const saved = await call(server, 'reminders.saveSettings', SETTINGS, tokens.admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ rules: [{ offset_days: -3, channels: ['email'] }, { offset_days: 2, channels: ['email', 'sms'] }], hours_start: '09:00', hours_end: '18:00', saved: true });
    const [log] = await server.database.rows<{ action: string }>("SELECT action FROM activity_log WHERE entity = 'reminder_settings' ORDER BY id DESC LIMIT 1");
    expect(log.action).toBe('reminders.save-settings');
  });

  it.each([
    [{ ...SETTINGS, rules: [{ offset_days: -31, channels: ['email'] }] }, 'rules.0.offset_days'],
    [{ ...SETTINGS, rules: [{ offset_days: 91, channels: ['email'] }] }, 'rules.0.offset_days'],
    [{ ...SETTINGS, rules: [{ offset_days: 1, channels: ['email'] }, { offset_days: 1, channels: ['sms'] }] }, 'rules.1.offset_days'],
    [{ ...SETTINGS, rules: [{ offset_days: 1, channels: [] }] }, 'rules.0.channels'],
    [{ ...SETTINGS, rules: [{ offset_days: 1, channels: ['fax'] }] }, 'rules.0.channels.0'],
    [{ ...SETTINGS, hours_start: '20:00', hours_end: '08:00' }, 'hours_end'],
    [{ ...SETTINGS, hours_start: '8h' }, 'hours_start'],
  ])('refuses invalid settings (case %#) naming %s', async (args, field) => {
    const answer = await call(server, 'reminders.saveSettings', args, tokens.admin);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(field);
  });

  it('sets and reads back a borrower’s opt-outs; an unknown borrower is a 404', async () => {
    const set = await call(server, 'reminders.setOptOuts', { id: borrowerId, channels: ['sms'] }, tokens.operator);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({ borrower_id: borrowerId, channels: ['sms'] });
    expect((await call(server, 'reminders.optOuts', { id: borrowerId }, tokens.operator)).body).toEqual({ borrower_id: borrowerId, channels: ['sms'] });
    expect((await call(server, 'reminders.setOptOuts', { id: borrowerId, channels: [] }, tokens.operator)).body.channels).toEqual([]);
    expect((await call(server, 'reminders.optOuts', { id: 99999 }, tokens.operator)).status).toBe(404);
  });

  it('runs on demand and lists what it did', async () => {
    const run = await call(server, 'reminders.run', {}, tokens.operator);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.date).toBe(DATE);
    const list = await call(server, 'reminders.list', { status: 'queued' }, tokens.operator);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.page_size).toBe(50);
    expect((await call(server, 'reminders.list', { status: 'lost' }, tokens.operator)).status).toBe(400);
  });
});
