/**
 * Servicing end to end against the real server with the demo seed: an
 * operator releases an operation whose contract is issued (a 400 on the
 * account shown on its field, the amounts confirmed), pays its first
 * installment in part, reverses that payment with a reason (it stays,
 * marked, beside its reversal), tries to pay more than is due (the 409 shows
 * the amount due), and, the business date moved past the due date, pays it in
 * full with the late charges; the parcels screen shows the charges as of a
 * chosen day; the operation's journal balances and so does the trial
 * balance. A second test: a reversal above the company's limit waits for a
 * second person, who approves it; the installment is then written off (asked
 * by one person, approved by another), the write-off undone, its title data
 * saved, and the operation's write-off dialog states the amounts. A third: the carnê and one installment's
 * boleto saved to disk and read back with pdftotext (the linha digitável is
 * in the text; its screen and viewer say its title is not registered at the bank yet), then a partial prepayment simulated and applied from the
 * installments tab (a new schedule version). A fourth: two installments
 * assigned to a fund at a discount rate from the cession tab (the prices
 * confirmed) above the company's cession limit, so the cession waits until a second person approves it; the
 * cession seen in the journal, one reversed with a reason, the other bought back once 45 days late from the
 * repurchase screen (amounts and cause confirmed, its details shown), then the operation marked for its contract
 * cancelled (a repurchase cause, with its reason and history). axe on every new screen and dialog;
 * screenshots at 1280×800 and 1024 wide go to test-results/servicing/.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, savedPath, signInAs, signIn, signOut, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations, expectToastSince, toastCount } from './harness';
import type { TrialBalanceView } from '../../src/shared/contract';
import { readAssignmentRemittance } from '../../src/server/domain/cnab444';

// The screens as at a larger workstation window.
test.use({ viewport: { width: 1280, height: 800 } });

const SHOTS = 'test-results/servicing';

/** "1234.56" as a person types it in pt-BR ("1234,56"). */
const typed = (decimal: string) => decimal.replace('.', ',');
/** "R$ 1.234,56" → "1234.56". */
const decimalOf = (shown: string) => shown.replace(/[^\d,]/g, '').replace(',', '.');

