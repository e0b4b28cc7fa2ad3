/**
 * The company's reports over HTTP. IOF: the figures per decêndio and payer
 * checked against the disbursements table summed on its own (demo seed plus
 * an operation released here on 2026-01-15), the DARF codes and due dates,
 * the period widened to whole decêndios, the PDF read back with pdftotext,
 * the export rows written by the app's Excel writer and read with exceljs,
 * bad filters named, and who may read.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IOF_REPORT_EXCEL_COLUMNS, OPERATIONS_REPORT_EXCEL_COLUMNS, REMITTANCE_REPORT_MAX_FILES } from '../../../src/shared/contract/company-reports';
import { writeExcelFile } from '../../../src/main/services/excel';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, raw, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let opIof: string;
let opId: number;
let dir: string;

const JANUARY = { filter: { from: '2026-01-01', to: '2026-01-31' } };

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  const borrowerId = await insertBorrower(server, 'Maria Relatório', '529.982.247-25');
  opId = await disbursedOperation(server, tokens, borrowerId);
  const [row] = await server.database.rows<{ iof: string }>('SELECT iof::text AS iof FROM disbursements WHERE credit_operation_id = $1', [opId]);
  opIof = row.iof;
  dir = mkdtempSync(join(tmpdir(), 'reports-'));
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What the disbursements table says, summed by SQL per decêndio start and payer: the report's figures, computed apart. */
async function expectedFromTable(from: string, to: string): Promise<Map<string, { count: number; total: string }>> {
  const rows = await server.database.rows<{ start: string; payer: string; n: number; total: string }>(
    `SELECT to_char(date_trunc('month', d.disbursed_on) + (CASE WHEN extract(day FROM d.disbursed_on) <= 10 THEN 0 WHEN extract(day FROM d.disbursed_on) <= 20 THEN 10 ELSE 20 END) * interval '1 day', 'YYYY-MM-DD') AS start,
            CASE WHEN co.iof_rates->>'personType' = 'PF' THEN 'PF' ELSE 'PJ' END AS payer, count(*)::int AS n, sum(d.iof)::text AS total
       FROM disbursements d JOIN credit_operations co ON co.id = d.credit_operation_id
      WHERE d.disbursed_on BETWEEN $1 AND $2 AND d.iof > 0 GROUP BY 1, 2`,
    [from, to],
  );
  return new Map(rows.map((r) => [`${r.start} ${r.payer}`, { count: r.n, total: new Decimal(r.total).toFixed(2) }]));
}

