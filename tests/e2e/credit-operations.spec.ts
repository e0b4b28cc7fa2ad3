/**
 * A credit operation end to end against the real server with
 * the demo seed: an administrator registers an approved solicitation's
 * applicant as a borrower from the solicitation's page, builds an operation
 * from the borrower's record through
 * the steps (the borrower preselected by the address, the conditions with the
 * company's fees and a guarantee ticked, a rate above the company's limit
 * refused on its field, the inputs kept when going back), simulates, confirms
 * with the amounts (a double click creates one proposal), lands on the
 * proposal, sends it to analysis; its own approval is refused with the
 * reason shown (four eyes), it writes the analyst's opinion, and an operator
 * — a second person — approves it, the management tab showing both; the
 * operator issues the CCB and saves its PDF, whose text (pdftotext) carries
 * the borrower, the principal and the first due date; the operations list
 * shows it. Above the company's limit, an administrator's approval waits for
 * a second administrator, and the management tab says who can give it.
 * Screenshots go to the test's output folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, signInAs, signIn, signOut, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations, setSwitch, type Harness } from './harness';
import type { CreditOperation } from '../../src/shared/contract';
import { completeCpf, formatCpf } from '../../src/shared/documents';
import { translate } from '../../src/shared/i18n';
import { addMonths } from '../../src/server/domain/credit/calendar';

// The screens as at a larger workstation window.
test.use({ viewport: { width: 1440, height: 900 } });

let keySeq = 0;
const freshKey = () => `e2e-operation-key-${Date.now()}-${++keySeq}`;

/** Released on the server's business date (a release before it is refused), the first due date a month later. */
function releaseDates(server: { clock: { today(): string } }) {
  const today = server.clock.today();
  return { disbursement_date: today, first_due_date: addMonths(today, 1) };
}

/** A borrower and an operation made through the API, as another session would. */
async function operationFor(
  server: { url: string; clock: { today(): string } },
  name: string,
  cpfBody: string,
  extra: Record<string, unknown> = {},
): Promise<{ op: CreditOperation; token: string }> {
  const url = server.url;
  const token = await directSignIn(url, DEMO.superadmin.email, DEMO_PASSWORD);
  const borrower = await directCall<{ id: number }>(url, 'borrowers.create', { person_type: 'PF', document: formatCpf(completeCpf(cpfBody)), name }, token);
  expect(borrower.status, 'borrowers.create').toBe(200);
  const created = await directCall<CreditOperation>(
    url,
    'creditOperation.create',
    {
      borrower_id: borrower.body.id,
      product: 'working_capital',
      amortization: 'price',
      requested_amount: '5000.00',
      monthly_rate: '2.00',
      installments: 12,
      ...releaseDates(server),
      idempotency_key: freshKey(),
      ...extra,
    },
    token,
  );
  expect(created.status, 'creditOperation.create').toBe(200);
  return { op: created.body, token };
}

async function signInAdmin(page: Page, harness: Harness, route: string): Promise<void> {
  await signInAs(page, harness, DEMO.admin.email, route);
}

/** Sent to analysis with the analyst's opinion, through the API, by the session of `token` (its maker). */
async function readyForApproval(url: string, op: CreditOperation, token: string): Promise<number> {
  const sent = await directCall<CreditOperation>(url, 'creditOperation.decision', { id: op.id, action: 'send_to_analysis', version: op.version }, token);
  expect(sent.status, 'send_to_analysis').toBe(200);
  const opinion = await directCall<{ version: number }>(
    url,
    'creditOperation.updateComplement',
    { id: op.id, version: sent.body.version, payment_method: 'boleto', analyst_opinion: 'Renda e faturamento compatíveis com as parcelas.' },
    token,
  );
  expect(opinion.status, 'updateComplement').toBe(200);
  return opinion.body.version;
}

