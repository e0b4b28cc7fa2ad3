/**
 * The collections desk's everyday tasks with the keyboard alone, in a
 * 1280×800 window at 200% zoom (a 640×400 CSS-pixel viewport drawn at two
 * device pixels per CSS pixel, as Chromium lays out a zoomed window): every
 * control is reached by Tab (or the palette's key) and worked by Enter, Space
 * or typing; each control reached shows its focus (WCAG 2.4.7) and is not
 * hidden under the header, a toast or anything else (2.4.11); the page never
 * scrolls sideways as a whole (1.4.10: only a data table may). No mouse
 * event reaches the page: the test counts them and expects none.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, savedPath, DEMO, DEMO_PASSWORD } from './harness';

test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });

/** Counts the pointer and mouse presses the page receives (keyboard activation fires none of them). */
async function countMouse(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { mousePresses: number };
    w.mousePresses = 0;
    for (const kind of ['pointerdown', 'mousedown', 'mouseup', 'wheel']) {
      window.addEventListener(kind, (e) => { if (e.isTrusted) w.mousePresses += 1; }, true);
    }
  });
}

interface FocusSeen {
  /** what has the focus, for the failure message */
  what: string;
  visibleFocus: boolean;
  /** the element's middle is the element itself (nothing drawn over it) */
  uncovered: boolean;
  /** inside the window */
  inView: boolean;
  /** the page as a whole does not scroll sideways */
  noSidewaysPage: boolean;
}

/** Where the focus is, and whether a person sees it (an outline or a ring of its own, not hidden under anything). */
function focusSeen(page: Page): Promise<FocusSeen> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const root = document.scrollingElement ?? document.documentElement;
    const noSidewaysPage = root.scrollWidth <= root.clientWidth;
    if (!el || el === document.body) return { what: 'body', visibleFocus: false, uncovered: false, inView: false, noSidewaysPage };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const ring = style.boxShadow !== 'none';
    // A radio or checkbox draws its focus on the indicator beside the hidden input.
    const indicator = el.nextElementSibling as HTMLElement | null;
    const drawnBeside = !!indicator && indicator.classList.contains('bp6-control-indicator') && getComputedStyle(indicator).outlineStyle !== 'none';
    const target = drawnBeside ? indicator! : el;
    // The part of it not clipped by a scrolling box or the window (a wide table row shows only in part).
    const r = target.getBoundingClientRect();
    let [left, top, right, bottom] = [Math.max(r.left, 0), Math.max(r.top, 0), Math.min(r.right, window.innerWidth), Math.min(r.bottom, window.innerHeight)];
    for (let box = target.parentElement; box; box = box.parentElement) {
      const o = getComputedStyle(box);
      if (o.overflowX === 'visible' && o.overflowY === 'visible') continue;
      const c = box.getBoundingClientRect();
      [left, top, right, bottom] = [Math.max(left, c.left), Math.max(top, c.top), Math.min(right, c.right), Math.min(bottom, c.bottom)];
    }
    const inView = right - left >= 4 && bottom - top >= 4;
    const hit = inView ? document.elementFromPoint((left + right) / 2, (top + bottom) / 2) : null;
    const uncovered = !!hit && (hit === target || target.contains(hit) || hit.contains(target) || [...((el as HTMLInputElement).labels ?? [])].some((l) => l.contains(hit)));
    const what = `${el.tagName.toLowerCase()}[data-testid=${el.getAttribute('data-testid')}] "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    return { what, visibleFocus: el.matches(':focus-visible') && (outline || ring || drawnBeside), uncovered, inView, noSidewaysPage };
  });
}

async function expectFocusSeen(page: Page): Promise<void> {
  const seen = await focusSeen(page);
  expect(seen, seen.what).toEqual({ what: seen.what, visibleFocus: true, uncovered: true, inView: true, noSidewaysPage: true });
}

/**
 * Presses Tab (Shift+Tab going back) until `target` has the focus, then checks
 * a person sees it there. Fails when it is not reached within `max` presses.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 150 } = {}): Promise<void> {
  await expect(target).toBeAttached();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      await expectFocusSeen(page);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reached by ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses: ${target.toString()}`);
}