describe('IOF report', () => {
  it('answers the IOF per decêndio and payer as the disbursements record it, with DARF codes, due dates and totals', async () => {
    const answer = await call(server, 'report.iof', JANUARY, tokens.operator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body;
    expect([report.from, report.to]).toEqual(['2026-01-01', '2026-01-31']);

    const expected = await expectedFromTable('2026-01-01', '2026-01-31');
    const got = new Map<string, { count: number; total: string }>();
    for (const d of report.decendios) {
      for (const l of d.lines) {
        got.set(`${d.start} ${l.payer_type}`, { count: l.operation_count, total: l.total });
        expect(l.darf_code).toBe(l.payer_type === 'PF' ? '7893' : '1150');
      }
      const sum = d.lines.reduce((s: Decimal, l: { total: string }) => s.plus(l.total), new Decimal(0));
      expect(d.total).toBe(sum.toFixed(2));
    }
    expect(got).toEqual(expected);
    const all = [...expected.values()].reduce((s, v) => s.plus(v.total), new Decimal(0));
    expect(report.total).toBe(all.toFixed(2));

    // The operation released here on Thursday 2026-01-15: the 11–20 decêndio ends Tuesday the 20th, so Wed, Thu, Fri.
    const second = report.decendios.find((d: { start: string }) => d.start === '2026-01-11');
    expect(second).toMatchObject({ index: 2, end: '2026-01-20', due_date: '2026-01-23' });
    const pf = second.lines.find((l: { payer_type: string }) => l.payer_type === 'PF');
    expect(new Decimal(pf.total).gte(opIof)).toBe(true);
    expect(new Decimal(opIof).gt(0)).toBe(true);
  });

  it('widens the period to whole decêndios and answers an empty one with zero totals', async () => {
    const widened = await call(server, 'report.iof', { filter: { from: '2026-01-14', to: '2026-01-16' } }, tokens.admin);
    expect(widened.status).toBe(200);
    expect([widened.body.from, widened.body.to]).toEqual(['2026-01-11', '2026-01-20']);
    expect(widened.body.decendios.map((d: { start: string }) => d.start)).toEqual(['2026-01-11']);

    const empty = await call(server, 'report.iof', { filter: { from: '1995-03-01', to: '1995-03-31' } }, tokens.admin);
    expect(empty.body).toEqual({ from: '1995-03-01', to: '1995-03-31', decendios: [], operation_count: 0, total: '0.00' });
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'filter.from'],
      [{ filter: { to: '2026-01-31' } }, 'filter.from'],
      [{ filter: { from: '2026-01-01' } }, 'filter.to'],
      [{ filter: { from: '2026-02-30', to: '2026-03-10' } }, 'filter.from'],
      [{ filter: { from: '2026-02-01', to: '2026-01-31' } }, 'filter.to'],
      [{ filter: { from: '2000-01-01', to: '2026-01-31' } }, 'filter.to'],
    ];
    for (const [args, field] of cases) {
      const answer = await call(server, 'report.iof', args, tokens.admin);
      expect({ args, status: answer.status, field: answer.body.field }).toEqual({ args, status: 400, field });
    }
    expect((await call(server, 'report.iofPdf', { filter: { from: 'ontem', to: '2026-01-31' } }, tokens.admin)).body.field).toBe('filter.from');
    // Built-in object names are refused by name, as on every list call.
    const proto = await raw(server, 'report.iofExcel', { token: tokens.admin, query: 'filter[constructor]=x&filter[from]=2026-01-01&filter[to]=2026-01-31' });
    expect([proto.status, proto.body.field]).toEqual([400, 'filter.constructor']);
    const sorted = await raw(server, 'report.iof', { token: tokens.admin, query: 'sort[toString]=ASC' });
    expect([sorted.status, sorted.body.field]).toEqual([400, 'sort.field']);
  });

  it('renders the PDF with the figures, the DARF codes and the due date', async () => {
    const answer = await call(server, 'report.iofPdf', JANUARY, tokens.operator);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/pdf');
    const file = join(dir, 'iof.pdf');
    writeFileSync(file, answer.body as Uint8Array);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Relatório de IOF por decêndio');
    expect(text).toContain('Período: 01/01/2026 a 31/01/2026');
    expect(text).toMatch(/11\/01\/2026 a 20\/01\/2026\s+Pessoa física\s+7893/);
    expect(text).toContain('23/01/2026');
    const json = (await call(server, 'report.iof', JANUARY, tokens.operator)).body;
    const brl = (v: string) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(v)).replace(/\u00a0/g, ' ');
    expect(text).toContain(brl(json.total));
    expect(text).toContain('Página 1 de 1');
  });

  it('gives export rows that the Excel writer turns into a typed sheet with a frozen header', async () => {
    const answer = await call(server, 'report.iofExcel', JANUARY, tokens.admin);
    expect(answer.status).toBe(200);
    const report = (await call(server, 'report.iof', JANUARY, tokens.admin)).body;
    const lineCount = report.decendios.reduce((n: number, d: { lines: unknown[] }) => n + d.lines.length + 1, 0);
    expect(answer.body.rows).toHaveLength(lineCount);

    const file = join(dir, 'iof.xlsx');
    await writeExcelFile({ filePath: file, title: 'Relatório de IOF', date: new Date(), columns: IOF_REPORT_EXCEL_COLUMNS, rows: answer.body.rows });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets.map((s) => s.name)).toHaveLength(2);
    const sheet = book.worksheets[1];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Início', 'Fim', 'Contribuinte', 'Código DARF', 'Operações', 'IOF', 'Vencimento']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const second = report.decendios.find((d: { start: string }) => d.start === '2026-01-11');
    const rowIndex = answer.body.rows.findIndex((r: Record<string, unknown>) => r.start === '2026-01-11' && r.payer_type === 'PF') + 2;
    const row = sheet.getRow(rowIndex);
    expect(row.getCell(1).value).toEqual(new Date('2026-01-11T00:00:00Z'));
    expect(row.getCell(4).value).toBe('7893');
    expect(row.getCell(6).value).toBe(Number(second.lines.find((l: { payer_type: string }) => l.payer_type === 'PF').total));
    expect(row.getCell(7).value).toEqual(new Date('2026-01-23T00:00:00Z'));
  });
});