test('an approved solicitation becomes a borrower, its operation is built in steps, proposed, approved, its CCB issued and saved as PDF, and listed', async ({ page, harness, server }) => {
  test.setTimeout(180_000);
  // An approved solicitation of the demo seed that has no borrower yet.
  const [solicitation] = await server.database.rows<{ id: number }>(
    `SELECT s.id FROM solicitations s
      WHERE s.status = 'approved' AND s.deleted_at IS NULL AND s.type_credit = 'PF' AND s.cpf IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM borrowers b WHERE b.solicitation_id = s.id)
      ORDER BY s.id DESC LIMIT 1`,
  );
  expect(solicitation, 'the demo seed has an approved solicitation without a borrower').toBeDefined();
  // 0 — the solicitation's page registers its applicant as a borrower, whose record offers a new operation.
  await signInAdmin(page, harness, `/app/solicitations/view/${solicitation.id}`);
  await page.getByTestId('solicitation-register-borrower').click();
  await expect(page).toHaveURL(/#\/app\/clientOperation\/view\/\d+$/);
  const borrowerId = Number(/view\/(\d+)$/.exec(page.url())![1]);
  const [{ name, document: cpf }] = await server.database.rows<{ name: string; document: string }>('SELECT name, document FROM borrowers WHERE id = $1', [borrowerId]);
  const [{ id: guaranteeId }] = await server.database.rows<{ id: number }>(
    "INSERT INTO borrower_secured_guarantees (borrower_id, kind, description, value) VALUES ($1, 'vehicle', 'Moto Honda 2022', 12000) RETURNING id",
    [borrowerId],
  );
  await harness.goto(`/app/clientOperation/view/${borrowerId}?tab=operations`);
  await page.getByTestId('borrower-new-operation').click();

  // 1 — the borrower, preselected by the address.
  await expect(page).toHaveURL(new RegExp(`/building\\?borrower=${borrowerId}$`));
  await expect(page.getByTestId('building-borrower-chosen')).toContainText(name);
  await expect(page.getByTestId('building-borrower-chosen')).toContainText(cpf);
  await expectNoSeriousViolations(page);
  await page.getByTestId('building-next').click();

  // 2 — the conditions: the company's TAC not suggested to a person (Res. CMN 3.518/2007), a guarantee of this borrower ticked.
  await expect(page.getByTestId('building-requested-amount')).toBeVisible();
  await expect(page.getByTestId('building-fee-0-name')).toHaveCount(0);
  await page.getByTestId('building-requested-amount').fill('10.000,00');
  await page.getByTestId('building-monthly-rate').fill('9');
  await page.getByTestId('building-installments').fill('12');
  const release = releaseDates(server);
  await page.getByTestId('building-disbursement-date').fill(release.disbursement_date);
  await page.getByTestId('building-first-due-date').fill(release.first_due_date);
  await setSwitch(page.getByTestId('building-finance-iof'), false);
  await page.getByTestId(`building-guarantee-${guaranteeId}`).check({ force: true });
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: 'test-results/operations/building-step2.png', fullPage: true });
  // Leaving with the conditions typed asks first; staying keeps them.
  await page.getByTestId('menu-item-/allOperations').click();
  await expect(page.getByTestId('unsaved-changes-prompt')).toBeVisible();
  await page.getByRole('button', { name: translate('pt-BR', 'form.unsaved.stay') }).click();
  await expect(page).toHaveURL(/#\/app\/clientOperation\/building\?borrower=\d+$/);
  await expect(page.getByTestId('building-requested-amount')).toHaveValue('10.000,00');
  // A rate above the company's limit: the server's 400 lands on the rate.
  await page.getByTestId('building-next').click();
  await expect(page.getByTestId('field-error-monthly_rate')).toBeVisible();
  await expect(page.getByTestId('field-error-monthly_rate')).toContainText('4,99');
  await page.getByTestId('building-monthly-rate').fill('1,99');
  await page.getByTestId('building-next').click();

  // 3 — the simulation.
  const result = page.getByTestId('building-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('building-result-principal')).toHaveText('R$ 10.000,00');
  const firstDue = release.first_due_date.split('-').reverse().join('/');
  await expect(page.getByTestId('building-result-first-due')).toHaveText(firstDue);
  await expect(page.getByTestId('building-result-installment-12')).toBeVisible();
  await expect(page.getByTestId('building-result-iof-basis')).toContainText('6.306');
  const released = (await page.getByTestId('building-result-released').textContent()) ?? '';
  const totalPayable = (await page.getByTestId('building-result-total-payable').textContent()) ?? '';
  expect(released).toMatch(/^R\$ 9\.\d{3},\d{2}$/);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: 'test-results/operations/building-step3.png', fullPage: true });

  // Back to the conditions: everything typed is still there; forward again reuses the simulation.
  await page.getByTestId('building-previous').click();
  await expect(page.getByTestId('building-requested-amount')).toHaveValue('10.000,00');
  await expect(page.getByTestId('building-monthly-rate')).toHaveValue('1,99');
  await expect(page.getByTestId(`building-guarantee-${guaranteeId}`)).toBeChecked();
  await page.getByTestId('building-next').click();
  await expect(result).toBeVisible();
  await page.getByTestId('building-next').click();

  // 4 — the confirmation states the amounts; a double click creates one proposal.
  await expect(page.getByTestId('building-amounts-released')).toHaveText(released);
  await page.getByTestId('building-create').click();
  await expect(page.getByTestId('building-confirm-amounts-released')).toHaveText(released);
  await expect(page.getByTestId('building-confirm-amounts-total-payable')).toHaveText(totalPayable);
  await expect(page.getByTestId('building-confirm-amounts-plots')).toContainText('12 ×');
  await expectNoSeriousViolations(page);
  await page.getByTestId('building-confirm').dblclick();
  await expect(page).toHaveURL(/#\/app\/clientOperation\/loan-proposal\/\d+$/);
  const operations = await server.database.rows<{ id: number; status: string; secured_guarantee_ids: unknown }>(
    'SELECT id, status FROM credit_operations WHERE borrower_id = $1',
    [borrowerId],
  );
  expect(operations).toHaveLength(1);
  const operationId = operations[0].id;
  expect(page.url()).toContain(`/loan-proposal/${operationId}`);

  // The proposal, then to analysis (confirmed with the amounts).
  await expect(page.getByTestId('operation-status')).toHaveText('Proposta');
  await expect(page.getByTestId('proposal-result-released')).toHaveText(released);
  await page.screenshot({ path: 'test-results/operations/proposal.png', fullPage: true });
  await page.getByTestId('decision-send_to_analysis').click();
  await expect(page.getByTestId('decision-amounts-released')).toHaveText(released);
  await page.getByTestId('decision-confirm').click();
  await expect(page.getByTestId('operation-status')).toHaveText('Em análise');

  // The analysis. Four eyes: who built the proposal cannot approve it — the server says why and the screen shows it.
  await page.getByTestId('proposal-open-analysis').click();
  await expect(page).toHaveURL(new RegExp(`/analize/${operationId}$`));
  await expect(page.getByTestId('management-approve-refusal')).toContainText('montou ou alterou por último');
  await page.getByTestId('decision-approve').click();
  await page.getByTestId('decision-confirm').click();
  await expect(page.getByTestId('decision-error')).toContainText('a aprovação cabe a outra pessoa');
  await expectNoSeriousViolations(page);
  await page.getByTestId('confirm-dialog-cancel').click();
  await expect(page.getByTestId('operation-status')).toHaveText('Em análise');
  // The analyst's opinion, which an approval needs (the maker may write it: it is the analysis, not the proposal).
  await page.getByTestId('analysis-tab-complement').click();
  await page.getByTestId('complement-analyst-opinion').fill('Faturamento compatível com as parcelas; garantia suficiente.');
  await page.getByTestId('complement-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Complemento salvo' })).toBeVisible();

  // A second person approves.
  await signOut(page);
  await signIn(page, DEMO.operador.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  await harness.goto(`/app/clientOperation/analize/${operationId}`);
  await expect(page.getByTestId('management-approve-refusal')).toHaveCount(0);
  await page.getByTestId('decision-approve').click();
  await expect(page.getByTestId('decision-amounts-total-payable')).toHaveText(totalPayable);
  await page.getByTestId('decision-confirm').click();
  await expect(page.getByTestId('operation-status')).toHaveText('Aprovada');
  // The management tab shows both: who made the conditions and who approved them.
  await expect(page.getByTestId('management-decided-by')).toHaveText(DEMO.operador.name);
  await expect(page.getByTestId('management-maker')).toHaveText(DEMO.admin.name);
  await expect(page.getByTestId('management-approval')).toHaveAttribute('data-status', 'approved');
  await expect(page.getByTestId('management-approval-maker')).toContainText(DEMO.admin.name);
  await expect(page.getByTestId('management-approval-checker')).toContainText(DEMO.operador.name);
  await expectNoSeriousViolations(page);
  await page.getByTestId('analysis-management').screenshot({ path: 'test-results/operations/management-four-eyes.png' });

  // The timeline says who did what.
  await page.getByTestId('analysis-tab-timeline').click();
  await expect(page).toHaveURL(/\?tab=timeline$/);
  await expect(page.getByTestId('analysis-timeline').locator('li')).toHaveCount(4);
  await expect(page.getByTestId('analysis-timeline')).toContainText(DEMO.admin.name);
  await expect(page.getByTestId('analysis-timeline')).toContainText(DEMO.operador.name);

  // The contract: issue the CCB, save the PDF and read it.
  await page.getByTestId('analysis-tab-contract').click();
  await expect(page.getByTestId('contract-none')).toBeVisible();
  await page.getByTestId('contract-issue').click();
  await expect(page.getByTestId('contract-issue-amounts-released')).toHaveText(released);
  await page.getByTestId('contract-issue-confirm').click();
  await expect(page.getByTestId('contract-number')).not.toBeEmpty();
  await expect(page.getByTestId('operation-status')).toHaveText('Contrato emitido');
  const contractNumber = (await page.getByTestId('contract-number').textContent()) ?? '';
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: 'test-results/operations/analysis.png', fullPage: true });

  await page.getByTestId('contract-download').click();
  const saved = page.getByTestId('contract-pdf-saved');
  await expect(saved).toBeVisible();
  const path = (await saved.textContent())?.replace(/^.*?(\/\S+\.pdf).*$/, '$1') ?? '';
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  expect(existsSync(path)).toBe(true);
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  expect(text).toContain(contractNumber);
  expect(text).toContain(name);
  expect(text).toContain('R$ 10.000,00');
  expect(text).toContain(firstDue);
  // The contract made the solicitation it came from contracted.
  const [{ status: solicitationStatus }] = await server.database.rows<{ status: string }>('SELECT status FROM solicitations WHERE id = $1', [solicitation.id]);
  expect(solicitationStatus).toBe('contracted');

  // The list shows it (found by the borrower's CPF); its row opens the analysis.
  await harness.goto('/app/allOperations');
  await page.getByTestId('operations-filter-borrower').fill(cpf.replace(/\D/g, ''));
  await expect(page.getByTestId(`operations-row-${operationId}`)).toBeVisible();
  await expect(page.getByTestId(`operations-status-${operationId}`)).toHaveText('Contrato emitido');
  await expect(page.getByTestId('operations-table').locator('tbody tr')).toHaveCount(1);
  await page.getByTestId('operations-filter-clear').click();
  await expect(page.getByTestId('operations-table').locator('tbody tr').nth(5)).toBeVisible();
  await page.screenshot({ path: 'test-results/operations/operations-list.png', fullPage: true });
  await page.getByTestId('operations-filter-borrower').fill(cpf.replace(/\D/g, ''));
  await expect(page.getByTestId('operations-table').locator('tbody tr')).toHaveCount(1);
  await expectNoSeriousViolations(page);
  await page.getByTestId(`operations-row-${operationId}`).click();
  await expect(page).toHaveURL(new RegExp(`/analize/${operationId}$`));
});

