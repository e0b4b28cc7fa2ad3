/**
 * The SCR's Doc 3040 over HTTP, on the demo portfolio: a month without a close
 * is refused in Portuguese; a closed month is checked (no rule fails) and its
 * file streams as XML that reads back, passes every offline rule and carries
 * every operation of the close (one by one or aggregated); a month whose close
 * breaks a rule lists the failure by client and operation and refuses the
 * file; both calls log who did it; who may call them.
 *
 * The close's positions are written here from the schedules (the close's own
 * run is its area's: this suite needs only its tables).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocument } from '../../../src/server/domain/scr3040/checks';
import { attr, parseXml, type XmlElement } from '../../../src/server/domain/scr3040/xml';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';

let server: TestServer;
let tokens: Record<DemoRole, string>;

const MONTH = '2026-11';
const BAD_MONTH = '2026-10';

/** A close of `month` in force with one position per operation owing at its last day (stage by days late). */
async function closeMonth(month: string, asOf: string, breakStage = false): Promise<number> {
  const [close] = await server.database.rows<{ id: number }>(
    "INSERT INTO ledger_closes (month, as_of, business_date, status, operations, balance, allowance, previous_allowance) VALUES ($1, $2, $2, 'closed', 0, 0, 0, 0) RETURNING id",
    [month, asOf],
  );
  await server.database.rows(
    `INSERT INTO ledger_close_positions (close_id, credit_operation_id, borrower_id, stage, stage_reason, portfolio, days_late, months_in_default, defaulted, restructured, principal, accrued, balance, provision_rate, provision)
     SELECT $1, o.id, o.borrower_id,
            CASE WHEN s.late > 90 THEN '3' WHEN s.late > 30 ${breakStage ? "AND false" : ''} THEN '2' ELSE '1' END,
            CASE WHEN s.late > 90 THEN 'late_over_90' WHEN s.late > 30 ${breakStage ? "AND false" : ''} THEN 'late_over_30' ELSE 'performing' END,
            CASE WHEN b.person_type = 'PJ' THEN 'C4' ELSE 'C5' END,
            s.late, 0, false, false, s.balance, 0, s.balance, 1.9, round(s.balance * 0.019, 2)
       FROM (SELECT i.credit_operation_id AS op, sum(i.amortization) AS balance, greatest(0, $2::date - min(i.due_date)) AS late
               FROM credit_operation_installments i
              WHERE i.superseded_in IS NULL AND i.collecting AND (i.paid_on IS NULL OR i.paid_on > $2::date)
              GROUP BY i.credit_operation_id) s
       JOIN credit_operations o ON o.id = s.op AND o.disbursement_date <= $2::date
       JOIN borrowers b ON b.id = o.borrower_id`,
    [close.id, asOf],
  );
  const [{ n }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM ledger_close_positions WHERE close_id = $1', [close.id]);
  return n;
}

let positions: number;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  tokens = await signInEveryRole(server);
  positions = await closeMonth(MONTH, '2026-11-30');
  await closeMonth(BAD_MONTH, '2026-10-31', true);
  // The demo template is built once per machine and day (slow on a busy machine).
});
afterAll(() => server?.close());

const text = (body: Uint8Array) => new TextDecoder().decode(body);

describe('the Doc 3040 of a month', () => {
  it('refuses a month without a close in force, in Portuguese', async () => {
    for (const name of ['doc3040.check', 'doc3040.file'] as const) {
      const answer = await call(server, name, { month: '2025-01' }, tokens.admin);
      expect(answer.status).toBe(409);
      expect(answer.body.message ?? answer.body.error).toContain('O mês 2025-01 não está fechado');
    }
  });

  it('checks the demo portfolio: every offline rule passes', async () => {
    expect(positions).toBeGreaterThan(3);
    const answer = await call(server, 'doc3040.check', { month: MONTH }, tokens.admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.failures, JSON.stringify(answer.body.failures.slice(0, 5))).toEqual([]);
    expect(answer.body).toMatchObject({ month: MONTH, base_date: '2026-11-30', parts: 1, operations: positions, truncated: false });
    expect(answer.body.clients + answer.body.aggregated_clients).toBeGreaterThan(0);
  });

  it('streams the file: XML that reads back, passes every rule and carries every operation of the close', async () => {
    const answer = await call(server, 'doc3040.file', { month: MONTH, part: 1 }, tokens.admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/xml');
    expect(answer.headers.get('content-length')).toBeNull(); // written as it is sent
    expect(answer.headers.get('content-disposition')).toContain('Doc3040_27185642_2026-11_P1.xml');
    const root = parseXml(text(answer.body));
    expect(checkDocument(root)).toEqual([]);
    expect([attr(root, 'DtBase'), attr(root, 'CNPJ'), attr(root, 'Parte'), attr(root, 'TpArq')]).toEqual([MONTH, '27185642', '1', 'F']);
    const clis = root.children.filter((c) => c.name === 'Cli');
    const ops = clis.flatMap((c) => c.children);
    const aggregatedOps = root.children.filter((c) => c.name === 'Agreg').reduce((s, a: XmlElement) => s + Number(attr(a, 'QtdOp')), 0);
    expect(Number(attr(root, 'TotalCli'))).toBe(clis.length);
    expect(ops.length + aggregatedOps).toBe(positions);
    for (const op of ops) expect(attr(op, 'IPOC')!.startsWith(`27185642${attr(op, 'Mod')}`)).toBe(true);
  });

  it('refuses a part beyond the last', async () => {
    const answer = await call(server, 'doc3040.file', { month: MONTH, part: 2 }, tokens.admin);
    expect(answer.status).toBe(409);
    expect(answer.body.message ?? answer.body.error).toContain('tem 1 parte(s)');
  });

  it('lists what fails by client and operation, and refuses the file while it fails', async () => {
    const answer = await call(server, 'doc3040.check', { month: BAD_MONTH }, tokens.admin);
    expect(answer.status).toBe(200);
    const stage = answer.body.failures.filter((f: { rule: string }) => f.rule === 'stage');
    expect(stage.length).toBeGreaterThan(0);
    const [f] = stage;
    expect(f.source).toContain('4.966');
    expect(f.client).toMatch(/^\d+$/);
    expect(f.client_name).toEqual(expect.any(String));
    expect(f.credit_operation_id).toEqual(expect.any(Number));
    expect(f.operation).toMatch(/^(CCB|MPO)\d{9}$/);
    const file = await call(server, 'doc3040.file', { month: BAD_MONTH }, tokens.admin);
    expect(file.status).toBe(409);
    expect(file.body.message ?? file.body.error).toContain('não passa na verificação');
  });

  it('logs each check and each part generated, with the month', async () => {
    const rows = await server.database.rows<{ action: string; after: Record<string, unknown> }>(
      "SELECT action, after FROM activity_log WHERE entity = 'scr3040' ORDER BY id",
    );
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['scr3040.check', 'scr3040.generate']));
    expect(rows.find((r) => r.action === 'scr3040.generate')!.after).toMatchObject({ month: MONTH, part: 1, parts: 1 });
  });
});

describe('who may check and generate the Doc 3040', () => {
  const admins = { superadmin: 200, admin: 200, operator: 403, agent: 403, user: 403 };
  itAnswersTheMatrix(
    [
      ['doc3040.check', { month: MONTH }, admins],
      ['doc3040.file', { month: MONTH }, admins],
    ],
    () => ({ server, tokens }),
  );
});
