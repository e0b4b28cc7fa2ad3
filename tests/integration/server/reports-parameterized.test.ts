/**
 * The parameterized report over HTTP: the chosen columns in their order over
 * the operations report's filters (checked against the operations report and
 * the tables), bad columns and filters named, the workbook read back with
 * exceljs (info sheet with the filters, frozen header, typed cells), the PDF
 * read with pdftotext, saved definitions saved, replaced by name (ignoring
 * case) and deleted, several statuses at once, header sorts (whitelisted,
 * ties by id, followed by the files), the open amount net of a partial
 * payment and of a reversed one, and who may do what.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARAMETERIZED_COLUMN_KEYS } from '../../../src/shared/contract/company-report-parameterized';
import { formatCurrency } from '../../../src/shared/format';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, insertBorrower, key, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';
import { translate } from '../../../src/shared/i18n';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let opId: number;
let dir: string;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  const borrowerId = await insertBorrower(server, 'Paulo Parametrizado', '111.444.777-35');
  opId = await disbursedOperation(server, tokens, borrowerId);
  dir = mkdtempSync(join(tmpdir(), 'reports-param-'));
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const MINE = { borrower: 'parametrizado' };
const ALL = PARAMETERIZED_COLUMN_KEYS;

describe('parameterized report', () => {
  it('answers the chosen columns in their order, over the same operations as the operations report', async () => {
    const filter = { from: '2020-01-01', to: '2030-12-31', status: 'disbursed', columns: ['principal', 'borrower_name', 'id'] };
    const answer = await call(server, 'report.parameterized', { filter, limit: 100 }, tokens.operator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.columns).toEqual(['principal', 'borrower_name', 'id']);
    const fixed = (await call(server, 'report.operations', { filter: { from: filter.from, to: filter.to, status: 'disbursed' }, limit: 100 }, tokens.operator)).body;
    expect(answer.body.meta).toEqual(fixed.meta);
    expect(answer.body.items).toEqual(fixed.items.map((i: { id: number; principal: string; borrower_name: string }) => ({ id: i.id, principal: i.principal, borrower_name: i.borrower_name })));
    // The operation's id rides on every row (its link), chosen or not.
    const bare = await call(server, 'report.parameterized', { filter: { ...MINE, columns: 'borrower_name' } }, tokens.operator);
    expect(bare.body).toMatchObject({ columns: ['borrower_name'], items: [{ id: opId, borrower_name: 'Paulo Parametrizado' }] });
    expect(Object.keys(bare.body.items[0])).toEqual(['id', 'borrower_name']);

    const second = await call(server, 'report.parameterized', { filter, limit: 1, page: 2 }, tokens.operator);
    expect(second.body.items).toEqual(answer.body.items.slice(1, 2));
  });

  it('computes every catalogue column as the tables say', async () => {
    const answer = await call(server, 'report.parameterized', { filter: { ...MINE, columns: ALL } }, tokens.admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.items).toHaveLength(1);
    const [expected] = await server.database.rows<Record<string, string | number>>(
      `SELECT co.id, co.product, co.installments_count, co.monthly_rate::text AS monthly_rate, co.principal::text AS principal, co.total_payable::text AS total_payable,
              to_char(co.created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS created_on, co.first_due_date::text AS first_due_date,
              (SELECT count(*)::int FROM credit_operation_installments i WHERE i.credit_operation_id = co.id AND i.superseded_in IS NULL AND i.paid_on IS NULL) AS open_installments,
              -- No payment yet: the open amount is the open installments' face value.
              (SELECT sum(payment)::text FROM credit_operation_installments i WHERE i.credit_operation_id = co.id AND i.superseded_in IS NULL AND i.paid_on IS NULL) AS open_amount
         FROM credit_operations co WHERE co.id = $1`,
      [opId],
    );
    const row = answer.body.items[0];
    expect(row).toMatchObject({
      id: opId,
      borrower_name: 'Paulo Parametrizado',
      borrower_document: '111.444.777-35',
      product: expected.product,
      status: 'disbursed',
      created_on: expected.created_on,
      disbursement_date: '2026-01-15',
      first_due_date: expected.first_due_date,
      installments_count: expected.installments_count,
      monthly_rate: expected.monthly_rate,
      principal: new Decimal(expected.principal).toFixed(2),
      total_payable: new Decimal(expected.total_payable).toFixed(2),
      open_installments: expected.open_installments,
      open_amount: new Decimal(expected.open_amount).toFixed(2),
      assignee: null,
    });
    expect(Number(expected.open_installments)).toBeGreaterThan(0);
    for (const key of ['requested_amount', 'iof_total', 'fees_total', 'total_interest']) expect(row[key]).toMatch(/^\d+\.\d{2}$/);
  });

  it('refuses an unknown, repeated or missing column and a bad filter with a 400 naming the field', async () => {
    const cases: Array<[unknown, string, string | undefined]> = [
      [{ filter: { columns: ['id', 'salary'] } }, 'filter.columns', 'salary'],
      [{ filter: { columns: ['id', 'id'] } }, 'filter.columns', 'repetida'],
      [{ filter: {} }, 'filter.columns', 'coluna'],
      [{ filter: { columns: 'constructor' } }, 'filter.columns', 'constructor'],
      [{ filter: { columns: ['id'], status: 'pago' } }, 'filter.status', undefined],
      [{ filter: { columns: ['id'], from: '2026-02-01', to: '2026-01-01' } }, 'filter.to', undefined],
      [{ filter: { columns: ['id'], assignee: 'x' } }, 'filter.assignee', undefined],
      [{ filter: { columns: ['id'] }, limit: 101 }, 'limit', undefined],
      [{ filter: { columns: ['id'], stauts: 'disbursed' } }, 'filter.stauts', 'filtro desconhecido'],
    ];
    for (const [args, field, words] of cases) {
      const answer = await call(server, 'report.parameterized', args, tokens.admin);
      expect({ args, status: answer.status, field: answer.body.field }).toEqual({ args, status: 400, field });
      if (words) expect(answer.body.message).toContain(words);
    }
    const excel = await call(server, 'report.parameterizedExcel', { filter: { columns: ['nope'] } }, tokens.admin);
    expect([excel.status, excel.body.field]).toEqual([400, 'filter.columns']);
  });

  it('writes the workbook with the chosen columns: info sheet with the filters, frozen header, typed cells', async () => {
    const filter = { ...MINE, status: 'disbursed', columns: ['id', 'disbursement_date', 'principal', 'status', 'borrower_name'] };
    const json = (await call(server, 'report.parameterized', { filter }, tokens.operator)).body;
    const answer = await call(server, 'report.parameterizedExcel', { filter }, tokens.operator);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain('relatorio-parametrizado-');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(answer.body as Uint8Array) as unknown as ArrayBuffer);
    const [info, data] = book.worksheets;
    const infoText = JSON.stringify(info.getSheetValues());
    expect(infoText).toContain('Relatório parametrizado de operações');
    expect(infoText).toContain('Tomador');
    expect(infoText).toContain('parametrizado');
    expect(data.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect((data.getRow(1).values as unknown[]).slice(1)).toEqual(['Operação', 'Liberação', 'Valor financiado', 'Situação', 'Tomador']);
    const row = data.getRow(2);
    expect(row.getCell(1).value).toBe(opId);
    expect(row.getCell(2).value).toEqual(new Date('2026-01-15T00:00:00Z'));
    expect(row.getCell(3).value).toBe(Number(json.items[0].principal));
    expect(row.getCell(3).numFmt).toContain('R$');
    expect(row.getCell(4).value).not.toBe('disbursed');
    expect(typeof row.getCell(4).value).toBe('string');
    expect(row.getCell(5).value).toBe('Paulo Parametrizado');
    expect(data.rowCount).toBe(2);
  });

  it('renders the PDF with the chosen columns and the filters', async () => {
    const filter = { ...MINE, columns: ['id', 'borrower_name', 'total_payable', 'disbursement_date'] };
    const answer = await call(server, 'report.parameterizedPdf', { filter }, tokens.admin);
    expect(answer.status).toBe(200);
    const file = join(dir, 'param.pdf');
    writeFileSync(file, answer.body as Uint8Array);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('Relatório parametrizado de operações');
    expect(text).toContain('Tomador: parametrizado');
    expect(text).toContain('Paulo Parametrizado');
    expect(text).toContain('15/01/2026');
    expect(text).toContain('Página 1 de 1');

    // Every column at once: the type shrinks and the amounts and dates still read whole.
    const everything = await call(server, 'report.parameterized', { filter: { ...MINE, columns: ALL } }, tokens.admin);
    const wide = await call(server, 'report.parameterizedPdf', { filter: { ...MINE, columns: ALL } }, tokens.admin);
    expect(wide.status).toBe(200);
    writeFileSync(file, wide.body as Uint8Array);
    const wideText = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    const row = everything.body.items[0];
    for (const key of ['principal', 'total_payable', 'open_amount', 'requested_amount']) expect(wideText).toContain(formatCurrency(row[key]).replace(/^R\$\s*/, ''));
    expect(wideText).toContain('15/01/2026');
  });
});

