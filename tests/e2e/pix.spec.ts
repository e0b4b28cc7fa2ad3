/**
 * Pix end to end against the real server with the demo seed: an administrator
 * chooses the sandbox Pix provider on the company setup (the webhook secret
 * shown once); an operator saves an installment's boleto, whose PDF (read back
 * with pdftotext) prints the dynamic Pix code of its charge at the sandbox; the
 * sandbox signs the notice of that charge paid and posts it to the server's
 * webhook, as a PSP does; the installment's screen then shows it paid, by Pix,
 * and the trial balance is zero.
 */
import { execFileSync } from 'node:child_process';
import { test, expect, savedPath, signIn, signInAs, signOut, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';
import type { TrialBalanceView } from '../../src/shared/contract';
import { sandboxPix, signedSandboxNotice } from '../../src/server/areas/pix/sandbox';

test.use({ viewport: { width: 1280, height: 800 } });

test('the sandbox provider chosen, a boleto with its dynamic Pix code, the signed notice settles the installment', async ({ page, harness, server }) => {
  test.setTimeout(240_000);
  // 1 — an administrator chooses the sandbox; the secret is shown once.
  await signInAs(page, harness, DEMO.admin.email, '/app/company-operation?tab=pix');
  await expect(page.getByTestId('pix-settings-provider')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByTestId('pix-settings-provider').selectOption('sandbox');
  await page.getByTestId('pix-settings-save').click();
  const secret = ((await page.getByTestId('pix-settings-secret-value').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  await expect(page.getByTestId('pix-settings-secret')).toContainText('/api/pix/webhook/1/pix');
  await signOut(page);

  // 2 — an operator saves the boleto of a demo operation's first installment still to pay, not overdue.
  const today = server.clock.today();
  const [op] = await server.database.rows<{ id: number }>(
    `SELECT o.id FROM credit_operations o
      WHERE o.status = 'disbursed'
        AND NOT EXISTS (SELECT 1 FROM credit_operation_installments i
                         WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL AND i.due_date < $1::date)
        AND EXISTS (SELECT 1 FROM credit_operation_installments i WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL)
      ORDER BY o.id LIMIT 1`,
    [today],
  );
  expect(op, 'the demo seed has a disbursed operation on time').toBeDefined();
  // Signed out on the login screen: signing in there lands on home first (signIn waits for it), then the operation.
  await signIn(page, DEMO.operador.email, DEMO_PASSWORD);
  await harness.goto(`/app/clientOperation/analize/${op.id}?tab=installments`);
  await page.getByRole('button', { name: /^Receber a parcela/ }).first().click();
  await expect(page).toHaveURL(/\/payments\//);
  const installmentId = Number(/payments\/(\d+)\//.exec(page.url())?.[1]);
  await expect(page.getByTestId('installment-status')).not.toHaveAttribute('data-status', 'paid');
  await page.getByTestId(`boleto-${installmentId}-download`).click();
  const text = execFileSync('pdftotext', ['-raw', await savedPath(page, harness), '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
  const [charge] = await server.database.rows<{ txid: string; amount: string; location: string }>(
    'SELECT txid, amount::text AS amount, location FROM pix_charges WHERE installment_id = $1 ORDER BY id DESC LIMIT 1',
    [installmentId],
  );
  expect(charge, 'the boleto created its charge at the sandbox').toBeDefined();
  // The dynamic code shown: "copia e cola" with the charge's location (26-25), single use (01 = 12).
  expect(text).toContain('Pixcopiaecola0002010102122');
  expect(text).toContain(`25${String(charge.location.length).padStart(2, '0')}${charge.location}`);

  // 3 — the sandbox signs the notice of the charge paid today and posts it to the webhook, as a PSP does.
  const notice = signedSandboxNotice(secret, [sandboxPix({ txid: charge.txid, paidAt: `${today}T12:00:00-03:00`, amount: charge.amount, endToEndId: `E00000000${today.replace(/-/g, '')}E2EPIX0000001` }, today)], Math.floor(Date.now() / 1000));
  const answer = await fetch(`${server.url}/api/pix/webhook/1/pix`, { method: 'POST', headers: notice.headers, body: notice.body });
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ settled: 1, unmatched: 0 });

  // 4 — the installment's screen shows it paid, by Pix; the books balance.
  await page.reload();
  await expect(page.getByTestId('installment-status')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByText('E2EPIX0000001', { exact: false }).first()).toBeVisible();
  const token = await directSignIn(server.url, DEMO.operador.email, DEMO_PASSWORD);
  const tb = await directCall<TrialBalanceView>(server.url, 'ledger.trialBalance', {}, token);
  expect(tb.status).toBe(200);
  expect(tb.body.difference).toBe('0.00');
});
