/**
 * The smaller things a new analyst noticed, end to end: approving documents
 * one after another from inside the viewer (its scroll area reachable by
 * Tab); "Cadastrar tomador" opening the borrower the applicant already is,
 * on a toolbar of one row; the project banner's preview shown as a data: URL
 * with no content-security refusal, the drop zone keeping its name; a list
 * column resized and remembered after a reload; the header on one row in
 * English at 1024 and 1280 px; a date field taking DD/MM/YYYY and saying
 * what is wrong with a date, in both languages.
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';
import { translate } from '../../src/shared/i18n';
import type { Solicitation, SolicitationListItem } from '../../src/shared/contract/solicitations';
import type { BorrowerSummary } from '../../src/shared/contract/borrowers';
import { OPEN_STATUSES } from '../../src/shared/solicitation-status';
import { SHORTCUTS } from '../../src/renderer/src/app/shortcuts';

// Its tests read what the demo seed holds and change nothing another one reads: one server for the file.
test.use({ serverPerFile: true });

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function toEnglish(page: Page): Promise<void> {
  await page.getByTestId('locale-switch').selectOption('en');
  await expect(page.getByTestId('sign-out')).toHaveText(translate('en', 'common.signOut'));
}

/** An open solicitation with at least two documents awaiting approval. */
async function solicitationToReview(url: string, token: string): Promise<Solicitation> {
  const list = await directCall<{ items: SolicitationListItem[] }>(url, 'solicitations.list', { page: 1, limit: 100, filter: { status: [...OPEN_STATUSES] } }, token);
  for (const item of list.body.items.filter((s) => s.documentsAwaiting >= 2)) {
    const s = await directCall<Solicitation>(url, 'solicitations.get', { id: item.id }, token);
    if (s.body.slots.filter((slot) => slot.state === 'sent' || slot.state === 'replaced').length >= 2) return s.body;
  }
  throw new Error('the demo seed has no open solicitation with two documents awaiting approval');
}

test('the viewer approves a document and opens the next one awaiting approval, by button and by key', async ({ page, harness, server }) => {
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const s = await solicitationToReview(server.url, token);
  const awaiting = s.slots.filter((slot) => slot.state === 'sent' || slot.state === 'replaced');

  await signInAs(page, harness, DEMO.admin.email, `/app/solicitations/view/${s.id}`);
  const step = (slot: number) => ([1, 3, 4, 10, 11].includes(slot) && s.typeCredit === 'PJ' ? 'companyDocuments' : s.isForeign ? 'foreignDocuments' : 'personalDocuments');
  await page.getByTestId(`step-${step(awaiting[0].slot)}`).click();
  await page.getByTestId(`slot-${awaiting[0].slot}-view`).click();
  const viewer = page.getByTestId('document-viewer');
  await expect(viewer).toBeVisible();
  await expect(page.getByTestId('viewer-scroll')).toHaveAttribute('tabindex', '0');
  await expect(page.getByTestId('viewer-scroll')).toHaveAttribute('aria-label', /.+/);
  const firstPosition = await page.getByTestId('viewer-position').textContent();
  await page.screenshot({ path: test.info().outputPath('viewer-review.png') });

  await page.getByTestId('viewer-approve-next').click();
  // The next document awaiting approval is shown; the first is approved on the server.
  await expect(page.getByTestId('viewer-position')).not.toHaveText(firstPosition ?? '');
  await expect
    .poll(async () => (await directCall<Solicitation>(server.url, 'solicitations.get', { id: s.id }, token)).body.slots.find((x) => x.slot === awaiting[0].slot)?.state)
    .toBe('approved');
  await expect(page.getByTestId('viewer-approve-next')).toBeVisible();
  await expectNoSeriousViolations(page, '.sol-viewer');

  // The same with the viewer's key, as the help declares it: one more of the awaiting documents approved.
  await page.keyboard.press(SHORTCUTS.viewerApproveNext.combo);
  await expect
    .poll(async () => {
      const now = await directCall<Solicitation>(server.url, 'solicitations.get', { id: s.id }, token);
      return awaiting.filter((a) => now.body.slots.find((x) => x.slot === a.slot)?.state === 'approved').length;
    })
    .toBe(2);
});

test('"Cadastrar tomador" opens the borrower the applicant already is; the toolbar keeps one row', async ({ page, harness, server }) => {
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  // An approved solicitation whose applicant is registered as a borrower (registered here when the seed has none).
  const approved = await directCall<{ items: SolicitationListItem[] }>(server.url, 'solicitations.list', { page: 1, limit: 50, filter: { status: 'approved' } }, token);
  const borrowers = await directCall<{ items: BorrowerSummary[] }>(server.url, 'borrowers.list', { page: 1, limit: 100 }, token);
  let registered = borrowers.body.items.find((b) => b.solicitation_id !== null && approved.body.items.some((s) => s.id === b.solicitation_id));
  if (!registered) {
    for (const s of approved.body.items) {
      const created = await directCall<BorrowerSummary>(server.url, 'borrowers.create', { solicitation_id: s.id }, token);
      if (created.status === 200) {
        registered = created.body;
        break;
      }
    }
  }
  expect(registered, 'an approved solicitation registered as a borrower').toBeDefined();

  await signInAs(page, harness, DEMO.admin.email, '/app/profile');
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(harness.url(`/app/solicitations/view/${registered!.solicitation_id}`));
    await expect(page.getByTestId('solicitation-open-borrower')).toBeVisible();
    await expect(page.getByTestId('solicitation-register-borrower')).toHaveCount(0);
    const toolbar = await page.locator('.sol-toolbar').boundingBox();
    expect(toolbar!.height, `toolbar at ${width} px`).toBeLessThan(44);
    await page.screenshot({ path: test.info().outputPath(`solicitation-toolbar-${width}.png`) });
  }
  await page.getByTestId('solicitation-open-borrower').click();
  await expect(page).toHaveURL(new RegExp(`#/app/clientOperation/view/${registered!.id}$`));
});

