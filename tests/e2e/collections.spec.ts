/**
 * The collections desk end to end, over the demo seed's overdue installments
 * (every band, as of the business date the seed ran on): the expired list
 * shows the server's rows, a days-late band narrows it (kept in the URL), a
 * row opens the installment's payments route, the dashboard's portfolio panel
 * with its table alternative, and axe finds nothing serious or critical.
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';
import type { ExpiredInstallment } from '../../src/shared/contract';
import type { ListQueryInput } from '../../src/shared/query';

interface ListAnswer {
  items: ExpiredInstallment[];
  meta: { totalItems: number };
}

async function serverList(url: string, query: ListQueryInput): Promise<ListAnswer> {
  const token = await directSignIn(url, DEMO.superadmin.email, DEMO_PASSWORD);
  const answer = await directCall<ListAnswer>(url, 'collections.expiredInstallments', { page: 1, limit: 10, ...query }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function visibleIds(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const ids: number[] = [];
    for (const el of document.querySelectorAll('[data-testid^="expired-row-"]')) {
      const id = Number(el.getAttribute('data-testid')!.slice('expired-row-'.length));
      if (Number.isFinite(id) && !ids.includes(id)) ids.push(id);
    }
    return ids;
  });
}

test('the expired list, a band filter, a row to its payments, the portfolio panel; axe', async ({ page, harness, server }, info) => {
  // Four axe passes over wide tables: more than the default minute on a shared machine.
  test.setTimeout(180_000);
  const all = await serverList(server.url, {});
  expect(all.meta.totalItems).toBeGreaterThan(0);
  const late = await serverList(server.url, { filter: { band: '90+' } });
  expect(late.meta.totalItems).toBeGreaterThan(0);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, harness, DEMO.agente.email);

  // The dashboard's portfolio figures, chart and table.
  await expect(page.getByTestId('portfolio')).toBeVisible();
  await expect(page.getByTestId('portfolio-value-outstanding')).toContainText('R$');
  await expect(page.getByTestId('portfolio-at-risk').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByTestId('portfolio-toggle').click();
  await expect(page.getByTestId('portfolio-row-90')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByTestId('portfolio').screenshot({ path: info.outputPath('portfolio.png') });

  await page.getByTestId('portfolio-open-list').click();
  await expect(page).toHaveURL(/#\/app\/collections$/);
  await expect(page.getByTestId('expired-table')).toBeVisible();
  await expect.poll(() => visibleIds(page)).toEqual(all.items.map((r) => r.id));
  await expect(page.getByTestId(`expired-due-${all.items[0].id}`)).toContainText('R$');
  await expect(page.getByTestId('expired-as-of')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: info.outputPath('expired.png'), fullPage: true });

  await page.getByTestId('expired-filter-band').selectOption('90+');
  await expect(page).toHaveURL(/band=90%2B/);
  await expect.poll(() => visibleIds(page)).toEqual(late.items.map((r) => r.id));
  for (const row of late.items) expect(Number(await page.getByTestId(`expired-days-${row.id}`).innerText())).toBeGreaterThan(90);
  await expectNoSeriousViolations(page);

  // An agent reads the list but is not offered the export (the file is for operators).
  await expect(page.getByTestId('export-excel')).toHaveCount(0);

  const first = late.items[0];
  // A plain cell of the row (the operation and the borrower cells are links of their own).
  await page.getByTestId(`expired-days-${first.id}`).click();
  await expect(page).toHaveURL(new RegExp(`#/app/clientOperation/payments/${first.id}/${first.credit_operation_id}$`));
});
