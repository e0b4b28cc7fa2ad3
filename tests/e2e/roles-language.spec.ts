/**
 * A page's narrower rule holds (an agent is refused the operators' report under the company area it may open), the
 * forbidden screen reads cleanly (its title on lines that do not overlap; sign-out for a role with no page in the
 * app), and an English screen's menu, breadcrumb, page title, role and server answers are English. Screenshots at
 * 1280×800 and 1024×768 of each.
 */
import type { Page } from '@playwright/test';
import { test, expect, signIn, signOut, DEMO, DEMO_PASSWORD } from './harness';
import { translate } from '../../src/shared/i18n';
import { portugueseWords } from '../helpers/portuguese';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;

/** A screenshot at each width, checking on each that the forbidden title's lines do not overlap when it is shown. */
async function atBothWidths(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const title = page.getByTestId('forbidden-screen').locator('.empty-state-title');
    if (await title.count()) {
      const style = await title.evaluate((el) => {
        const s = getComputedStyle(el);
        return { font: parseFloat(s.fontSize), line: parseFloat(s.lineHeight) };
      });
      expect(style.line, `${name} at ${size.width}: the title's line is shorter than its type`).toBeGreaterThanOrEqual(style.font);
    }
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`) });
  }
}

/** The Portuguese words in the texts of the parts of the shell that carry titles. */
async function portugueseInShell(page: Page): Promise<string[]> {
  const texts = await Promise.all(
    [page.getByTestId('side-menu'), page.getByTestId('breadcrumb'), page.getByRole('main').getByRole('heading', { level: 1 })].map((l) => l.innerText()),
  );
  const role = await page.locator('.header-role').innerText();
  return portugueseWords([...texts, role].join('\n'));
}

test('narrowed pages, the forbidden screen and English titles, at 1280 and 1024', async ({ page, harness }) => {
  await harness.goto('/auth/login');
  await signIn(page, DEMO.agente.email, DEMO_PASSWORD);

  await test.step('an agent is refused the operators\' report, with a way home', async () => {
    await harness.goto('/app/company-operation');
    await expect(page.getByTestId('company-setup')).toBeVisible();
    await expect(page.getByTestId('company-report-operations-link')).toHaveCount(0);
    await harness.goto('/app/company-operation/reports/operations');
    await expect(page.getByTestId('forbidden-screen')).toContainText(translate('pt-BR', 'common.forbidden'));
    await expect(page.getByTestId('report-operations')).toHaveCount(0);
    await expect(page.getByTestId('forbidden-home')).toBeVisible();
    await atBothWidths(page, 'agent-report-forbidden-pt');
  });

  await test.step('in English the menu, breadcrumb, page title and role are English', async () => {
    await page.getByTestId('locale-switch').selectOption('en');
    await expect(page.getByTestId('sign-out')).toHaveText(translate('en', 'common.signOut'));
    await expect(page.getByTestId('forbidden-screen')).toContainText(translate('en', 'common.forbidden'));
    expect(portugueseWords(await page.getByTestId('forbidden-screen').innerText())).toEqual([]);
    await atBothWidths(page, 'agent-report-forbidden-en');
    await harness.goto('/app/allOperations');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(translate('en', 'menu.allOperations'));
    await expect(page.getByTestId('breadcrumb')).toContainText(translate('en', 'menu.home'));
    await expect(page.locator('.header-role')).toContainText(translate('en', 'access.roles.4'));
    expect(await portugueseInShell(page)).toEqual([]);
    await atBothWidths(page, 'agent-operations-en');
    await harness.goto('/app/clientOperation/analize/999999');
    // The server's "not found" reaches an English screen in English.
    await expect(page.getByTestId('analysis-error')).toBeVisible();
    expect(portugueseWords(await page.getByTestId('analysis-error').innerText())).toEqual([]);
    expect(await portugueseInShell(page)).toEqual([]);
    await atBothWidths(page, 'agent-operation-missing-en');
  });

  await test.step('a role with no page in the app is offered sign-out, not a way back to the same screen', async () => {
    await signOut(page);
    await signIn(page, DEMO.usuario.email, DEMO_PASSWORD);
    await expect(page.getByTestId('forbidden-screen')).toContainText(translate('en', 'access.forbidden.noArea'));
    await expect(page.getByTestId('forbidden-home')).toHaveCount(0);
    expect(portugueseWords(await page.getByTestId('forbidden-screen').innerText())).toEqual([]);
    await atBothWidths(page, 'user-no-area-en');
    await page.getByTestId('locale-switch').selectOption('pt-BR');
    await expect(page.getByTestId('forbidden-sign-out')).toHaveText(translate('pt-BR', 'access.forbidden.signOut'));
    // Nothing in the header leads to another forbidden page.
    await expect(page.getByTestId('header-profile')).toHaveCount(0);
    await atBothWidths(page, 'user-no-area-pt');
    await page.getByTestId('forbidden-sign-out').click();
    await expect(page).toHaveURL(/#\/auth\/login/);
  });
});