test('the proposal\'s conditions edited with its version; a change made elsewhere meanwhile is a clear stale-version message', async ({ page, harness, server }) => {
  test.setTimeout(120_000);
  const { op, token } = await operationFor(server, 'Carlos Condições Editadas', '271828182');
  await signInAdmin(page, harness, `/app/clientOperation/loan-proposal/${op.id}`);
  await expect(page.getByTestId('operation-status')).toHaveText('Proposta');

  // An edit: 24 plots, simulated, confirmed with the new amounts, saved.
  await page.getByTestId('proposal-edit-open').click();
  await expect(page.getByTestId('proposal-edit-installments')).toHaveValue('12');
  await page.getByTestId('proposal-edit-installments').fill('24');
  await expect(page.getByTestId('proposal-edit-save')).toBeDisabled();
  await page.getByTestId('proposal-edit-simulate').click();
  await expect(page.getByTestId('proposal-edit-result-installment-24')).toBeVisible();
  await expectNoSeriousViolations(page);
  // A change after the simulation must be simulated again before saving.
  await page.getByTestId('proposal-edit-installments').fill('18');
  await expect(page.getByTestId('proposal-edit-outdated')).toBeVisible();
  await expect(page.getByTestId('proposal-edit-save')).toBeDisabled();
  await page.getByTestId('proposal-edit-installments').fill('24');
  await expect(page.getByTestId('proposal-edit-save')).toBeEnabled();
  await page.getByTestId('proposal-edit-save').click();
  await expect(page.getByTestId('proposal-edit-confirm-amounts-plots')).toContainText('24 ×');
  await page.getByTestId('proposal-edit-confirm').click();
  await expect(page.getByTestId('proposal-edit')).toHaveCount(0);
  await expect(page.getByTestId('proposal-result-installment-24')).toBeVisible();
  const saved = await directCall<CreditOperation>(server.url, 'creditOperation.get', { id: op.id }, token);
  expect({ plots: saved.body.installments_count, version: saved.body.version }).toEqual({ plots: 24, version: op.version + 1 });

  // Another session changes it while this one edits: saving says so instead of writing over it.
  await page.getByTestId('proposal-edit-open').click();
  const elsewhere = await directCall<CreditOperation>(
    server.url,
    'creditOperation.update',
    {
      id: op.id,
      version: saved.body.version,
      product: 'working_capital',
      amortization: 'sac',
      requested_amount: '5000.00',
      monthly_rate: '2.00',
      installments: 10,
      ...releaseDates(server),
    },
    token,
  );
  expect(elsewhere.status).toBe(200);
  await page.getByTestId('proposal-edit-installments').fill('30');
  await page.getByTestId('proposal-edit-simulate').click();
  await expect(page.getByTestId('proposal-edit-result-installment-30')).toBeVisible();
  await page.getByTestId('proposal-edit-save').click();
  await page.getByTestId('proposal-edit-confirm').click();
  await expect(page.getByTestId('proposal-edit-confirm-stale')).toContainText('alterada por outra pessoa');
  const after = await directCall<CreditOperation>(server.url, 'creditOperation.get', { id: op.id }, token);
  expect(after.body.installments_count).toBe(10);
  await page.getByTestId('proposal-edit-confirm-stale-reload').click();
  await expect(page.getByTestId('proposal-edit')).toHaveCount(0);
  await expect(page.getByTestId('proposal-result-installment-10')).toBeVisible();
  await expect(page.getByTestId('proposal-result-installment-11')).toHaveCount(0);
});