describe('operations report', () => {
  const DISBURSED_2026 = { filter: { from: '2026-01-01', to: '2026-12-31', status: 'disbursed' } };

  it('answers the matching operations with the totals of all matches, paged', async () => {
    const [expected] = await server.database.rows<{ n: number; principal: string; iof: string }>(
      "SELECT count(*)::int AS n, coalesce(sum(principal), 0)::text AS principal, coalesce(sum(iof_total), 0)::text AS iof FROM credit_operations WHERE status = 'disbursed' AND disbursement_date BETWEEN '2026-01-01' AND '2026-12-31'",
    );
    const answer = await call(server, 'report.operations', { ...DISBURSED_2026, limit: 100 }, tokens.operator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.totals).toEqual({ count: expected.n, principal: new Decimal(expected.principal).toFixed(2), iof_total: new Decimal(expected.iof).toFixed(2), total_payable: expect.any(String) });
    expect(answer.body.items.every((i: { status: string }) => i.status === 'disbursed')).toBe(true);
    const dates = answer.body.items.map((i: { disbursement_date: string }) => i.disbursement_date);
    expect(dates).toEqual([...dates].sort());
    expect(answer.body.items.map((i: { id: number }) => i.id)).toContain(opId);

    const second = await call(server, 'report.operations', { ...DISBURSED_2026, limit: 1, page: 2 }, tokens.operator);
    expect(second.body.meta).toEqual({ currentPage: 2, pageSize: 1, totalItems: expected.n, totalPages: expected.n });
    expect(second.body.items).toEqual(answer.body.items.slice(1, 2));
  });

  it('finds a borrower by name or by the digits of the CPF, and by product', async () => {
    for (const borrower of ['relatório', '52998224725', '529.982']) {
      const answer = await call(server, 'report.operations', { filter: { borrower } }, tokens.admin);
      expect({ borrower, ids: answer.body.items.map((i: { id: number }) => i.id) }).toEqual({ borrower, ids: [opId] });
    }
    const mine = (await call(server, 'report.operations', { filter: { borrower: 'relatório', product: 'working_capital' } }, tokens.admin)).body;
    expect(mine.items[0]).toMatchObject({ id: opId, borrower_name: 'Maria Relatório', product: 'working_capital', status: 'disbursed', disbursement_date: '2026-01-15', principal: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect((await call(server, 'report.operations', { filter: { borrower: 'relatório', product: 'outro' } }, tokens.admin)).body.totals.count).toBe(0);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ filter: { status: 'pago' } }, 'filter.status'],
      [{ filter: { from: '2026-13-01' } }, 'filter.from'],
      [{ filter: { from: '2026-02-01', to: '2026-01-01' } }, 'filter.to'],
      [{ filter: {}, limit: 1000 }, 'limit'],
      // A misspelt filter name is refused by name, as on every other list, in the report and its export.
      [{ filter: { statuss: 'disbursed' } }, 'filter.statuss'],
    ];
    for (const [args, field] of cases) {
      const answer = await call(server, 'report.operations', args, tokens.admin);
      expect({ args, status: answer.status, field: answer.body.field }).toEqual({ args, status: 400, field });
    }
    const exported = await call(server, 'report.operationsExcel', { filter: { borower: 'x' } }, tokens.admin);
    expect({ status: exported.status, field: exported.body.field, message: exported.body.message }).toEqual({ status: 400, field: 'filter.borower', message: 'Campo filter.borower: filtro desconhecido' });
  });

  it('gives every match as export rows that the Excel writer types', async () => {
    const json = (await call(server, 'report.operations', DISBURSED_2026, tokens.admin)).body;
    const answer = await call(server, 'report.operationsExcel', DISBURSED_2026, tokens.admin);
    expect(answer.status).toBe(200);
    expect(answer.body.rows).toHaveLength(json.totals.count);
    const file = join(dir, 'operations.xlsx');
    await writeExcelFile({ filePath: file, title: 'Relatório de operações', date: new Date(), columns: OPERATIONS_REPORT_EXCEL_COLUMNS, rows: answer.body.rows });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[1];
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const index = answer.body.rows.findIndex((r: { id: number }) => r.id === opId) + 2;
    const mine = answer.body.rows[index - 2];
    expect(sheet.getRow(index).getCell(1).value).toBe(opId);
    expect(sheet.getRow(index).getCell(6).value).toEqual(new Date('2026-01-15T00:00:00Z'));
    expect(sheet.getRow(index).getCell(9).value).toBe(Number(mine.principal));
  });
});