/** What a person sees at 1280×800 and at 1024 wide, `focus` scrolled into view (the app scrolls inside its frame). */
async function shoot(page: Page, name: string, focus?: string): Promise<void> {
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    if (focus) await page.getByTestId(focus).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an operator releases an operation, pays an installment in part, reverses it, pays it late in full with charges; parcels and journal agree', async ({ page, harness, server }) => {
  test.setTimeout(240_000);
  // An operation of the demo seed whose contract is issued and not yet released.
  const [op] = await server.database.rows<{ id: number; borrower_id: number }>(
    `SELECT id, borrower_id FROM credit_operations WHERE status = 'contract_issued' ORDER BY id LIMIT 1`,
  );
  expect(op, 'the demo seed has an operation with its contract issued').toBeDefined();
  // Its borrower's payout account, and a second account of theirs that will vanish before the release is confirmed.
  await server.database.rows(
    `INSERT INTO borrower_bank_accounts (borrower_id, bank_code, bank_name, agency, account, account_digit, account_type, is_payout)
     SELECT $1::int, '001', 'Banco do Brasil', '4321', '778899', '0', 'checking', true
      WHERE NOT EXISTS (SELECT 1 FROM borrower_bank_accounts WHERE borrower_id = $1::int AND is_payout)`,
    [op.borrower_id],
  );
  const [other] = await server.database.rows<{ id: number }>(
    `INSERT INTO borrower_bank_accounts (borrower_id, bank_code, bank_name, agency, account, account_digit, account_type, is_payout)
     VALUES ($1, '341', 'Itaú Unibanco', '0912', '55443', '7', 'checking', false) RETURNING id`,
    [op.borrower_id],
  );

  // An agent reads but does not release.
  await signInAs(page, harness, DEMO.agente.email, `/app/clientOperation/analize/${op.id}?tab=installments`);
  await expect(page.getByTestId('disbursement-pending')).toBeVisible();
  await expect(page.getByTestId('disbursement-only-operators')).toBeVisible();
  await expect(page.getByTestId('disbursement-open')).toHaveCount(0);
  await signOut(page);

  // 1 — the release, by an operator.
  await signIn(page, DEMO.operador.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  await harness.goto(`/app/clientOperation/analize/${op.id}?tab=installments`);
  await expect(page.getByTestId('disbursement-pending')).toBeVisible();
  const released = (await page.getByTestId('disbursement-pending-amounts-released').textContent()) ?? '';
  expect(released).toMatch(/^R\$ [\d.]+,\d{2}$/);
  await expectNoSeriousViolations(page);
  await shoot(page, 'release-pending', 'disbursement-pending');
  await page.getByTestId('disbursement-open').click();
  await expect(page.getByTestId('disbursement-form')).toBeVisible();
  await expect(page.getByTestId('disbursement-amounts-released')).toHaveText(released);
  await page.getByTestId('disbursement-method').selectOption('ted');
  await page.getByTestId('disbursement-bank-account-id').selectOption(String(other.id));
  await page.getByTestId('disbursement-transfer-reference').fill('TED-E2E-000123');
  await expectNoSeriousViolations(page);
  await page.getByTestId('disbursement-review').click();
  await expect(page.getByTestId('disbursement-confirm-amounts-released')).toHaveText(released);
  await expect(page.getByTestId('disbursement-confirm-amounts-method')).toHaveText('TED');
  await expect(page.getByTestId('disbursement-confirm-amounts-account')).toContainText('341 Itaú Unibanco');
  await expect(page.getByTestId('disbursement-confirm-amounts-reference')).toHaveText('TED-E2E-000123');
  await expect(page.getByTestId('disbursement-confirm-amounts-date')).toHaveText(server.clock.today().split('-').reverse().join('/'));
  await expectNoSeriousViolations(page);
  await shoot(page, 'release-confirm');
  // The chosen account is removed meanwhile: the server's 400 lands on the account field, the rest kept.
  await server.database.rows('DELETE FROM borrower_bank_accounts WHERE id = $1', [other.id]);
  await page.getByTestId('disbursement-confirm').click();
  await expect(page.getByTestId('disbursement-form')).toBeVisible();
  await expect(page.getByTestId('field-error-bank_account_id')).toBeVisible();
  await expect(page.getByTestId('disbursement-transfer-reference')).toHaveValue('TED-E2E-000123');
  // Back to the payout account (no choice: sent as null, the server takes the payout account).
  await page.reload();
  await page.getByTestId('disbursement-open').click();
  await page.getByTestId('disbursement-method').selectOption('ted');
  await page.getByTestId('disbursement-transfer-reference').fill('TED-E2E-000123');
  await page.getByTestId('disbursement-review').click();
  const [payout] = await server.database.rows<{ account: string }>('SELECT account FROM borrower_bank_accounts WHERE borrower_id = $1 AND is_payout', [op.borrower_id]);
  await expect(page.getByTestId('disbursement-confirm-amounts-account')).toContainText(payout.account);
  await page.getByTestId('disbursement-confirm').dblclick();
  await expect(page.getByTestId('disbursement-made')).toBeVisible();
  await expect(page.getByTestId('operation-status')).toHaveText('Liberada');
  await expect(page.getByTestId('disbursement-made-released')).toHaveText(released);
  await expect(page.getByTestId('disbursement-made-reference')).toHaveText('TED-E2E-000123');
  const [{ count }] = await server.database.rows<{ count: string }>('SELECT count(*) FROM disbursements WHERE credit_operation_id = $1', [op.id]);
  expect(Number(count), 'a double click releases once').toBe(1);
  await expect(page.getByTestId('installment-status-1')).toHaveText('Em aberto');
  await expectNoSeriousViolations(page);
  await shoot(page, 'installments-tab', 'installments');

  // 2 — a partial payment of the first installment.
  await page.getByTestId('installment-open-payments-1').click();
  await expect(page).toHaveURL(new RegExp(`/payments/\\d+/${op.id}$`));
  const value = decimalOf((await page.getByTestId('installment-value').textContent()) ?? '');
  await expectNoSeriousViolations(page);
  await page.getByTestId('payments-pay').click();
  await page.getByTestId('pay-amount').fill('100,00');
  await page.getByTestId('pay-reference').fill('PIX-E2E-1');
  await page.getByTestId('pay-method').selectOption('pix');
  await expectNoSeriousViolations(page);
  await page.getByTestId('pay-review').click();
  await expect(page.getByTestId('pay-confirm-amounts-amount')).toHaveText('R$ 100,00');
  await expect(page.getByTestId('pay-confirm-amounts-due')).not.toHaveText('…');
  await expect(page.getByTestId('pay-consequence')).toContainText('parcial');
  await expectNoSeriousViolations(page);
  await shoot(page, 'pay-confirm');
  await page.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('payments-outcome')).toContainText('R$ 100,00');
  await expect(page.getByTestId('installment-status')).toHaveText('Paga em parte');
  await expect(page.getByTestId('installment-paid')).toHaveText('R$ 100,00');

  // 3 — reversed with a reason: the payment stays, marked, beside its reversal entry.
  const [payment] = await server.database.rows<{ id: number }>(
    "SELECT id FROM installment_transactions WHERE credit_operation_id = $1 AND kind = 'payment' ORDER BY id DESC LIMIT 1",
    [op.id],
  );
  await page.getByTestId(`payment-reverse-${payment.id}`).click();
  await expect(page.getByTestId('reverse-amounts-amount')).toHaveText('R$ 100,00');
  await page.getByTestId('reverse-confirm').click();
  await expect(page.getByRole('dialog')).toContainText('Informe o motivo do estorno');
  await page.getByTestId('reverse-reason').fill('Pagamento lançado na parcela errada.');
  await expectNoSeriousViolations(page);
  await page.getByTestId('reverse-confirm').click();
  await expect(page.getByTestId('payments-outcome')).toContainText(`#${payment.id}`);
  await expect(page.getByTestId(`payment-state-${payment.id}`)).toHaveText('Pagamento estornado');
  await expect(page.getByTestId('payments-table')).toContainText(`Estorno do pagamento #${payment.id}`);
  // The reason is kept with the reversal: its entry in full, chosen in the table.
  const [reversal] = await server.database.rows<{ id: number }>('SELECT id FROM installment_transactions WHERE reverses_id = $1', [payment.id]);
  await page.getByTestId(`payments-table-row-${reversal.id}`).click();
  await expect(page.getByTestId(`payment-detail-reason-${reversal.id}`)).toHaveText('Pagamento lançado na parcela errada.');
  await expect(page.getByTestId('installment-status')).toHaveText('Em aberto');
  await expect(page.getByTestId('installment-paid')).toHaveText('R$ 0,00');
  await expectNoSeriousViolations(page);
  await shoot(page, 'payments-reversed', 'payments-table');

  // 4 — ten days after the due date: late, with charges; more than due is refused with the amount due.
  const [{ due_date: dueDate }] = await server.database.rows<{ due_date: string }>(
    "SELECT to_char(due_date, 'YYYY-MM-DD') AS due_date FROM credit_operation_installments WHERE credit_operation_id = $1 AND number = 1",
    [op.id],
  );
  const late = new Date(`${dueDate}T00:00:00Z`);
  late.setUTCDate(late.getUTCDate() + 10);
  const lateDay = late.toISOString().slice(0, 10);
  server.clock.set(lateDay);
  // The same address: a reload, so nothing read before the day moved is kept.
  await page.reload();
  await expect(page.getByTestId('installment-status')).toContainText('Vencida');
  const lateFee = decimalOf((await page.getByTestId('installment-due-late-fee').textContent()) ?? '');
  expect(Number(lateFee)).toBeGreaterThan(0);
  const dueTotal = decimalOf((await page.getByTestId('installment-due-total').textContent()) ?? '');
  expect(Number(dueTotal)).toBeGreaterThan(Number(value));
  await page.getByTestId('payments-pay').click();
  await expect(page.getByTestId('pay-paid-on')).toHaveValue(lateDay.split('-').reverse().join('/'));
  const tooMuch = (Number(dueTotal.replace('.', '')) + 100).toString();
  await page.getByTestId('pay-amount').fill(`${tooMuch.slice(0, -2)},${tooMuch.slice(-2)}`);
  await page.getByTestId('pay-review').click();
  await page.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('field-error-amount')).toContainText(dueTotal);
  await page.getByTestId('pay-amount').fill(typed(dueTotal));
  await page.getByTestId('pay-review').click();
  await expect(page.getByTestId('pay-consequence')).toContainText('quita');
  await expect(page.getByTestId('pay-confirm-amounts-open-after')).toHaveText('R$ 0,00');
  await page.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('installment-status')).toHaveText('Paga');
  await expect(page.getByTestId('installment-due-total')).toHaveText('R$ 0,00');
  await shoot(page, 'payments-paid-late', 'installment-facts');

  // 5 — the parcels screen, as of a day between the due date and the payment: late with charges then.
  await page.getByTestId('payments-back').click();
  await expect(page).toHaveURL(new RegExp(`/parcels/${op.borrower_id}/${op.id}$`));
  await expect(page.getByTestId('installment-status-1')).toHaveText('Paga');
  const asOf = new Date(`${dueDate}T00:00:00Z`);
  asOf.setUTCDate(asOf.getUTCDate() + 5);
  const asOfDay = asOf.toISOString().slice(0, 10);
  await page.getByTestId('parcels-date').fill(asOfDay.split('-').reverse().join('/'));
  await page.getByTestId('parcels-date-apply').click();
  await expect(page).toHaveURL(new RegExp(`\\?date=${asOfDay}$`));
  await expect(page.getByTestId('parcels-as-of')).toContainText(asOfDay.split('-').reverse().join('/'));
  await expect(page.getByTestId('installment-status-1')).toContainText('Vencida');
  await expect(page.getByTestId('installment-late-fee-1')).toHaveText(`R$ ${typed(lateFee)}`);
  expect(Number(await page.getByTestId('installment-days-late-1').textContent())).toBeGreaterThan(0);
  await expectNoSeriousViolations(page);
  await shoot(page, 'parcels-as-of', 'parcels-table');

  // 6 — the journal: every posting balanced; the books too.
  await harness.goto(`/app/clientOperation/analize/${op.id}?tab=journal`);
  await expect(page.getByTestId('journal-balanced')).toHaveText('Débitos = créditos');
  await expect(page.getByTestId('journal-totals')).toHaveAttribute('data-balanced', 'true');
  await expect(page.getByTestId('journal-lines')).toContainText('Liberação');
  await expect(page.getByTestId('journal-lines')).toContainText('Estorno');
  await expect(page.getByTestId('journal-debits')).toHaveText((await page.getByTestId('journal-credits').textContent()) ?? '');
  await expectNoSeriousViolations(page);
  await shoot(page, 'journal', 'journal-totals');
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const trial = await directCall<TrialBalanceView>(server.url, 'ledger.trialBalance', {}, token);
  expect(trial.status).toBe(200);
  expect(trial.body.difference).toBe('0.00');
});

