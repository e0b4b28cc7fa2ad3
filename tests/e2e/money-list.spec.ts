/**
 * The overdue list and a payment from it, at 1280×800 and 1024×768, in Portuguese and in English:
 * - the list's totals (count, open value, charges, amount due: the server's, of every match) over it; the amount due
 *   and the days late in view without scrolling sideways; the band as its short code with its words on hover; the
 *   rest of an installment in its row's detail;
 * - amounts written one way per language: in English the screen shows "R$ 1,234.56", and the payment field takes
 *   the amount as the screen shows it;
 * - after the payment, the status tag is the server's answer at once (never the "Overdue" read before it).
 * One sign-in; both widths in the same test.
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';
import type { ExpiredInstallment, ExpiredTotals } from '../../src/shared/contract';
import { formatCurrency } from '../../src/shared/format';
import { translate } from '../../src/shared/i18n';

interface ListAnswer {
  items: ExpiredInstallment[];
  meta: { totalItems: number };
  totals: ExpiredTotals | null;
}

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;

/** The table scrolls nothing sideways, and the row's amount due and days late lie inside the window. */
async function expectInView(page: Page, id: number): Promise<void> {
  const body = page.getByTestId('expired-table').locator('.rt-body');
  const [scroll, client] = await body.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scroll, 'the overdue table scrolls sideways').toBeLessThanOrEqual(client);
  const viewport = page.viewportSize()!;
  for (const testId of [`expired-due-${id}`, `expired-days-${id}`, `expired-band-${id}`]) {
    const box = (await page.getByTestId(testId).boundingBox())!;
    expect(box.x + box.width, `${testId} at ${viewport.width}`).toBeLessThanOrEqual(viewport.width);
  }
}

test('the overdue list with its totals and row detail, English amounts typed as shown, a payment’s status from the server', async ({ page, harness, server }, info) => {
  test.setTimeout(180_000);
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const answer = await directCall<ListAnswer>(server.url, 'collections.expiredInstallments', { page: 1, limit: 10 }, token);
  expect(answer.status).toBe(200);
  const list = answer.body;
  const first = list.items[0];

  await page.setViewportSize(WIDTHS[0]);
  await signInAs(page, harness, DEMO.operador.email, '/app/collections');
  await expect(page.getByTestId(`expired-due-${first.id}`)).toHaveText(formatCurrency(first.amount_due, 'pt-BR'));
  // The totals over the list are the server's, of every match.
  if (list.totals) {
    await expect(page.getByTestId('expired-totals-count')).toHaveText(String(list.totals.count));
    await expect(page.getByTestId('expired-totals-due')).toHaveText(formatCurrency(list.totals.amount_due, 'pt-BR'));
    await expect(page.getByTestId('expired-totals-charges')).toHaveText(formatCurrency(list.totals.charges, 'pt-BR'));
  } else {
    await expect(page.getByTestId('expired-totals-capped')).toBeVisible();
  }
  // The band is its short code; its words are the hover text.
  const band = page.getByTestId(`expired-band-${first.id}`);
  await expect(band).toHaveText(first.band.replace('-', '–'));
  await expect(band.locator('abbr')).toHaveAttribute('title', translate('pt-BR', `collections.bands.${first.band}`));
  // The row's detail: what the columns leave out.
  await page.getByTestId(`expired-expand-${first.id}`).click();
  await expect(page.getByTestId(`expired-detail-${first.id}`)).toBeVisible();
  await expect(page.getByTestId(`expired-detail-late-fee-${first.id}`)).toHaveText(formatCurrency(first.late_fee, 'pt-BR'));
  await expect(page.getByTestId(`expired-expand-${first.id}`)).toHaveAttribute('aria-expanded', 'true');
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectInView(page, first.id);
    await page.screenshot({ path: info.outputPath(`overdue-pt-${size.width}.png`) });
  }
  await expectNoSeriousViolations(page);

  // English: amounts the English way, on the list and in the totals.
  await page.setViewportSize(WIDTHS[0]);
  await page.getByTestId('locale-switch').selectOption('en');
  await expect(page.getByTestId('sign-out')).toHaveText(translate('en', 'common.signOut'));
  await expect(page.getByTestId(`expired-due-${first.id}`)).toHaveText(formatCurrency(first.amount_due, 'en'));
  if (list.totals) await expect(page.getByTestId('expired-totals-due')).toHaveText(formatCurrency(list.totals.amount_due, 'en'));
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectInView(page, first.id);
    await page.screenshot({ path: info.outputPath(`overdue-en-${size.width}.png`) });
  }

  // The row opens its payments; the amount due as the screen shows it is what the payment field takes.
  await page.setViewportSize(WIDTHS[0]);
  await page.getByTestId(`expired-days-${first.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/payments/${first.id}/${first.credit_operation_id}$`));
  await expect(page.getByTestId('installment-status')).toHaveAttribute('data-overdue', 'true');
  const shown = (await page.getByTestId('installment-due-total').textContent()) ?? '';
  expect(shown).toMatch(/^R\$ \d{1,3}(,\d{3})*\.\d{2}$/);
  await page.getByTestId('payments-pay').click();
  await page.getByTestId('pay-amount').fill(shown);
  await page.getByTestId('pay-method').selectOption('pix');
  await page.getByTestId('pay-review').click();
  await expect(page.getByTestId('field-error-amount')).toHaveCount(0);
  await expect(page.getByTestId('pay-confirm-amounts-amount')).toHaveText(shown);
  await page.screenshot({ path: info.outputPath('pay-confirm-en-1280.png') });
  await page.getByTestId('pay-confirm').click();
  // The server's answer at once: paid, nothing due, the status tag with it.
  await expect(page.getByTestId('payments-outcome')).toContainText(shown);
  await expect(page.getByTestId('installment-status')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('installment-status')).toHaveAttribute('data-overdue', 'false');
  await expect(page.getByTestId('installment-status')).toHaveText(translate('en', 'servicing.status.paid'));
  await expect(page.getByTestId('installment-due-total')).toHaveText('R$ 0.00');
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.getByTestId('installment-facts').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: info.outputPath(`paid-en-${size.width}.png`) });
  }
});