describe('IOF report: the period the screen opens on', () => {
  it("answers the decêndio of the server's business date", async () => {
    const at = server.clock.today();
    try {
      for (const [today, period] of [
        ['2026-02-28', { from: '2026-02-21', to: '2026-02-28' }],
        ['2026-03-10', { from: '2026-03-01', to: '2026-03-10' }],
        ['2026-03-11', { from: '2026-03-11', to: '2026-03-20' }],
      ] as const) {
        server.clock.set(today);
        const answer = await call(server, 'report.iofCurrentPeriod', {}, tokens.operator);
        expect({ today, status: answer.status, body: answer.body }).toEqual({ today, status: 200, body: period });
      }
    } finally {
      server.clock.set(at);
    }
  });
});

describe('operations report by assignee', () => {
  it('lists the operations with an installment ceded to the assignee and not ceded back', async () => {
    const [fund, other] = await server.database.rows<{ id: number }>(
      "INSERT INTO assignment_bank_accounts (company_id, assignee_name, assignee_cnpj, bank_code, bank_name, agency, account) VALUES (1, 'Fundo Relatório FIDC', '11.222.333/0001-81', '341', 'Itaú Unibanco', '0001', '12345'), (1, 'Fundo Sem Cessões', '11.444.777/0001-61', '001', 'Banco do Brasil', '0002', '54321') RETURNING id",
    );
    // Ids travel as text: the wire writes the numbers 1 and 2 as the yes/no filters' true/false.
    const ids = async (assignee: number) => {
      const answer = await call(server, 'report.operations', { filter: { assignee: String(assignee) }, limit: 100 }, tokens.admin);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return { ids: answer.body.items.map((i: { id: number }) => i.id), count: answer.body.totals.count };
    };
    expect(await ids(fund.id)).toEqual({ ids: [], count: 0 });

    const plan = await call(server, 'servicing.installments', { id: opId }, tokens.operator);
    const [first, second] = (plan.body.installments as Array<{ id: number }>).map((i) => i.id);
    const ceded = await call(server, 'cession.assign', { id: opId, idempotency_key: key(), assignment_account_id: fund.id, installments: [first, second], date: server.clock.today(), monthly_rate: '1.5' }, tokens.operator);
    expect(ceded.status, JSON.stringify(ceded.body)).toBe(200);

    expect(await ids(fund.id)).toEqual({ ids: [opId], count: 1 });
    // Combined with the other filters.
    expect((await call(server, 'report.operations', { filter: { assignee: String(fund.id), status: 'cancelled' } }, tokens.admin)).body.totals.count).toBe(0);
    expect(await ids(other.id)).toEqual({ ids: [], count: 0 });
    const rows = await call(server, 'report.operationsExcel', { filter: { assignee: String(fund.id) } }, tokens.admin);
    expect(rows.body.rows.map((r: { id: number }) => r.id)).toEqual([opId]);

    // One installment back: the other is still the fund's; both back: the operation is no longer listed.
    const back = (installments: number[]) =>
      call(server, 'cession.reverse', { id: opId, idempotency_key: key(), installments, reason: 'Acordo com o fundo: parcela devolvida' }, tokens.operator);
    expect((await back([first])).status).toBe(200);
    expect(await ids(fund.id)).toEqual({ ids: [opId], count: 1 });
    expect((await back([second])).status).toBe(200);
    expect(await ids(fund.id)).toEqual({ ids: [], count: 0 });
  });

  it('counts a cession once it is in force and until a reversal is: the rule servicing holds, in both reports', async () => {
    const [fund] = await server.database.rows<{ id: number }>(
      "INSERT INTO assignment_bank_accounts (company_id, assignee_name, assignee_cnpj, bank_code, bank_name, agency, account) VALUES (1, 'Fundo Quatro Olhos', '11.222.333/0001-81', '341', 'Itaú Unibanco', '0001', '54321') RETURNING id",
    );
    const listed = async () => {
      const report = await call(server, 'report.operations', { filter: { assignee: String(fund.id) }, limit: 100 }, tokens.admin);
      const columns = await call(server, 'report.parameterized', { filter: { columns: ['id', 'assignee'] }, limit: 100 }, tokens.admin);
      expect(columns.status, JSON.stringify(columns.body)).toBe(200);
      const row = columns.body.items.find((r: { id: number }) => r.id === opId);
      return { ids: report.body.items.map((i: { id: number }) => i.id), assignee: row.assignee };
    };
    const [{ limit }] = await server.database.rows<{ limit: string }>('SELECT cession_approval_above::text AS limit FROM company_parameters WHERE company_id = 1');
    await server.database.rows('UPDATE company_parameters SET cession_approval_above = 1 WHERE company_id = 1');
    try {
      const plan = await call(server, 'servicing.installments', { id: opId }, tokens.operator);
      const third = (plan.body.installments as Array<{ id: number }>)[2].id;
      const cession = await call(server, 'cession.assign', { id: opId, idempotency_key: key(), assignment_account_id: fund.id, installments: [third], date: server.clock.today(), monthly_rate: '1.5' }, tokens.operator);
      expect(cession.body.status, JSON.stringify(cession.body)).toBe('pending');
      expect(await listed()).toEqual({ ids: [], assignee: null });
      expect((await call(server, 'cession.decide', { cession: cession.body.id, idempotency_key: key(), approve: true }, tokens.admin)).status).toBe(200);
      expect(await listed()).toEqual({ ids: [opId], assignee: 'Fundo Quatro Olhos' });

      const reversal = await call(server, 'cession.reverse', { id: opId, idempotency_key: key(), installments: [third], reason: 'Acordo com o fundo: parcela devolvida' }, tokens.operator);
      expect(reversal.body.status, JSON.stringify(reversal.body)).toBe('pending');
      expect(await listed()).toEqual({ ids: [opId], assignee: 'Fundo Quatro Olhos' });
      expect((await call(server, 'cession.decideReversal', { reversal: reversal.body.id, idempotency_key: key(), approve: true }, tokens.superadmin)).status).toBe(200);
      expect(await listed()).toEqual({ ids: [], assignee: null });
    } finally {
      await server.database.rows('UPDATE company_parameters SET cession_approval_above = $1 WHERE company_id = 1', [limit]);
    }
  });

  it('refuses an assignee that is not an id with a 400 naming the field', async () => {
    for (const assignee of ['fundo', '0', '-3', '1.5']) {
      const answer = await call(server, 'report.operations', { filter: { assignee } }, tokens.admin);
      expect({ assignee, status: answer.status, field: answer.body.field }).toEqual({ assignee, status: 400, field: 'filter.assignee' });
    }
  });
});

