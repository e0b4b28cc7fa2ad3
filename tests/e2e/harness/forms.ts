/** Small form helpers that work whether a testid sits on the control or on its wrapper. */
import { expect, type Locator, type Page } from '@playwright/test';
import { ROLE_LABELS_PT, type RoleId } from '../../../src/shared/roles';

export async function chooseRole(page: Page, field: Locator, role: RoleId): Promise<void> {
  const tag = await field.evaluate((el) => el.tagName);
  if (tag === 'SELECT') {
    await field.selectOption(String(role));
    return;
  }
  const inner = field.locator('select');
  if ((await inner.count()) > 0) {
    await inner.selectOption(String(role));
    return;
  }
  await field.click();
  await page.getByRole('option', { name: ROLE_LABELS_PT[role], exact: true }).or(page.getByRole('menuitem', { name: ROLE_LABELS_PT[role], exact: true })).first().click();
}

/** Sets a checkbox/switch whose testid is on the input, its label or a wrapper. */
export async function setSwitch(field: Locator, on: boolean): Promise<void> {
  const tag = await field.evaluate((el) => el.tagName);
  const control = tag === 'INPUT' || tag === 'LABEL' ? field : field.locator('input[type="checkbox"]').first();
  if ((await control.isChecked()) !== on) {
    // Blueprint draws its own indicator over the input: click the label, as a user does.
    const label = tag === 'LABEL' ? control : control.locator('xpath=ancestor::label[1]');
    await ((await label.count()) > 0 ? label.click() : control.click({ force: true }));
  }
  await expect(control).toBeChecked({ checked: on });
}

export interface NewUser {
  name: string;
  email: string;
  role: RoleId;
  active?: boolean;
  twoFactor?: boolean;
}

/** Fills the user form (create or edit) and saves it. */
export async function fillUserForm(page: Page, user: Partial<NewUser>): Promise<void> {
  if (user.name !== undefined) await page.getByTestId('user-form-name').fill(user.name);
  if (user.email !== undefined) await page.getByTestId('user-form-email').fill(user.email);
  if (user.role !== undefined) await chooseRole(page, page.getByTestId('user-form-role'), user.role);
  if (user.active !== undefined) await setSwitch(page.getByTestId('user-form-active'), user.active);
  if (user.twoFactor !== undefined) await setSwitch(page.getByTestId('user-form-two-factor'), user.twoFactor);
  await page.getByTestId('user-form-save').click();
}

/** Ids of the users-row-<id> elements on screen, in order. */
export async function visibleUserIds(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const ids: number[] = [];
    for (const el of document.querySelectorAll('[data-testid^="users-row-"]')) {
      const id = Number(el.getAttribute('data-testid')!.slice('users-row-'.length));
      if (Number.isFinite(id) && !ids.includes(id)) ids.push(id);
    }
    return ids;
  });
}
