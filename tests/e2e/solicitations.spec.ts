/**
 * The solicitation screens against the real server: the list
 * with filters, sort and paging in the URL and the Excel export; a
 * solicitation from the open ("pending") list through its questionnaire
 * steps, approving a document, commenting and a status change whose e-mail
 * reaches the outbox; uploading documents and viewing them inside the app
 * (an image and a PDF). Screenshots of each screen go to the test's output.
 */
import ExcelJS from 'exceljs';
import { existsSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD } from './harness';
import { translate } from '../../src/shared/i18n';
import { demoPdf, demoPng } from '../../src/server/db/demo-files';
import type { ListQueryInput } from '../../src/shared/query';
import type { Solicitation, SolicitationListItem } from '../../src/shared/contract/solicitations';
import { OPEN_STATUSES } from '../../src/shared/solicitation-status';
import { SANDBOX_RECEITA_UNAVAILABLE_CPF } from '../../src/server/areas/intake/receita';
import { insertSolicitation } from '../helpers/solicitations-fixture';

// The screens as at a larger workstation window.
test.use({ viewport: { width: 1440, height: 900 } });

interface ListAnswer {
  items: SolicitationListItem[];
  meta: { currentPage: number; totalPages: number; totalItems: number; pageSize: number };
}

async function token(url: string): Promise<string> {
  return directSignIn(url, DEMO.superadmin.email, DEMO_PASSWORD);
}

async function serverList(url: string, query: ListQueryInput, operation: 'solicitations.list' | 'solicitations.reviewDocuments' = 'solicitations.list'): Promise<ListAnswer> {
  const answer = await directCall<ListAnswer>(url, operation, { page: 1, limit: 10, ...query }, await token(url));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function serverGet(url: string, id: number): Promise<Solicitation> {
  const answer = await directCall<Solicitation>(url, 'solicitations.get', { id }, await token(url));
  expect(answer.status).toBe(200);
  return answer.body;
}

async function visibleIds(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const ids: number[] = [];
    for (const el of document.querySelectorAll('[data-testid^="solicitations-row-"]')) {
      const id = Number(el.getAttribute('data-testid')!.slice('solicitations-row-'.length));
      if (Number.isFinite(id) && !ids.includes(id)) ids.push(id);
    }
    return ids;
  });
}

async function expectRows(page: Page, ids: number[]): Promise<void> {
  await expect.poll(() => visibleIds(page)).toEqual(ids);
}

async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

