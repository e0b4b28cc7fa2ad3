/**
 * The Doc 3040's guarantees and month income on the demo portfolio (PGlite, and PostgreSQL with TEST_DATABASE_URL):
 * an operation with a secured guarantee pledged and a company whose shareholder signs as avalista carry their `Gar`
 * elements, and the file still passes every offline rule; RendMes of each operation is the interest income the
 * journal's accrual postings recognised in the data-base month (plus, in stage 3, the interest received that month).
 *
 * The accrual runs twice (end of October, end of November) so November's postings are that month's increment only;
 * the close's positions are written here from the schedules, as doc3040.test.ts does (the close's run is its area's).
 *
 * The same month is the paged reader's byte-for-byte case: each part of the file (one part, and the month split in
 * parts of two clients) and the check's failures (a copy of the month whose stages break a rule) are what the reader
 * before it wrote (tests/fixtures/scr3040-before) over the same data.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocument } from '../../../src/server/domain/scr3040/checks';
import { checkMonth, filePart } from '../../../src/server/areas/regulatory/doc3040/service';
import { CLIENTS_PER_PART } from '../../../src/server/domain/scr3040/writer';
import { referencePart, runChecks } from '../../fixtures/scr3040-before/reader';
import { attr, parseXml, type XmlElement } from '../../../src/server/domain/scr3040/xml';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';

let server: TestServer;
let tokens: Record<DemoRole, string>;
const MONTH = '2026-11';
const AS_OF = '2026-11-30';

type Row = Record<string, any>;
let secured: Row;
let company: Row | undefined;
let stage3: Row;

async function closeMonth(stage3Op: number, month = MONTH, asOf = AS_OF, breakStage = false): Promise<void> {
  const [close] = await server.database.rows<{ id: number }>(
    "INSERT INTO ledger_closes (month, as_of, business_date, status, operations, balance, allowance, previous_allowance) VALUES ($1, $2, $2, 'closed', 0, 0, 0, 0) RETURNING id",
    [month, asOf],
  );
  await server.database.rows(
    `INSERT INTO ledger_close_positions (close_id, credit_operation_id, borrower_id, stage, stage_reason, portfolio, days_late, months_in_default, defaulted, restructured, principal, accrued, balance, provision_rate, provision)
     SELECT $1, o.id, o.borrower_id,
            CASE WHEN o.id = $3 OR s.late > 90 THEN '3' WHEN s.late > 30 ${breakStage ? 'AND false' : ''} THEN '2' ELSE '1' END,
            CASE WHEN o.id = $3 THEN 'restructured' WHEN s.late > 90 THEN 'late_over_90' WHEN s.late > 30 THEN 'late_over_30' ELSE 'performing' END,
            CASE WHEN b.person_type = 'PJ' THEN 'C4' ELSE 'C5' END,
            s.late, 0, false, o.id = $3, s.balance, 0, s.balance, 1.9, round(s.balance * 0.019, 2)
       FROM (SELECT i.credit_operation_id AS op, sum(i.amortization) AS balance, greatest(0, $2::date - min(i.due_date)) AS late
               FROM credit_operation_installments i
              WHERE i.superseded_in IS NULL AND i.collecting AND (i.paid_on IS NULL OR i.paid_on > $2::date)
              GROUP BY i.credit_operation_id) s
       JOIN credit_operations o ON o.id = s.op AND o.disbursement_date <= $2::date
       JOIN borrowers b ON b.id = o.borrower_id`,
    [close.id, asOf, stage3Op],
  );
}

/** The journal's interest income of the month per operation, by kind group, straight from SQL. */
async function journalIncome(op: number): Promise<{ accrued: Decimal; received: Decimal }> {
  const [row] = await server.database.rows<{ accrued: string; received: string }>(
    `SELECT coalesce(sum(CASE WHEN side = 'credit' THEN amount ELSE -amount END) FILTER (WHERE kind IN ('interest_accrual', 'accrual_reversal')), 0)::text AS accrued,
            coalesce(sum(CASE WHEN side = 'credit' THEN amount ELSE -amount END) FILTER (WHERE kind IN ('payment', 'prepayment', 'reversal', 'reallocation', 'renegotiation_payment', 'renegotiation_payment_reversal')), 0)::text AS received
       FROM journal_entries WHERE credit_operation_id = $1 AND account = 'interest_income' AND business_date BETWEEN '2026-11-01' AND '2026-11-30'`,
    [op],
  );
  return { accrued: new Decimal(row.accrued), received: new Decimal(row.received) };
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  tokens = await signInEveryRole(server);
  for (const date of ['2026-10-31', AS_OF]) {
    const run = await call(server, 'ledgerAccrual.run', { date }, tokens.admin);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
  }
  // Operations owing at the data-base: the first of an individual still accruing (a vehicle pledged to it), the first of a
  // company (its avalista), and another read as restructured (stage 3).
  const owing = await server.database.rows<Row>(
    `SELECT o.id, o.contract_kind AS kind, o.borrower_id, b.person_type,
            EXISTS (SELECT 1 FROM journal_entries j WHERE j.credit_operation_id = o.id AND j.kind = 'interest_accrual' AND j.business_date = $1::date) AS accruing
       FROM credit_operations o JOIN borrowers b ON b.id = o.borrower_id
      WHERE o.disbursement_date <= $1::date AND EXISTS (SELECT 1 FROM credit_operation_installments i WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.collecting AND (i.paid_on IS NULL OR i.paid_on > $1::date))
      ORDER BY o.id`,
    [AS_OF],
  );
  secured = owing.find((o) => o.person_type === 'PF' && o.accruing)!;
  company = owing.find((o) => o.person_type === 'PJ');
  stage3 = owing.find((o) => o.id !== secured.id && o.id !== company?.id)!;
  const [g] = await server.database.rows<{ id: number }>(
    "INSERT INTO borrower_secured_guarantees (borrower_id, kind, description, value) VALUES ($1, 'vehicle', 'Automóvel em garantia', 45000.00) RETURNING id",
    [secured.borrower_id],
  );
  await server.database.rows('UPDATE credit_operations SET secured_guarantee_ids = ARRAY[$1::int] WHERE id = $2', [g.id, secured.id]);
  if (company) {
    await server.database.rows(
      "INSERT INTO borrower_shareholders (borrower_id, name, document, share_percent, signs_as_guarantor) VALUES ($1, 'Sócia Avalista', '529.982.247-25', 60, true), ($1, 'Sócio Não Avalista', '390.533.447-05', 40, false)",
      [company.borrower_id],
    );
  }
  await closeMonth(stage3.id);
  // October with stage 1 past 30 days late: the check lists failures (the byte-for-byte case of the check).
  await closeMonth(stage3.id, '2026-10', '2026-10-31', true);
});
afterAll(() => server?.close());