test('a microcredit operation: a return asks for its reason, then the MPO issued with the orientation and cancelled after confirming', async ({ page, harness, server }) => {
  test.setTimeout(120_000);
  const { op, token } = await operationFor(server, 'Marta Microcrédito Orientado', '161803398', { product: 'microcredit', requested_amount: '3000.00' });
  const version = await readyForApproval(server.url, op, token);
  // Approved by someone other than its maker (the super administrator built it).
  const approver = await directSignIn(server.url, DEMO.operador.email, DEMO_PASSWORD);
  const approved = await directCall(server.url, 'creditOperation.decision', { id: op.id, action: 'approve', version }, approver);
  expect(approved.status, 'approve').toBe(200);
  await signInAdmin(page, harness, `/app/clientOperation/analize/${op.id}?tab=contract`);
  await expect(page.getByTestId('operation-status')).toHaveText('Aprovada');

  // "Return for changes" needs a reason: the dialog asks before anything is sent.
  await page.getByTestId('decision-return').click();
  await page.getByTestId('decision-confirm').click();
  await expect(page.getByText('Informe o motivo.')).toBeVisible();
  await page.getByTestId('confirm-dialog-cancel').click();
  await expect(page.getByTestId('operation-status')).toHaveText('Aprovada');

  // The MPO needs the orientation given to the entrepreneur.
  await page.getByTestId('contract-issue').click();
  await expect(page.getByTestId('contract-orientation')).toBeVisible();
  await page.getByTestId('contract-orientation').fill('curta');
  await page.getByTestId('contract-issue-confirm').click();
  await expect(page.getByText('Descreva a orientação com ao menos 10 caracteres.')).toBeVisible();
  await page.getByTestId('contract-orientation').fill('Orientação sobre fluxo de caixa, estoque e capital de giro do negócio.');
  await expectNoSeriousViolations(page);
  await page.getByTestId('contract-issue-confirm').click();
  await expect(page.getByTestId('operation-status')).toHaveText('Contrato emitido');
  const number = (await page.getByTestId('contract-number').textContent()) ?? '';
  expect(number).toMatch(/MPO/);

  // Cancelled behind a confirmation that names it; the operation is approved again.
  await page.getByTestId('contract-cancel').click();
  await expect(page.getByTestId('contract-cancel-text')).toContainText(number);
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('operation-status')).toHaveText('Aprovada');
  await expect(page.getByTestId('contract-none')).toBeVisible();
  await expect(page.getByTestId('contract-history')).toContainText('Cancelado');
  await expect(page.getByTestId('contract-issue')).toBeVisible();

  // The complement keeps the orientation recorded with the MPO and saves the analyst's fields.
  await page.getByTestId('analysis-tab-complement').click();
  await expect(page).toHaveURL(/\?tab=complement$/);
  await expect(page.getByTestId('complement-orientation')).toContainText('fluxo de caixa');
  await page.getByTestId('complement-purpose').fill('Compra de estoque para o fim de ano');
  await page.getByTestId('complement-payment-method').selectOption('pix');
  await page.getByTestId('complement-analyst-opinion').fill('Faturamento compatível com as parcelas.');
  await page.getByTestId('complement-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Complemento salvo' })).toBeVisible();
  await expect
    .poll(async () => (await directCall<{ purpose: string; payment_method: string }>(server.url, 'creditOperation.complement', { id: op.id }, token)).body)
    .toMatchObject({ purpose: 'Compra de estoque para o fim de ano', payment_method: 'pix' });

  // A message to the team, shown with its author.
  await page.getByTestId('analysis-tab-messages').click();
  await page.getByTestId('message-body').fill('Cliente pediu para assinar na agência.');
  await page.getByTestId('message-send').click();
  await expect(page.getByTestId('analysis-messages')).toContainText('Cliente pediu para assinar na agência.');
  await expect(page.getByTestId('analysis-messages')).toContainText(DEMO.admin.name);
  await expect(page.getByTestId('message-body')).toHaveValue('');
  await expectNoSeriousViolations(page);
});