describe('saved parameterized reports', () => {
  it('saves, replaces by name ignoring case, lists by name and deletes', async () => {
    const first = await call(server, 'report.saveReport', { name: 'Carteira cedida', columns: ['id', 'assignee'], filter: { status: ['disbursed', 'settled'] } }, tokens.operator);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.replaced).toBe(false);
    expect(first.body.report).toMatchObject({ name: 'Carteira cedida', columns: ['id', 'assignee'], filter: { status: ['disbursed', 'settled'] }, updated_by_name: expect.any(String) });

    const other = await call(server, 'report.saveReport', { name: 'Abertas', columns: ['open_amount'] }, tokens.admin);
    expect(other.body.report.filter).toEqual({});

    const again = await call(server, 'report.saveReport', { name: 'CARTEIRA CEDIDA', columns: ['borrower_name', 'id'], filter: { product: 'working_capital', assignee: '7' } }, tokens.admin);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replaced: true, report: { id: first.body.report.id, name: 'CARTEIRA CEDIDA', columns: ['borrower_name', 'id'], filter: { product: 'working_capital', assignee: 7 } } });

    const list = await call(server, 'report.savedReports', {}, tokens.operator);
    expect(list.body.map((r: { name: string }) => r.name)).toEqual(['Abertas', 'CARTEIRA CEDIDA']);

    // A saved definition runs as it was saved.
    const saved = list.body[1];
    const run = await call(server, 'report.parameterized', { filter: { ...saved.filter, columns: saved.columns } }, tokens.operator);
    expect(run.status).toBe(200);

    expect((await call(server, 'report.deleteSavedReport', { id: first.body.report.id }, tokens.operator)).status).toBe(200);
    expect((await call(server, 'report.deleteSavedReport', { id: first.body.report.id }, tokens.operator)).status).toBe(404);
    expect((await call(server, 'report.savedReports', {}, tokens.operator)).body.map((r: { name: string }) => r.name)).toEqual(['Abertas']);

    // Each save and the delete are in the activity log, with the definition's name and columns.
    const logged = await server.database.rows<{ action: string; before: { columns?: string } | null; after: { columns?: string } | null }>(
      "SELECT action, before, after FROM activity_log WHERE entity = 'saved_report' AND entity_id = $1 ORDER BY id",
      [first.body.report.id],
    );
    expect(logged).toEqual([
      { action: 'saved-report.save', before: null, after: expect.objectContaining({ name: 'Carteira cedida', columns: 'id, assignee' }) },
      { action: 'saved-report.save', before: null, after: expect.objectContaining({ name: 'CARTEIRA CEDIDA', columns: 'borrower_name, id' }) },
      { action: 'saved-report.delete', before: expect.objectContaining({ name: 'CARTEIRA CEDIDA' }), after: null },
    ]);
  });

  it('refuses a definition without a name, with no or an unknown column, or a bad filter, naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: '   ', columns: ['id'] }, 'name'],
      [{ name: 'x'.repeat(81), columns: ['id'] }, 'name'],
      [{ name: 'Sem colunas', columns: [] }, 'columns'],
      [{ name: 'Coluna errada', columns: ['id', 'salario'] }, 'columns'],
      [{ name: 'Filtro errado', columns: ['id'], filter: { status: 'pago' } }, 'filter.status'],
      [{ name: 'Período', columns: ['id'], filter: { from: '2026-02-01', to: '2026-01-01' } }, 'filter.to'],
    ];
    for (const [args, field] of cases) {
      const answer = await call(server, 'report.saveReport', args, tokens.admin);
      expect({ args, status: answer.status, field: answer.body.field }).toEqual({ args, status: 400, field });
    }
  });
});

