/**
 * The simulations screen against the real server: filters by
 * name and value range (typed the pt-BR way, sent as decimal text; a zero
 * bound is no bound), sort and paging kept in the URL through a reload, the
 * person and solicitation links, the Excel export with both sheets, and a
 * delete behind a confirmation. Screenshots go to the test's output.
 */
import ExcelJS from 'exceljs';
import { existsSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, signInAs, signIn, signOut, directCall, directSignIn, DEMO, DEMO_PASSWORD, type TestServer } from './harness';
import { translate } from '../../src/shared/i18n';
import type { Simulation } from '../../src/shared/contract';
import type { ListQueryInput } from '../../src/shared/query';
import { insertEntrepreneur, insertSimulation } from '../helpers/credit-fixtures';

// The screens as at a larger workstation window.
test.use({ viewport: { width: 1440, height: 900 } });

interface ListAnswer {
  items: Simulation[];
  meta: { currentPage: number; totalPages: number; totalItems: number; pageSize: number };
}

async function serverList(url: string, query: ListQueryInput): Promise<ListAnswer> {
  const token = await directSignIn(url, DEMO.superadmin.email, DEMO_PASSWORD);
  const answer = await directCall<ListAnswer>(url, 'simulations.all', { page: 1, limit: 10, ...query }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function visibleIds(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const ids: number[] = [];
    for (const el of document.querySelectorAll('[data-testid^="simulations-row-"]')) {
      const id = Number(el.getAttribute('data-testid')!.slice('simulations-row-'.length));
      if (Number.isFinite(id) && !ids.includes(id)) ids.push(id);
    }
    return ids;
  });
}

const expectRows = (page: Page, ids: number[]) => expect.poll(() => visibleIds(page)).toEqual(ids);
const shot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });

/** Fourteen simulations of two people no seed knows ("Simulada"), one linked to a solicitation. */
async function fixtures(server: TestServer) {
  const ana = await insertEntrepreneur(server.database, { name: 'Ana Simulada Rocha', email: 'ana.simulada@teste.local' });
  const bia = await insertEntrepreneur(server.database, { name: 'Bia Simulada Souza', email: 'bia.simulada@teste.local' });
  const [s] = await server.database.rows<{ id: number }>(
    `INSERT INTO solicitations (user_id, type_credit, name, email, lending_value, lending_plots_to_pay) VALUES ($1, 'PF', 'Ana Simulada Rocha', 'ana.simulada@teste.local', 9000, 12) RETURNING id`,
    [ana],
  );
  const ids: number[] = [];
  for (let i = 0; i < 14; i++) {
    ids.push(
      await insertSimulation(server.database, {
        userId: i % 2 ? bia : ana,
        value: `${(i + 1) * 1000}.00`,
        plots: 6 + i,
        monthlyRate: '1.9900',
        installment: `${(i + 1) * 100}.50`,
        day: `2025-03-${String(i + 1).padStart(2, '0')}`,
        solicitationId: i === 8 ? s.id : null,
      }),
    );
  }
  return { ana, bia, solicitation: s.id, ids };
}