describe('remittance reports over a period', () => {
  let remittance: { id: number; nsa: number; file_name: string; total: string; generated_on: string };
  const periodOf = (bank?: string) => ({ filter: { from: remittance.generated_on, to: remittance.generated_on, ...(bank ? { bank } : {}) } });

  beforeAll(async () => {
    // A slip for the operation's last installment (the cession tests move the first ones), then a 341 file carrying it.
    const plan = await call(server, 'servicing.installments', { id: opId }, tokens.agent);
    const last = (plan.body.installments as Array<{ id: number }>).at(-1)!;
    const slip = await call(server, 'boleto.slip', { x: last.id }, tokens.agent);
    expect(slip.status, JSON.stringify(slip.body)).toBe(200);
    const [itau] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' ORDER BY id LIMIT 1");
    const made = await call(server, 'remittance.generate', { bankCode: '341', date: server.clock.today(), bank_account_id: itau.id, idempotency_key: key() }, tokens.operator);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    [remittance] = await server.database.rows('SELECT id, nsa, file_name, total::text AS total, generated_on::text AS generated_on FROM remittances ORDER BY id DESC LIMIT 1');
  });

  it('writes every file of the period, line by line, as a workbook with the totals on the info sheet', async () => {
    const [expected] = await server.database.rows<{ n: number; total: string; files: number }>(
      'SELECT count(*)::int AS n, coalesce(sum(ri.amount), 0)::text AS total, count(DISTINCT r.id)::int AS files FROM remittance_items ri JOIN remittances r ON r.id = ri.remittance_id WHERE r.generated_on = $1',
      [remittance.generated_on],
    );
    const answer = await call(server, 'report.remittanceExcel', periodOf(), tokens.operator);
    expect(answer.status, String(answer.status)).toBe(200);
    expect(answer.headers.get('content-type')).toContain('spreadsheetml');
    expect(answer.headers.get('content-disposition')).toContain(`relatorio-remessas-${remittance.generated_on}-a-${remittance.generated_on}.xlsx`);
    const file = join(dir, 'remessas.xlsx');
    writeFileSync(file, answer.body as Uint8Array);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const [info, sheet] = book.worksheets;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(1 + expected.n);
    expect(sheet.getRow(1).getCell(5).value).toBe('Arquivo');
    const mine = sheet.getRow(2);
    expect(mine.getCell(1).value).toEqual(new Date(`${remittance.generated_on}T00:00:00Z`));
    expect(mine.getCell(2).value).toBe('341');
    expect(mine.getCell(4).value).toBe(remittance.nsa);
    expect(mine.getCell(5).value).toBe(remittance.file_name);
    expect(mine.getCell(6).value).toBe('Entrada');
    const sum = Array.from({ length: expected.n }, (_, k) => new Decimal(String(sheet.getRow(k + 2).getCell(12).value))).reduce((a, b) => a.plus(b), new Decimal(0));
    expect(sum.toFixed(2)).toBe(new Decimal(expected.total).toFixed(2));
    const infoValues = new Map<string, unknown>();
    info.eachRow((row) => infoValues.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(infoValues.get('Remessas')).toBe(expected.files);
    expect(infoValues.get('Total das remessas')).toBe(Number(expected.total));

    // Another bank's filter: no line.
    const none = await call(server, 'report.remittanceExcel', periodOf('001'), tokens.operator);
    const empty = new ExcelJS.Workbook();
    writeFileSync(file, none.body as Uint8Array);
    await empty.xlsx.readFile(file);
    expect(empty.worksheets[1].rowCount).toBe(1);
  });

  it('renders the PDF: the summary of the files, then each file with its lines, paginated', async () => {
    const answer = await call(server, 'report.remittancePdf', periodOf('341'), tokens.admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/pdf');
    const file = join(dir, 'remessas.pdf');
    writeFileSync(file, answer.body as Uint8Array);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Relatório de remessas CNAB 240');
    expect(text).toContain('banco 341');
    expect(text).toContain(remittance.file_name);
    expect(text).toContain(`Relatório da remessa CNAB 240 — banco 341, NSA ${remittance.nsa}`);
    expect(text).toMatch(/Página 1 de [2-9]/);

    const none = await call(server, 'report.remittancePdf', { filter: { from: '1995-01-01', to: '1995-01-31' } }, tokens.admin);
    writeFileSync(file, none.body as Uint8Array);
    const nothing = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(nothing).toContain('Nenhuma remessa gerada no período.');
    expect(nothing).toContain('Página 1 de 1');
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['report.remittanceExcel', {}, 'filter.from'],
      ['report.remittanceExcel', { filter: { from: '2026-01-01' } }, 'filter.to'],
      ['report.remittancePdf', { filter: { from: '2026-02-30', to: '2026-03-01' } }, 'filter.from'],
      ['report.remittancePdf', { filter: { from: '2026-02-01', to: '2026-01-01' } }, 'filter.to'],
      ['report.remittanceExcel', { filter: { from: '2024-01-01', to: '2026-01-01' } }, 'filter.to'],
      ['report.remittancePdf', { filter: { from: '2026-01-01', to: '2026-01-31', bank: '237' } }, 'filter.bank'],
      ['report.remittanceExcel', { filter: { from: '2026-01-01', to: '2026-01-31', banco: '001' } }, 'filter.banco'],
    ];
    for (const [name, args, field] of cases) {
      const answer = await call(server, name as 'report.remittanceExcel', args, tokens.admin);
      expect({ name, args, status: answer.status, field: answer.body.field }).toEqual({ name, args, status: 400, field });
    }
  });

  it('refuses a period with more files than one report carries', async () => {
    const [{ id: accountId }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' ORDER BY id LIMIT 1");
    // Files long before the real ones, under NSAs no real file takes.
    await server.database.rows(
      `INSERT INTO remittances (bank_account_id, bank_code, nsa, generated_on, cutoff_date, content, sha256, file_name, slip_count, entry_count, write_off_count, total)
       SELECT $1, '341', 900000 + g, '1999-06-01', '1999-06-01', 'x', repeat('0', 64), 'REM341' || g || '.rem', 1, 1, 0, 1 FROM generate_series(1, $2::int) g`,
      [accountId, REMITTANCE_REPORT_MAX_FILES + 1],
    );
    const answer = await call(server, 'report.remittanceExcel', { filter: { from: '1999-06-01', to: '1999-06-01' } }, tokens.admin);
    expect([answer.status, answer.body.field]).toEqual([400, 'filter.to']);
    expect(answer.body.message).toContain(String(REMITTANCE_REPORT_MAX_FILES));
  });
});

describe('who may read reports', () => {
  const readers = { superadmin: 200, admin: 200, operator: 200, agent: 403, user: 403 };
  itAnswersTheMatrix(
    [
      ['report.iof', JANUARY, readers],
      ['report.iofCurrentPeriod', {}, readers],
      ['report.iofPdf', JANUARY, readers],
      ['report.iofExcel', JANUARY, readers],
      ['report.operations', { filter: {} }, readers],
      ['report.operations', { filter: { assignee: '999999' } }, readers],
      ['report.operationsExcel', { filter: { status: 'disbursed' } }, readers],
      ['report.remittanceExcel', { filter: { from: '2026-01-01', to: '2026-01-31' } }, readers],
      ['report.remittancePdf', { filter: { from: '2026-01-01', to: '2026-01-31', bank: '341' } }, readers],
    ],
    () => ({ server, tokens }),
  );
});
