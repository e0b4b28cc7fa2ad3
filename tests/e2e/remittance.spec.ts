/**
 * A CNAB 240 remittance end to end against the real server with the demo
 * seed: the carnê of a disbursed operation is issued (its slips take nosso
 * números on the Itaú account), an operator opens Empresa › Bancos › Remessa
 * for 341, sees what the file carries with its totals, generates it behind a
 * confirmation that states the amounts, and the main process saves it to the
 * download folder; the file is read back from disk (240-character lines, the
 * CNAB reader finds nothing wrong, the lot trailer's count and total). The
 * history then lists it, nothing is left to carry, and axe finds no serious
 * violation on the screen and the dialog. From the bank accounts the bank's
 * remittances (remittance-operation/341) list the file; its Excel report is
 * saved and read back from disk with exceljs, and so is the bank's report of
 * the remittances of that day. On the same server, a manual
 * remittance of two picked installments is generated and read from disk too
 * (reached from the account's row), and the operations report is filtered,
 * shown and saved as Excel; the parameterized report of two columns is run,
 * saved as Excel and its definition saved by name. A second test: one bank per
 * title — the collecting account moves from Itaú to BB after the installment's
 * title went to Itaú; BB's screen holds the entry back naming the bank and
 * number, Itaú's (inactive) account still lists and sends the baixa, and then
 * BB's file carries the entry (screenshot in test-results/remittance/).
 */
import { readFileSync } from 'node:fs';
import Decimal from 'decimal.js';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { buildRequest, operation } from '../../src/shared/contract/index';
import { checkRemittance, cnabTables, readRecord } from '../../src/server/domain/cnab';
import type { TestServer } from '../helpers/server';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations, type Harness } from './harness';

// The screens as at a larger workstation window.
test.use({ viewport: { width: 1280, height: 800 } });

