/**
 * The auth screens end to end: the forced password change of a new account,
 * the two-factor step, password recovery through the outbox, and the server
 * being unreachable at sign-in.
 */
import { test, expect, signIn, signOut, readOutboxCode, lastOutboxId, directCall, directSignIn, fillUserForm, DEMO, DEMO_PASSWORD } from './harness';
import { translate } from '../../src/shared/i18n';
import { Role } from '../../src/shared/roles';

const NEW_PASSWORD = 'NovaSenha456';

test('a user created by an admin must change the temporary password at first sign-in', async ({ page, harness, server }) => {
  const email = 'nova.operadora@demo.local';
  await harness.goto('/auth/login');
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await expect(page.getByTestId('dashboard-title')).toBeVisible();
  await page.goto(harness.url('/app/users'));
  await page.getByTestId('users-new').click();
  await fillUserForm(page, { name: 'Nova Operadora', email, role: Role.OPERATOR, active: true });
  await expect(page).toHaveURL(/#\/app\/users(\/\d+)?($|\?)/);
  const temporary = await readOutboxCode(server, email, 'Senha temporária');
  await signOut(page);

  await signIn(page, email, temporary);
  await expect(page).toHaveURL(/#\/auth\/change/);
  // The app area stays closed until the password is changed.
  await page.goto(harness.url('/app/home'));
  await expect(page).toHaveURL(/#\/auth\/change/);

  await page.getByTestId('change-new-password').fill(NEW_PASSWORD);
  await page.getByTestId('change-confirm-password').fill(NEW_PASSWORD);
  await page.getByTestId('change-submit').click();
  await expect(page).toHaveURL(/#\/app\/home/);
  await expect(page.getByTestId('header-user')).toContainText('Nova Operadora');

  // The temporary password no longer works; the new one does.
  expect((await directCall(server.url, 'session.login', { email, password: temporary })).status).toBe(401);
  await directSignIn(server.url, email, NEW_PASSWORD);
});

test('with two-factor on, sign-in asks for the code e-mailed to the user', async ({ page, harness, server }) => {
  const adminToken = await directSignIn(server.url, DEMO.admin.email, DEMO_PASSWORD);
  const list = await directCall<{ items: Array<{ id: number; name: string; email: string; role_id: number; active: boolean }> }>(
    server.url,
    'users.admins',
    { page: 1, limit: 10, filter: { email: DEMO.operador.email } },
    adminToken,
  );
  const operator = list.body.items.find((u) => u.email === DEMO.operador.email)!;
  const update = await directCall(
    server.url,
    'users.updateAdmin',
    { id: operator.id, name: operator.name, email: operator.email, role_id: operator.role_id, active: true, two_factor: true },
    adminToken,
  );
  expect(update.status).toBe(200);

  const before = await lastOutboxId(server, DEMO.operador.email);
  await harness.goto('/auth/login');
  await signIn(page, DEMO.operador.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/auth\/twoFactors/);
  expect(harness.keychain.sessionValues(), 'no token before the second factor').toEqual([]);

  await page.getByTestId('twofactor-code').fill('000000');
  await page.getByTestId('twofactor-submit').click();
  await expect(page).toHaveURL(/#\/auth\/twoFactors/);

  const code = await readOutboxCode(server, DEMO.operador.email, 'Código', { after: before });
  await page.getByTestId('twofactor-code').fill(code);
  await page.getByTestId('twofactor-submit').click();
  await expect(page).toHaveURL(/#\/app\/home/);
  await expect(page.getByTestId('header-user')).toContainText(DEMO.operador.name);
  expect(harness.keychain.sessionValues().length).toBeGreaterThan(0);
});

test('a forgotten password is recovered with the code from the e-mail, and only the new one works', async ({ page, harness, server }) => {
  const email = DEMO.agente.email;
  await harness.goto('/auth/login');
  await page.getByTestId('login-forgot').click();
  await expect(page).toHaveURL(/#\/auth\/reset/);
  await page.getByTestId('reset-email').fill(email);
  await page.getByTestId('reset-submit').click();

  const code = await readOutboxCode(server, email, 'Código');
  await page.getByTestId('recover-code').fill(code);
  await page.getByTestId('recover-code-submit').click();
  await expect(page).toHaveURL(/#\/auth\/newPass/);
  await page.getByTestId('newpass-password').fill(NEW_PASSWORD);
  await page.getByTestId('newpass-confirm').fill(NEW_PASSWORD);
  await page.getByTestId('newpass-submit').click();
  await expect(page).toHaveURL(/#\/auth\/login/);

  await signIn(page, email, DEMO_PASSWORD);
  await expect(page.getByTestId('login-error')).toBeVisible();
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  await expect(page.getByTestId('header-user')).toContainText(DEMO.agente.name);
});

test('with the server unreachable, sign-in shows a clear Portuguese message and keeps the typed e-mail', async ({ page, harness, server }) => {
  await harness.goto('/auth/login');
  await server.stop();
  await page.getByTestId('login-email').fill(DEMO.admin.email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toContainText(translate('pt-BR', 'errors.network'));
  await expect(page).toHaveURL(/#\/auth\/login/);
  await expect(page.getByTestId('login-email')).toHaveValue(DEMO.admin.email);
  expect(harness.keychain.sessionValues()).toEqual([]);
});

test('changing the own e-mail asks for the current password, and the old address hears of it', async ({ page, harness, server }) => {
  const email = DEMO.operador.email;
  await harness.goto('/auth/login');
  await signIn(page, email, DEMO_PASSWORD);
  await page.goto(harness.url('/app/profile'));
  // Only this kind of change asks for the password.
  await expect(page.getByTestId('profile-current-password')).toHaveCount(0);
  await page.getByTestId('profile-email').fill('olga.nova@demo.local');
  await expect(page.getByTestId('profile-current-password')).toBeVisible();

  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('field-error-currentPassword')).toBeVisible();
  await page.getByTestId('profile-current-password').fill('Errada1234');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('field-error-currentPassword')).toBeVisible();

  await page.getByTestId('profile-current-password').fill(DEMO_PASSWORD);
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-current-password')).toHaveCount(0);
  await expect(page.getByTestId('profile-email')).toHaveValue('olga.nova@demo.local');
  const told = await server.outbox.latest(email);
  expect(told?.subject).toBe('Alteração na segurança da sua conta');
});
