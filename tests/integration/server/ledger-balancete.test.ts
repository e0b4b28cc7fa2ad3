/**
 * The monthly balancete by COSIF account over HTTP, on the demo seed's books:
 * for every month from the one before the first posting to the business
 * date's, the opening of a month is the closing of the month before, the
 * month's debits equal its credits, and the closing is the trial balance on
 * the month's last day; the month's debits and credits per account are the
 * journal's own sums (computed apart by SQL). The PDF read back with
 * pdftotext, the Excel rows, bad filters and sorts named, and who may read.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_OF_ACCOUNTS, LEDGER_ACCOUNTS } from '../../../src/shared/ledger';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, raw, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let months: string[];
let dir: string;

interface Line {
  account: string;
  cosif_code: string;
  opening: string;
  debits: string;
  credits: string;
  closing: string;
}

/** YYYY-MM of the month after. */
function next(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
function previous(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  tokens = await signInEveryRole(server);
  const [span] = await server.database.rows<{ first: string; last: string }>("SELECT to_char(min(business_date), 'YYYY-MM') AS first, to_char(max(business_date), 'YYYY-MM') AS last FROM journal_entries");
  const today = server.clock.today().slice(0, 7);
  const last = span.last > today ? span.last : today;
  months = [];
  for (let m = previous(span.first); m <= last; m = next(m)) months.push(m);
  dir = mkdtempSync(join(tmpdir(), 'balancete-'));
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the monthly balancete by COSIF account', () => {
  it("chains the demo's months: each opening the month before's closing, debits = credits, closing = the trial balance on the last day, figures = the journal's", async () => {
    expect(months.length).toBeGreaterThan(2);
    let before: Map<string, Line> | null = null;
    let moved = 0;
    for (const month of months) {
      const answer = await call(server, 'ledger.balancete', { filter: { month } }, tokens.admin);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const b = answer.body;
      expect(b.month).toBe(month);
      expect(b.accounts.map((a: Line) => a.account).sort()).toEqual([...LEDGER_ACCOUNTS].sort());
      expect(b.totals.difference, month).toBe('0.00');
      expect(b.totals.debits, month).toBe(b.totals.credits);
      expect(b.totals.opening, month).toBe('0.00');
      expect(b.totals.closing, month).toBe('0.00');
      if (b.totals.debits !== '0.00') moved++;

      const trial = await call(server, 'ledger.trialBalance', { date: b.to }, tokens.admin);
      const trialOf = new Map(trial.body.accounts.map((a: { account: string; balance: string }) => [a.account, a.balance]));
      const sums = await server.database.rows<{ account: string; debits: string; credits: string }>(
        `SELECT account, sum(amount) FILTER (WHERE side = 'debit')::text AS debits, sum(amount) FILTER (WHERE side = 'credit')::text AS credits
           FROM journal_entries WHERE business_date BETWEEN $1 AND $2 GROUP BY account`,
        [b.from, b.to],
      );
      const journal = new Map(sums.map((s) => [s.account, s]));
      for (const line of b.accounts as Line[]) {
        expect(line.cosif_code).toBe(CHART_OF_ACCOUNTS[line.account as keyof typeof CHART_OF_ACCOUNTS].cosif.code);
        expect(line.closing, `${month} ${line.account}`).toBe(trialOf.get(line.account));
        expect(line.closing).toBe(new Decimal(line.opening).plus(line.debits).minus(line.credits).toFixed(2));
        expect(line.debits, `${month} ${line.account}`).toBe(new Decimal(journal.get(line.account)?.debits ?? 0).toFixed(2));
        expect(line.credits, `${month} ${line.account}`).toBe(new Decimal(journal.get(line.account)?.credits ?? 0).toFixed(2));
        if (before) expect(line.opening, `${month} ${line.account}`).toBe(before.get(line.account)?.closing);
      }
      before = new Map((b.accounts as Line[]).map((a) => [a.account, a]));
    }
    // The demo's books move money in more than one month, and nothing before its first posting.
    expect(moved).toBeGreaterThan(1);
  });

  it("opens on the business date's month when no month is asked", async () => {
    const answer = await call(server, 'ledger.balancete', {}, tokens.superadmin);
    expect(answer.status).toBe(200);
    expect(answer.body.month).toBe(server.clock.today().slice(0, 7));
    expect(answer.body.from).toBe(`${server.clock.today().slice(0, 7)}-01`);
  });

  it('gives a month its calendar bounds (February of a leap year, December)', async () => {
    const feb = (await call(server, 'ledger.balancete', { filter: { month: '2024-02' } }, tokens.admin)).body;
    expect([feb.from, feb.to]).toEqual(['2024-02-01', '2024-02-29']);
    const dec = (await call(server, 'ledger.balancete', { filter: { month: '2025-12' } }, tokens.admin)).body;
    expect([dec.from, dec.to]).toEqual(['2025-12-01', '2025-12-31']);
  });

  it('refuses a malformed month, an unknown filter and any sort with a 400 naming the field', async () => {
    for (const month of ['2026-13', '2026-1', 'março', '2026-03-01']) {
      const answer = await call(server, 'ledger.balancete', { filter: { month } }, tokens.admin);
      expect({ month, status: answer.status, field: answer.body.field }).toEqual({ month, status: 400, field: 'filter.month' });
    }
    const unknown = await raw(server, 'ledger.balancete', { token: tokens.admin, query: 'filter[month]=2026-01&filter[account]=bank' });
    expect([unknown.status, unknown.body.field]).toEqual([400, 'filter.account']);
    const sorted = await raw(server, 'ledger.balancete', { token: tokens.admin, query: 'filter[month]=2026-01&sort[field]=debits&sort[order]=DESC' });
    expect([sorted.status, sorted.body.field]).toEqual([400, 'sort.field']);
    const pdfSorted = await raw(server, 'ledger.balancetePdf', { token: tokens.admin, query: 'sort[field]=closing&sort[order]=ASC' });
    expect(pdfSorted.status).toBe(400);
  });

  it('renders the PDF with the COSIF codes, the totals and whether debits equal credits', async () => {
    const month = months[months.length - 1];
    const answer = await call(server, 'ledger.balancetePdf', { filter: { month } }, tokens.admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/pdf');
    const file = join(dir, 'balancete.pdf');
    writeFileSync(file, answer.body as Uint8Array);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const [y, m] = month.split('-');
    expect(text).toContain(`Balancete mensal por conta COSIF — ${m}/${y}`);
    expect(text).toContain(CHART_OF_ACCOUNTS.bank.cosif.code);
    expect(text).toContain(CHART_OF_ACCOUNTS.allowance_for_credit_losses.cosif.code);
    expect(text).toContain('Débitos e créditos do mês conferem.');
    expect(text).toMatch(/Total/);
    expect(text).toContain('Página 1 de 1');
  });

  it('gives Excel rows: one per account in COSIF order, then the totals', async () => {
    const month = months[months.length - 1];
    const answer = await call(server, 'ledger.balanceteExcel', { filter: { month } }, tokens.superadmin);
    expect(answer.status).toBe(200);
    const json = (await call(server, 'ledger.balancete', { filter: { month } }, tokens.superadmin)).body;
    expect(answer.body.rows).toHaveLength(LEDGER_ACCOUNTS.length + 1);
    expect(answer.body.rows.slice(0, -1).map((r: { cosif_code: string }) => r.cosif_code)).toEqual(json.accounts.map((a: Line) => a.cosif_code));
    expect(answer.body.rows.at(-1)).toMatchObject({ cosif_title: 'Total', debits: json.totals.debits, credits: json.totals.credits });
  });
});

describe('who may read the balancete', () => {
  const admins = { superadmin: 200, admin: 200, operator: 403, agent: 403, user: 403 };
  const month = { filter: { month: '2026-01' } };
  itAnswersTheMatrix(
    [
      ['ledger.balancete', month, admins],
      ['ledger.balanceteExcel', month, admins],
      ['ledger.balancetePdf', month, admins],
    ],
    () => ({ server, tokens }),
  );
});