test('list: filters, sort and paging live in the URL; the export writes both sheets', async ({ page, harness, server }, info) => {
  await signInAs(page, harness, DEMO.admin.email, '/app/solicitations');
  await expect(page).toHaveURL(/#\/app\/solicitations$/);
  const first = await serverList(server.url, {});
  expect(first.meta.totalItems, 'the demo seed has about 300 solicitations').toBeGreaterThan(100);
  await expectRows(page, first.items.map((s) => s.id));
  // Money right-aligned, formatted the Brazilian way.
  const valueCell = page.getByTestId(`solicitations-row-${first.items[0].id}`).locator('xpath=..').locator('td').nth(5);
  await expect(valueCell).toHaveText(/^R\$\s?[\d.]+,\d{2}$/);
  await expect(valueCell).toHaveCSS('text-align', 'right');
  await shot(page, info, 'list-all');

  // Page 2, then a reload keeps it.
  await page.getByTestId('pagination-next').click();
  expect(page.url()).toMatch(/page=2/);
  await expectRows(page, (await serverList(server.url, { page: 2 })).items.map((s) => s.id));

  // Sort by requested value, descending.
  await page.getByTestId('sort-lendingValue').click();
  await page.getByTestId('sort-lendingValue').click();
  expect(page.url()).toMatch(/sort=lendingValue&order=DESC/);
  const byValue = await serverList(server.url, { sort: { field: 'lendingValue', order: 'DESC' } });
  await expectRows(page, byValue.items.map((s) => s.id));

  // PJ only, value from R$ 5.000,00, approved: the URL carries every filter and a reload keeps the rows.
  await page.getByTestId('solicitations-filter-typeCredit').selectOption('PJ');
  await page.getByTestId('solicitations-filter-status').selectOption('approved');
  await page.getByTestId('solicitations-filter-lendingValue_min').fill('5.000,00');
  await page.getByTestId('solicitations-filter-apply').click();
  const filtered = await serverList(server.url, {
    filter: { typeCredit: 'PJ', status: 'approved', lendingValue_min: '5000.00' },
    sort: { field: 'lendingValue', order: 'DESC' },
  });
  expect(filtered.items.length).toBeGreaterThan(0);
  await expectRows(page, filtered.items.map((s) => s.id));
  expect(page.url()).toMatch(/typeCredit=PJ/);
  expect(page.url()).toMatch(/lendingValue_min=5000\.00/);
  await page.reload();
  await expectRows(page, filtered.items.map((s) => s.id));
  await shot(page, info, 'list-filtered');

  // The export of the same filters: info sheet and data sheet with every matching row.
  await page.getByTestId('export-excel').click();
  await expect(page.getByTestId('export-result')).toBeVisible();
  const saved = harness.dialogs.saveRequests[0].defaultPath.split(/[\\/]/).pop()!;
  const file = `${harness.paths.downloads}/${saved}`;
  expect(existsSync(file)).toBe(true);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  expect(book.worksheets).toHaveLength(2);
  const [sheetInfo, data] = book.worksheets;
  expect(JSON.stringify(sheetInfo.getSheetValues())).toContain(String(filtered.meta.totalItems));
  expect(data.actualRowCount).toBe(filtered.meta.totalItems + 1);
  const header = (data.getRow(1).values as unknown[]).filter(Boolean).map(String);
  expect(header).toContain(translate('pt-BR', 'solicitations.columns.lendingValue'));

  // The open list: only open statuses; the documents-to-review tab uses review-doc.
  await page.getByTestId('solicitations-tab-open').click();
  await expect(page).toHaveURL(/#\/app\/solicitations\/pending/);
  const open = await serverList(server.url, { filter: { status: [...OPEN_STATUSES] } });
  await expectRows(page, open.items.map((s) => s.id));
  await page.getByTestId('solicitations-tab-review-doc').click();
  await expect(page).toHaveURL(/#\/app\/solicitations\/review-doc/);
  const review = await serverList(server.url, {}, 'solicitations.reviewDocuments');
  await expectRows(page, review.items.map((s) => s.id));
  // A status route lists that status only.
  await harness.goto('/app/solicitations/refused');
  const refused = await serverList(server.url, { filter: { status: 'refused' } });
  await expectRows(page, refused.items.map((s) => s.id));
  await expect(page.getByTestId('solicitations-tab-status')).toBeVisible();
});

test('from the open list: steps, approving a document, a comment and a status change e-mailed to the applicant', async ({ page, harness, server }, info) => {
  const open = await serverList(server.url, { filter: { status: 'pending', typeCredit: 'PJ' }, limit: 50 });
  const target = open.items.find((s) => s.documentsAwaiting > 0 && !s.isForeign) ?? open.items[0];
  expect(target, 'the seed has pending PJ solicitations').toBeDefined();
  const before = await serverGet(server.url, target.id);

  await signInAs(page, harness, DEMO.admin.email, `/app/solicitations/pending?name=${encodeURIComponent(target.name)}`);
  await page.getByTestId(`solicitations-row-${target.id}`).click();
  await expect(page).toHaveURL(new RegExp(`#/app/solicitations/view-pending/${target.id}$`));
  await expect(page.getByTestId('solicitation-status')).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('solicitation-value')).toHaveText(/^R\$\s?[\d.]+,\d{2}$/);
  await shot(page, info, 'view-1-financial');

  // Every PJ step, in order.
  for (const [n, step] of (['financial', 'personal', 'company', 'bank', 'personalDocuments', 'companyDocuments'] as const).entries()) {
    await page.getByTestId(`step-${step}`).click();
    await expect(page.getByTestId(`step-${step}`)).toHaveAttribute('aria-selected', 'true');
    if (step.endsWith('Documents')) await expect(page.getByTestId('document-slots')).toBeVisible();
    else await expect(page.getByTestId(`step-${step}-fields`)).toBeVisible();
    await shot(page, info, `view-${n + 1}-${step}`);
  }

  // Approve a document awaiting approval.
  const awaiting = before.slots.find((s) => s.state === 'sent' || s.state === 'replaced');
  if (awaiting) {
    const step = [1, 3, 4, 10, 11].includes(awaiting.slot) ? 'companyDocuments' : 'personalDocuments';
    await page.getByTestId(`step-${step}`).click();
    await expect(page.getByTestId(`slot-${awaiting.slot}-state`)).not.toHaveText(translate('pt-BR', 'solicitations.slotState.approved'));
    await page.getByTestId(`slot-${awaiting.slot}-approve`).click();
    await expect(page.getByTestId(`slot-${awaiting.slot}-state`)).toHaveText(translate('pt-BR', 'solicitations.slotState.approved'));
    const after = await serverGet(server.url, target.id);
    expect(after.slots.find((s) => s.slot === awaiting.slot)?.state).toBe('approved');
  }

  // A comment.
  const comment = `Conferir o faturamento declarado ${Date.now()}`;
  await page.getByTestId('comment-text').fill(comment);
  await page.getByTestId('comment-add').click();
  await expect(page.getByTestId('comments')).toContainText(comment);
  await expect(page.getByTestId('comment-text')).toHaveValue('');

  // A comment of one's own can be deleted (behind a confirmation).
  await page.getByTestId('comment-text').fill('Rascunho a apagar');
  await page.getByTestId('comment-add').click();
  await expect(page.getByTestId('comments')).toContainText('Rascunho a apagar');
  const draft = page.getByTestId('comments').locator('li', { hasText: 'Rascunho a apagar' });
  await draft.getByRole('button').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('comments')).not.toContainText('Rascunho a apagar');
  await expect(page.getByTestId('comments')).toContainText(comment);

  // The Receita Federal lookup of the company's CNPJ: status, name, opening date, CNAE.
  await page.getByTestId('solicitation-receita').click();
  await expect(page.getByTestId('receita-result')).toBeVisible();
  await expect(page.getByTestId('receita-status')).not.toBeEmpty();
  await expect(page.getByTestId('receita-cnae')).toContainText(/\d/);
  await shot(page, info, 'view-receita');
  await page.keyboard.press('Escape');

  // Another project (operators and administrators pick from the catalogue).
  const projects = await directCall<{ items: Array<{ id: number; title: string }> }>(server.url, 'projects.list', { page: 1, limit: 50 }, await token(server.url));
  const other = projects.body.items.find((p) => p.id !== before.project);
  if (other) {
    await page.getByTestId('solicitation-project').click();
    await page.getByTestId('project-select').selectOption(String(other.id));
    await page.getByTestId('project-confirm').click();
    await expect(page.getByTestId('solicitation-header')).toContainText(other.title);
    expect((await serverGet(server.url, target.id)).project).toBe(other.id);
  }

  // A reason is required for refusing: the confirm button waits for it.
  await page.getByTestId('solicitation-change-status').click();
  await page.getByTestId('status-to').selectOption('refused');
  await expect(page.getByTestId('status-confirm')).toBeDisabled();
  await expect(page.getByTestId('status-email-notice')).toContainText(before.applicant.email);
  // Into review: the applicant is told by e-mail.
  await page.getByTestId('status-to').selectOption('in_review');
  await expect(page.getByTestId('status-confirm')).toBeEnabled();
  await shot(page, info, 'view-status-dialog');
  await page.getByTestId('status-confirm').click();
  await expect(page.getByTestId('solicitation-status')).toHaveAttribute('data-status', 'in_review');
  await expect(page.getByTestId('status-history')).toContainText(translate('pt-BR', 'solicitations.status.in_review'));
  await expect
    .poll(async () => (await server.outbox.list(before.applicant.email)).some((m) => m.subject.includes(`nº ${target.id}`) && m.subject.includes('análise')))
    .toBe(true);

  // Someone else closes it meanwhile: the server's 409 is shown in the dialog and the screen reloads.
  await page.getByTestId('solicitation-change-status').click();
  await page.getByTestId('status-to').selectOption('approved');
  const elsewhere = await directCall(server.url, 'solicitations.setStatusOnly', { id: target.id, status: 'cancelled', reason: 'Desistência por telefone' }, await token(server.url));
  expect(elsewhere.status).toBe(200);
  await page.getByTestId('status-confirm').click();
  await expect(page.getByTestId('status-problem')).toBeVisible();
  await shot(page, info, 'view-status-conflict');
  await page.getByTestId('status-cancel').click();
  await expect(page.getByTestId('solicitation-status')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('solicitation-change-status')).toBeDisabled();

  // Administrators go from the solicitation to its credit-bureau lookup.
  await page.getByTestId('solicitation-bureau').click();
  await expect(page).toHaveURL(new RegExp(`#/boavista/boa-vista/${target.id}$`));
});

test('documents: upload into a slot and view an image and a PDF inside the app', async ({ page, harness, server }, info) => {
  const list = await serverList(server.url, { filter: { typeCredit: 'PF', status: 'pending' }, limit: 50 });
  const target = list.items.find((s) => !s.isForeign) ?? list.items[0];
  const before = await serverGet(server.url, target.id);
  const [imageSlot, pdfSlot] = [6, 9];

  await signInAs(page, harness, DEMO.operador.email, `/app/solicitations/view/${target.id}`);
  await page.getByTestId('step-personalDocuments').click();
  await expect(page.getByTestId('document-slots')).toBeVisible();

  const upload = async (slot: number, name: string, mimeType: string, buffer: Buffer) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId(`slot-${slot}-upload`).click();
    await (await chooser).setFiles({ name, mimeType, buffer });
    await expect(page.getByTestId(`slot-${slot}`)).toContainText(name);
  };
  await upload(imageSlot, 'identidade-frente.png', 'image/png', demoPng([40, 120, 200]));
  await expect(page.getByTestId(`slot-${imageSlot}-state`)).toHaveText(
    translate('pt-BR', before.slots.find((s) => s.slot === imageSlot)?.current ? 'solicitations.slotState.replaced' : 'solicitations.slotState.sent'),
  );
  await upload(pdfSlot, 'extrato.pdf', 'application/pdf', demoPdf('Extrato bancário', ['Saldo: R$ 1.234,56']));

  // The image: fetched by the main process, shown from a blob: URL and decoded.
  await page.getByTestId(`slot-${imageSlot}-view`).click();
  const image = page.getByTestId('viewer-image');
  await expect(image).toBeVisible();
  expect(await image.getAttribute('src')).toMatch(/^blob:/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, info, 'viewer-image');
  await page.getByTestId('viewer-image-size').click();
  await expect(image).toHaveClass(/sol-viewer-image-actual/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('document-viewer')).toHaveCount(0);

  // The PDF: rendered by pdf.js into a canvas, one page.
  await page.getByTestId(`slot-${pdfSlot}-view`).click();
  await expect(page.getByTestId('viewer-pdf')).toHaveAttribute('data-pages', '1');
  await expect(page.getByTestId('viewer-pdf-page')).toHaveText('Página 1 de 1');
  await expect(page.getByTestId('viewer-pdf').locator('canvas')).toBeVisible();
  await shot(page, info, 'viewer-pdf');
  await page.keyboard.press('Escape');

  // A staff document, attached with a title, then viewed.
  await page.getByTestId('staff-doc-add').click();
  await page.getByTestId('staff-doc-title').fill('Parecer do analista');
  await page.getByTestId('staff-doc-description').fill('Visita ao negócio realizada.');
  await page.getByTestId('staff-doc-file').setInputFiles({ name: 'parecer.pdf', mimeType: 'application/pdf', buffer: demoPdf('Parecer', ['Favorável']) });
  await page.getByTestId('staff-doc-save').click();
  await expect(page.getByTestId('staff-documents')).toContainText('Parecer do analista');

  const after = await serverGet(server.url, target.id);
  expect(after.slots.find((s) => s.slot === imageSlot)?.current?.name).toBe('identidade-frente.png');
  expect(after.slots.find((s) => s.slot === pdfSlot)?.current?.mime).toBe('application/pdf');
});

