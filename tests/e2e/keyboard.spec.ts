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
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildRequest, operation } from '../../src/shared/contract/index';
import { itauReturnFile } from '../helpers/cnab-return-file';
import { WHOLE_KINDS } from '../../src/renderer/src/components/list/columns';
import { test, expect, savedPath, directSignIn, signInAs, DEMO, DEMO_PASSWORD, expectToastSince, toastCount } from './harness';

test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });

/** Counts the pointer and mouse presses the page receives, across reloads (keyboard activation fires none of them). */
async function countMouse(page: Page): Promise<void> {
  await page.addInitScript(() => {
    for (const kind of ['pointerdown', 'mousedown', 'mouseup', 'wheel']) {
      window.addEventListener(kind, (e) => {
        if (e.isTrusted) sessionStorage.setItem('mousePresses', String(Number(sessionStorage.getItem('mousePresses') ?? 0) + 1));
      }, true);
    }
  });
}

function mousePresses(page: Page): Promise<number> {
  return page.evaluate(() => Number(sessionStorage.getItem('mousePresses') ?? 0));
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
  // Seen: not under the toast a moment ago's action left.
  await expectFocusSeen(page);
}

/** Reaches a tab list's chosen tab by Tab, moves along it with the arrow keys and opens `id` with Enter. */
async function chooseTab(page: Page, id: string): Promise<void> {
  await tabTo(page, page.locator('[role="tab"][aria-selected="true"]').first());
  const target = page.locator(`[role="tab"][data-tab-id="${id}"]`);
  for (let presses = 0; presses < 20 && !(await target.evaluate((el) => el === document.activeElement)); presses += 1) await page.keyboard.press('ArrowRight');
  await expectFocusSeen(page);
  await page.keyboard.press('Enter');
  await expect(target).toHaveAttribute('aria-selected', 'true');
}