/** Reaches a control by Tab and presses Enter on it. */
async function activate(page: Page, target: Locator, options?: { back?: boolean; max?: number }): Promise<void> {
  await tabTo(page, target, options);
  await page.keyboard.press('Enter');
}

/** Ctrl+K; its code loads on first use, so a press that came before the shell bound its keys is pressed again (as palette.spec does). */
async function openPalette(page: Page): Promise<void> {
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('palette-input')).toBeFocused({ timeout: 3000 });
  }).toPass();
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}-zoom200.png`) });
}

test('an operator finds the overdue, pays, reverses, prints, opens by the palette and reads a report, keyboard only at 200% zoom', async ({ page, harness }) => {
  test.setTimeout(240_000);
  await countMouse(page);
  await harness.goto('/auth/login');

  // Sign in.
  await tabTo(page, page.getByTestId('login-email'));
  await page.keyboard.type(DEMO.operador.email);
  await tabTo(page, page.getByTestId('login-password'));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'home');

  // Find the overdue installments: the dashboard's link to the list.
  await activate(page, page.getByTestId('portfolio-open-list'));
  await expect(page).toHaveURL(/#\/app\/collections$/);
  const firstRow = page.locator('[data-testid="expired-table"] tbody tr').first();
  await expect(firstRow).toBeVisible();
  await shoot(page, 'collections');

  // Open the first overdue installment (its row is a tab stop; Enter opens it).
  await activate(page, firstRow);
  await expect(page).toHaveURL(/\/payments\/\d+\/\d+$/);
  const [, installmentId, operationId] = /payments\/(\d+)\/(\d+)$/.exec(page.url())!;
  await expect(page.getByTestId('installment-status')).toBeVisible();
  await shoot(page, 'installment');

  // Pay part of it.
  await activate(page, page.getByTestId('payments-pay'));
  const payDialog = page.getByRole('dialog');
  await expect(payDialog).toBeVisible();
  await tabTo(page, page.getByTestId('pay-amount'));
  await page.keyboard.type('10,00');
  await tabTo(page, page.getByTestId('pay-reference'));
  await page.keyboard.type('PIX-TECLADO-1');
  await shoot(page, 'pay-form');
  await activate(page, page.getByTestId('pay-review'));
  await expect(page.getByTestId('pay-confirm-amounts-amount')).toHaveText('R$ 10,00');
  await shoot(page, 'pay-confirm');
  await activate(page, page.getByTestId('pay-confirm'));
  await expect(page.getByTestId('payments-outcome')).toContainText('R$ 10,00');
  await expect(payDialog).toHaveCount(0);

  // Reverse that payment, with its reason.
  const reverse = page.locator('[data-testid^="payment-reverse-"]').last();
  await activate(page, reverse);
  await expect(page.getByRole('dialog')).toBeVisible();
  await tabTo(page, page.getByTestId('reverse-reason'));
  await page.keyboard.type('Pagamento lançado na parcela errada.');
  await shoot(page, 'reverse');
  await activate(page, page.getByTestId('reverse-confirm'));
  await expect(page.getByTestId('payments-outcome')).toContainText(/estorn/i);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Print the installment's boleto (saved as a PDF).
  await activate(page, page.getByTestId(`boleto-${installmentId}-download`));
  await savedPath(page, harness);

  // The palette opens the operation by its number.
  await openPalette(page);
  await page.keyboard.type(`OP-${operationId.padStart(6, '0')}`);
  await shoot(page, 'palette');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/clientOperation/analize/${operationId}`));
  await expect(page.getByTestId('operation-status')).toBeVisible();
  await shoot(page, 'operation');

  // A report: the side menu's company entry (its icon rail at this width), then the operations report's link.
  await activate(page, page.getByTestId('menu-item-/company-operation'));
  await expect(page).toHaveURL(/\/app\/company-operation/);
  await activate(page, page.getByTestId('company-report-operations-link'));
  await expect(page).toHaveURL(/reports\/operations/);
  await expect(page.getByRole('main').getByRole('table').first()).toBeVisible();
  await shoot(page, 'report');

  expect(await page.evaluate(() => (window as unknown as { mousePresses: number }).mousePresses)).toBe(0);
});