test('an agent analyses without deciding: no approve, refuse or return; contracts are for operators; the list filters by status in the URL', async ({ page, harness, server }) => {
  test.setTimeout(120_000);
  const { op, token } = await operationFor(server, 'Pedro Proposta do Agente', '141421356');
  const sent = await directCall(server.url, 'creditOperation.decision', { id: op.id, action: 'send_to_analysis', version: op.version }, token);
  expect(sent.status).toBe(200);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, harness, DEMO.agente.email, `/app/clientOperation/analize/${op.id}`);
  await expect(page.getByTestId('operation-status')).toHaveText('Em análise');
  await expect(page.getByTestId('decision-cancel')).toBeVisible();
  for (const action of ['approve', 'refuse', 'return']) await expect(page.getByTestId(`decision-${action}`)).toHaveCount(0);
  await page.getByTestId('analysis-tab-contract').click();
  await expect(page.getByTestId('analysis-contract')).toContainText('operadores e administradores');
  await expect(page.getByTestId('contract-issue')).toHaveCount(0);

  await harness.goto('/app/allOperations');
  await page.getByTestId('operations-filter-status').selectOption('analysis');
  await expect(page).toHaveURL(/status=analysis/);
  await expect(page.getByTestId(`operations-row-${op.id}`)).toBeVisible();
  const statuses = await page.locator('[data-testid^="operations-status-"]').allTextContents();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(['Em análise']));
});

