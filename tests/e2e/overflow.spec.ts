/**
 * Whole values stay whole: at 1024 and 1280 px wide, on every list screen of
 * the route configuration (and the record tables of the company setup and a
 * borrower), no cell of an identifier, document, date, amount or count
 * column is cut (its content's scrollWidth never exceeds its box), and the
 * dashboard's cards and tables fit the window (below 1200 px with the menu
 * as its icon rail, as the app shows it by itself). A screenshot of each page at
 * each width is written to the test's output for review.
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD } from './harness';
import { APP_LEAVES } from '../../src/renderer/src/app/routes';
import { COMPANY_TABS } from '../../src/renderer/src/screens/company/tabs';
import { BORROWER_TABS } from '../../src/renderer/src/screens/borrowers/tabs';
import { WHOLE_KINDS } from '../../src/renderer/src/components/list/columns';
import { NAV_AUTO_COLLAPSE_BELOW } from '../../src/renderer/src/layout/navCollapse';

// Its tests read what the demo seed holds and change nothing another one reads: one server for the file.
test.use({ serverPerFile: true });

const WIDTHS = [1280, 1024] as const;

interface Cut {
  path: string;
  width: number;
  column: string | null;
  kind: string | null;
  text: string;
}

/** Every list route of the configuration (screen keys '*.list'), with a parameter filled where the route has one. */
function listPaths(): string[] {
  return APP_LEAVES.filter((leaf) => leaf.screen.endsWith('.list')).map((leaf) => leaf.pattern.replace(':status', 'pending'));
}

async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#${path}`);
  await expect(page.locator('.bp6-spinner')).toHaveCount(0);
  await expect(page.getByTestId('app-main')).toBeVisible();
}

/** Cells of whole-value kinds whose content is wider than what shows of it. */
async function cutCells(page: Page, path: string, width: number): Promise<Cut[]> {
  const cuts = await page.evaluate((kinds) => {
    const selector = kinds.map((k) => `td[data-kind="${k}"]`).join(', ');
    return [...document.querySelectorAll<HTMLElement>(selector)].flatMap((td) => {
      const inner = td.querySelector<HTMLElement>('.rt-fit');
      const cut = td.scrollWidth > td.clientWidth || (!!inner && inner.scrollWidth > inner.clientWidth);
      return cut ? [{ column: td.getAttribute('data-col'), kind: td.getAttribute('data-kind'), text: td.textContent ?? '' }] : [];
    });
  }, WHOLE_KINDS as readonly string[]);
  return cuts.map((c) => ({ ...c, path, width }));
}

test('no identifier, date or amount is cut on any list at 1024 and 1280 px', async ({ page, harness, server }) => {
  test.setTimeout(600_000);
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const borrowers = await directCall<{ items: Array<{ id: number }> }>(server.url, 'borrowers.list', { page: 1, limit: 1 }, token);
  const borrower = borrowers.body.items[0]?.id;
  expect(borrower, 'the demo seed has borrowers').toBeDefined();

  const paths = [
    ...listPaths(),
    '/app/messages?view=history',
    // The reports: wide tables of amounts and dates.
    ...['operations', 'iof', 'parameterized'].map((report) => `/app/company-operation/reports/${report}`),
    ...COMPANY_TABS.slice(1).map((tab) => `/app/company-operation?tab=${tab}`),
    ...BORROWER_TABS.slice(1).map((tab) => `/app/clientOperation/view/${borrower}?tab=${tab}`),
  ];
  expect(paths).toContain('/app/allOperations');
  // Signed in on the walk's first page (not the dashboard, which the walk does not check).
  await signInAs(page, harness, DEMO.superadmin.email, paths[0]);

  const found: Cut[] = [];
  let checkedCells = 0;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // Below 1200 px the menu is its icon rail by itself (navCollapse.ts): the lists get the width.
    const menu = page.getByTestId('side-menu');
    if (width < NAV_AUTO_COLLAPSE_BELOW) await expect(menu).toHaveClass(/\bcollapsed\b/);
    else await expect(menu).not.toHaveClass(/\bcollapsed\b/);
    for (const path of paths) {
      await test.step(`${width} ${path}`, async () => {
        await open(page, path);
        checkedCells += await page.locator(WHOLE_KINDS.map((k) => `td[data-kind="${k}"]`).join(', ')).count();
        found.push(...(await cutCells(page, path, width)));
        await page.screenshot({ path: test.info().outputPath(`${width}${path.replace(/[/?=&]/g, '_')}.png`) });
      });
    }
  }
  // The walk saw real tables, not empty pages.
  expect(checkedCells).toBeGreaterThan(500);
  expect(found).toEqual([]);
});

test('the dashboard cards and tables fit 1024 and 1280 px', async ({ page, harness }) => {
  await signInAs(page, harness, DEMO.superadmin.email);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByTestId('dashboard-value-requested')).toBeVisible();
    await page.getByTestId('dashboard-toggle-values').click();
    await expect(page.getByTestId('dashboard-table-values')).toBeVisible();
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.dashboard-figure-card, .dashboard-figure-value, .dashboard-status, .dashboard-chart, .dashboard table')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > document.documentElement.clientWidth)
        .map((el) => `${el.className}: ${el.textContent?.slice(0, 40)}`),
    );
    expect(overflowing, `${width} px`).toEqual([]);
    // One line per amount: a value never wraps inside its card.
    for (const id of ['requested', 'approvedValue', 'ticket']) {
      const box = await page.getByTestId(`dashboard-value-${id}`).boundingBox();
      expect(box!.height, `${id} at ${width} px`).toBeLessThan(40);
    }
    await page.screenshot({ path: test.info().outputPath(`dashboard-${width}.png`), fullPage: true });
    await page.getByTestId('dashboard-toggle-values').click();
  }
});
