/**
 * The operation screen and the shell's consistency, as an operator sees
 * them at 1280×800 and 1024×768: the compact operation header (number,
 * status, borrower, three key amounts; the rest folded) leaves most of a
 * 1024×768 window to the tab; the title says what the operation is now
 * ("Operação OP-…" once disbursed); the journal shows the newest posting
 * first; the write-off waits in a menu of rare actions; a saved carnê stays
 * in the header's saved-files list after its toast, and "Abrir pasta" shows
 * it in the file manager; an empty filtered list offers to clear its
 * filters; the dashboard's "Carteira" heading stands apart from its cards;
 * the company page is titled as its menu entry; "Exportar Excel"
 * reads like its neighbours; the ten analysis tabs keep one row at both widths; the demo badge is never cut. Screenshots go to
 * test-results/operation-screen/.
 */
import type { Page } from '@playwright/test';
import { test, expect, savedPath, signInAs, DEMO, expectNoSeriousViolations } from './harness';
import { operationNumber } from '../../src/shared/contract/credit-operations';

const SHOTS = 'test-results/operation-screen';
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;

/** Both window sizes; `check` runs at each before the capture. */
async function atBothSizes(page: Page, name: string, check?: (size: { width: number; height: number }) => Promise<void>): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    if (check) await check(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png` });
  }
}

test('an operator reads a disbursed operation in a compact header, keeps a saved file in the list, and meets consistent words and empty states', async ({ page, harness, server }) => {
  test.setTimeout(180_000);
  // A disbursed operation of the demo seed with a payment (so its journal has postings on different days) and open installments.
  const [op] = await server.database.rows<{ id: number }>(
    `SELECT o.id FROM credit_operations o
      WHERE o.status = 'disbursed'
        AND EXISTS (SELECT 1 FROM installment_transactions t WHERE t.credit_operation_id = o.id AND t.kind = 'payment')
        AND EXISTS (SELECT 1 FROM credit_operation_installments i WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL)
      ORDER BY o.id LIMIT 1`,
  );
  expect(op, 'the demo seed has a disbursed operation with a payment and installments to pay').toBeDefined();
  const number = operationNumber(op.id);
  await signInAs(page, harness, DEMO.operador.email, `/app/clientOperation/analize/${op.id}?tab=installments`);

  // The header: the title by what the operation is now, the status, the borrower and three key amounts; the rest folded.
  await expect(page.getByTestId('operation-number')).toHaveText(`Operação ${number}`);
  await expect(page.getByTestId('operation-status')).toHaveText('Liberada');
  await expect(page.getByTestId('operation-requested')).toHaveText(/^R\$ [\d.]+,\d{2}$/);
  await expect(page.getByTestId('operation-plots')).toContainText('×');
  await expect(page.getByTestId('operation-total-payable')).toHaveText(/^R\$ [\d.]+,\d{2}$/);
  await expect(page.getByTestId('page-header-title')).toHaveText('Clientes > Operação');
  await expect(page.getByTestId('breadcrumb').locator('[aria-current="page"]')).toHaveText('Operação');
  await expect(page.getByTestId('operation-details')).toBeHidden();
  await expect(page.getByTestId('installments')).toBeVisible();
  await expectNoSeriousViolations(page);
  await atBothSizes(page, 'operation-installments', async ({ height }) => {
    // The tab's content starts in the top half of the window: most of it is the tab, not the header.
    const panel = await page.getByRole('tabpanel').boundingBox();
    expect(panel, 'the tab panel is on screen').not.toBeNull();
    expect(panel!.y, `the tab starts at ${panel!.y}px of ${height}`).toBeLessThan(height / 2);
    // The ten analysis tabs keep one row, every one of them in view (they wrapped to two rows at 1024 px).
    const row = await page.locator('.op-analysis-tabs [role="tablist"]').evaluate((list) => {
      const box = list.getBoundingClientRect();
      const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')].map((tab) => tab.getBoundingClientRect());
      return { tops: new Set(tabs.map((r) => Math.round(r.top))).size, count: tabs.length, inside: tabs.every((r) => r.left >= box.left && r.right <= box.right + 0.5), scrolls: list.scrollWidth > list.clientWidth };
    });
    expect(row).toEqual({ tops: 1, count: 10, inside: true, scrolls: false });
  });
  // The details open on demand, with what used to fill the top of the screen.
  await page.getByTestId('operation-details-toggle').click();
  await expect(page.getByTestId('operation-details-toggle')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('analysis-result-released')).toBeVisible();
  await atBothSizes(page, 'operation-details-open');
  await page.getByTestId('operation-details-toggle').click();
  await expect(page.getByTestId('operation-details')).toBeHidden();

  // The write-off is a rare action: in its menu, not in red beside the everyday buttons.
  await expect(page.getByTestId('operation-write-off-open')).toHaveCount(0);
  await page.getByTestId('installments-rare-actions').click();
  await expect(page.getByTestId('operation-write-off-open')).toBeVisible();
  await expect(page.getByTestId('operation-write-off-open')).toHaveText('Baixar saldo como perda');
  await atBothSizes(page, 'operation-rare-actions');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('operation-write-off-open')).toHaveCount(0);

  // A saved carnê outlives its toast: the header's list names it and opens its folder.
  await page.getByTestId('header-downloads').click();
  await expect(page.getByTestId('downloads-none')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId(`carne-${op.id}-download`).click();
  const carne = await savedPath(page, harness);
  await page.getByTestId('header-downloads').click();
  await expect(page.getByTestId('downloads-item')).toHaveCount(1);
  await expect(page.getByTestId('downloads-item')).toContainText(carne.split('/').pop()!);
  await expect(page.getByTestId('downloads-open')).toHaveText('Abrir pasta');
  await expectNoSeriousViolations(page);
  await atBothSizes(page, 'downloads-list');
  await page.getByTestId('downloads-open').click();
  await expect.poll(() => harness.dialogs.shownInFolder).toEqual([carne]);
  await page.keyboard.press('Escape');

  // The journal: the newest posting first.
  await page.getByRole('tab', { name: 'Lançamentos' }).click();
  await expect(page.getByTestId('journal-lines')).toBeVisible();
  const dates = (await page.getByTestId('journal-lines').locator('tbody td[data-col="date"]').allTextContents()).map((d) => d.trim()).filter(Boolean);
  expect(dates.length, 'the journal has postings').toBeGreaterThan(1);
  const iso = dates.map((d) => d.split('/').reverse().join('-'));
  expect(iso, 'newest first').toEqual([...iso].sort().reverse());
  await atBothSizes(page, 'operation-journal');

  // An empty list says what to do: clear the filters that hid the rows.
  await harness.goto('/app/allOperations?borrower=ninguem-com-este-nome');
  await expect(page.getByTestId('operations-table-empty')).toHaveAttribute('data-filtered', 'true');
  await expect(page.getByTestId('operations-table-empty')).toContainText('Limpe ou mude os filtros');
  await atBothSizes(page, 'operations-empty-filtered');
  await page.getByTestId('operations-table-empty-clear').click();
  await expect(page.getByTestId('operations-table-empty')).toHaveCount(0);
  await expect(page.getByTestId('operations-table').locator('tbody tr').first()).toBeVisible();

  // The dashboard's "Carteira" heading keeps its distance from its cards.
  await harness.goto('/app/home');
  await page.getByTestId('portfolio').scrollIntoViewIfNeeded();
  await atBothSizes(page, 'home-portfolio', async () => {
    await page.getByTestId('portfolio').scrollIntoViewIfNeeded();
    const heading = await page.locator('#portfolio-title').boundingBox();
    const card = await page.getByTestId('portfolio-figure-outstanding').boundingBox();
    expect(card!.y - (heading!.y + heading!.height), 'space between the heading and its cards').toBeGreaterThanOrEqual(8);
    const figures = await page.locator('.portfolio > .dashboard-figures').boundingBox();
    const chart = await page.getByTestId('portfolio-at-risk').boundingBox();
    expect(chart!.y - (figures!.y + figures!.height), 'space between the figures and the chart').toBeGreaterThanOrEqual(8);
  });

  // The company page is called what its menu entry says.
  await harness.goto('/app/company-operation');
  await expect(page.getByTestId('page-header-title')).toHaveText('Empresa');

  // "Exportar Excel" in the case of the buttons beside it; the demo badge whole at both widths.
  await harness.goto('/app/collections');
  await expect(page.getByTestId('export-excel')).toHaveText('Exportar Excel');
  await atBothSizes(page, 'collections-header', async () => {
    const badge = page.getByTestId('sandbox-badge');
    await expect(badge).toHaveText('Demonstração');
    await expect(badge.locator('[title="Ambiente de demonstração (servidor embutido)"]')).toHaveCount(1);
    const cut = await badge.evaluate((el) => [...el.querySelectorAll('*'), el].some((e) => e.scrollWidth > e.clientWidth + 1));
    expect(cut, 'the demo badge is not cut').toBe(false);
  });
});
