/**
 * Ending a session, by the user (sign-out) or by the server (401 after the
 * token was revoked elsewhere): back to login, and nothing the page can reach
 * holds the token or the user's data.
 */
import { test, expect, signIn, signOut, directCall, directSignIn, expectSignedOutAndClean, DEMO, DEMO_PASSWORD } from './harness';
import { secretsOf } from './harness/actions';

test('sign-out returns to login and leaves no token or user data reachable from the page', async ({ page, harness, server }) => {
  await harness.goto('/auth/login');
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  await page.getByTestId('menu-item-/users').click();
  await expect(page.getByTestId('users-table')).toBeVisible();
  const secrets = secretsOf(harness);
  expect(secrets.length, 'the session token is kept in the keychain').toBeGreaterThan(0);
  // While signed in, the token is already out of the page's reach.
  const html = await page.evaluate(() => document.documentElement.outerHTML + JSON.stringify({ ...localStorage }));
  for (const secret of secrets) expect(html.includes(secret)).toBe(false);

  await signOut(page);
  await expectSignedOutAndClean(page, secrets, DEMO.admin);
  expect(harness.keychain.sessionValues(), 'the keychain session entry is removed').toEqual([]);
  expect(harness.sessionEvents.at(-1)?.reason).toBe('signed-out');

  // The old token is dead on the server too.
  for (const secret of secrets) {
    const answer = await directCall(server.url, 'session.logged', {}, secret);
    expect(answer.status).toBe(401);
  }
  // Going back into the app needs a new sign-in.
  await page.goto(harness.url('/app/users'));
  await expect(page).toHaveURL(/#\/auth\/login/);
});

test('a token revoked elsewhere ends the session at the next call: login screen, nothing left behind', async ({ page, harness, server }) => {
  await harness.goto('/auth/login');
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  // Every call of the dashboard has answered and is drawn, so the click below makes the next call: the year's
  // figures (home.all) and the portfolio panel (home.portfolio, asked only once the panel's own chunk has loaded,
  // often after the figures are drawn). A dashboard call made after the revocation meets the 401 first: the app
  // rightly goes to the login screen, and the click then waited the whole 90 s for a menu that was gone.
  await expect(page.getByTestId('dashboard-title')).toBeVisible();
  await expect(page.getByTestId('portfolio')).toBeVisible();
  expect(harness.apiCalls.filter((c) => !c.answered).map((c) => c.name), 'calls still out before the revocation').toEqual([]);
  const secrets = secretsOf(harness);

  // The same person changes the password from another session: every other token is revoked.
  const other = await directSignIn(server.url, DEMO.admin.email, DEMO_PASSWORD);
  const change = await directCall(server.url, 'session.changePassword', { oldPassword: DEMO_PASSWORD, newPassword: 'OutraSenha789' }, other);
  expect(change.status).toBe(200);

  // The next thing the user does in the app hits the 401.
  const before = harness.apiCalls.length;
  await page.getByTestId('menu-item-/users').click();
  await expect(page).toHaveURL(/#\/auth\/login/);
  expect(harness.apiCalls.slice(0, before).map((c) => c.status), 'no call before the click met the 401').not.toContain(401);
  await expect.poll(() => harness.apiCalls.slice(before).map((c) => c.status), { message: "the users screen's call met the 401" }).toContain(401);
  await expectSignedOutAndClean(page, secrets, DEMO.admin);
  expect(harness.keychain.sessionValues()).toEqual([]);
  expect(harness.sessionEvents.at(-1)?.reason).toBe('expired');
});

test.describe('without a reachable keychain', () => {
  test.use({ keychainAvailable: false });

  test('the session lives in memory only, the user is told, and nothing is written to the data folder', async ({ page, harness }) => {
    await harness.goto('/auth/login');
    await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/#\/app\/home/);
    await expect(page.getByTestId('keychain-warning')).toBeVisible();
    const state = await page.evaluate(() => window.backoffice.session.current());
    expect(state.keychain).toBe('unavailable');
    expect(state.user?.email).toBe(DEMO.admin.email);
    // Calls work with the in-memory token.
    await page.getByTestId('menu-item-/users').click();
    await expect(page.getByTestId('users-table')).toBeVisible();
    // No file in the app's data folder holds anything that looks like a session.
    const { readdir, readFile } = await import('node:fs/promises');
    for (const entry of await readdir(harness.paths.userData, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const text = await readFile(`${entry.parentPath}/${entry.name}`, 'utf8');
      expect(text, `${entry.name} must not hold a token`).not.toMatch(/token/i);
    }
  });
});
