/**
 * The server's own run of the renegotiation break rule (areas/renegotiation/break-job.ts), on PGlite and PostgreSQL,
 * run by calling its tick (the server's `jobs`), never by waiting for its timer: once per business date (the day's
 * row; a second run that day does nothing), the agreement broken by the rule without an actor, two runs at once
 * breaking it once and recording the day once, a run skipped while another server holds the job's lock (PostgreSQL:
 * the lock held by another connection), the days' rows append-only.
 *
 * The agreement: the same as renegotiation-collect's (five installments from Monday 2026-06-22, a business day); the company's
 * renegotiation_break_days is 30: 30 days after the first installment's due date it is kept, 31 days after broken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BREAK_CHECK_INTERVAL_MS } from '../../../src/server/areas/renegotiation';
import { testDatabaseUrl, type TestServer } from '../../helpers/server';
import { call, type DemoRole } from './client';
import { startWithAgreement } from './renegotiation-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let agreementId = 0;
/** The first installment's due date + n days. */
let late: (n: number) => string;

type Row = Record<string, any>;
const LOCK = "hashtext('renegotiation_break_job')";

async function runs(): Promise<Row[]> {
  return server.database.rows<Row>('SELECT business_date::text AS day, broken FROM renegotiation_break_runs ORDER BY business_date');
}

async function breaks(): Promise<Row[]> {
  return server.database.rows<Row>('SELECT agreement_id, broken_on::text AS broken_on, days_late, actor_id FROM renegotiation_breaks WHERE agreement_id = $1', [agreementId]);
}

beforeAll(async () => {
  const fixture = await startWithAgreement({ borrower: 'Rita Rompe Acordo', conditions: { first_due_date: '2026-06-22' } });
  ({ server, tokens } = fixture);
  agreementId = fixture.agreement.id;
  const due: string = fixture.agreement.collection.installments[0].due_date;
  late = (n) => {
    const d = new Date(`${due}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  };
}, 300_000);
afterAll(() => server?.close());

describe('the break job', () => {
  it('looks every hour by default (the rule itself runs once a day)', () => {
    expect(BREAK_CHECK_INTERVAL_MS).toBe(60 * 60 * 1000);
  });

  it('at N days late: runs, breaks nothing, records the day; a second run that day does nothing', async () => {
    server.clock.set(late(30));
    expect(await server.jobs.renegotiationBreaks()).toEqual({ ran: true, broken: [] });
    expect(await server.jobs.renegotiationBreaks()).toEqual({ ran: false, reason: 'done' });
    expect(await runs()).toEqual([{ day: late(30), broken: 0 }]);
    expect(await breaks()).toEqual([]);
  });

  it('more than N: two runs at once break the agreement once, without an actor, and record the day once', async () => {
    server.clock.set(late(31));
    const raced = await Promise.all([server.jobs.renegotiationBreaks(), server.jobs.renegotiationBreaks()]);
    const ran = raced.filter((r) => r.ran);
    expect(ran).toEqual([{ ran: true, broken: [agreementId] }]);
    expect(raced.filter((r) => !r.ran)).toHaveLength(1);
    expect(await breaks()).toEqual([{ agreement_id: agreementId, broken_on: late(31), days_late: 31, actor_id: null }]);
    expect(await runs()).toEqual([
      { day: late(30), broken: 0 },
      { day: late(31), broken: 1 },
    ]);
    const [log] = await server.database.rows<Row>("SELECT actor_id FROM activity_log WHERE action = 'renegotiation.break' AND entity_id = $1", [agreementId]);
    expect(log.actor_id).toBeNull();
    const view = await call(server, 'renegotiation.get', { id: agreementId }, tokens.operator);
    expect(view.body.collection.broken).toMatchObject({ broken_on: late(31), installment_number: 1, days_late: 31, break_days: 30 });
  });

  it('the next day: runs again and breaks nothing more (the agreement stays broken once)', async () => {
    server.clock.set(late(32));
    expect(await server.jobs.renegotiationBreaks()).toEqual({ ran: true, broken: [] });
    expect(await breaks()).toHaveLength(1);
  });

  it.runIf(testDatabaseUrl())('PostgreSQL: while another server holds the job’s lock the run is skipped, then it runs', async () => {
    server.clock.set(late(33));
    // The owner's one pooled connection keeps a session lock across its statements: another server's run under way.
    await server.owner.rows(`SELECT pg_advisory_lock(${LOCK})`);
    try {
      expect(await server.jobs.renegotiationBreaks()).toEqual({ ran: false, reason: 'busy' });
      expect((await runs()).map((r) => r.day)).not.toContain(late(33));
    } finally {
      await server.owner.rows(`SELECT pg_advisory_unlock(${LOCK})`);
    }
    expect(await server.jobs.renegotiationBreaks()).toEqual({ ran: true, broken: [] });
  });

  it('the days’ rows are append-only', async () => {
    await expect(server.database.rows('UPDATE renegotiation_break_runs SET broken = 5')).rejects.toThrow();
    await expect(server.database.rows('DELETE FROM renegotiation_break_runs')).rejects.toThrow();
  });
});
