/**
 * Four eyes on the company's parameters, on the screen against the real
 * server with the demo seed: an administrator raises the reversal limit and
 * the window of the limits; the screen says the change went to another person,
 * shows it (in force → asked for) and locks the form, and the limit in force
 * is still the old one. Another administrator opens the same screen, sees who
 * asked, approves it in the confirmation, and the new values are in force; a
 * second change is refused with a reason and nothing changes. The panel and
 * the dialog are looked at 1280×800 and 1024 px wide (screenshots in the
 * test's output), no text in them is cut, and axe finds nothing serious.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { test, expect, signInAs, signOut, directCall, directSignIn, axeBuilder, expectNoSeriousViolations, DEMO, DEMO_PASSWORD, type Harness } from './harness';
import type { CompanyParameters } from '../../src/shared/contract';

test.use({ viewport: { width: 1280, height: 800 } });

/** Signs `email` in and opens Empresa › Parâmetros through the menu (a route given at sign-in may lose to the app's own landing after a sign-out). */
async function openParametersAs(page: Page, harness: Harness, email: string): Promise<void> {
  await signInAs(page, harness, email, '/app/company-operation');
  await page.getByTestId('company-tab-parameters').click();
  await expect(page).toHaveURL(/\?tab=parameters$/);
  await expect(page.getByTestId('company-parameters-reversal-approval-above')).toBeVisible();
}

const shot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });

async function parameters(url: string): Promise<CompanyParameters> {
  const token = await directSignIn(url, DEMO.superadmin.email, DEMO_PASSWORD);
  const answer = await directCall<CompanyParameters>(url, 'company.parameters', { id: 1 }, token);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The elements under `root` whose text is wider than their box (cut or hidden by overflow), and whether `root` leaves the window. */
async function cutTexts(page: Page, root: Locator): Promise<string[]> {
  const width = page.viewportSize()!.width;
  const box = await root.boundingBox();
  const outside = box && box.x + box.width > width + 1 ? [`the panel ends at ${Math.round(box.x + box.width)} px of ${width}`] : [];
  const cut = await root.evaluate((el) =>
    [...el.querySelectorAll<HTMLElement>('*')]
      .filter((e) => e.children.length === 0 && (e.textContent ?? '').trim() !== '' && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
      .map((e) => e.textContent ?? ''),
  );
  return [...outside, ...cut];
}

/** axe's findings of moderate impact or worse on the main region, best practices included (heading order), as accessibility.spec.ts looks. */
async function moderateViolations(page: Page): Promise<string[]> {
  const result = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'best-practice']).include('main').analyze();
  return result.violations.filter((v) => ['moderate', 'serious', 'critical'].includes(v.impact ?? '')).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** At 1280 and 1024 px wide: a screenshot each, and nothing in `root` cut. */
async function lookAt(page: Page, info: TestInfo, root: Locator, name: string): Promise<void> {
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(root).toBeVisible();
    await root.scrollIntoViewIfNeeded();
    await shot(page, info, `${name}-${width}`);
    await root.screenshot({ path: info.outputPath(`${name}-${width}-alone.png`) });
    expect(await cutTexts(page, root), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a change of the parameters waits for another administrator, who approves it; another is refused', async ({ page, harness, server }, info) => {
  // Three sign-ins, two widths looked at and two axe runs: more than one screen's minute on a busy machine.
  test.setTimeout(180_000);
  // The administrator asks.
  await openParametersAs(page, harness, DEMO.admin.email);
  await expect(page.getByTestId('company-parameters-four-eyes')).toContainText('outro administrador');
  await expect(page.getByTestId('company-parameters-reversal-approval-above')).toHaveValue('1.000,00');
  await expect(page.getByTestId('company-parameters-approval-window-days')).toHaveValue('1');
  await page.getByTestId('company-parameters-reversal-approval-above').fill('2000');
  await page.getByTestId('company-parameters-approval-window-days').fill('2');
  await page.getByTestId('company-parameters-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Alteração enviada para aprovação de outra pessoa' })).toBeVisible();

  const panel = page.getByTestId('company-parameters-change');
  await expect(page.getByTestId('company-parameters-change-sent')).toContainText('enviada para aprovação de outra pessoa');
  await expect(page.getByTestId('company-parameters-change-rows-reversal-approval-above')).toHaveText('R$ 1.000,00 → R$ 2.000,00');
  await expect(page.getByTestId('company-parameters-change-rows-approval-window-days')).toHaveText('1 → 2');
  await expect(page.getByTestId('company-parameters-change-approval-maker')).toContainText(DEMO.admin.name);
  await expect(page.getByTestId('company-parameters-change-approval-next')).toContainText('Super Administrador ou Administrador');
  // The one who asked may withdraw it, not approve it; the form waits, and says why.
  await expect(page.getByTestId('company-parameters-change-approve')).toHaveCount(0);
  await expect(page.getByTestId('company-parameters-change-withdraw')).toBeVisible();
  await expect(page.getByTestId('company-parameters-read-only')).toContainText('aguarda aprovação');
  await expect(page.getByTestId('company-parameters-save')).toHaveCount(0);
  await expect(page.getByTestId('company-parameters-reversal-approval-above')).toHaveValue('1.000,00');
  await expect(page.getByTestId('company-parameters-reversal-approval-above')).toHaveAttribute('readonly', '');
  await lookAt(page, info, panel, 'parameters-change-asked');
  await expect(page.locator('.bp6-toast-enter, .bp6-toast-exit, .bp6-toast-appear')).toHaveCount(0);
  expect(await moderateViolations(page)).toEqual([]);
  expect((await parameters(server.url)).reversal_approval_above).toBe('1000.00');
  await signOut(page);

  // Another administrator approves it.
  await openParametersAs(page, harness, DEMO.superadmin.email);
  await expect(page.getByTestId('company-parameters-change-sent')).toHaveCount(0);
  await expect(page.getByTestId('company-parameters-change-approval-you-can')).toBeVisible();
  await expect(page.getByTestId('company-parameters-change-withdraw')).toHaveCount(0);
  await page.getByTestId('company-parameters-change-approve').click();
  const dialog = page.getByRole('dialog');
  await expect(page.getByTestId('company-parameters-decide-consequence')).toContainText('passam a valer agora');
  await expect(page.getByTestId('company-parameters-decide-amounts-reversal-approval-above')).toHaveText('R$ 1.000,00 → R$ 2.000,00');
  await lookAt(page, info, dialog, 'parameters-change-approve-dialog');
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await page.getByTestId('company-parameters-decide-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Alteração aprovada' })).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId('company-parameters-reversal-approval-above')).toHaveValue('2.000,00');
  await expect(page.getByTestId('company-parameters-approval-window-days')).toHaveValue('2');
  await expect(page.getByTestId('company-parameters-save')).toBeVisible();
  expect(await parameters(server.url)).toMatchObject({ reversal_approval_above: '2000.00', approval_window_days: 2, pending_change: null });

  // The superadministrator asks to put it back; the administrator refuses, with a reason.
  await page.getByTestId('company-parameters-reversal-approval-above').fill('1000');
  await page.getByTestId('company-parameters-save').click();
  await expect(page.getByTestId('company-parameters-change-sent')).toBeVisible();
  await signOut(page);
  await openParametersAs(page, harness, DEMO.admin.email);
  await page.getByTestId('company-parameters-change-refuse').click();
  await page.getByTestId('company-parameters-decide-confirm').click();
  await expect(page.getByText('Informe o motivo.')).toBeVisible();
  await page.getByTestId('company-parameters-decide-reason').fill('O limite de R$ 2.000,00 foi aprovado pela diretoria.');
  await page.getByTestId('company-parameters-decide-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Alteração recusada' })).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId('company-parameters-reversal-approval-above')).toHaveValue('2.000,00');
  expect((await parameters(server.url)).reversal_approval_above).toBe('2000.00');
});