describe('several statuses and header sorts', () => {
  /** The two statuses with the most operations in the demo seed. */
  async function twoStatuses(): Promise<string[]> {
    const rows = await server.database.rows<{ status: string }>('SELECT status FROM credit_operations GROUP BY status ORDER BY count(*) DESC, status LIMIT 2');
    expect(rows).toHaveLength(2);
    return rows.map((r) => r.status);
  }

  it('filters by several statuses at once in JSON, Excel and PDF', async () => {
    const statuses = await twoStatuses();
    const [expected] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM credit_operations WHERE status = ANY($1)', [statuses]);
    const filter = { status: statuses, columns: ['id', 'status'] };
    const json = await call(server, 'report.parameterized', { filter, limit: 100 }, tokens.operator);
    expect(json.status, JSON.stringify(json.body)).toBe(200);
    expect(json.body.meta.totalItems).toBe(expected.n);
    expect(new Set(json.body.items.map((r: { status: string }) => r.status))).toEqual(new Set(statuses));
    const fixed = await call(server, 'report.operations', { filter: { status: statuses }, limit: 1 }, tokens.operator);
    expect(fixed.body.totals.count).toBe(expected.n);

    const excel = await call(server, 'report.parameterizedExcel', { filter }, tokens.operator);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(excel.body as Uint8Array) as unknown as ArrayBuffer);
    const [info, data] = book.worksheets;
    expect(data.rowCount).toBe(1 + expected.n);
    const words = statuses.map((s) => translate('pt-BR', `creditOperations.status.${s}`));
    const infoText = JSON.stringify(info.getSheetValues());
    for (const word of words) expect(infoText).toContain(word);

    const pdf = await call(server, 'report.parameterizedPdf', { filter }, tokens.operator);
    const file = join(dir, 'statuses.pdf');
    writeFileSync(file, pdf.body as Uint8Array);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain(`Situação: ${words.join(', ')}`);
  });

  it('sorts by a catalogue column asc or desc, ties by id, pages not overlapping, the files in the same order', async () => {
    const filter = { columns: ['id', 'principal'] };
    const [{ n }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM credit_operations');
    const order = async (dir: 'ASC' | 'DESC') =>
      (await server.database.rows<{ id: number }>(`SELECT id FROM credit_operations ORDER BY principal ${dir}, id ASC LIMIT 100`)).map((r) => Number(r.id));
    for (const dir of ['ASC', 'DESC'] as const) {
      const page = await call(server, 'report.parameterized', { filter, sort: { field: 'principal', order: dir }, limit: 100 }, tokens.operator);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.items.map((r: { id: number }) => r.id)).toEqual(await order(dir));
    }
    const sort = { field: 'principal', order: 'DESC' };
    const whole = (await call(server, 'report.parameterized', { filter, sort, limit: 10 }, tokens.operator)).body.items;
    const halves = [
      ...(await call(server, 'report.parameterized', { filter, sort, limit: 5, page: 1 }, tokens.operator)).body.items,
      ...(await call(server, 'report.parameterized', { filter, sort, limit: 5, page: 2 }, tokens.operator)).body.items,
    ];
    expect(halves).toEqual(whole);

    const excel = await call(server, 'report.parameterizedExcel', { filter, sort }, tokens.operator);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(excel.body as Uint8Array) as unknown as ArrayBuffer);
    const data = book.worksheets[1];
    expect(data.rowCount).toBe(1 + n);
    expect(Array.from({ length: 10 }, (_, k) => data.getRow(k + 2).getCell(1).value)).toEqual(whole.map((r: { id: number }) => r.id));

    // By text (the borrower's name), descending: the database's order, ties by id.
    const byName = await call(server, 'report.parameterized', { filter: { columns: ['borrower_name'] }, sort: { field: 'borrower_name', order: 'DESC' }, limit: 100 }, tokens.operator);
    const names = await server.database.rows<{ id: number }>('SELECT o.id FROM credit_operations o JOIN borrowers b ON b.id = o.borrower_id ORDER BY b.name DESC, o.id ASC LIMIT 100');
    expect(byName.body.items.map((r: { id: number }) => r.id)).toEqual(names.map((r) => Number(r.id)));
  });

  it('refuses a sort outside the sortable catalogue with a 400 on sort, in Portuguese', async () => {
    for (const field of ['salario', 'open_amount', 'borrowers.name']) {
      const answer = await call(server, 'report.parameterized', { filter: { columns: ['id'] }, sort: { field, order: 'ASC' } }, tokens.operator);
      expect({ field, status: answer.status, on: answer.body.field }).toEqual({ field, status: 400, on: 'sort' });
      expect(answer.body.message).toBe(`Campo sort: ordenação por "${field}" não é permitida`);
    }
    const pdf = await call(server, 'report.parameterizedPdf', { filter: { columns: ['id'] }, sort: { field: 'salario', order: 'DESC' } }, tokens.operator);
    expect([pdf.status, pdf.body.field]).toEqual([400, 'sort']);
  });

  it('keeps the sort in a saved definition, and refuses one it cannot sort by', async () => {
    const saved = await call(server, 'report.saveReport', { name: 'Maiores primeiro', columns: ['id', 'principal'], filter: { status: ['disbursed', 'settled'] }, sort: { field: 'principal', order: 'DESC' } }, tokens.operator);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.report).toMatchObject({ filter: { status: ['disbursed', 'settled'] }, sort: { field: 'principal', order: 'DESC' } });
    const listed = (await call(server, 'report.savedReports', {}, tokens.operator)).body.find((r: { name: string }) => r.name === 'Maiores primeiro');
    expect(listed.sort).toEqual({ field: 'principal', order: 'DESC' });
    // Saved again without a sort: the default order.
    const plain = await call(server, 'report.saveReport', { name: 'maiores primeiro', columns: ['id'] }, tokens.operator);
    expect(plain.body).toMatchObject({ replaced: true, report: { sort: null } });
    const bad = await call(server, 'report.saveReport', { name: 'Ruim', columns: ['id'], sort: { field: 'open_amount', order: 'ASC' } }, tokens.operator);
    expect([bad.status, bad.body.field]).toEqual([400, 'sort.field']);
    await call(server, 'report.deleteSavedReport', { id: saved.body.report.id }, tokens.operator);
  });
});

