/**
 * Signing in as each role, the menu each one sees (the spec's side-menu table
 * with its gating), the forbidden screen, and the route guard's redirects.
 */
import { test, expect, signIn, signOut, menuPaths, directCall, directSignIn, DEMO, DEMO_PASSWORD } from './harness';
import { translate } from '../../src/shared/i18n';

// Its tests read what the demo seed holds and change nothing another one reads: one server for the file.
test.use({ serverPerFile: true });

const DASHBOARD = ['/home'];
const SOLICITATIONS = ['/solicitations/pending', '/solicitations', '/simulations', '/entrepreneurs'];
// The collections desk: overdue installments, the approvals inbox, money to identify, the banks' files.
const COLLECTIONS = ['/collections', '/approvals', '/clientOperation/suspense', '/collections/reminders', '/collections/negativation', '/company-operation?tab=banks'];
// The approvals and the money to identify (suspense) are for the roles that move money: the agent's menu goes without them.
const AGENT_COLLECTIONS = COLLECTIONS.filter((p) => p !== '/approvals' && p !== '/clientOperation/suspense' && p !== '/collections/reminders' && p !== '/collections/negativation');
// The balancete by COSIF account is the administrators' (the books).
const ADMIN_OPERATIONS = ['/allOperations', '/clientOperation', '/clientOperation/cession', '/company-operation', '/company-operation/books/balancete', '/company-operation/books/close', '/company-operation/books/accrual', '/company-operation/books/regulatory/doc3044', '/company-operation/books/regulatory/doc3040', '/messages'];
// The books and the SCR's documents (the administrators' duties to the Central Bank).
const OPERATIONS = ADMIN_OPERATIONS.filter((p) => p !== '/company-operation/books/balancete' && p !== '/company-operation/books/regulatory/doc3044' && p !== '/company-operation/books/regulatory/doc3040' && p !== '/company-operation/books/close' && p !== '/company-operation/books/accrual');
// The cession across operations is for the roles that move money: the agent's menu goes without it.
const AGENT_OPERATIONS = OPERATIONS.filter((p) => p !== '/clientOperation/cession');
const OPERATOR_FORMS = ['/projects', '/how-did-find', '/situations', '/reasons'];
const SETTINGS = ['/users', '/logsPage', '/lgpd'];

const EXPECTED_MENU = {
  superadmin: [...DASHBOARD, ...COLLECTIONS, ...SOLICITATIONS, ...ADMIN_OPERATIONS, ...OPERATOR_FORMS, ...SETTINGS],
  admin: [...DASHBOARD, ...COLLECTIONS, ...SOLICITATIONS, ...ADMIN_OPERATIONS, ...OPERATOR_FORMS, ...SETTINGS],
  operador: [...DASHBOARD, ...COLLECTIONS, ...SOLICITATIONS, ...OPERATIONS, ...OPERATOR_FORMS],
  agente: [...DASHBOARD, ...AGENT_COLLECTIONS, ...SOLICITATIONS, ...AGENT_OPERATIONS],
} as const;

const FORBIDDEN_TEXT = translate('pt-BR', 'common.forbidden');