test('a reversal above the company limit and a write-off each wait for a second person; the write-off is undone; the title data saved', async ({ page, harness, server }) => {
  test.setTimeout(180_000);
  // A payment of the demo seed (installments paid on their due day), and a limit below it.
  const [paid] = await server.database.rows<{ id: number; installment_id: number; credit_operation_id: number }>(
    `SELECT t.id, t.installment_id, t.credit_operation_id FROM installment_transactions t
      WHERE t.kind = 'payment' AND NOT EXISTS (SELECT 1 FROM installment_transactions r WHERE r.reverses_id = t.id)
      ORDER BY t.id LIMIT 1`,
  );
  expect(paid, 'the demo seed has payments').toBeDefined();
  await server.database.rows('UPDATE company_parameters SET reversal_approval_above = 0.01');
  const url = `/app/clientOperation/payments/${paid.installment_id}/${paid.credit_operation_id}`;

  await signInAs(page, harness, DEMO.operador.email, url);
  await expect(page.getByTestId('installment-status')).toHaveText('Paga');
  await page.getByTestId(`payment-reverse-${paid.id}`).click();
  await page.getByTestId('reverse-reason').fill('Boleto compensado em duplicidade pelo banco.');
  // Above the limit the dialog says so before the person confirms, and its button asks for approval.
  await expect(page.getByTestId('reverse-four-eyes')).toContainText('aguardará a aprovação de outra pessoa');
  await expect(page.getByTestId('reverse-confirm')).toHaveText('Pedir aprovação');
  await page.getByTestId('reverse-confirm').click();
  await expect(page.getByTestId('payments-outcome')).toContainText('aguarda a aprovação');
  await expect(page.getByTestId(`payment-state-${paid.id}`)).toHaveText('Estorno aguardando aprovação');
  await expect(page.getByTestId('payments-four-eyes')).toBeVisible();
  await expect(page.getByTestId('installment-status')).toHaveText('Paga');
  // Whoever asked may not approve it: the server's refusal shows in the dialog.
  await page.getByTestId(`payment-approve-${paid.id}`).click();
  await page.getByTestId('decide-confirm').click();
  await expect(page.getByTestId('decide-error')).toBeVisible();
  await expectNoSeriousViolations(page);
  await shoot(page, 'four-eyes-refused-to-maker');
  await page.getByTestId('confirm-dialog-cancel').click();
  await signOut(page);

  // The second person approves: the reversal is posted.
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  await harness.goto(url);
  await page.getByTestId(`payment-approve-${paid.id}`).click();
  await expect(page.getByTestId('decide-amounts-amount')).not.toBeEmpty();
  await page.getByTestId('decide-confirm').click();
  await expect(page.getByTestId('payments-outcome')).toContainText('aprovado');
  await expect(page.getByTestId(`payment-state-${paid.id}`)).toHaveText('Pagamento estornado');
  await expect(page.getByTestId('installment-status')).not.toHaveText('Paga');
  await expectNoSeriousViolations(page);

  // The installment, open again, is written off: the administrator asks (the amounts and a reason), nothing moves yet.
  await page.getByTestId('installment-move-written_off').click();
  await expect(page.getByTestId('move-amounts-principal')).not.toHaveText('R$ 0,00');
  await page.getByTestId('move-confirm').click();
  await expect(page.getByText('Informe o motivo (ao menos 5 caracteres).')).toBeVisible();
  await page.getByTestId('move-reason').fill('Tomador em recuperação judicial.');
  await page.getByTestId('move-confirm').click();
  await expect(page.getByTestId('installment-write-off-pending')).toContainText('aguardando a aprovação');
  await expect(page.getByTestId('installment-status')).not.toHaveText('Baixada como perda');
  await shoot(page, 'write-off-pending', 'installment-moves');
  await signOut(page);

  // The operator is the second person: approving posts the loss; the history shows it; undoing brings it back.
  await signIn(page, DEMO.operador.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  await harness.goto(url);
  await page.getByTestId('installment-write-off-pending-approve').click();
  await expect(page.getByTestId('write-off-decide-amounts-requested')).not.toHaveText('R$ 0,00');
  await page.getByTestId('write-off-decide-confirm').click();
  await expect(page.getByTestId('installment-status')).toHaveText('Baixada como perda');
  await expect(page.getByTestId('installment-write-offs')).toContainText('Tomador em recuperação judicial.');
  // No longer collected: the title is read-only and no payment is offered.
  await expect(page.getByTestId('installment-title-not-collecting')).toBeVisible();
  await expect(page.getByTestId('payments-pay')).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.getByTestId('installment-move-undo').click();
  await page.getByTestId('move-reason').fill('Acordo de pagamento fechado com o tomador.');
  await page.getByTestId('move-confirm').click();
  await expect(page.getByTestId('installment-status')).not.toHaveText('Baixada como perda');
  await expect(page.getByTestId('installment-write-offs')).toContainText('desfeita');

  // The title data: protest and credit-bureau report together are refused on the field; one of them is saved.
  await page.getByTestId('installment-title-document-number').fill('DOC26/07');
  await page.getByTestId('installment-title-protest-days').fill('5');
  await page.getByTestId('installment-title-negativation-days').fill('10');
  await page.getByTestId('installment-title-save').click();
  await expect(page.getByTestId('field-error-negativation_days')).toContainText('protesto ou negativação');
  await page.getByTestId('installment-title-negativation-days').fill('');
  const toastsBefore = await toastCount(page);
  await page.getByTestId('installment-title-save').click();
  await expectToastSince(page, toastsBefore, 'Dados do título salvos');
  await shoot(page, 'installment-title', 'installment-title');
  const [title] = await server.database.rows<{ document_number: string; protest_days: number; negativation_days: number | null }>(
    'SELECT document_number, protest_days, negativation_days FROM installment_titles WHERE installment_id = $1',
    [paid.installment_id],
  );
  expect(title).toEqual({ document_number: 'DOC26/07', protest_days: 5, negativation_days: null });

  // The operation's balance: the dialog states each installment's open principal and the sum; cancelled, nothing is asked.
  await harness.goto(`/app/clientOperation/analize/${paid.credit_operation_id}?tab=installments`);
  // A rare action: in the tab's "Mais ações" menu, not among the everyday buttons.
  await page.getByTestId('installments-rare-actions').click();
  await page.getByTestId('operation-write-off-open').click();
  await expect(page.getByTestId('operation-write-off-amounts-total')).not.toHaveText('R$ 0,00');
  await expectNoSeriousViolations(page);
  await page.getByTestId('confirm-dialog-cancel').click();
  await expect(page.getByTestId('operation-write-off-pending')).toHaveCount(0);
});

/** A linha digitável as printed: 5.5 5.6 5.6 1 14 digits. */
const DIGITABLE_LINE = /\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/g;

test('the carnê and a boleto saved and read back, then a partial prepayment simulated and applied', async ({ page, harness, server }) => {
  test.setTimeout(240_000);
  // A disbursed operation of the demo seed with nothing overdue and at least three installments still to pay.
  const [op] = await server.database.rows<{ id: number; open: number; versions: number }>(
    `SELECT o.id,
            (SELECT count(DISTINCT schedule_version)::int FROM credit_operation_installments i WHERE i.credit_operation_id = o.id) AS versions,
            (SELECT count(*)::int FROM credit_operation_installments i
                    WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL) AS open
       FROM credit_operations o
      WHERE o.status = 'disbursed'
        AND NOT EXISTS (SELECT 1 FROM credit_operation_installments i
                         WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL AND i.due_date < $1::date)
        AND (SELECT count(*) FROM credit_operation_installments i
              WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL) >= 3
      ORDER BY o.id LIMIT 1`,
    [server.clock.today()],
  );
  expect(op, 'the demo seed has a disbursed operation on time with installments to pay').toBeDefined();
  await signInAs(page, harness, DEMO.operador.email, `/app/clientOperation/analize/${op.id}?tab=installments`);

  // The carnê: one slip per open installment, each with its linha digitável.
  await page.getByTestId(`carne-${op.id}-download`).click();
  const carne = execFileSync('pdftotext', ['-layout', await savedPath(page, harness), '-'], { encoding: 'utf8' });
  expect(new Set(carne.match(DIGITABLE_LINE)).size).toBe(op.open);

  // One installment's boleto, from its payments screen: its line is the carnê's for that installment (same slip).
  // The first installment still to pay (an operator's row action for it is "Receber").
  const firstOpen = page.getByRole('button', { name: /^Receber a parcela/ }).first();
  await firstOpen.click();
  await expect(page).toHaveURL(/\/payments\//);
  const installmentId = Number(/payments\/(\d+)\//.exec(page.url())?.[1]);
  await page.getByTestId(`boleto-${installmentId}-download`).click();
  const boleto = execFileSync('pdftotext', ['-layout', await savedPath(page, harness), '-'], { encoding: 'utf8' });
  const [line] = boleto.match(DIGITABLE_LINE) ?? [];
  expect(line).toBeDefined();
  expect(carne).toContain(line);
  // One bank per title: no remittance carried the slip yet, so the screen that printed it says the title is not
  // registered, and the installment's registration names the bank and the slip's state since the day it was issued.
  await expect(page.getByTestId('boleto-unregistered')).toContainText('Título ainda não registrado no banco 341');
  await expect(page.getByTestId('boleto-registration-current')).toContainText('Nenhum banco tem o título');
  await expect(page.getByTestId('boleto-registration-titles')).toContainText('emitido, não enviado');
  await page.getByTestId(`boleto-${installmentId}-view`).click();
  await expect(page.getByRole('dialog').getByTestId('boleto-unregistered')).toBeVisible();
  await shoot(page, 'boleto-unregistered');
  await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();
  await shoot(page, 'boleto-registration', 'boleto-registration');
  await expectNoSeriousViolations(page);

  // The prepayment: the present value, a partial amount simulated both ways, the shorter term applied.
  await harness.goto(`/app/clientOperation/analize/${op.id}?tab=installments`);
  await page.getByTestId('installments-open-prepayment').click();
  await expect(page.getByTestId('prepayment-quote')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByTestId('prepayment-amount').fill('500,00');
  await page.getByTestId('prepayment-simulate').click();
  await expect(page.getByTestId('prepayment-simulation')).toBeVisible();
  await page.getByRole('radio', { name: /Reduzir o prazo/ }).check();
  await shoot(page, 'prepayment-simulation', 'prepayment-simulation');
  await page.getByTestId('prepayment-apply').click();
  await expect(page.getByTestId('prepayment-confirm-amounts')).toContainText('R$ 500,00');
  const toastsBefore = await toastCount(page);
  await page.getByTestId('prepayment-confirm').click();
  await expectToastSince(page, toastsBefore, /versão|cronograma/i);
  const [{ versions }] = await server.database.rows<{ versions: number }>(
    'SELECT count(DISTINCT schedule_version)::int AS versions FROM credit_operation_installments WHERE credit_operation_id = $1',
    [op.id],
  );
  expect(versions).toBe(op.versions + 1);
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const trial = await directCall<TrialBalanceView>(server.url, 'ledger.trialBalance', {}, token);
  expect(trial.body.difference).toBe('0.00');
});

test('an operator assigns two installments to a fund above the four-eyes limit, an administrator approves; the journal, one reversed, the other bought back once overdue, the operation marked', async ({ page, harness, server }) => {
  test.setTimeout(180_000);
  // A disbursed operation of the demo seed with nothing overdue and at least three installments still to pay (the last such, so the prepayment test keeps its own).
  const [op] = await server.database.rows<{ id: number }>(
    `SELECT o.id FROM credit_operations o
      WHERE o.status = 'disbursed'
        AND NOT EXISTS (SELECT 1 FROM credit_operation_installments i
                         WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL AND i.due_date < $1::date)
        AND (SELECT count(*) FROM credit_operation_installments i
              WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL) >= 3
      ORDER BY o.id DESC LIMIT 1`,
    [server.clock.today()],
  );
  expect(op, 'the demo seed has a disbursed operation on time with installments to pay').toBeDefined();
  const [account] = await server.database.rows<{ id: number }>(
    `INSERT INTO assignment_bank_accounts (company_id, assignee_name, assignee_cnpj, bank_code, bank_name, agency, account)
     VALUES (1, 'Fundo Cessão e2e FIDC', '11.222.333/0001-81', '341', 'Itaú Unibanco', '0001', '12345') RETURNING id`,
  );
  // Four eyes: a cession priced above the company's limit waits for a second person (the limit restored once asked).
  const [{ limit }] = await server.database.rows<{ limit: string }>('SELECT cession_approval_above::text AS limit FROM company_parameters WHERE company_id = 1');
  await server.database.rows('UPDATE company_parameters SET cession_approval_above = 0.01 WHERE company_id = 1');
  await signInAs(page, harness, DEMO.operador.email, '/app/profile');
  // The cession across operations, from the menu: the installments of this operation found by borrower and value.
  await page.getByTestId('menu-item-/clientOperation/cession').click();
  await expect(page.getByTestId('cession-across')).toBeVisible();
  await page.getByTestId('cession-filter-value_min').fill('1,00');
  await page.getByTestId('cession-filter-value_max').fill('999.999,99');
  await page.getByTestId('cession-filter-apply').click();
  await expect(page.getByTestId('cession-assignable-table')).toBeVisible();
  await expectNoSeriousViolations(page);
  await shoot(page, 'cession-across', 'cession-assignable-table');
  await harness.goto(`/app/clientOperation/analize/${op.id}?tab=cession`);
  await expect(page.getByTestId('cession-assignable-table')).toBeVisible();
  await expect(page.getByTestId('cession-reversible-none')).toBeVisible();
  const boxes = page.locator('tbody [data-testid^="cession-select-"]');
  expect(await boxes.count()).toBeGreaterThan(2);
  await boxes.nth(0).check({ force: true });
  await boxes.nth(1).check({ force: true });
  await expect(page.getByTestId('cession-selected')).toContainText('2 selecionadas');
  await page.getByTestId('cession-account').selectOption(String(account.id));
  await page.getByTestId('cession-value').fill('1,5');
  await page.getByTestId('cession-quote').click();
  await expect(page.getByTestId('cession-confirm-amounts-price')).toBeVisible();
  await expect(page.getByTestId('cession-confirm-consequence')).toContainText('Fundo Cessão e2e FIDC');
  await expect(page.getByTestId('cession-confirm-four-eyes')).toBeVisible();
  // Above the limit: the notice first, the totals above the installments' lines, and the button asks for approval.
  const noticeBox = await page.getByTestId('cession-confirm-four-eyes').boundingBox();
  const amountsBox = await page.getByTestId('cession-confirm-amounts').boundingBox();
  expect(noticeBox!.y).toBeLessThan(amountsBox!.y);
  await expect(page.getByTestId('cession-confirm-amounts').locator('tr').first()).toContainText('Valor de face');
  await expect(page.getByTestId('cession-confirm')).toHaveText('Pedir aprovação');
  await expectNoSeriousViolations(page);
  await shoot(page, 'cession-confirm', 'cession-confirm-four-eyes');
  const price = (await page.getByTestId('cession-confirm-amounts-price').textContent()) ?? '';
  expect(decimalOf(price)).toMatch(/^\d+\.\d{2}$/);
  await page.getByTestId('cession-confirm').click();
  const asked = page.locator('.bp6-toast').filter({ hasText: /Cessão nº \d+ aguarda a aprovação/ }).last();
  await expect(asked).toBeVisible();
  // Not a green "SUCESSO": sent for someone else's approval, with the way to the inbox.
  await expect(asked).toContainText('Enviado para aprovação de outra pessoa');
  await expect(asked.getByRole('button', { name: 'Ver aprovações pendentes' })).toBeVisible();
  const cessionNumber = /Cessão nº (\d+)/.exec((await asked.textContent()) ?? '')?.[1];
  expect(cessionNumber).toBeDefined();
  // Waiting: listed as such, nothing assigned yet.
  await expect(page.getByTestId(`cession-record-${cessionNumber}`)).toContainText('Aguardando aprovação');
  await expect(page.getByTestId('cession-reversible-none')).toBeVisible();
  await expectNoSeriousViolations(page);
  await shoot(page, 'cession-pending', 'cession-records');
  await server.database.rows('UPDATE company_parameters SET cession_approval_above = $1 WHERE company_id = 1', [limit]);
  await signOut(page);

  // The second person approves it from the same tab: the cession is posted.
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  await harness.goto(`/app/clientOperation/analize/${op.id}?tab=cession`);
  await page.getByTestId(`cession-record-${cessionNumber}-approve`).click();
  await expect(page.getByTestId('cession-decide-amounts-price')).toHaveText(price);
  await expectNoSeriousViolations(page);
  await page.getByTestId('cession-decide-confirm').click();
  await expect(page.getByTestId(`cession-record-${cessionNumber}`)).toContainText('Lançada');
  await expect(page.locator('tbody [data-testid^="cession-reverse-select-"]')).toHaveCount(2);
  await expectNoSeriousViolations(page);
  await shoot(page, 'cession-tab', 'cession-reversible');

  // The journal: the cession's posting, balanced.
  await harness.goto(`/app/clientOperation/analize/${op.id}?tab=journal`);
  await expect(page.getByTestId('journal-lines')).toContainText('Cessão');
  await expect(page.getByTestId('journal-balance-due_from_assignee')).toContainText(price);
  await expect(page.getByTestId('journal-totals')).toHaveAttribute('data-balanced', 'true');

  // Reverse the first with a reason: one stays assigned.
  await harness.goto(`/app/clientOperation/analize/${op.id}?tab=cession`);
  await page.locator('tbody [data-testid^="cession-reverse-select-"]').first().check({ force: true });
  await page.getByTestId('cession-reverse-open').click();
  await page.getByTestId('cession-reverse-reason').fill('Acordo com o fundo: parcela devolvida.');
  await expectNoSeriousViolations(page);
  const toastsBeforeReversal = await toastCount(page);
  await page.getByTestId('cession-reverse-confirm').click();
  await expectToastSince(page, toastsBeforeReversal, /Cessão desfeita/);
  await expect(page.locator('tbody [data-testid^="cession-reverse-select-"]')).toHaveCount(1);

  // 45 days after the due date of the one still assigned, the agreement (30 days by default) makes the lender buy it back.
  const [assigned] = await server.database.rows<{ number: number; due_date: string }>(
    `SELECT i.number, to_char(i.due_date, 'YYYY-MM-DD') AS due_date FROM credit_operation_installments i
       JOIN installment_states s ON s.installment_id = i.id WHERE i.credit_operation_id = $1 AND s.status = 'assigned'`,
    [op.id],
  );
  const overdue = new Date(`${assigned.due_date}T00:00:00Z`);
  overdue.setUTCDate(overdue.getUTCDate() + 45);
  server.clock.set(overdue.toISOString().slice(0, 10));
  await page.reload();
  await page.getByTestId('cession-repurchase-open').click();
  await expect(page.getByTestId(`repurchase-open-${assigned.number}`)).toBeVisible();
  await expect(page.getByTestId(`repurchase-due-cause-${assigned.number}`)).toHaveText('Atraso acima do acordo');
  // The title screen: the installment picked, its cause and amounts.
  await page.getByTestId('repurchase-title-open').click();
  await page.getByTestId('repurchase-pick').selectOption({ index: 1 });
  await expect(page.getByTestId('repurchase-title-cause')).toContainText('Recompra obrigatória');
  await expectNoSeriousViolations(page);
  await shoot(page, 'repurchase-title', 'repurchase-title-picked');
  await page.getByTestId('repurchase-back').click();
  await expectNoSeriousViolations(page);
  await page.getByTestId(`repurchase-open-${assigned.number}`).click();
  await expect(page.getByTestId('repurchase-consequence')).toContainText('Fundo Cessão e2e FIDC');
  const owed = (await page.getByTestId('repurchase-amounts-amount').textContent()) ?? '';
  expect(Number(decimalOf(owed))).toBeGreaterThan(0);
  await expectNoSeriousViolations(page);
  await shoot(page, 'repurchase-confirm', 'repurchase-amounts');
  const toastsBeforeRepurchase = await toastCount(page);
  await page.getByTestId('repurchase-confirm').click();
  await expectToastSince(page, toastsBeforeRepurchase, `Parcela ${assigned.number} recomprada`);
  await expect(page.getByTestId(`repurchase-status-${assigned.number}`)).toContainText('Lançada');
  await shoot(page, 'repurchase', 'repurchase-records');
  await page.locator('[data-testid^="repurchase-records-row-"]').first().click();
  await expect(page.getByTestId('repurchase-details-status')).toContainText('Lançada');
  await expect(page.getByTestId('repurchase-details-amounts-amount')).toContainText(owed.trim());
  await expectNoSeriousViolations(page);
  await shoot(page, 'repurchase-details', 'repurchase-details-facts');

  // The borrower withdrew: the administrator marks the operation (a repurchase cause however late), with the reason.
  await page.getByTestId('repurchase-back').click();
  await expect(page.getByTestId('repurchase-cause-state-contract_cancelled')).toHaveText('Contrato cancelado ou rescindido: sem marca');
  await page.getByTestId('repurchase-cause-set-contract_cancelled').click();
  await expect(page.getByTestId('repurchase-cause-amounts-cause')).toHaveText('Contrato cancelado ou rescindido');
  await page.getByTestId('repurchase-cause-confirm').click();
  await expect(page.getByText('Informe o motivo (ao menos 5 caracteres).')).toBeVisible();
  await page.getByTestId('repurchase-cause-reason').fill('Direito de arrependimento exercido pelo tomador.');
  await expectNoSeriousViolations(page);
  await page.getByTestId('repurchase-cause-confirm').click();
  await expect(page.getByTestId('repurchase-cause-state-contract_cancelled')).toHaveText('Contrato cancelado ou rescindido: em vigor');
  await expect(page.getByTestId('repurchase-causes-history')).toContainText('Direito de arrependimento exercido pelo tomador.');
  await expectNoSeriousViolations(page);
  await shoot(page, 'repurchase-marks', 'repurchase-causes');
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const trial = await directCall<TrialBalanceView>(server.url, 'ledger.trialBalance', {}, token);
  expect(trial.body.difference).toBe('0.00');
});

test("an operator generates the day's CNAB 444 assignment remittance for the fund, reads it back from disk, and a second one only after saying so", async ({ page, harness, server }) => {
  test.setTimeout(180_000);
  const today = server.clock.today();
  // A disbursed operation on time with installments to pay: the second from the end (the cession test takes the last, the prepayment test the first).
  const [op] = await server.database.rows<{ id: number }>(
    `SELECT o.id FROM credit_operations o
      WHERE o.status = 'disbursed'
        AND NOT EXISTS (SELECT 1 FROM credit_operation_installments i
                         WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL AND i.due_date < $1::date)
        AND (SELECT count(*) FROM credit_operation_installments i
              WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL) >= 3
      ORDER BY o.id DESC OFFSET 1 LIMIT 1`,
    [today],
  );
  expect(op, 'the demo seed has two disbursed operations on time').toBeDefined();
  const [account] = await server.database.rows<{ id: number }>(
    `INSERT INTO assignment_bank_accounts (company_id, assignee_name, assignee_cnpj, bank_code, bank_name, agency, account)
     VALUES (1, 'Fundo Paulista e2e FIDC', '11.444.777/0001-61', '611', 'Paulista S.A.', '0001', '54321') RETURNING id`,
  );
  // The cession itself is the cession test's subject: here it is made through the API.
  const token = await directSignIn(server.url, DEMO.operador.email, DEMO_PASSWORD);
  const assignable = await directCall<{ installments: Array<{ id: number }> }>(server.url, 'cession.assignable', { id: op.id }, token);
  expect(assignable.status).toBe(200);
  const ids = assignable.body.installments.slice(0, 2).map((i) => i.id);
  const assigned = await directCall<{ number: number }>(
    server.url,
    'cession.assign',
    { id: op.id, idempotency_key: `e2e-assignment-remittance-${Date.now()}`, assignment_account_id: account.id, installments: ids, date: today, monthly_rate: '1.5' },
    token,
  );
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);

  // Reached from the assignee accounts of the company screen.
  await signInAs(page, harness, DEMO.operador.email, '/app/company-operation?tab=assignment');
  await page.getByTestId(`company-assignment-menu-${account.id}`).click();
  await page.getByTestId(`company-assignment-remittances-${account.id}`).click();
  await expect(page).toHaveURL(/banks\/611\/assignment-remittances/);
  await page.getByTestId('assignment-remittance-account').selectOption(String(account.id));
  await expect(page.getByTestId('assignment-remittance-totals')).toContainText('2 parcela(s)');
  await expect(page.locator('[data-testid="assignment-remittance-items"] tbody tr')).toHaveCount(2);
  // The assignee's statement of the month: the two installments' prices now due from the fund.
  await expect(page.locator('[data-testid^="assignee-statement-lines-row-"]')).toHaveCount(2);
  await expect(page.getByTestId('assignee-statement-lines')).toContainText('Cessão (preço a receber)');
  await expect(page.getByTestId('assignee-statement-balances')).toContainText('saldo final -R$');
  await expectNoSeriousViolations(page);
  await shoot(page, 'assignee-statement', 'assignee-statement');

  await page.getByTestId('assignment-remittance-generate').click();
  await expect(page.getByTestId('assignment-remittance-confirm-amounts-present')).toBeVisible();
  await expectNoSeriousViolations(page, '.bp6-dialog');
  await page.getByTestId('assignment-remittance-confirm').click();
  const saved = page.getByTestId('assignment-remittance-saved');
  await expect(saved).toBeVisible();
  const path = ((await saved.textContent()) ?? '').replace(/^.*?(\/\S+\.rem).*$/s, '$1');
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  expect(path).toMatch(new RegExp(`CB${today.slice(8, 10)}${today.slice(5, 7)}01\\.rem$`));
  const text = readFileSync(path, 'latin1');
  const [stored] = await server.database.rows<{ content: string; face_value: string }>('SELECT content, face_value::text FROM assignment_remittances WHERE assignment_account_id = $1', [account.id]);
  expect(text).toBe(stored.content);
  const read = readAssignmentRemittance(text);
  expect(read.ok).toBe(true);
  if (read.ok) {
    expect(read.file.details.map((d) => d.cessionTerm)).toEqual([String(assigned.body.number), String(assigned.body.number)]);
    expect(read.file.faceTotal).toBe(stored.face_value);
  }
  await expect(page.getByTestId('assignment-remittance-history')).toContainText('CB');

  // The same day again: asked first, then confirmed, numbered 2.
  await expect(page.getByTestId('assignment-remittance-already')).toBeVisible();
  await page.getByTestId('assignment-remittance-generate').click();
  await expect(page.getByTestId('assignment-remittance-another')).toBeVisible();
  await expectNoSeriousViolations(page, '.bp6-dialog');
  await page.getByTestId('confirm-dialog-confirm').click();
  await page.getByTestId('assignment-remittance-confirm').click();
  await expect(saved).toContainText(`CB${today.slice(8, 10)}${today.slice(5, 7)}02.rem`);
  await shoot(page, 'assignment-remittance', 'assignment-remittance-history');
});