describe('open amount', () => {
  it('is the open installments value net of a partial payment; a reversed payment deducts nothing', async () => {
    const borrowerId = await insertBorrower(server, 'Olivia Aberta', '529.982.247-25');
    const op = await disbursedOperation(server, tokens, borrowerId);
    const list = await operationInstallments<{ id: number; value: string }>(server, tokens.agent, op);
    const face = list.reduce((sum, i) => sum.plus(i.value), new Decimal(0));

    // Both before the first due date: no late charge takes a share of the money.
    server.clock.set('2026-02-10');
    const partial = await call(server, 'servicing.pay', { id: op, installment: list[0].id, idempotency_key: key(), amount: '100.00', paid_on: '2026-02-10', method: 'pix' }, tokens.operator);
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    const returned = await call(server, 'servicing.pay', { id: op, installment: list[1].id, idempotency_key: key(), amount: '50.00', paid_on: '2026-02-10', method: 'pix' }, tokens.operator);
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    server.clock.set('2026-02-12');
    const reversal = await call(server, 'servicing.reverse', { id: op, installment: list[1].id, detailId: returned.body.transactions[0].id, idempotency_key: key(), reason: 'Boleto devolvido pelo banco' }, tokens.operator);
    expect(reversal.status, JSON.stringify(reversal.body)).toBe(200);

    const filter = { borrower: 'Olivia Aberta', columns: ['open_installments', 'open_amount'] };
    const answer = await call(server, 'report.parameterized', { filter }, tokens.operator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.items).toEqual([{ id: op, open_installments: list.length, open_amount: face.minus(100).toFixed(2) }]);
    // What the installments screen says is still owed of the installments' value.
    const screen = await operationInstallments<{ due_total: string }>(server, tokens.agent, op);
    expect(screen.reduce((sum, i) => sum.plus(i.due_total), new Decimal(0)).toFixed(2)).toBe(answer.body.items[0].open_amount);

    const excel = await call(server, 'report.parameterizedExcel', { filter }, tokens.operator);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(excel.body as Uint8Array) as unknown as ArrayBuffer);
    expect(book.worksheets[1].getRow(2).getCell(2).value).toBe(face.minus(100).toNumber());
  });
});

describe('who may use the parameterized report', () => {
  const readers = { superadmin: 200, admin: 200, operator: 200, agent: 403, user: 403 };
  const ONE = { filter: { columns: ['id', 'principal'], status: 'disbursed' } };
  itAnswersTheMatrix(
    [
      ['report.parameterized', ONE, readers],
      ['report.parameterizedExcel', ONE, readers],
      ['report.parameterizedPdf', { filter: { ...ONE.filter, borrower: 'parametrizado' } }, readers],
      ['report.savedReports', {}, readers],
      ['report.saveReport', { name: 'Matriz', columns: ['id'] }, readers],
      ['report.deleteSavedReport', { id: 999999 }, { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 }],
    ],
    () => ({ server, tokens }),
  );
});
