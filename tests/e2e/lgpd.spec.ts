/**
 * LGPD end to end: staff registers a request received by phone (finding the
 * person by e-mail), reads what the system holds, erases behind the typed
 * confirmation; a second erase answers calmly; the person's name and e-mail
 * are gone from the users list and the logs.
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, type Harness } from './harness';

interface Entrepreneur {
  id: number;
  name: string;
  email: string;
}

async function openLgpd(page: Page, harness: Harness): Promise<void> {
  await signInAs(page, harness, DEMO.admin.email, '/app/lgpd');
  await expect(page.getByTestId('lgpd-table')).toBeVisible();
}

test('register a request, see what is held, erase with typed confirmation, then a calm second erase', async ({ page, harness, server }) => {
  const token = await directSignIn(server.url, DEMO.admin.email, DEMO_PASSWORD);
  const list = await directCall<{ items: Entrepreneur[] }>(server.url, 'users.entrepreneurs', { filter: { email: 'cliente2.' } }, token);
  const person = list.body.items[0];
  // A change with before/after about this person, so the log holds their name and e-mail before the erase.
  await directCall(server.url, 'users.updateEntrepreneur', { id: person.id, phone: '(11) 98888-7777' }, token);

  await openLgpd(page, harness);
  await page.getByTestId('lgpd-register').click();
  // Saving without a person says so and registers nothing.
  await page.getByTestId('lgpd-register-save').click();
  await expect(page.getByTestId('lgpd-register-error')).toBeVisible();
  await page.getByTestId('lgpd-register-search').fill(person.email);
  await page.getByTestId(`lgpd-person-${person.id}`).click();
  await expect(page.getByTestId('lgpd-register-chosen')).toContainText(person.email);
  await page.getByTestId('lgpd-register-channel').selectOption('telefone');
  await page.getByTestId('lgpd-register-notes').fill('Ligou para a central pedindo exclusão');
  await page.getByTestId('lgpd-register-save').click();

  await expect(page).toHaveURL(/#\/app\/lgpd\/view\/\d+/);
  await expect(page.getByTestId('lgpd-detail-status')).toHaveAttribute('data-status', 'aberto');
  await expect(page.getByTestId('lgpd-detail-channel')).toHaveText('Telefone');
  await expect(page.getByTestId('lgpd-account-email')).toHaveText(person.email);
  // The demo applicant has solicitations with their documents: the intake and borrower areas say what they hold.
  const [{ n: solicitations }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM solicitations WHERE user_id = $1', [person.id]);
  expect(solicitations).toBeGreaterThan(0);
  await expect(page.getByTestId('lgpd-section-solicitations')).toHaveAttribute('data-available', 'true');
  await expect(page.getByTestId('lgpd-section-solicitations')).toContainText(`${solicitations} registro(s)`);
  await expect(page.getByTestId('lgpd-section-clientInfo')).toHaveAttribute('data-available', 'true');
  const [{ n: borrowerRows }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM borrowers WHERE user_id = $1', [person.id]);
  await expect(page.getByTestId('lgpd-section-borrowerRecords')).toHaveAttribute('data-available', 'true');
  await expect(page.getByTestId('lgpd-section-borrowerRecords')).toContainText(`${borrowerRows} registro(s)`);
  await expect(page.getByTestId('lgpd-holdings-uploads')).toBeVisible();

  // The list shows it, open.
  await page.getByTestId('lgpd-detail-back').click();
  await page.getByTestId('lgpd-filter-status').selectOption('aberto');
  await expect(page.getByTestId('lgpd-table')).toContainText(person.email);
  await page.locator('[data-testid^="lgpd-row-"]').first().click();

  // Typed confirmation: the button stays off until the e-mail (or APAGAR) is typed.
  await page.getByTestId('lgpd-erase').click();
  await expect(page.getByTestId('lgpd-erase-confirm')).toBeDisabled();
  await page.getByTestId('lgpd-erase-typed').fill('outra-coisa@x.com');
  await expect(page.getByTestId('lgpd-erase-confirm')).toBeDisabled();
  await page.getByTestId('lgpd-erase-typed').fill(person.email);
  await expect(page.getByTestId('lgpd-erase-confirm')).toBeEnabled();
  await page.getByTestId('lgpd-erase-confirm').click();
  await expect(page.getByTestId('lgpd-erase-done')).toBeVisible();
  await expect(page.getByTestId('lgpd-detail-status')).toHaveAttribute('data-status', 'concluido');
  await expect(page.getByTestId('lgpd-detail-outcome')).toContainText('anonimizados');
  await expect(page.getByTestId('lgpd-account-anonymised')).toBeVisible();
  await expect(page.getByTestId('lgpd-detail')).not.toContainText(person.email);
  await expect(page.getByTestId('lgpd-detail')).not.toContainText(person.name);

  // Second erase: the word APAGAR, and a calm message rather than an error.
  await page.getByTestId('lgpd-erase').click();
  await page.getByTestId('lgpd-erase-typed').fill('APAGAR');
  await page.getByTestId('lgpd-erase-confirm').click();
  await expect(page.getByTestId('lgpd-erase-already')).toBeVisible();
  await expect(page.getByTestId('lgpd-detail')).toBeVisible();

  // Gone by name and e-mail from the users data and the logs.
  const byEmail = await directCall<{ meta: { totalItems: number } }>(server.url, 'users.entrepreneurs', { filter: { email: person.email } }, token);
  expect(byEmail.body.meta.totalItems).toBe(0);
  const byName = await directCall<{ meta: { totalItems: number } }>(server.url, 'users.entrepreneurs', { filter: { name: person.name } }, token);
  expect(byName.body.meta.totalItems).toBe(0);
  const logs = await directCall<{ items: Array<{ id: number }> }>(server.url, 'logs.all', { filter: { entity: 'user' }, limit: 100 }, token);
  for (const entry of logs.body.items) {
    const detail = await directCall(server.url, 'logs.byId', { id: entry.id }, token);
    const text = JSON.stringify(detail.body);
    expect(text).not.toContain(person.email);
    expect(text).not.toContain(person.name);
    expect(text).not.toContain('98888-7777');
  }
  await page.goto(harness.url('/app/logsPage'));
  await page.getByTestId('logs-filter-entity').selectOption('user');
  await page.getByTestId('logs-filter-apply').click();
  await expect(page.getByTestId('logs-table')).toBeVisible();
  await expect(page.getByTestId('logs-table')).not.toContainText(person.email);
});
