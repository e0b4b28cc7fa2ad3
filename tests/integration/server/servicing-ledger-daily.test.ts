/**
 * The per-day account balances (migration 0021) that the trial balance sums:
 * always equal to the journal's own sums, by day and account, after the demo
 * seed's flows (real services), after concurrent payments on different
 * operations, and after random balanced postings; an unbalanced posting is
 * refused by the database (migration 0033's statement check); the trial balance on any
 * date equals the sum over journal_entries up to it. On PostgreSQL (run with
 * TEST_DATABASE_URL) the concurrency cases are real: payments of different
 * operations post at once, and two postings taking accounts in opposite
 * orders must not deadlock on the balance rows.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { key } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let operationId: number;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  tokens = await signInEveryRole(server);
  [{ id: operationId }] = await server.database.rows<{ id: number }>('SELECT min(id)::int AS id FROM credit_operations');
});

afterAll(async () => {
  await server?.close();
});

/** Rows of the daily table that differ from the journal's sums by day and account (none when they agree). */
async function disagreements(): Promise<unknown[]> {
  return server.database.rows(`
    WITH raw AS (
      SELECT business_date, account,
             coalesce(sum(amount) FILTER (WHERE side = 'debit'), 0) AS debits,
             coalesce(sum(amount) FILTER (WHERE side = 'credit'), 0) AS credits
        FROM journal_entries GROUP BY business_date, account)
    SELECT coalesce(r.business_date, d.business_date)::text AS day, coalesce(r.account, d.account) AS account,
           r.debits::text AS raw_debits, d.debits::text AS daily_debits, r.credits::text AS raw_credits, d.credits::text AS daily_credits
      FROM raw r FULL JOIN ledger_daily_balances d ON d.business_date = r.business_date AND d.account = r.account
     WHERE r.debits IS DISTINCT FROM d.debits OR r.credits IS DISTINCT FROM d.credits`);
}

/** The trial balance's accounts on `date`, against SUM over journal_entries dated up to it. */
async function expectTrialBalanceIsTheRawSum(date: string): Promise<void> {
  const tb = await call(server, 'ledger.trialBalance', { date }, tokens.operator);
  expect(tb.status).toBe(200);
  const raw = await server.database.rows<{ account: string; debits: string; credits: string }>(
    `SELECT account, coalesce(sum(amount) FILTER (WHERE side = 'debit'), 0)::text AS debits, coalesce(sum(amount) FILTER (WHERE side = 'credit'), 0)::text AS credits
       FROM journal_entries WHERE business_date <= $1::date GROUP BY account`,
    [date],
  );
  const byAccount = new Map(raw.map((r) => [r.account, r]));
  for (const a of tb.body.accounts as Array<{ account: string; debits: string; credits: string }>) {
    const r = byAccount.get(a.account);
    expect({ account: a.account, debits: a.debits, credits: a.credits }).toEqual({
      account: a.account,
      debits: new Decimal(r?.debits ?? 0).toFixed(2),
      credits: new Decimal(r?.credits ?? 0).toFixed(2),
    });
  }
  expect(tb.body.difference).toBe('0.00');
}

