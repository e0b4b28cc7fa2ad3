/**
 * Broadcast messages in the real renderer against the real server: an SMS
 * to a pasted list (invalid entries shown and left out) and an e-mail to
 * entrepreneurs by filter, each confirmed with its count, then the history
 * and the per-recipient statuses turning 'sent' as the background sender
 * delivers to the outbox.
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, type Harness } from './harness';

async function openMessages(page: Page, harness: Harness, email: string): Promise<void> {
  await signInAs(page, harness, email, '/app/messages');
  await expect(page).toHaveURL(/#\/app\/messages/);
  await expect(page.getByTestId('messages-send')).toBeVisible();
}

/** The id of the broadcast the detail view shows, from the URL. */
function detailId(page: Page): number {
  const match = /[?&]id=(\d+)/.exec(page.url());
  if (!match) throw new Error(`no broadcast id in ${page.url()}`);
  return Number(match[1]);
}

async function expectAllSent(page: Page, count: number): Promise<void> {
  const tags = page.getByTestId('messages-recipients-table').locator('[data-testid^="recipient-status-"]');
  await expect(tags).toHaveCount(count);
  await expect.poll(async () => (await tags.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).join(',')).toBe(
    Array(count).fill('sent').join(','),
  );
  await expect(page.getByTestId('messages-detail-status')).toHaveText('Concluído');
}

test('an SMS to a pasted list: invalid entries listed and left out, confirmed with the count, every recipient sent', async ({ page, harness, server }) => {
  await openMessages(page, harness, DEMO.agente.email);
  const body = 'Lembrete: sua parcela vence amanhã. Responda SAIR para não receber.';
  await page.getByTestId('messages-channel-sms').click();
  await page.getByTestId('messages-body').fill(body);
  await expect(page.getByTestId('messages-body-count')).toContainText(`${body.length} caracteres · 1 SMS`);
  // 'amanhã' and 'não' are outside GSM-7: the SMS goes as UCS-2, 67 characters per part once split.
  await page.getByTestId('messages-body').fill(body.padEnd(161, 'x'));
  await expect(page.getByTestId('messages-body-count')).toContainText('161 caracteres · 3 SMS');
  await expect(page.getByTestId('messages-body-count')).toContainText('67 caracteres por SMS');
  // Plain GSM-7 text: 153 per part once split.
  await page.getByTestId('messages-body').fill('x'.repeat(161));
  await expect(page.getByTestId('messages-body-count')).toHaveText('161 caracteres · 2 SMS por destinatário (153 caracteres por SMS)');
  await page.getByTestId('messages-body').fill(body);

  await page.getByTestId('messages-mode-list').click();
  await page.getByTestId('messages-paste').fill('(11) 98888-0001\n+55 21 97777-0002\nnão é telefone\n(20) 91234-5678\n11988880001');
  await expect(page.getByTestId('messages-paste-count')).toHaveText('2 válidos · 2 inválidos · 1 repetidos');
  await expect(page.getByTestId('messages-invalid-entries')).toContainText('não é telefone');
  await expect(page.getByTestId('messages-invalid-entries')).toContainText('(20) 91234-5678');

  await page.getByTestId('messages-send').click();
  await expect(page.getByTestId('messages-confirm-text')).toHaveText('Enviar este SMS para 2 destinatários? Não é possível cancelar depois de confirmar.');
  // Nothing is created before the confirmation.
  const token = await directSignIn(server.url, DEMO.admin.email, DEMO_PASSWORD);
  const before = await directCall<{ meta: { totalItems: number } }>(server.url, 'messages.list', {}, token);
  expect(before.body.meta.totalItems).toBe(0);
  await page.getByTestId('confirm-dialog-confirm').click();

  await expect(page).toHaveURL(/[?&]id=\d+/);
  const id = detailId(page);
  await expect(page.getByTestId('messages-detail-body')).toHaveText(body);
  await expectAllSent(page, 2);
  await expect(page.getByTestId('messages-detail-summary')).toHaveText('2 enviados · 0 falhas · 0 na fila · 2 no total');
  for (const to of ['+5511988880001', '+5521977770002']) {
    const sms = (await server.outbox.list(to)).filter((m) => m.body === body);
    expect(sms.map((m) => m.channel)).toEqual(['sms']);
  }

  await page.getByTestId('messages-back').click();
  await expect(page.getByTestId(`messages-row-${id}`)).toBeVisible();
  await expect(page.getByTestId(`messages-status-${id}`)).toHaveText('Concluído');
  await expect(page.getByTestId(`messages-sent-${id}`)).toHaveText('2');
  await page.getByTestId(`messages-row-${id}`).click();
  await expect(page.getByTestId('messages-detail-body')).toHaveText(body);
});

test('an e-mail to entrepreneurs by filter: subject required, preview count from the server, sent to each', async ({ page, harness, server }) => {
  await openMessages(page, harness, DEMO.operador.email);
  await page.getByTestId('messages-channel-email').click();
  await page.getByTestId('messages-body').fill('Olá! Temos novas condições de crédito para a sua região.');
  await page.getByTestId('messages-mode-filters').click();
  await page.getByTestId('messages-state').selectOption('SP');
  await page.getByTestId('messages-city').fill('Campinas');

  // Without a subject nothing is asked of the server.
  await page.getByTestId('messages-send').click();
  await expect(page.getByTestId('field-error-subject')).toHaveText('Informe o assunto do e-mail.');
  await page.getByTestId('messages-subject').fill('Novas condições');

  const token = await directSignIn(server.url, DEMO.admin.email, DEMO_PASSWORD);
  const expected = await directCall<{ count: number; sample: Array<{ contact: string }> }>(
    server.url,
    'messages.preview',
    { channel: 'email', selection: { mode: 'filters', state: 'SP', city: 'Campinas' } },
    token,
  );
  expect(expected.body.count).toBeGreaterThan(0);
  await page.getByTestId('messages-preview-button').click();
  await expect(page.getByTestId('messages-preview-count')).toHaveText(`${expected.body.count} destinatários receberão esta mensagem.`);

  await page.getByTestId('messages-send').click();
  await expect(page.getByTestId('messages-confirm-text')).toContainText(`E-mail para ${expected.body.count} destinatários`);
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page).toHaveURL(/[?&]id=\d+/);
  await expect(page.getByTestId('messages-detail-subject')).toHaveText('Novas condições');
  await expectAllSent(page, expected.body.count);
  for (const { contact } of expected.body.sample) {
    const mails = (await server.outbox.list(contact)).filter((m) => m.subject === 'Novas condições');
    expect(mails).toHaveLength(1);
    expect(mails[0].channel).toBe('email');
  }

  // The history filtered by channel keeps the filter in the URL.
  await page.getByTestId('messages-tab-history').click();
  await page.getByTestId('messages-filter-channel').selectOption('sms');
  await expect(page).toHaveURL(/channel=sms/);
  await expect(page.getByTestId('messages-table').locator('[data-testid^="messages-row-"]')).toHaveCount(0);
  await page.getByTestId('messages-filter-channel').selectOption('email');
  await expect(page.getByTestId('messages-table').locator('[data-testid^="messages-row-"]')).toHaveCount(1);
});