let ops: XmlElement[] = [];
const opOf = (o: Row) => ops.find((e) => attr(e, 'Contrt') === `${o.kind}${String(o.id).padStart(9, '0')}`);

describe('Gar and RendMes in the Doc 3040', () => {
  it('the file passes every offline rule with the guarantees written', async () => {
    const check = await call(server, 'doc3040.check', { month: MONTH }, tokens.admin);
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.failures, JSON.stringify(check.body.failures.slice(0, 5))).toEqual([]);
    const answer = await call(server, 'doc3040.file', { month: MONTH, part: 1 }, tokens.admin);
    expect(answer.status).toBe(200);
    const root = parseXml(new TextDecoder().decode(answer.body));
    expect(checkDocument(root)).toEqual([]);
    ops = root.children.filter((c) => c.name === 'Cli').flatMap((c) => c.children);
  });

  it('the operation with a vehicle pledged carries its Gar: the code and the original value', () => {
    const op = opOf(secured);
    expect(op, 'reported one by one').toBeDefined();
    expect(op!.children.filter((c) => c.name === 'Gar').map((g) => g.attrs)).toEqual([[['Tp', '0499'], ['VlrOrig', '45000.00']]]);
  });

  it('a company’s operations carry its avalista (0901, the CPF, 100 %), not the shareholder who does not sign', () => {
    if (!company) return; // the demo always has a company today; kept safe if it changes
    const op = opOf(company);
    if (!op) return; // aggregated (under R$ 200): no Gar in Agreg
    expect(op.children.filter((c) => c.name === 'Gar').map((g) => g.attrs)).toEqual([[['Tp', '0901'], ['Ident', '52998224725'], ['PercGar', '100.00']]]);
  });

  it('RendMes is the month’s accrual postings; in stage 3 it adds the interest received', async () => {
    let compared = 0;
    for (const o of [secured, stage3, ...(company ? [company] : [])]) {
      const op = opOf(o);
      if (!op) continue;
      const block = op.children.find((c) => c.name === 'ContInstFinRes4966')!;
      const { accrued, received } = await journalIncome(o.id);
      const expected = Decimal.max(0, o.id === stage3.id ? accrued.plus(received) : accrued).toFixed(2);
      expect(attr(block, 'RendMes'), `operation ${o.id}`).toBe(expected);
      compared += 1;
    }
    expect(compared).toBeGreaterThanOrEqual(2);
    // The accrual did post in November for the operation with the guarantee (a performing operation).
    expect((await journalIncome(secured.id)).accrued.gt(0)).toBe(true);
  });
});

describe('the paged reader writes what the reader before it wrote', () => {
  const decode = async (stream: NodeJS.ReadableStream) => {
    let text = '';
    for await (const chunk of stream) text += chunk.toString();
    return text;
  };

  it('each part of the file, in one part and in parts of two clients, byte for byte', async () => {
    const [{ id: actor }] = await server.database.rows<{ id: number }>("SELECT id FROM users WHERE email = 'admin@demo.local'");
    const db = server.database.db;
    let compared = 0;
    for (const perPart of [CLIENTS_PER_PART, 2]) {
      const { plans } = await runChecks(db, MONTH, 1, perPart);
      if (perPart === 2) expect(plans.length).toBeGreaterThan(1);
      for (const plan of plans) {
        const { stream } = await filePart(db, MONTH, plan.parte, actor, perPart);
        const text = await decode(stream);
        expect(text, `part ${plan.parte} of ${plans.length}`).toBe(await referencePart(db, MONTH, plan.parte, perPart));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(2);
  });

  it('the check of a month that fails: the same failures, named alike, in parts too', async () => {
    const [{ id: actor }] = await server.database.rows<{ id: number }>("SELECT id FROM users WHERE email = 'admin@demo.local'");
    const db = server.database.db;
    for (const perPart of [CLIENTS_PER_PART, 2]) {
      const before = await runChecks(db, '2026-10', 1001, perPart);
      const now = await checkMonth(db, '2026-10', actor, perPart);
      expect(before.failures.length).toBeGreaterThan(0);
      expect(now.parts).toBe(before.plans.length);
      expect(now.operations).toBe(before.index.operations);
      expect([now.clients, now.aggregated_clients]).toEqual([before.index.individual.length, before.index.aggregated.length]);
      expect(now.failures).toEqual(
        before.failures.slice(0, 1000).map((f) => ({
          ...f,
          source: expect.any(String),
          client_name: f.client !== null ? (before.names.clients.get(f.client) ?? null) : null,
          credit_operation_id: f.operation !== null ? (before.names.operations.get(f.operation) ?? null) : null,
        })),
      );
    }
  });
});