describe('per-day balances', () => {
  it("equal the journal's sums after the demo seed's money flows, and the trial balance is the raw sum on any date", async () => {
    const [{ n }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries');
    expect(n).toBeGreaterThan(0);
    expect(await disagreements()).toEqual([]);
    const days = await server.database.rows<{ day: string }>(
      "SELECT DISTINCT business_date::text AS day FROM journal_entries ORDER BY 1",
    );
    const probe = [days[0].day, days[Math.floor(days.length / 2)].day, days[days.length - 1].day, server.clock.today(), '2000-01-01'];
    for (const day of probe) await expectTrialBalanceIsTheRawSum(day);
  });

  it('concurrent payments on different operations all post, and the balances follow', async () => {
    const today = server.clock.today();
    const open = await server.database.rows<{ id: number; op: number }>(
      `SELECT DISTINCT ON (i.credit_operation_id) i.id, i.credit_operation_id AS op
         FROM credit_operation_installments i JOIN credit_operations o ON o.id = i.credit_operation_id
        WHERE o.status = 'disbursed' AND i.paid_on IS NULL AND i.superseded_in IS NULL AND i.payment >= 100
          AND NOT EXISTS (SELECT 1 FROM installment_states s WHERE s.installment_id = i.id AND s.status IS NOT NULL)
        ORDER BY i.credit_operation_id, i.due_date, i.id LIMIT 8`,
    );
    expect(open.length).toBeGreaterThan(3);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        open.map((t) =>
          call(server, 'servicing.pay', { id: t.op, installment: t.id, idempotency_key: key(), amount: '1.00', paid_on: today, method: 'pix' }, tokens.operator),
        ),
      );
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
      // The answer is the installment's details with the new payment, as the details call reads it.
      const t = open[round];
      const [last] = answers[round].body.transactions.slice(-1) as Array<{ amount: string; actor_name: string | null }>;
      expect(last.amount).toBe('1.00');
      expect(last.actor_name).not.toBeNull();
      const read = await call(server, 'servicing.installmentDetails', { id: t.op, installment: t.id }, tokens.operator);
      expect(read.body).toEqual(answers[round].body);
    }
    expect(await disagreements()).toEqual([]);
    await expectTrialBalanceIsTheRawSum(today);
  });

  it('two postings taking the same accounts in opposite orders both commit (no deadlock on the balance rows)', async () => {
    const day = server.clock.today();
    // A write-off's lines (no bank), then a payment's (bank); the other transaction the other way round.
    const writeOff = `INSERT INTO journal_entries (posting_id, kind, account, side, amount, credit_operation_id, business_date)
      SELECT p, 'write_off', a, s, 5, ${operationId}, '${day}'::date FROM (SELECT nextval('journal_posting_ids') AS p) q,
      (VALUES ('credit_losses', 'debit'), ('loans_receivable', 'credit')) v(a, s)`;
    const payment = `INSERT INTO journal_entries (posting_id, kind, account, side, amount, credit_operation_id, business_date)
      SELECT p, 'payment', a, s, 7, ${operationId}, '${day}'::date FROM (SELECT nextval('journal_posting_ids') AS p) q,
      (VALUES ('bank', 'debit'), ('loans_receivable', 'credit')) v(a, s)`;
    const transaction = (first: string, second: string) => `DO $$ BEGIN ${first}; PERFORM pg_sleep(0.3); ${second}; END $$`;
    await Promise.all([server.database.rows(transaction(writeOff, payment)), server.database.rows(transaction(payment, writeOff))]);
    expect(await disagreements()).toEqual([]);
    await expectTrialBalanceIsTheRawSum(day);
  });

  it('an unbalanced posting, or a posting split over two statements, is refused and nothing of its transaction stays', async () => {
    const lines = (id: string, pairs: Array<[string, string, number]>) =>
      `INSERT INTO journal_entries (posting_id, kind, account, side, amount, credit_operation_id, business_date)
       SELECT ${id}, 'payment', a, s, m, ${operationId}, '${server.clock.today()}'::date FROM (VALUES ${pairs.map(([a, s, m]) => `('${a}', '${s}', ${m})`).join(', ')}) v(a, s, m)`;
    const count = async () => (await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries'))[0].n;
    const before = await count();
    const [{ id }] = await server.database.rows<{ id: number }>("SELECT nextval('journal_posting_ids')::int AS id");
    await expect(server.database.rows(lines(String(id), [['bank', 'debit', 7], ['loans_receivable', 'credit', 6]]))).rejects.toThrow(/unbalanced by 1/);
    // Balanced by the end of the transaction but not by each statement: a posting's lines go in one statement.
    const split = `DO $$ BEGIN ${lines(String(id), [['bank', 'debit', 7]])}; ${lines(String(id), [['loans_receivable', 'credit', 7]])}; END $$`;
    await expect(server.database.rows(split)).rejects.toThrow(/unbalanced by 7/);
    // Balanced lines added to a balanced posting keep it balanced.
    await server.database.rows(lines(String(id), [['bank', 'debit', 3], ['loans_receivable', 'credit', 3]]));
    await server.database.rows(lines(String(id), [['bank', 'debit', 2], ['loans_receivable', 'credit', 2]]));
    expect(await count()).toBe(before + 4);
    expect(await disagreements()).toEqual([]);
  });

  it('random balanced postings, one or several per statement, keep the balances equal to the raw sums (property)', async () => {
    const accounts = ['bank', 'loans_receivable', 'iof_payable', 'interest_income', 'fee_income', 'late_charge_income', 'credit_losses'] as const;
    const cents = fc.integer({ min: 1, max: 5_000_000 });
    const posting = fc.record({
      day: fc.integer({ min: 0, max: 40 }),
      debits: fc.array(fc.record({ account: fc.constantFrom(...accounts), cents }), { minLength: 1, maxLength: 3 }),
      creditAccounts: fc.array(fc.constantFrom(...accounts), { minLength: 1, maxLength: 2 }),
    });
    const statement = fc.array(posting, { minLength: 1, maxLength: 4 });
    const dayOf = (n: number) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10);
    await fc.assert(
      fc.asyncProperty(fc.array(statement, { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 45 }), async (statements, probe) => {
        for (const postings of statements) {
          const values: string[] = [];
          for (const p of postings) {
            const [{ id }] = await server.database.rows<{ id: number }>("SELECT nextval('journal_posting_ids')::int AS id");
            const total = p.debits.reduce((s, d) => s + d.cents, 0);
            // The credit side splits the total over its accounts, the last taking the remainder.
            const share = Math.floor(total / p.creditAccounts.length);
            const credits = p.creditAccounts.map((account, i) => ({ account, cents: i === p.creditAccounts.length - 1 ? total - share * i : share }));
            for (const [side, lines] of [['debit', p.debits], ['credit', credits]] as const) {
              for (const l of lines) {
                if (l.cents > 0) values.push(`(${id}, 'payment', '${l.account}', '${side}', ${new Decimal(l.cents).div(100).toFixed(2)}, ${operationId}, '${dayOf(p.day)}'::date)`);
              }
            }
          }
          await server.database.rows(
            `INSERT INTO journal_entries (posting_id, kind, account, side, amount, credit_operation_id, business_date) VALUES ${values.join(', ')}`,
          );
        }
        expect(await disagreements()).toEqual([]);
        await expectTrialBalanceIsTheRawSum(dayOf(probe));
      }),
      { seed: 2021, numRuns: 25 },
    );
  });
});
