/**
 * The monthly close's races, on the demo seed's books:
 * - two administrators approving the same pending close at the same moment: exactly one close runs, the other hears
 *   409 in Portuguese (nothing pending), the allowance is posted once;
 * - an approval of month B racing the undo of month A, the close before it (rounds, half with the undo sent first):
 *   exactly one stands. The approval first: the undo is a 409 (A is no longer the latest close). The undo first: it
 *   cancels B's pending request (its figures were asked on A's allowance), and the approval is a 409.
 * - two administrators asking for the same month at once: one request, the other a 409 (one pending already).
 * After every round the allowance account equals the allowance of the latest close in force and the books balance.
 *
 * The close takes its advisory lock as the first statement of ask, decide and undo (close/close.ts). On PGlite (one
 * connection) the two requests run one after the other, so the file checks the same outcomes without a real race;
 * with TEST_DATABASE_URL (CI's PostgreSQL step, `npm test`'s throwaway cluster) they interleave.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabaseUrl, type TestServer } from '../../helpers/server';
import { endedMonths } from './close-months';
import { call, signIn, signInEveryRole, type Answer, type DemoRole } from './client';

const ROUNDS = 4;

let server: TestServer;
let tokens: Record<DemoRole, string>;
let admin2: string;
let monthA: string;
let monthB: string;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  tokens = await signInEveryRole(server);
  await server.database.rows(
    "INSERT INTO users (name, email, password_hash, role_id, active, email_confirmed) SELECT 'Adelaide Admin', 'admin2@demo.local', password_hash, role_id, true, true FROM users WHERE email = 'admin@demo.local'",
  );
  admin2 = await signIn(server, 'admin2@demo.local');
  const months = await endedMonths(server);
  expect(months.length).toBeGreaterThan(1);
  [monthA, monthB] = months.slice(-2);
});

afterAll(async () => {
  await server?.close();
});

async function ask(month: string): Promise<void> {
  const asked = await call(server, 'ledger.closeAsk', { month }, tokens.admin);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
}

async function approve(month: string, token: string): Promise<Answer> {
  return call(server, 'ledger.closeDecide', { month, approve: true }, token);
}

async function closeMonth(month: string): Promise<void> {
  await ask(month);
  const decided = await approve(month, tokens.superadmin);
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
}

/** The allowance account equals the latest close in force's allowance; the books balance. */
async function expectAllowanceOfLatestClose(): Promise<void> {
  const [books] = await server.database.rows<{ allowance: string; difference: string }>(
    `SELECT coalesce(sum(CASE WHEN account = 'allowance_for_credit_losses' THEN CASE WHEN side = 'credit' THEN amount ELSE -amount END ELSE 0 END), 0)::text AS allowance,
            coalesce(sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END), 0)::text AS difference
       FROM journal_entries`,
  );
  const [latest] = await server.database.rows<{ allowance: string }>("SELECT allowance::text FROM ledger_closes WHERE status = 'closed' ORDER BY month DESC LIMIT 1");
  expect(new Decimal(books.allowance).toFixed(2)).toBe(new Decimal(latest?.allowance ?? 0).toFixed(2));
  expect(new Decimal(books.difference).toFixed(2)).toBe('0.00');
}

async function closedRows(month: string): Promise<number> {
  const [row] = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM ledger_closes WHERE month = $1 AND status = 'closed'", [month]);
  return row.n;
}

async function runs(): Promise<number> {
  const [row] = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM activity_log WHERE action = 'ledger-close.run'");
  return row.n;
}