test('filters, sort and paging live in the URL; links to the person and the solicitation; the export writes both sheets', async ({ page, harness, server }, info) => {
  const data = await fixtures(server);
  await signInAs(page, harness, DEMO.admin.email, '/app/simulations');
  await expect(page).toHaveURL(/#\/app\/simulations$/);
  await expect(page.getByTestId('simulations-table')).toBeVisible();

  // The person's name: applied once typing pauses.
  await page.getByTestId('simulations-filter-name').fill('Simulada');
  await expect(page).toHaveURL(/name=Simulada/);
  const named = await serverList(server.url, { filter: { name: 'Simulada' } });
  expect(named.meta.totalItems).toBe(14);
  await expectRows(page, named.items.map((s) => s.id));
  await expect(page.getByTestId('pagination-range')).toHaveText('1–10 de 14');
  await shot(page, info, 'simulations-list');

  // Value range typed the Brazilian way; the URL keeps decimal text.
  await page.getByTestId('simulations-filter-valueStart').fill('3.000,00');
  await page.getByTestId('simulations-filter-valueEnd').fill('12.000');
  await page.getByTestId('simulations-filter-apply').click();
  await expect(page).toHaveURL(/valueStart=3000\.00/);
  await expect(page).toHaveURL(/valueEnd=12000/);
  const ranged = await serverList(server.url, { filter: { name: 'Simulada', valueStart: '3000.00', valueEnd: '12000' } });
  expect(ranged.meta.totalItems).toBe(10);
  await expectRows(page, ranged.items.map((s) => s.id));

  // A zero minimum is no bound (the spec's validation rule): the call leaves it out, the list is the one of the maximum alone.
  await page.getByTestId('simulations-filter-valueStart').fill('0');
  await page.getByTestId('simulations-filter-apply').click();
  const upTo = await serverList(server.url, { filter: { name: 'Simulada', valueEnd: '12000' } });
  expect(upTo.meta.totalItems).toBe(12);
  await expect(page.getByTestId('pagination-range')).toHaveText('1–10 de 12');

  // Sort by value, descending, and page 2; a reload keeps all of it.
  await page.getByTestId('sort-value').click();
  await page.getByTestId('sort-value').click();
  await expect(page).toHaveURL(/sort=value&order=DESC/);
  await page.getByTestId('pagination-next').click();
  await expect(page).toHaveURL(/page=2/);
  const page2 = await serverList(server.url, { page: 2, filter: { name: 'Simulada', valueEnd: '12000' }, sort: { field: 'value', order: 'DESC' } });
  expect(page2.items.map((s) => s.value)).toEqual(['2000.00', '1000.00']);
  await expectRows(page, page2.items.map((s) => s.id));
  await page.reload();
  await expectRows(page, page2.items.map((s) => s.id));
  await expect(page.getByTestId('simulations-filter-valueEnd')).toHaveValue('12000');

  // The export of the same filters and order: info sheet and data sheet.
  await page.getByTestId('export-excel').click();
  await expect(page.getByTestId('export-result')).toBeVisible();
  const saved = harness.dialogs.saveRequests[0].defaultPath.split(/[\\/]/).pop()!;
  const file = `${harness.paths.downloads}/${saved}`;
  expect(existsSync(file)).toBe(true);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  expect(book.worksheets).toHaveLength(2);
  const [sheetInfo, sheet] = book.worksheets;
  expect(JSON.stringify(sheetInfo.getSheetValues())).toContain(translate('pt-BR', 'simulations.exportTitle'));
  expect(sheet.actualRowCount).toBe(12 + 1);
  const header = (sheet.getRow(1).values as unknown[]).filter(Boolean).map(String);
  expect(header).toContain(translate('pt-BR', 'simulations.columns.installment'));
  expect(sheet.getRow(2).getCell(4).value).toBe(12000);

  // The solicitation link opens the solicitation; the person link the entrepreneur.
  await harness.goto('/app/simulations?name=Simulada&valueStart=9000&valueEnd=9000');
  const linked = data.ids[8];
  await expectRows(page, [linked]);
  await expect(page.getByTestId(`simulation-solicitation-${linked}`)).toHaveText(`Nº ${data.solicitation}`);
  await expect(page.getByTestId(`simulation-solicitation-${data.ids[7]}`)).toHaveCount(0);
  await page.getByTestId(`simulation-solicitation-${linked}`).click();
  await expect(page).toHaveURL(new RegExp(`#/app/solicitations/view/${data.solicitation}$`));
  await page.goBack();
  await page.getByTestId(`simulation-person-${linked}`).click();
  await expect(page).toHaveURL(new RegExp(`#/app/entrepreneurs/${data.ana}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana Simulada Rocha');
  await page.getByTestId('entrepreneur-tab-simulations').click();
  await expect(page).toHaveURL(/tab=simulations/);
  await expect(page.getByTestId(`entrepreneur-simulations-row-${linked}`)).toBeVisible();
  await shot(page, info, 'entrepreneur-simulations');
  // Their solicitations, each opening the solicitation.
  await page.getByTestId('entrepreneur-tab-solicitations').click();
  await expect(page.getByTestId(`entrepreneur-solicitations-row-${data.solicitation}`)).toBeVisible();
  await shot(page, info, 'entrepreneur-solicitations');
  await page.getByTestId(`entrepreneur-solicitations-row-${data.solicitation}`).click();
  await expect(page).toHaveURL(new RegExp(`#/app/solicitations/view/${data.solicitation}$`));
  // Let the solicitation finish loading (and its answers reach the offline cache) before the harness tears down.
  await expect(page.locator('.bp6-spinner')).toHaveCount(0);
});

test('a simulation is deleted only after confirming; agents see no delete button', async ({ page, harness, server }) => {
  const data = await fixtures(server);
  await signInAs(page, harness, DEMO.operador.email, '/app/simulations?name=Simulada&sort=value&order=ASC');
  const target = data.ids[0];
  await expect(page.getByTestId(`simulations-row-${target}`)).toBeVisible();
  await page.getByTestId(`simulations-delete-${target}`).click();
  await expect(page.getByTestId('confirm-dialog-confirm')).toBeVisible();
  await page.getByTestId('confirm-dialog-cancel').click();
  await expect(page.getByTestId(`simulations-row-${target}`)).toBeVisible();
  await page.getByTestId(`simulations-delete-${target}`).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId(`simulations-row-${target}`)).toHaveCount(0);
  expect((await serverList(server.url, { filter: { name: 'Simulada' } })).meta.totalItems).toBe(13);

  await signOut(page);
  await signIn(page, DEMO.agente.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  await harness.goto('/app/simulations?name=Simulada');
  await expect(page.getByTestId(`simulations-row-${data.ids[13]}`)).toBeVisible();
  await expect(page.getByTestId(`simulations-delete-${data.ids[13]}`)).toHaveCount(0);
});