test('above the company\'s limit an administrator\'s approval waits for a second one: the management tab says who can give it, and another administrator completes it', async ({ page, harness, server }) => {
  test.setTimeout(120_000);
  const agent = await directSignIn(server.url, DEMO.agente.email, DEMO_PASSWORD);
  const borrower = await directCall<{ id: number }>(server.url, 'borrowers.create', { person_type: 'PF', document: formatCpf(completeCpf('314159265')), name: 'Beatriz Valor Alto' }, agent);
  expect(borrower.status, 'borrowers.create').toBe(200);
  const created = await directCall<CreditOperation>(
    server.url,
    'creditOperation.create',
    {
      borrower_id: borrower.body.id,
      product: 'working_capital',
      amortization: 'price',
      requested_amount: '80000.00',
      monthly_rate: '2.00',
      installments: 24,
      ...releaseDates(server),
      idempotency_key: freshKey(),
    },
    agent,
  );
  expect(created.status, 'creditOperation.create').toBe(200);
  await readyForApproval(server.url, created.body, agent);

  await signInAdmin(page, harness, `/app/clientOperation/analize/${created.body.id}`);
  await expect(page.getByTestId('management-approval-none')).toBeVisible();
  await page.getByTestId('decision-approve').click();
  await expect(page.getByTestId('decision-second-needed')).toBeVisible();
  await page.getByTestId('decision-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'falta a segunda aprovação' })).toBeVisible();
  await expect(page.getByTestId('operation-status')).toHaveText('Em análise');
  await expect(page.getByTestId('management-approval')).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('management-approval-checker')).toContainText(DEMO.admin.name);
  await expect(page.getByTestId('management-approval-second-checker')).toContainText('aguardando');
  await expect(page.getByTestId('management-approval-next')).toContainText('Super Administrador ou Administrador');
  await expect(page.getByTestId('management-approval-next-checkers')).toContainText(DEMO.superadmin.name);
  await expect(page.getByTestId('management-approval-next-checkers')).not.toContainText(DEMO.admin.name);
  await expect(page.getByTestId('management-approve-refusal')).toContainText('já deu a primeira aprovação');
  await expectNoSeriousViolations(page);
  await page.getByTestId('management-approval').screenshot({ path: 'test-results/operations/management-second-approval.png' });

  await signOut(page);
  await signIn(page, DEMO.superadmin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  await harness.goto(`/app/clientOperation/analize/${created.body.id}`);
  await expect(page.getByTestId('management-approval-you-can')).toBeVisible();
  await page.getByTestId('decision-approve').click();
  await expect(page.getByTestId('decision-completes')).toContainText(DEMO.admin.name);
  await page.getByTestId('decision-confirm').click();
  await expect(page.getByTestId('operation-status')).toHaveText('Aprovada');
  await expect(page.getByTestId('management-approval')).toHaveAttribute('data-status', 'approved');
  await expect(page.getByTestId('management-approval-maker')).toContainText(DEMO.agente.name);
  await expect(page.getByTestId('management-approval-checker')).toContainText(DEMO.admin.name);
  await expect(page.getByTestId('management-approval-second-checker')).toContainText(DEMO.superadmin.name);
  await expect(page.getByTestId('management-decided-by')).toHaveText(DEMO.superadmin.name);
});