/** Signs in on the login screen by typing (the focus starts nowhere in particular: Tab finds the fields). */
async function signInByKeyboard(page: Page, email: string): Promise<void> {
  await tabTo(page, page.getByTestId('login-email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByTestId('login-password'));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

/** Opens an operation by its number from the palette. */
async function openByPalette(page: Page, operationId: number | string): Promise<void> {
  await openPalette(page);
  await page.keyboard.type(`OP-${String(operationId).padStart(6, '0')}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/clientOperation/analize/${operationId}`));
  await expect(page.getByTestId('operation-status')).toBeVisible();
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}-zoom200.png`) });
}

test('the desk by keyboard at 200% zoom: find overdue, pay, reverse, print, palette, report, remit and read a return, prepay, cede and approve, repurchase', async ({ page, harness, server }) => {
  test.setTimeout(420_000);
  await countMouse(page);
  await harness.goto('/auth/login');

  await signInByKeyboard(page, DEMO.operador.email);
  await expect(page.getByTestId('portfolio-open-list')).toBeVisible();
  // The header keeps one row at this width (it took two, 82 of the 400 pixels), so the page keeps its room.
  await shoot(page, 'home');
  expect((await page.locator('header.app-header').boundingBox())!.height).toBeLessThan(50);

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

  // Remit: the company's bank accounts tab, Itaú's row menu, its remittances, a new 341 remittance generated and saved.
  const [itau] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE bank_code = '341' ORDER BY id LIMIT 1");
  await activate(page, page.getByTestId('menu-item-/company-operation'));
  await chooseTab(page, 'banks');
  await activate(page, page.locator(`[data-testid$="-menu-${itau.id}"]`).first());
  await expect(page.getByTestId(`company-bank-remittances-${itau.id}`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/remittance-operation\/341/);
  await activate(page, page.locator('a[href*="/banks/341/remessa"]').first());
  await activate(page, page.getByTestId('remittance-generate'));
  await expect(page.getByTestId('remittance-confirm-amounts-total')).toBeVisible();
  await shoot(page, 'remittance-confirm');
  await activate(page, page.getByTestId('remittance-confirm'));
  await expect(page.getByTestId('remittance-saved')).toContainText('.rem');

  // Read a return: the bank settles a slip of an installment due from today on (its slip asked of the server here).
  const today = server.clock.today();
  const [due] = await server.database.rows<{ id: number }>(
    `SELECT i.id FROM credit_operation_installments i
       JOIN credit_operations o ON o.id = i.credit_operation_id
       JOIN disbursements d ON d.credit_operation_id = o.id
      WHERE o.status = 'disbursed' AND i.paid_on IS NULL AND i.superseded_in IS NULL AND i.due_date >= $1::date AND d.disbursed_on <= $1::date
        AND NOT EXISTS (SELECT 1 FROM installment_transactions t WHERE t.installment_id = i.id)
        AND NOT EXISTS (SELECT 1 FROM installment_states s WHERE s.installment_id = i.id)
      ORDER BY i.due_date DESC, i.id LIMIT 1`,
    [today],
  );
  const token = await directSignIn(server.url, DEMO.operador.email, DEMO_PASSWORD);
  const slipRequest = buildRequest(operation('boleto.slip'), { x: due.id });
  const slipAnswer = await fetch(new URL(slipRequest.path, server.url), { headers: { authorization: `Bearer ${token}` } });
  expect(slipAnswer.status).toBe(200);
  await slipAnswer.arrayBuffer();
  const [slip] = await server.database.rows<{ sequence: string; amount: string }>(
    'SELECT sequence::text AS sequence, amount::text AS amount FROM boleto_slips WHERE installment_id = $1 ORDER BY id DESC LIMIT 1',
    [due.id],
  );
  const returnFile = join(harness.paths.userData, 'RET341000041.ret');
  await writeFile(
    returnFile,
    itauReturnFile(
      { agency: '0912', account: '45021', accountDac: '7', companyDocument: '27185642000169' },
      [{ movement: '06', nossoNumero: slip.sequence.padStart(8, '0'), amount: slip.amount, paid: slip.amount, fee: '1.90', occurredOn: today, creditedOn: today }],
      { generatedOn: today, fileSequence: 41 },
    ),
    'latin1',
  );
  await activate(page, page.getByTestId('remittance-import-return'));
  harness.dialogs.nextOpenAnswer = returnFile;
  await activate(page, page.getByTestId('cnab-return-choose'));
  await expect(page.getByTestId('cnab-return-totals')).toContainText('1 parcela(s) a liquidar');
  await shoot(page, 'return-preview');
  await activate(page, page.getByTestId('cnab-return-settle'));
  await expect(page.getByTestId('cnab-return-confirm-amounts')).toBeVisible();
  await activate(page, page.getByTestId('cnab-return-confirm'));
  await expect(page.getByTestId('cnab-return-result')).toContainText('1 parcela(s)');


  // A disbursed operation on time with installments to pay: prepaid in part, then two of its installments ceded.
  const [op] = await server.database.rows<{ id: number }>(
    `SELECT o.id FROM credit_operations o
      WHERE o.status = 'disbursed'
        AND NOT EXISTS (SELECT 1 FROM credit_operation_installments i
                         WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL AND i.due_date < $1::date)
        AND (SELECT count(*) FROM credit_operation_installments i
              WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL) >= 4
      ORDER BY o.id LIMIT 1`,
    [server.clock.today()],
  );
  expect(op, 'the demo seed has a disbursed operation on time with installments to pay').toBeDefined();
  await openByPalette(page, op.id);
  await chooseTab(page, 'installments');
  await activate(page, page.getByTestId('installments-open-prepayment'));
  await expect(page.getByTestId('prepayment-quote')).toBeVisible();
  await tabTo(page, page.getByTestId('prepayment-amount'));
  await page.keyboard.type('500,00');
  await activate(page, page.getByTestId('prepayment-simulate'));
  await expect(page.getByTestId('prepayment-simulation')).toBeVisible();
  await tabTo(page, page.getByRole('radio', { name: /Reduzir o prazo/ }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: /Reduzir o prazo/ })).toBeChecked();
  await shoot(page, 'prepayment');
  await activate(page, page.getByTestId('prepayment-apply'));
  await expect(page.getByTestId('prepayment-confirm-amounts')).toContainText('R$ 500,00');
  const toastsBeforePrepayment = await toastCount(page);
  await activate(page, page.getByTestId('prepayment-confirm'));
  await expectToastSince(page, toastsBeforePrepayment, /versão|cronograma/i);

  // Cede two installments to a fund, above the four-eyes limit (lowered for the test, restored once asked).
  await server.database.rows(
    `INSERT INTO assignment_bank_accounts (company_id, assignee_name, assignee_cnpj, bank_code, bank_name, agency, account)
     VALUES (1, 'Zeta Fundo Teclado FIDC', '11.222.333/0001-81', '341', 'Itaú Unibanco', '0001', '12345')`,
  );
  const [{ limit }] = await server.database.rows<{ limit: string }>('SELECT cession_approval_above::text AS limit FROM company_parameters WHERE company_id = 1');
  await server.database.rows('UPDATE company_parameters SET cession_approval_above = 0.01 WHERE company_id = 1');
  await page.reload();
  await expect(page.getByTestId('operation-status')).toBeVisible();
  await chooseTab(page, 'cession');
  const boxes = page.locator('tbody [data-testid^="cession-select-"]');
  await expect(boxes.nth(1)).toBeAttached();
  for (const n of [0, 1]) {
    await tabTo(page, boxes.nth(n));
    await page.keyboard.press('Space');
    await expect(boxes.nth(n)).toBeChecked();
  }
  await tabTo(page, page.getByTestId('cession-account'));
  await page.keyboard.type('Zeta');
  await expect(page.getByTestId('cession-account').locator('option:checked')).toContainText('Zeta Fundo Teclado FIDC');
  await tabTo(page, page.getByTestId('cession-value'));
  await page.keyboard.type('1,5');
  await activate(page, page.getByTestId('cession-quote'));
  await expect(page.getByTestId('cession-confirm-four-eyes')).toBeVisible();
  await shoot(page, 'cession-confirm');
  await activate(page, page.getByTestId('cession-confirm'));
  const asked = page.locator('.bp6-toast').filter({ hasText: /Cessão nº \d+/ }).last();
  await expect(asked).toBeVisible();
  const cession = /Cessão nº (\d+)/.exec((await asked.textContent()) ?? '')![1];
  await server.database.rows('UPDATE company_parameters SET cession_approval_above = $1 WHERE company_id = 1', [limit]);

  // Another person approves it: sign out and in by keyboard, the operation by the palette, the cession tab.
  await activate(page, page.getByTestId('sign-out'));
  await expect(page).toHaveURL(/#\/auth\/login/);
  await signInByKeyboard(page, DEMO.admin.email);
  await openByPalette(page, op.id);
  await chooseTab(page, 'cession');
  await activate(page, page.getByTestId(`cession-record-${cession}-approve`));
  await expect(page.getByTestId('cession-decide-amounts-price')).toBeVisible();
  await activate(page, page.getByTestId('cession-decide-confirm'));
  await expect(page.getByTestId(`cession-record-${cession}`)).toContainText('Lançada');

  // 45 days after the first ceded installment fell due, the fund's agreement makes the lender buy it back.
  const [assigned] = await server.database.rows<{ number: number; due_date: string }>(
    `SELECT i.number, to_char(i.due_date, 'YYYY-MM-DD') AS due_date FROM credit_operation_installments i
       JOIN installment_states s ON s.installment_id = i.id WHERE i.credit_operation_id = $1 AND s.status = 'assigned' ORDER BY i.number LIMIT 1`,
    [op.id],
  );
  const overdue = new Date(`${assigned.due_date}T00:00:00Z`);
  overdue.setUTCDate(overdue.getUTCDate() + 45);
  server.clock.set(overdue.toISOString().slice(0, 10));
  await page.reload();
  await expect(page.getByTestId('operation-status')).toBeVisible();
  await chooseTab(page, 'cession');
  await activate(page, page.getByTestId('cession-repurchase-open'));
  await activate(page, page.getByTestId(`repurchase-open-${assigned.number}`));
  await expect(page.getByTestId('repurchase-amounts-amount')).toBeVisible();
  await shoot(page, 'repurchase-confirm');
  const toastsBeforeRepurchase = await toastCount(page);
  await activate(page, page.getByTestId('repurchase-confirm'));
  await expectToastSince(page, toastsBeforeRepurchase, `Parcela ${assigned.number} recomprada`);

  // The same screen unzoomed, at the two widths the desk uses, for the record.
  for (const [width, height] of [[1280, 800], [1024, 768]]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`repurchase-${width}.png`), scale: 'css' });
  }
  expect(await mousePresses(page)).toBe(0);
});

/**
 * A 1024×768 window at 200% zoom (512×384 CSS pixels at two device pixels each): on every screen of the desk's tasks
 * the page never scrolls sideways as a whole, no identifier, date or amount cell is cut, and each control a task
 * needs can be brought into view with nothing drawn over it (not under the sticky header). A capture of each screen
 * goes to the test's output, for review.
 */
test('the desk\'s screens at 200% zoom of a 1024×768 window: nothing a task needs is cut or covered', async ({ page, harness, server }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 512, height: 384 });
  const [op] = await server.database.rows<{ id: number }>(
    `SELECT o.id FROM credit_operations o
      WHERE o.status = 'disbursed'
        AND EXISTS (SELECT 1 FROM credit_operation_installments i WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL)
      ORDER BY o.id LIMIT 1`,
  );
  const [overdue] = await server.database.rows<{ id: number; op: number }>(
    `SELECT i.id, i.credit_operation_id AS op FROM credit_operation_installments i
       JOIN credit_operations o ON o.id = i.credit_operation_id
      WHERE o.status = 'disbursed' AND i.superseded_in IS NULL AND i.paid_on IS NULL AND i.due_date < $1::date
      ORDER BY i.due_date, i.id LIMIT 1`,
    [server.clock.today()],
  );
  expect(op && overdue, 'the demo seed has a disbursed operation and an overdue installment').toBeTruthy();
  /** Screens of the tasks, each with the controls its task needs. */
  const screens: Array<{ name: string; path: string; controls: string[] }> = [
    { name: 'collections', path: '/app/collections', controls: ['expired-totals', 'expired-table'] },
    { name: 'installment', path: `/app/clientOperation/payments/${overdue.id}/${overdue.op}`, controls: ['installment-status', 'payments-pay'] },
    { name: 'operation-installments', path: `/app/clientOperation/analize/${op.id}?tab=installments`, controls: ['operation-status', 'installments-open-prepayment', 'installments-rare-actions'] },
    { name: 'operation-cession', path: `/app/clientOperation/analize/${op.id}?tab=cession`, controls: ['operation-status', 'cession-account'] },
    { name: 'approvals', path: '/app/approvals', controls: ['approvals-table'] },
    { name: 'report-operations', path: '/app/company-operation/reports/operations', controls: ['report-operations-totals', 'export-excel'] },
    { name: 'report-iof', path: '/app/company-operation/reports/iof', controls: ['report-iof-show', 'report-iof-total', 'report-iof-pdf', 'export-excel'] },
    { name: 'balancete', path: '/app/company-operation/books/balancete', controls: ['books-show', 'books-check', 'books-pdf'] },
    { name: 'remittances', path: '/app/company-operation/remittance-operation/341', controls: [] },
    { name: 'remittance', path: '/app/company-operation/banks/341/remessa', controls: ['remittance-generate', 'remittance-import-return'] },
    { name: 'return-file', path: '/app/company-operation/cnab-integration/341', controls: ['cnab-return-choose'] },
  ];
  await signInAs(page, harness, DEMO.admin.email, screens[0].path);
  const problems: string[] = [];
  for (const screen of screens) {
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, `#${screen.path}`);
    await expect(page).toHaveURL(new RegExp(`#${screen.path.replace(/[?]/g, '\\?')}$`));
    await expect(page.locator('.bp6-spinner')).toHaveCount(0);
    await expect(page.getByTestId('app-main')).toBeVisible();
    for (const id of screen.controls) {
      const control = page.getByTestId(id).first();
      await expect(control, `${screen.name}: ${id}`).toBeVisible();
      await control.scrollIntoViewIfNeeded();
      const seen = await control.evaluate((el) => {
        const r = el.getBoundingClientRect();
        // The control's first line (a tall table shows its head): its middle is the control itself, inside the window.
        const x = Math.min(Math.max(r.left + Math.min(r.width, 40) / 2, 1), window.innerWidth - 1);
        const y = Math.min(Math.max(r.top + Math.min(r.height, 24) / 2, 1), window.innerHeight - 1);
        const hit = document.elementFromPoint(x, y);
        return { inView: r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth, uncovered: !!hit && (hit === el || el.contains(hit)) };
      });
      if (!seen.inView || !seen.uncovered) problems.push(`${screen.name}: ${id} ${JSON.stringify(seen)}`);
    }
    const page1 = await page.evaluate((kinds) => {
      const root = document.scrollingElement ?? document.documentElement;
      const selector = kinds.map((k) => `td[data-kind="${k}"]`).join(', ');
      const cut = [...document.querySelectorAll<HTMLElement>(selector)].filter((td) => {
        const inner = td.querySelector<HTMLElement>('.rt-fit');
        return td.scrollWidth > td.clientWidth || (!!inner && inner.scrollWidth > inner.clientWidth);
      });
      const wide = root.scrollWidth > root.clientWidth
        ? [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5).slice(0, 4).map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)}[${el.getAttribute('data-testid') ?? ''}] ${Math.round(el.getBoundingClientRect().right)}`)
        : [];
      return { sideways: root.scrollWidth > root.clientWidth ? `${root.scrollWidth} > ${root.clientWidth}: ${wide.join('; ')}` : '', cut: cut.slice(0, 3).map((td) => `${td.getAttribute('data-col')}: ${td.textContent ?? ''}`) };
    }, WHOLE_KINDS as readonly string[]);
    if (page1.sideways) problems.push(`${screen.name}: the page scrolls sideways (${page1.sideways})`);
    for (const cell of page1.cut) problems.push(`${screen.name}: cell cut ${cell}`);
    await page.screenshot({ path: test.info().outputPath(`${screen.name}-1024-zoom200.png`) });
  }
  // The palette finds the overdue list by what people call it, its field seen and typed in.
  expect(problems).toEqual([]);
  await openPalette(page);
  await page.keyboard.type('vencidas');
  await expect(page.getByTestId('palette-item-menu:/collections')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('palette-1024-zoom200.png') });
  expect(problems).toEqual([]);
});
