/**
 * Statements and letters end to end, over the demo seed's overdue installments: an agent opens the operation of the
 * most-late installment on its contract tab (the "Extratos e cartas" panel), saves its statement (the main process writes the PDF into
 * the downloads folder; pdftotext finds the operation and the borrower in it), and sees no discharge letter (the back
 * office issues it); an operator asks for the discharge of that open operation and reads the server's refusal naming
 * the open installments, and the borrower's annual declaration is refused with the server's reason — at 1280×800
 * and 1024×768. axe finds nothing serious on the tab. A borrower who paid a whole year has the annual declaration
 * saved from their card, listed under it with its template's version, and printed again as issued after the
 * template changed.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { test, expect, signInAs, signOut, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';
import type { ExpiredInstallmentRow } from '../../src/shared/contract';

test('an agent saves an operation statement; the discharge of an open operation is refused', async ({ page, harness, server }, info) => {
  test.setTimeout(180_000);
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const list = await directCall<{ items: ExpiredInstallmentRow[] }>(server.url, 'collections.expiredInstallments', { page: 1, limit: 10 }, token);
  expect(list.status).toBe(200);
  const first = list.body.items[0];

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.agente.email, `/app/clientOperation/analize/${first.credit_operation_id}?tab=contract`);
  await expect(page.getByTestId('letters-panel')).toBeVisible();
  await expect(page.getByTestId('letters-discharge')).toHaveCount(0);
  await page.getByTestId('letters-statement-save').click();
  const saved = page.getByTestId('letters-saved');
  await expect(saved).toBeVisible();
  const path = (await saved.textContent())?.replace(/^.*?(\/\S+\.pdf).*$/, '$1') ?? '';
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  expect(existsSync(path)).toBe(true);
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  expect(text).toContain('Extrato da operação');
  expect(text).toContain(first.borrower_name);
  expect(text).toContain('Saldo em aberto');
  await expectNoSeriousViolations(page);
  await page.getByTestId('letters-panel').screenshot({ path: info.outputPath('letters-1280.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByTestId('letters-panel').screenshot({ path: info.outputPath('letters-1024.png') });

  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page);
  await signInAs(page, harness, DEMO.operador.email, `/app/clientOperation/analize/${first.credit_operation_id}?tab=contract`);
  await page.getByTestId('letters-discharge-save').click();
  await expect(page.getByTestId('letters-error')).toContainText('não está quitada');
  await expectNoSeriousViolations(page);
  await page.getByTestId('letters-panel').screenshot({ path: info.outputPath('letters-refused-1280.png') });

  // The borrower's annual declaration, under their operations: this borrower still owes, so the server says why not.
  await harness.goto(`/app/clientOperation/view/${first.borrower_id}?tab=operations`);
  await expect(page.getByTestId('letters-annual')).toBeVisible();
  await page.getByTestId('letters-annual-save').click();
  await expect(page.getByTestId('letters-annual-error')).not.toBeEmpty();
  await expectNoSeriousViolations(page);
  await page.getByTestId('letters-annual').screenshot({ path: info.outputPath('letters-annual-1280.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByTestId('letters-annual').screenshot({ path: info.outputPath('letters-annual-1024.png') });
});

/** A server call that must succeed; answers its body. */
async function ok<T = Record<string, unknown>>(server: { url: string }, name: Parameters<typeof directCall>[1], args: unknown, token: string): Promise<T> {
  const answer = await directCall<T>(server.url, name, args, token);
  expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

test("a borrower's annual declaration is listed on their card and printed again as issued", async ({ page, harness, server }, info) => {
  test.setTimeout(240_000);
  const [admin, agent, operator] = await Promise.all([DEMO.admin, DEMO.agente, DEMO.operador].map((u) => directSignIn(server.url, u.email, DEMO_PASSWORD)));
  // A year wholly in the future of the demo's data (2030), so nothing seeded falls in it: lent in January, three
  // installments each paid on its due date; the declaration is asked for on 2031-01-11.
  await server.database.rows(
    "UPDATE company_parameters SET min_monthly_rate = 0, max_monthly_rate = 15, min_installments = 1, max_installments = 360, min_value = 100, max_value = 1000000, tac = 0, other_fees = '[]' WHERE company_id = 1",
  );
  const [{ id: borrowerId }] = await server.database.rows<{ id: number }>(
    "INSERT INTO borrowers (person_type, name, document, cep, address, address_number, neighborhood, city, state) VALUES ('PF', 'Paulo Quitado Anual', '529.982.247-25', '50030-230', 'Rua do Bom Jesus', '125', 'Recife Antigo', 'Recife', 'PE') RETURNING id",
  );
  await server.database.rows(
    "INSERT INTO borrower_bank_accounts (borrower_id, bank_code, bank_name, agency, account, account_digit, account_type, is_payout) VALUES ($1, '341', 'Itaú Unibanco', '1234', '56789', '0', 'checking', true)",
    [borrowerId],
  );
  server.clock.set('2030-01-10');
  const conditions = { product: 'working_capital', amortization: 'price', requested_amount: '3000.00', monthly_rate: '2.00', installments: 3, disbursement_date: '2030-01-15', first_due_date: '2030-02-15', finance_iof: false };
  const created = await ok<{ id: number; version: number }>(server, 'creditOperation.create', { ...conditions, borrower_id: borrowerId, idempotency_key: `e2e-${randomUUID()}` }, agent);
  const id = created.id;
  await ok(server, 'creditOperation.updateComplement', { id, version: created.version, payment_method: 'boleto', analyst_opinion: 'Capacidade de pagamento compatível.' }, agent);
  const version = async () => (await ok<{ version: number }>(server, 'creditOperation.get', { id }, agent)).version;
  await ok(server, 'creditOperation.decision', { id, action: 'send_to_analysis', version: await version() }, agent);
  await ok(server, 'creditOperation.decision', { id, action: 'approve', version: await version() }, operator);
  await ok(server, 'creditOperation.issueCcb', { id, idempotency_key: `e2e-${randomUUID()}` }, operator);
  server.clock.set('2030-01-15');
  await ok(server, 'servicing.disburse', { id, version: await version(), idempotency_key: `e2e-${randomUUID()}`, method: 'pix', transfer_reference: 'E1' }, operator);
  const { installments } = await ok<{ installments: Array<{ id: number; due_date: string; value: string }> }>(server, 'servicing.installments', { id }, agent);
  for (const i of installments) {
    server.clock.set(i.due_date);
    await ok(server, 'servicing.pay', { id, installment: i.id, idempotency_key: `e2e-${randomUUID()}`, amount: i.value, paid_on: i.due_date, method: 'boleto' }, operator);
  }
  server.clock.set('2031-01-11');
  // The card offers the years before the computer's: the page's clock says 2031 too.
  await page.clock.setFixedTime(new Date('2031-01-11T12:00:00Z'));

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.operador.email, `/app/clientOperation/view/${borrowerId}?tab=operations`);
  const card = page.getByTestId('letters-annual');
  await expect(card.getByTestId('letters-issued-empty')).toBeVisible();
  await expect(page.getByTestId('letters-annual-year')).toHaveValue('2030');
  await page.getByTestId('letters-annual-save').click();
  const saved = page.getByTestId('letters-annual-saved');
  await expect(saved).toContainText('.pdf');
  const first = (await saved.textContent())?.replace(/^.*?(\/\S+\.pdf).*$/, '$1') ?? '';
  expect(first.startsWith(harness.paths.downloads)).toBe(true);
  expect(execFileSync('pdftotext', [first, '-'], { encoding: 'utf8' })).toContain('Declaração anual de quitação de débitos — 2030');
  // Issued: it joins the list under the card, with the template's version.
  const row = card.locator('[data-testid^="letters-issued-row-"]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Declaração anual de quitação');
  await expect(row).toContainText('31/12/2030');
  const letterId = Number((await row.getAttribute('data-testid'))?.replace('letters-issued-row-', ''));
  await expect(page.getByTestId(`letters-issued-version-${letterId}`)).toContainText('Versão 1');

  // The administrator changes the annual template; the declaration already issued does not change.
  type Template = { kind: string; title: string; body: string };
  const annual = (await ok<Template[]>(server, 'company.contractTemplates', { id: 1 }, admin)).find((t) => t.kind === 'annual')!;
  await ok(server, 'company.updateContractTemplate', { id: 1, kind: 'annual', title: annual.title, body: annual.body.replace('em cumprimento à Lei', 'Texto novo do modelo, em cumprimento à Lei') }, admin);
  // The first file goes, so the one read next is the reprint's (it may take the same name).
  rmSync(first);
  await page.getByTestId(`letters-reprint-${letterId}`).click();
  await expect(saved).toContainText('.pdf');
  const again = (await saved.textContent())?.replace(/^.*?(\/\S+\.pdf).*$/, '$1') ?? '';
  await expect.poll(() => existsSync(again)).toBe(true);
  const pdf = execFileSync('pdftotext', [again, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(pdf).toContain('em cumprimento à Lei nº 12.007');
  expect(pdf).not.toContain('Texto novo do modelo');
  await expect(row).toHaveCount(1);
  await expectNoSeriousViolations(page);
  await card.screenshot({ path: info.outputPath('letters-annual-issued-1280.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await card.screenshot({ path: info.outputPath('letters-annual-issued-1024.png') });
});