test('the banner preview is a data: URL (no content-security refusal) and the drop zone keeps its name', async ({ page, harness }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  await signInAs(page, harness, DEMO.admin.email, '/app/projects/new');
  await page.getByTestId('project-banner-input').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByTestId('project-banner-local-preview')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect
    .poll(() => page.getByTestId('project-banner-local-preview').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
  await expect(page.getByTestId('project-banner-drop')).toHaveAccessibleName(/banner\.png/);
  await page.getByTestId('project-banner-send').click();
  await expect(page.getByTestId('project-form-banner-preview')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByTestId('project-banner-drop')).toHaveAccessibleName(/.+/);
  await expectNoSeriousViolations(page, '.screen');
  expect(refused).toEqual([]);
});

test('a list column is resized by its header edge and keeps that width after a reload', async ({ page, harness }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.admin.email, '/app/allOperations');
  const header = page.locator('[data-testid="operations-table"] th[data-col="borrower"]');
  await expect(page.getByTestId('operations-table').locator('tbody tr').first()).toBeVisible();
  const before = (await header.boundingBox())!.width;
  const handle = page.getByTestId('operations-table-resize-borrower');
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await header.boundingBox())!.width)).toBeGreaterThanOrEqual(Math.round(before + 55));
  const resized = (await header.boundingBox())!.width;
  // And with the keyboard: the handle is a focusable separator.
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Math.round((await header.boundingBox())!.width)).toBe(Math.round(resized + 16));

  // Kept in the app's settings (written a moment after the last key).
  await expect
    .poll(() => page.evaluate(() => window.backoffice.settings.get().then((s) => s.columnWidths['operations-table']?.borrower)))
    .toBe(Math.round(resized + 16));
  await page.reload();
  await expect(page.getByTestId('operations-table').locator('tbody tr').first()).toBeVisible();
  await expect.poll(async () => Math.round((await header.boundingBox())!.width)).toBe(Math.round(resized + 16));
  // A double click gives the automatic width back.
  await handle.dblclick();
  await expect.poll(async () => Math.round((await header.boundingBox())!.width)).toBeLessThan(Math.round(resized));
});

test('the header keeps one row in English at 1024 and 1280 px', async ({ page, harness }) => {
  await signInAs(page, harness, DEMO.superadmin.email, '/app/profile');
  await toEnglish(page);
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByTestId('sign-out')).toBeVisible();
    const header = (await page.locator('header.app-header').boundingBox())!;
    expect(header.height, `header at ${width} px`).toBeLessThan(60);
    await expect(page.getByTestId('sign-out')).toHaveAccessibleName(translate('en', 'common.signOut'));
    await expect(page.getByTestId('header-preferences')).toHaveAccessibleName(translate('en', 'preferences.open'));
    await page.screenshot({ path: test.info().outputPath(`header-en-${width}.png`) });
  }
});

test('a date field takes DD/MM/YYYY and says what is wrong with a date, in Portuguese and in English', async ({ page, harness }) => {
  await signInAs(page, harness, DEMO.superadmin.email, '/app/company-operation?tab=iof');
  await page.getByTestId('company-iof-add').click();
  const from = page.getByTestId('company-iof-valid_from');
  await expect(from).toHaveAttribute('placeholder', 'DD/MM/AAAA');

  // Typed digit by digit, the slashes come by themselves.
  await from.pressSequentially('31022025');
  await expect(from).toHaveValue('31/02/2025');
  await page.getByTestId('company-iof-legal_basis').click();
  const error = page.getByTestId('field-error-valid_from');
  await expect(error).toContainText('escreva a data como DD/MM/AAAA, por exemplo 31/12/2025.');
  await from.fill('01/01/1800');
  await expect(error).toContainText('use uma data de 01/01/1900 a 31/12/2100.');
  await from.fill('1/2/2030');
  await expect(error).toHaveCount(0);
  await page.getByTestId('company-iof-legal_basis').click();
  await expect(from).toHaveValue('01/02/2030');
  await page.screenshot({ path: test.info().outputPath('date-field-pt.png') });
  await page.getByTestId('company-iof-cancel').click();

  await toEnglish(page);
  await page.getByTestId('company-iof-add').click();
  await expect(from).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  await from.fill('12/31/2025');
  await page.getByTestId('company-iof-legal_basis').click();
  await expect(error).toContainText('write the date as DD/MM/YYYY, for example 31/12/2025.');
  await page.getByTestId('company-iof-daily_percent').fill('-1');
  await page.getByTestId('company-iof-legal_basis').click();
  await expect(page.getByTestId('field-error-daily_percent')).toContainText('cannot be negative');
});
