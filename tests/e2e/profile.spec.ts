/**
 * Every panel user has their own profile: an operator follows "Meu perfil"
 * from the header (no forbidden screen) and changes their own password; the
 * new one signs in and the old one no longer does.
 */
import { test, expect, signInAs, signIn, signOut, DEMO, DEMO_PASSWORD } from './harness';
import { translate } from '../../src/shared/i18n';

test('an operator changes their own password from the profile', async ({ page, harness }) => {
  const newPassword = 'Operadora2026';
  await signInAs(page, harness, DEMO.operador.email);

  await page.getByTestId('header-profile').click();
  await expect(page).toHaveURL(/#\/app\/profile$/);
  await expect(page.getByTestId('forbidden-screen')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate('pt-BR', 'menu.profile'));
  await expect(page.getByTestId('profile-email')).toHaveValue(DEMO.operador.email);

  // A wrong current password is said once, on its field, with no generic failure toast beside it.
  await page.getByTestId('profile-old-password').fill('NaoEhEssa123');
  await page.getByTestId('profile-new-password').fill(newPassword);
  await page.getByTestId('profile-confirm-password').fill(newPassword);
  await page.getByTestId('profile-password-save').click();
  await expect(page.getByText('A senha atual está incorreta.')).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(page.getByText(translate('pt-BR', 'common.failedTryAgain'))).toHaveCount(0);

  await page.getByTestId('profile-old-password').fill(DEMO_PASSWORD);
  await page.getByTestId('profile-new-password').fill(newPassword);
  await page.getByTestId('profile-confirm-password').fill(newPassword);
  await page.getByTestId('profile-password-save').click();
  await expect(page.getByText(translate('pt-BR', 'common.passwordUpdated'))).toBeVisible();

  await signOut(page);
  await signIn(page, DEMO.operador.email, DEMO_PASSWORD);
  await expect(page.getByTestId('login-error')).toBeVisible();
  await signIn(page, DEMO.operador.email, newPassword);
  await expect(page).toHaveURL(/#\/app\/home/);
  await expect(page.getByTestId('header-user')).toContainText(DEMO.operador.name);
});