describe(`the monthly close's races${testDatabaseUrl() ? ' on PostgreSQL' : ' (PGlite: one request after the other)'}`, () => {
  it('two administrators approve the same pending close at once: one close, one 409, the allowance posted once', async () => {
    await closeMonth(monthA);
    await ask(monthB);
    const before = await runs();
    const answers = await Promise.all([approve(monthB, tokens.superadmin), approve(monthB, admin2)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409]);
    const loser = answers.find((a) => a.status === 409)!;
    expect(JSON.stringify(loser.body)).toContain(`Não há pedido de fechamento de ${monthB} aguardando aprovação`);
    expect(await closedRows(monthB)).toBe(1);
    expect(await runs()).toBe(before + 1);
    const [postings] = await server.database.rows<{ n: number }>(
      "SELECT count(DISTINCT j.posting_id)::int AS n FROM journal_entries j JOIN ledger_closes c ON c.posting_id = j.posting_id WHERE c.month = $1 AND c.status = 'closed'",
      [monthB],
    );
    const [close] = await server.database.rows<{ change: string }>("SELECT (allowance - previous_allowance)::text AS change FROM ledger_closes WHERE month = $1 AND status = 'closed'", [monthB]);
    expect(postings.n).toBe(new Decimal(close.change).isZero() ? 0 : 1);
    await expectAllowanceOfLatestClose();
  });

  it('an approval racing the undo of the close before it: exactly one stands, the other is a 409 in Portuguese', async () => {
    // From the first test: A and B closed. Each round starts from A closed and B asked.
    expect((await call(server, 'ledger.closeUndo', { month: monthB }, tokens.admin)).status).toBe(200);
    await ask(monthB);
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const undo = () => call(server, 'ledger.closeUndo', { month: monthA }, admin2);
      const approval = () => approve(monthB, tokens.superadmin);
      const [u, a] = round % 2 === 0 ? await Promise.all([undo(), approval()]) : (await Promise.all([approval(), undo()])).reverse();
      expect([u.status, a.status].sort(), JSON.stringify([u.body, a.body])).toEqual([200, 409]);
      if (a.status === 200) {
        outcomes.push('approval');
        expect(JSON.stringify(u.body)).toContain(`Só o último fechamento pode ser desfeito: ${monthB} foi fechado depois de ${monthA}`);
        expect(await closedRows(monthA)).toBe(1);
        expect(await closedRows(monthB)).toBe(1);
        await expectAllowanceOfLatestClose();
        expect((await call(server, 'ledger.closeUndo', { month: monthB }, tokens.admin)).status).toBe(200);
      } else {
        outcomes.push('undo');
        expect(JSON.stringify(a.body)).toContain(`Não há pedido de fechamento de ${monthB} aguardando aprovação`);
        expect(await closedRows(monthA)).toBe(0);
        expect(await closedRows(monthB)).toBe(0);
        const [request] = await server.database.rows<{ status: string; reason: string }>(
          "SELECT status, reason FROM approval_requests WHERE kind = 'ledger.close' AND entity_id = $1 ORDER BY id DESC LIMIT 1",
          [Number(monthB.replace('-', ''))],
        );
        expect(request.status).toBe('cancelled');
        expect(request.reason).toContain(`o fechamento de ${monthA} foi desfeito`);
        await expectAllowanceOfLatestClose();
        await closeMonth(monthA);
      }
      await expectAllowanceOfLatestClose();
      await ask(monthB);
    }
    expect(outcomes).toHaveLength(ROUNDS);
  });

  it('an undo cancels the pending requests of later months; two asks at once open one request', async () => {
    // A closed, B asked (the last round asked it).
    expect((await call(server, 'ledger.closeUndo', { month: monthA }, tokens.admin)).status).toBe(200);
    const inbox = await call(server, 'approvals.inbox', { filter: { kind: 'ledger.close' } }, tokens.superadmin);
    expect(inbox.status).toBe(200);
    expect(inbox.body.items).toHaveLength(0);
    // Two administrators asking for the same month at once: one request, the other hears it is pending.
    const asks = await Promise.all([call(server, 'ledger.closeAsk', { month: monthA }, tokens.admin), call(server, 'ledger.closeAsk', { month: monthA }, tokens.superadmin)]);
    expect(asks.map((a) => a.status).sort(), JSON.stringify(asks.map((a) => a.body))).toEqual([200, 409]);
    expect(JSON.stringify(asks.find((a) => a.status === 409)!.body)).toContain(`Já há um pedido de fechamento de ${monthA} aguardando aprovação`);
    const again = await call(server, 'approvals.inbox', { filter: { kind: 'ledger.close' } }, tokens.superadmin);
    expect(again.body.items).toHaveLength(1);
    const asker = asks[0].status === 200 ? tokens.admin : tokens.superadmin;
    expect((await approve(monthA, asker === tokens.admin ? admin2 : tokens.admin)).status).toBe(200);
    await expectAllowanceOfLatestClose();
  });
});
