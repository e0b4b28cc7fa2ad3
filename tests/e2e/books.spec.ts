/**
 * The monthly balancete by COSIF account, with the demo seed: an
 * administrator opens Operações › Balancete COSIF from the menu, sees the
 * business date's month with every account's COSIF code, the totals and the
 * check that debits equal credits; picks the month before and sees it; saves
 * the PDF (read back with pdftotext). Screenshots at 1280×800 and 1024×768,
 * with no sideways scroll at either width.
 */
import { execFileSync } from 'node:child_process';
import { CHART_OF_ACCOUNTS } from '../../src/shared/ledger';
import { test, expect, signIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';

test.use({ viewport: { width: 1280, height: 800 } });

function previous(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

test('an administrator reads the monthly balancete by COSIF account, picks a month and saves it as PDF', async ({ page, harness, server }) => {
  test.setTimeout(180_000);
  const month = server.clock.today().slice(0, 7);
  await harness.goto('/auth/login');
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await page.getByTestId('menu-item-/company-operation/books/balancete').click();
  await expect(page.getByTestId('books-balancete')).toBeVisible();
  await expect(page.getByTestId('books-month')).toHaveValue(month);
  // The months are named in the screen's language (no browser-locale "November").
  await expect(page.getByTestId('books-month').locator('option').first()).toHaveText(new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`)));
  await expect(page.getByTestId('books-table')).toContainText(CHART_OF_ACCOUNTS.bank.cosif.code);
  await expect(page.getByTestId('books-table')).toContainText(CHART_OF_ACCOUNTS.allowance_for_credit_losses.cosif.code);
  await expect(page.getByTestId('books-check')).toContainText('Débitos e créditos do mês conferem');
  await expectNoSeriousViolations(page);

  const before = previous(month);
  await page.getByTestId('books-month').selectOption(before);
  await page.getByTestId('books-show').click();
  const [y, m] = before.split('-');
  await expect(page.getByTestId('books-period')).toContainText(`01/${m}/${y}`);
  await expect(page.getByTestId('books-check')).toContainText('conferem');
  const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await noSidewaysScroll()).toBe(true);
  await page.screenshot({ path: test.info().outputPath('balancete-1280.png'), fullPage: true });
  await page.getByTestId('books-pdf').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('balancete-1280-totals.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByTestId('books-table')).toBeVisible();
  expect(await noSidewaysScroll()).toBe(true);
  await page.screenshot({ path: test.info().outputPath('balancete-1024.png'), fullPage: true });
  await page.getByTestId('books-pdf').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('balancete-1024-totals.png') });

  await page.getByTestId('books-pdf').click();
  const saved = page.getByTestId('books-saved');
  await expect(saved).toBeVisible();
  const path = ((await saved.textContent()) ?? '').replace(/^.*?(\/\S+\.pdf).*$/s, '$1');
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  expect(text).toContain(`Balancete mensal por conta COSIF — ${m}/${y}`);
  expect(text).toContain(CHART_OF_ACCOUNTS.bank.cosif.code);
});