test('offline: the list and a solicitation seen before show from the cache with the banner; decisions wait for the server', async ({ page, harness, server }) => {
  await signInAs(page, harness, DEMO.admin.email, '/app/solicitations/pending');
  const open = await serverList(server.url, { filter: { status: [...OPEN_STATUSES] } });
  await expectRows(page, open.items.map((s) => s.id));
  const opened = open.items[0];
  await page.getByTestId(`solicitations-row-${opened.id}`).click();
  await expect(page.getByTestId('solicitation-view')).toBeVisible();
  await expect(page.getByTestId('solicitation-stale')).toHaveCount(0);

  await server.stop();
  await harness.goto('/app/solicitations/pending');
  await page.reload();
  await expect(page.getByTestId('solicitations-table-stale')).toContainText('Sem conexão');
  await expectRows(page, open.items.map((s) => s.id));
  await harness.goto(`/app/solicitations/view-pending/${opened.id}`);
  await page.reload();
  await expect(page.getByTestId('solicitation-stale')).toContainText('Sem conexão');
  await expect(page.getByTestId('solicitation-value')).toHaveText(/^R\$/);
  await expect(page.getByTestId('solicitation-change-status')).toBeDisabled();
  await server.restart();
});

test('the Receita Federal lookup says clearly when the provider fails, and can be tried again', async ({ page, harness, server }, info) => {
  const applicant = (await serverList(server.url, { limit: 1 })).items[0];
  const id = await insertSolicitation(server.database, {
    userId: applicant.user_id,
    typeCredit: 'PF',
    name: 'Pessoa com Receita indisponível',
    cpf: SANDBOX_RECEITA_UNAVAILABLE_CPF,
    lendingValue: '3000.00',
  });
  // Agents work the list but take no bulk copy of personal data (the export is for operators and administrators).
  await signInAs(page, harness, DEMO.agente.email, '/app/solicitations');
  await expect(page.getByTestId('solicitations-table')).toBeVisible();
  await expect(page.getByTestId('export-excel')).toHaveCount(0);
  await expect(page.getByTestId(`solicitations-row-${id}`)).toBeVisible();
  await expect(page.getByTestId(`solicitations-delete-${id}`)).toHaveCount(0);
  await harness.goto(`/app/solicitations/view/${id}`);
  await expect(page.getByTestId('solicitation-name')).toHaveText('Pessoa com Receita indisponível');
  // Agents do not read the project catalogue nor reach the credit bureau: no such actions for them.
  await expect(page.getByTestId('solicitation-project')).toHaveCount(0);
  await expect(page.getByTestId('solicitation-bureau')).toHaveCount(0);
  await page.getByTestId('solicitation-receita').click();
  await expect(page.getByTestId('receita-error')).toHaveText(translate('pt-BR', 'solicitations.receita.providerFailed'));
  await expect(page.getByTestId('receita-result')).toHaveCount(0);
  await shot(page, info, 'view-receita-failed');
  await page.getByTestId('receita-again').click();
  await expect(page.getByTestId('receita-error')).toBeVisible();
});