test('an operator generates a 341 remittance and reads it from disk', async ({ page, harness, server }) => {
  test.setTimeout(240_000);
  const [op] = await server.database.rows<{ id: number }>(
    `SELECT o.id FROM credit_operations o
      WHERE o.status = 'disbursed'
        AND EXISTS (SELECT 1 FROM credit_operation_installments i WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL)
      ORDER BY o.id LIMIT 1`,
  );
  expect(op, 'the demo seed has a disbursed operation with installments to pay').toBeDefined();
  const token = await directSignIn(server.url, DEMO.operador.email, DEMO_PASSWORD);
  const req = buildRequest(operation('boleto.carne'), { credit_operation_id: op.id });
  const carne = await fetch(new URL(req.path, server.url), { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(req.body) });
  expect(carne.status, await carne.clone().text().catch(() => '')).toBe(200);

  await signInAs(page, harness, DEMO.operador.email, '/app/company-operation/banks/341/remessa');
  const totals = page.getByTestId('remittance-totals');
  await expect(totals).toContainText('entrada');
  await expectNoSeriousViolations(page);

  await page.getByTestId('remittance-generate').click();
  await expect(page.getByTestId('remittance-confirm-amounts-total')).toBeVisible();
  await expectNoSeriousViolations(page, '.bp6-dialog');
  await page.getByTestId('remittance-confirm').click();

  const saved = page.getByTestId('remittance-saved');
  await expect(saved).toBeVisible();
  const path = ((await saved.textContent()) ?? '').replace(/^.*?(\/\S+\.rem).*$/s, '$1');
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  expect(path).toMatch(/REM341\d{6}\.rem$/);
  const text = readFileSync(path, 'latin1');
  const lines = text.slice(0, -2).split('\r\n');
  expect(lines.every((l) => l.length === 240)).toBe(true);
  expect(checkRemittance('341', lines)).toEqual([]);
  const [stored] = await server.database.rows<{ slip_count: number; total: string }>('SELECT slip_count, total::text FROM remittances ORDER BY id DESC LIMIT 1');
  const trailer = readRecord(cnabTables('341').lotTrailer, lines[lines.length - 2]);
  expect(Number(trailer.simpleCount)).toBe(stored.slip_count);
  expect(trailer.simpleTotal).toBe(stored.total);

  await expect(page.getByTestId('remittance-history')).toContainText('REM341');
  await expect(totals).toContainText('Nada a remeter');

  // The bank's remittances, reached from the bank accounts: the file listed, its Excel report saved and read from disk.
  await harness.goto('/app/company-operation?tab=banks');
  const [itau] = await server.database.rows<{ id: number }>("SELECT bank_account_id AS id FROM remittances ORDER BY id DESC LIMIT 1");
  // The row's menu, named after its bank, holds the bank's pages.
  await page.getByRole('button', { name: 'Ações de 341 – Itaú Unibanco' }).click();
  await expect(page.getByRole('menu', { name: 'Ações de 341 – Itaú Unibanco' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByTestId(`company-bank-remittances-${itau.id}`).click();
  await expect(page).toHaveURL(/#\/app\/company-operation\/remittance-operation\/341$/);
  const [last] = await server.database.rows<{ id: number; file_name: string }>('SELECT id, file_name FROM remittances ORDER BY id DESC LIMIT 1');
  await expect(page.getByTestId('remittance-operation-history')).toContainText(last.file_name);
  await page.getByTestId(`remittance-report-xlsx-${last.id}`).click();
  const reportSaved = page.getByTestId('remittance-saved');
  await expect(reportSaved).toContainText('.xlsx');
  const reportPath = ((await reportSaved.textContent()) ?? '').replace(/^.*?(\/\S+\.xlsx).*$/s, '$1');
  expect(reportPath.startsWith(harness.paths.downloads)).toBe(true);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(reportPath);
  const data = book.worksheets[1];
  expect(data.rowCount).toBe(1 + stored.slip_count);
  expect(data.getRow(2).getCell(1).value).toBe('Entrada');
  const sum = Array.from({ length: stored.slip_count }, (_, k) => new Decimal(String(data.getRow(k + 2).getCell(7).value))).reduce((a, b) => a.plus(b), new Decimal(0));
  expect(sum.toFixed(2)).toBe(stored.total);

  // The bank's remittances of the period (the day it was generated) as one workbook: the same lines, with their file.
  const [{ day }] = await server.database.rows<{ day: string }>('SELECT generated_on::text AS day FROM remittances WHERE id = $1', [last.id]);
  await page.getByTestId('remittance-period-from').fill(day);
  await page.getByTestId('remittance-period-to').fill(day);
  await page.getByTestId('remittance-period-xlsx').click();
  const periodSaved = page.getByTestId('remittance-period-saved');
  await expect(periodSaved).toContainText('.xlsx');
  const period = new ExcelJS.Workbook();
  await period.xlsx.readFile(((await periodSaved.textContent()) ?? '').replace(/^.*?(\/\S+\.xlsx).*$/s, '$1'));
  const periodRows = period.worksheets[1];
  expect(periodRows.rowCount).toBe(1 + stored.slip_count);
  expect(periodRows.getRow(2).getCell(5).value).toBe(last.file_name);

  await manualRemittanceFromDisk(page, harness, server, token, op.id);
  await operationsReportFromScreen(page, harness, server, op.id);
});

/**
 * On the same server and session: the reports beside the company's tabs. The
 * IOF report opens on the business date's decêndio without asking; the
 * operations report, filtered by the borrower, shows the operation with the
 * totals, and its Excel file (saved by the main process) is read back.
 */
async function operationsReportFromScreen(page: Page, harness: Harness, server: TestServer, operationId: number): Promise<void> {
  await harness.goto('/app/company-operation');
  await page.getByTestId('company-report-iof-link').click();
  await expect(page.getByTestId('report-iof-period')).toBeVisible();
  const today = server.clock.today();
  // Shown as a person reads it (DD/MM/YYYY) whatever the workstation's locale.
  await expect(page.getByTestId('report-iof-from')).toHaveValue(new RegExp(`^(01|11|21)/${today.slice(5, 7)}/${today.slice(0, 4)}$`));

  await harness.goto('/app/company-operation');
  await page.getByTestId('company-report-operations-link').click();
  await expect(page).toHaveURL(/#\/app\/company-operation\/reports\/operations$/);
  const [borrower] = await server.database.rows<{ document: string }>('SELECT b.document FROM credit_operations o JOIN borrowers b ON b.id = o.borrower_id WHERE o.id = $1', [operationId]);
  const [expected] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM credit_operations o JOIN borrowers b ON b.id = o.borrower_id WHERE b.document = $1', [borrower.document]);
  await page.getByTestId('report-operations-filter-borrower').fill(borrower.document);
  await expect(page.getByTestId(`report-operations-row-${operationId}`)).toBeVisible();
  await expect(page.getByTestId('report-operations-totals')).toContainText(`${expected.n} operações`);
  await expectNoSeriousViolations(page);

  await page.getByTestId('export-excel').click();
  await expect(page.getByTestId('export-result')).toBeVisible();
  const savedPath = ((await page.getByTestId('export-result').textContent()) ?? '').replace(/^.*?(\/\S+\.xlsx).*$/s, '$1');
  expect(savedPath.startsWith(harness.paths.downloads)).toBe(true);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(savedPath);
  const sheet = book.worksheets[1];
  expect(sheet.rowCount).toBe(1 + expected.n);
  const ids = Array.from({ length: expected.n }, (_, k) => sheet.getRow(k + 2).getCell(1).value);
  expect(ids).toContain(operationId);
  await shoot(page, 'operations-report', 'report-operations-table');

  await parameterizedReportFromScreen(page, harness, server, operationId, borrower.document, expected.n);
}

const SHOTS = 'test-results/remittance';

/** The screen at 1280×800 and 1024 px wide, for a person to look at (identifiers, dates and amounts read whole). */
async function shoot(page: Page, name: string, focus?: string): Promise<void> {
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    if (focus) await page.getByTestId(focus).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * On the same server and session: the parameterized report, reached beside
 * the operations report. Two columns ticked (borrower, then financed amount)
 * and run, filtered by the same borrower: the operation's row and the count;
 * its Excel file (written by the server, saved by the main process) has those
 * two columns in that order; the definition saved by name is listed and
 * stored.
 */
async function parameterizedReportFromScreen(page: Page, harness: Harness, server: TestServer, operationId: number, document: string, count: number): Promise<void> {
  await harness.goto('/app/company-operation');
  await page.getByTestId('company-report-parameterized-link').click();
  await expect(page).toHaveURL(/#\/app\/company-operation\/reports\/parameterized$/);
  // The checkbox's label takes the click (Blueprint draws the box over the input).
  const tick = (key: string) => page.locator('label', { has: page.getByTestId(`report-parameterized-col-${key}`) }).click();
  await tick('borrower_name');
  await tick('principal');
  await expect(page.getByTestId('report-parameterized-order')).toHaveText(/Tomador.*Valor financiado/);
  await page.getByTestId('report-parameterized-run').click();
  await page.getByTestId('report-parameterized-filter-borrower').fill(document);
  await expect(page.getByTestId(`report-parameterized-row-${operationId}`)).toBeVisible();
  await expect(page.getByTestId('report-parameterized-count')).toContainText(`Operações encontradas: ${count}`);
  await expectNoSeriousViolations(page);

  await page.getByTestId('report-parameterized-xlsx').click();
  await expect(page.getByTestId('report-parameterized-saved-file')).toBeVisible();
  const savedPath = ((await page.getByTestId('report-parameterized-saved-file').textContent()) ?? '').replace(/^.*?(\/\S+\.xlsx).*$/s, '$1');
  expect(savedPath.startsWith(harness.paths.downloads)).toBe(true);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(savedPath);
  const sheet = book.worksheets[1];
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Tomador', 'Valor financiado']);
  expect(sheet.rowCount).toBe(1 + count);

  await page.getByTestId('report-parameterized-name').fill('Carteira do tomador');
  await page.getByTestId('report-parameterized-save').click();
  await expect(page.getByTestId('report-parameterized-saved')).toContainText('Carteira do tomador');
  const stored = await server.database.rows<{ columns: string[]; filter: Record<string, string> }>("SELECT columns, filter FROM saved_reports WHERE name = 'Carteira do tomador'");
  expect(stored).toEqual([{ columns: ['borrower_name', 'principal'], filter: { borrower: document } }]);

  // Two statuses picked and a header sort, saved, then opened again: both statuses selected, the sort kept.
  const status = page.getByTestId('report-parameterized-filter-status');
  for (const s of ['disbursed', 'settled']) {
    await status.locator('input').click();
    await page.getByTestId(`report-parameterized-filter-status-option-${s}`).click();
  }
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=disbursed&status=settled/);
  await expect(page.getByTestId(`report-parameterized-row-${operationId}`)).toBeVisible();
  await page.getByTestId('sort-principal').click();
  const principalHeader = page.locator('th[data-col="principal"]');
  await expect(principalHeader).toHaveAttribute('aria-sort', 'ascending');
  await page.getByTestId('report-parameterized-name').fill('Duas situações');
  await page.getByTestId('report-parameterized-save').click();
  await expect(page.getByTestId('report-parameterized-saved')).toContainText('Duas situações');
  const [two] = await server.database.rows<{ id: number; filter: unknown; sort: unknown }>("SELECT id, filter, sort FROM saved_reports WHERE name = 'Duas situações'");
  expect(two).toMatchObject({ filter: { borrower: document, status: ['disbursed', 'settled'] }, sort: { field: 'principal', order: 'ASC' } });
  await harness.goto('/app/company-operation/reports/parameterized');
  await page.getByTestId(`report-parameterized-open-${two.id}`).click();
  await expect(page.getByTestId('report-parameterized-filter-status-tag-disbursed')).toBeVisible();
  await expect(page.getByTestId('report-parameterized-filter-status-tag-settled')).toBeVisible();
  await expect(principalHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByTestId(`report-parameterized-row-${operationId}`)).toBeVisible();
  await expectNoSeriousViolations(page);
  await shoot(page, 'parameterized-report', 'report-parameterized-table');
}

/**
 * On the same server and session: a second operation's carnê gives new slips on
 * the Itaú account; on Remessa manual the operator filters by that operation,
 * picks two installments (the running total is theirs), confirms the count and
 * total, and the main process saves the file; read back from disk it carries
 * exactly those two entries, under the account's next NSA; the history lists
 * it and the two leave the list. axe on the screen and the dialog.
 */
async function manualRemittanceFromDisk(page: Page, harness: Harness, server: TestServer, token: string, after: number): Promise<void> {
  const [op] = await server.database.rows<{ id: number }>(
    // A borrower with a numeric CPF/CNPJ: the CNAB 240 payer field takes digits only, and the seed has alphanumeric CNPJs too.
    `SELECT o.id FROM credit_operations o JOIN borrowers b ON b.id = o.borrower_id
      WHERE o.status = 'disbursed' AND o.id > $1 AND b.document !~ '[A-Za-z]'
        AND EXISTS (SELECT 1 FROM credit_operation_installments i WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL)
      ORDER BY o.id LIMIT 1`,
    [after],
  );
  expect(op, 'the demo seed has a second disbursed operation with installments to pay').toBeDefined();
  const req = buildRequest(operation('boleto.carne'), { credit_operation_id: op.id });
  const carne = await fetch(new URL(req.path, server.url), { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(req.body) });
  expect(carne.status, await carne.clone().text().catch(() => '')).toBe(200);
  const [{ id: accountId }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE bank_code = '341' AND active ORDER BY id LIMIT 1");
  const picked = await server.database.rows<{ installment_id: number; amount: string }>(
    `SELECT s.installment_id, s.amount::text AS amount FROM boleto_slips s
      WHERE s.credit_operation_id = $1 AND s.bank_account_id = $2
        AND NOT EXISTS (SELECT 1 FROM remittance_items r WHERE r.boleto_slip_id = s.id)
      ORDER BY s.due_date, s.id LIMIT 2`,
    [op.id, accountId],
  );
  expect(picked).toHaveLength(2);

  // Reached from the account's row in the bank accounts tab.
  await harness.goto('/app/company-operation?tab=banks');
  // The row's menu opened from the keyboard.
  await page.getByTestId(`company-banks-menu-${accountId}`).press('Enter');
  await page.getByTestId(`company-bank-manual-remittance-${accountId}`).press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/app/company-operation/remittance-operation/manual/${accountId}$`));
  await page.getByTestId('manual-remittance-filter-operation').fill(`OP-${String(op.id).padStart(6, '0')}`);
  for (const p of picked) await expect(page.getByTestId(`manual-remittance-pick-${p.installment_id}`)).toBeVisible();
  // Agreement slips are left to the automatic file: the screen says why.
  await expect(page.getByTestId('manual-remittance-agreements')).toContainText('não entram na remessa manual');
  await page.screenshot({ path: 'test-results/remittance/manual-agreements-1280.png' });
  await expectNoSeriousViolations(page);
  for (const p of picked) await page.getByTestId(`manual-remittance-pick-${p.installment_id}`).check({ force: true });
  const totalText = picked.reduce((sum, p) => sum.plus(p.amount), new Decimal(0)).toFixed(2);
  await expect(page.getByTestId('manual-remittance-selection')).toContainText('2 parcela(s)');

  await page.getByTestId('manual-remittance-generate').click();
  await expect(page.getByTestId('manual-remittance-confirm-amounts-total')).toBeVisible();
  await expectNoSeriousViolations(page, '.bp6-dialog');
  await page.getByTestId('manual-remittance-confirm').click();

  const saved = page.getByTestId('manual-remittance-saved');
  await expect(saved).toBeVisible();
  const path = ((await saved.textContent()) ?? '').replace(/^.*?(\/\S+\.rem).*$/s, '$1');
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  const text = readFileSync(path, 'latin1');
  const lines = text.slice(0, -2).split('\r\n');
  expect(lines.every((l) => l.length === 240)).toBe(true);
  expect(checkRemittance('341', lines)).toEqual([]);
  const [stored] = await server.database.rows<{ nsa: number; file_name: string }>('SELECT r.nsa, r.file_name FROM remittances r JOIN manual_remittances m ON m.remittance_id = r.id ORDER BY r.id DESC LIMIT 1');
  expect(path.endsWith(stored.file_name)).toBe(true);
  expect(Number(readRecord(cnabTables('341').fileHeader, lines[0]).fileSequence)).toBe(stored.nsa);
  const segmentsP = lines.filter((l) => l[13] === 'P').map((l) => readRecord(cnabTables('341').segmentP, l));
  expect(segmentsP.map((p) => p.movement)).toEqual(['01', '01']);
  expect(readRecord(cnabTables('341').lotTrailer, lines[lines.length - 2]).simpleTotal).toBe(totalText);

  await expect(page.getByTestId('manual-remittance-history')).toContainText(stored.file_name);
  for (const p of picked) await expect(page.getByTestId(`manual-remittance-pick-${p.installment_id}`)).toHaveCount(0);
}

test('one bank per title: the collecting account moves from Itaú to BB; BB holds the entry back until Itaú’s baixa went out', async ({ page, harness, server }) => {
  test.setTimeout(240_000);
  const today = server.clock.today();
  // A borrower with a numeric CPF/CNPJ (the CNAB 240 payer field takes digits only).
  const [op] = await server.database.rows<{ id: number }>(
    `SELECT o.id FROM credit_operations o JOIN borrowers b ON b.id = o.borrower_id
      WHERE o.status = 'disbursed' AND b.document !~ '[A-Za-z]'
        AND EXISTS (SELECT 1 FROM credit_operation_installments i WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL AND i.due_date >= $1::date)
      ORDER BY o.id LIMIT 1`,
    [today],
  );
  expect(op, 'the demo seed has a disbursed operation with installments to pay').toBeDefined();
  const [installment] = await server.database.rows<{ id: number; number: number }>(
    'SELECT id, number FROM credit_operation_installments WHERE credit_operation_id = $1 AND superseded_in IS NULL AND paid_on IS NULL AND due_date >= $2::date ORDER BY number LIMIT 1',
    [op.id, today],
  );
  const operator = await directSignIn(server.url, DEMO.operador.email, DEMO_PASSWORD);
  const admin = await directSignIn(server.url, DEMO.admin.email, DEMO_PASSWORD);
  const boleto = async () => {
    const req = buildRequest(operation('boleto.slip'), { x: installment.id });
    const answer = await fetch(new URL(req.path, server.url), { headers: { authorization: `Bearer ${operator}` } });
    expect(answer.status, await answer.clone().text().catch(() => '')).toBe(200);
  };
  // The installment's title goes to Itaú in a remittance (with whatever else the account had to carry).
  await boleto();
  const [{ id: itauId }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE bank_code = '341' AND active ORDER BY id LIMIT 1");
  const sent = await directCall(server.url, 'remittance.generate', { bankCode: '341', date: today, bank_account_id: itauId, idempotency_key: `e2e-one-bank-${Date.now()}` }, operator);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);

  // The company moves its collecting account to Banco do Brasil: a new slip there.
  const bb = await directCall<{ id: number }>(
    server.url,
    'company.createBank',
    { id: 1, bank_code: '001', bank_name: 'Banco do Brasil', agency: '1769', agency_digit: '8', account: '88012', account_digit: '3', wallet: '17', agreement: '1234567', next_our_number: 1, wallet_variation: '019' },
    admin,
  );
  expect(bb.status, JSON.stringify(bb.body)).toBe(200);
  await server.database.rows('UPDATE company_bank_accounts SET active = false WHERE id = $1', [itauId]);
  await boleto();

  // BB's remittance screen leaves the entry out and says which bank holds the title.
  await signInAs(page, harness, DEMO.operador.email, '/app/company-operation/banks/001/remessa');
  const held = page.getByTestId(`remittance-held-${installment.id}`);
  await expect(held).toContainText('registrado no banco 341');
  await expect(page.getByTestId('remittance-totals')).toContainText('Nada a remeter');
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: 'test-results/remittance/one-bank-held-back-1280.png' });

  // Itaú's account, inactive now, is still listed for its baixas: the file carries the installment's.
  await harness.goto('/app/company-operation/banks/341/remessa');
  await expect(page.getByTestId('remittance-account')).toContainText('inativa');
  await expect(page.getByTestId('remittance-totals')).toContainText('1 baixa(s)');
  await page.getByTestId('remittance-generate').click();
  await page.getByTestId('remittance-confirm').click();
  await expect(page.getByTestId('remittance-saved')).toBeVisible();

  // Then BB's file carries the entry.
  await harness.goto('/app/company-operation/banks/001/remessa');
  await expect(page.getByTestId('remittance-totals')).toContainText('1 entrada(s)');
  await expect(page.getByTestId('remittance-held-back')).toHaveCount(0);
});