// One server and window for the four roles, signing out between them (a server and sign-in per role cost more than the checks).
test('each role signs in, lands on home and sees exactly the menu of the role', async ({ page, harness }) => {
  await harness.goto('/auth/login');
  for (const who of ['superadmin', 'admin', 'operador', 'agente'] as const) {
    await test.step(who, async () => {
      await signIn(page, DEMO[who].email, DEMO_PASSWORD);
      await expect(page).toHaveURL(/#\/app\/home/);
      await expect(page.getByTestId('header-user')).toContainText(DEMO[who].name);
      expect(await menuPaths(page), who).toEqual(EXPECTED_MENU[who]);
      // The embedded sandbox backend is announced.
      await expect(page.getByTestId('sandbox-badge')).toBeVisible();
      await signOut(page);
    });
  }
});

test('a USER (role 2) may sign in but the app area is not for them: forbidden screen, no menu', async ({ page, harness }) => {
  await harness.goto('/auth/login');
  await signIn(page, DEMO.usuario.email, DEMO_PASSWORD);
  await expect(page.getByTestId('forbidden-screen')).toBeVisible();
  await expect(page.getByTestId('forbidden-screen')).toContainText(FORBIDDEN_TEXT);
  await expect(page.locator('[data-testid^="menu-item-"]')).toHaveCount(0);
});

test('an agent opening the users screen gets the forbidden screen, and its button goes home', async ({ page, harness }) => {
  await harness.goto('/auth/login');
  await signIn(page, DEMO.agente.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  await page.goto(harness.url('/app/users'));
  await expect(page.getByTestId('forbidden-screen')).toContainText(FORBIDDEN_TEXT);
  await expect(page.getByTestId('users-table')).toHaveCount(0);
  await page.getByTestId('forbidden-home').click();
  await expect(page).toHaveURL(/#\/app\/home/);
  await expect(page.getByTestId('forbidden-screen')).toHaveCount(0);
});

test('an unknown path inside the app goes home with a notice naming the original location', async ({ page, harness }) => {
  await harness.goto('/auth/login');
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  await page.goto(harness.url('/app/nao-existe/mesmo'));
  await expect(page).toHaveURL(/#\/app\/home/);
  await expect(page.getByTestId('not-found-notice')).toBeVisible();
  await expect(page.getByTestId('not-found-notice')).toContainText('/app/nao-existe/mesmo');
});

test('signed out, an app route sends to the login screen, and signing in returns to it', async ({ page, harness }) => {
  await harness.goto('/app/users');
  await expect(page).toHaveURL(/#\/auth\/login/);
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/users/);
  await expect(page.getByTestId('users-table')).toBeVisible();
});

test('a wrong password is refused with a message and the typed e-mail is kept', async ({ page, harness }) => {
  await harness.goto('/auth/login');
  await signIn(page, DEMO.admin.email, 'senha-errada');
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page).toHaveURL(/#\/auth\/login/);
  await expect(page.getByTestId('login-email')).toHaveValue(DEMO.admin.email);
  expect(harness.keychain.sessionValues()).toEqual([]);
});

test('the breadcrumb and page header are built from the route titles, linking only to real pages', async ({ page, harness, server }) => {
  await harness.goto('/auth/login');
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  // The landing page drawn first: going elsewhere while sign-in still settles lands back on the home page.
  await expect(page.getByTestId('dashboard-title')).toBeVisible();
  await page.goto(harness.url('/app/users'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate('pt-BR', 'menu.users'));
  await expect(page.getByTestId('breadcrumb')).toContainText(translate('pt-BR', 'menu.home'));
  await expect(page.getByTestId('breadcrumb')).toContainText(translate('pt-BR', 'menu.users'));

  // A log entry's detail: 'Início > Logs do sistema > Detalhe', no raw 'view' or id.
  const token = await directSignIn(server.url, DEMO.admin.email, DEMO_PASSWORD);
  const logs = await directCall<{ items: Array<{ id: number }> }>(server.url, 'logs.all', { page: 1, limit: 1 }, token);
  const id = logs.body.items[0].id;
  await page.goto(harness.url(`/app/logsPage/view/${id}`));
  const crumbs = page.getByTestId('breadcrumb').getByRole('listitem');
  await expect(crumbs).toHaveText([
    translate('pt-BR', 'menu.home'),
    translate('pt-BR', 'menu.logs'),
    translate('pt-BR', 'shell.crumbs.detail'),
  ]);
  await expect(page.getByTestId('breadcrumb')).not.toContainText('view');
  await expect(page.getByTestId('breadcrumb')).not.toContainText(String(id));
  await expect(page.getByTestId('breadcrumb').getByRole('link')).toHaveCount(2);
  await expect(page.getByTestId('breadcrumb').locator('[aria-current="page"]')).toHaveText(translate('pt-BR', 'shell.crumbs.detail'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${translate('pt-BR', 'menu.logs')} > ${translate('pt-BR', 'shell.crumbs.detail')}`,
  );
  await page.screenshot({ path: test.info().outputPath('log-detail-breadcrumb.png') });
  await page.getByTestId('breadcrumb').getByRole('link', { name: translate('pt-BR', 'menu.logs') }).click();
  await expect(page).toHaveURL(/#\/app\/logsPage$/);
});

test('the language switches to English while running and the choice is kept by the main process', async ({ page, harness }) => {
  await harness.goto('/auth/login');
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await expect(page.getByTestId('sign-out')).toHaveText(translate('pt-BR', 'common.signOut'));
  await page.getByTestId('locale-switch').selectOption('en');
  await expect(page.getByTestId('sign-out')).toHaveText(translate('en', 'common.signOut'));
  // The screen switches before the main process has written the setting: wait for the write.
  await expect.poll(async () => (await harness.main.handlers.settingsGet()).locale).toBe('en');
  // A reload starts from the saved setting.
  await page.reload();
  await expect(page.getByTestId('sign-out')).toHaveText(translate('en', 'common.signOut'));
});
