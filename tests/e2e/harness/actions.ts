/** What a user does again and again, and the checks after a session ends. */
import { expect, type Page } from '@playwright/test';
import type { Harness } from './fixtures';

export const DEMO_PASSWORD = 'Senha123';

/** The demo accounts of the embedded sandbox (one per role). */
export const DEMO = {
  superadmin: { email: 'superadmin@demo.local', name: 'Sofia Super', role: 3 },
  admin: { email: 'admin@demo.local', name: 'Arthur Admin', role: 1 },
  operador: { email: 'operador@demo.local', name: 'Olga Operadora', role: 5 },
  agente: { email: 'agente@demo.local', name: 'Alice Agente', role: 4 },
  usuario: { email: 'usuario@demo.local', name: 'Ulisses Usuário', role: 2 },
} as const;

/**
 * Fills the login form and submits it. Opens the login screen first when the
 * page is elsewhere. Returns once the app has left /auth/login and drawn the
 * page it lands on (the app, the forced password change or the two-factor
 * step), or shown an error.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().includes('#/auth/login')) {
    await page.evaluate(() => {
      window.location.hash = '#/auth/login';
    });
  }
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect
    .poll(async () => !page.url().includes('#/auth/login') || (await page.getByTestId('login-error').isVisible()), {
      message: `sign-in of ${email} neither left the login screen nor showed an error`,
    })
    .toBe(true);
  // Signed in, the app draws the page it lands on (the home page, or the password change a first sign-in asks for)
  // once the session has settled: a test that opened another page before that raced the landing navigation.
  if (!(await page.getByTestId('login-error').isVisible())) {
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  }
}

/**
 * Signs `email` in through the main process, with the call the login screen
 * makes (session.login), then opens `route`: the app starts signed in, as
 * after a restart with a kept session. For tests whose subject is not the
 * login screen: it skips typing into it and drawing the dashboard the app
 * lands on, two to four seconds a test. The login screen itself is driven in
 * auth-flows, roles-and-routes, session-end and form-kit. Give the `route` of
 * the screen the test is about (the profile when any screen will do): without
 * one the test pays for the dashboard, the costliest screen, only to leave it.
 */
export async function signInAs(page: Page, harness: Harness, email: string, route = '/app/home'): Promise<void> {
  const answer = await harness.main.handlers.apiCall('session.login', { email, password: DEMO_PASSWORD });
  expect(answer.error, `sign-in of ${email}`).toBeFalsy();
  await harness.goto(route);
  await expect(page.getByTestId('header-user')).toBeVisible();
  // Coming from the sign-in screen (after a sign-out), the app may still hold the signed-out state when the route is
  // asked for and land on the sign-in or the home page instead: ask for the route again until it holds. (A forbidden
  // route shows its screen in place, so only those two pages mean the route was lost.)
  if (route.startsWith('/app/home')) return;
  const lost = () => /^#\/(auth\/|app\/home)/.test(new URL(page.url()).hash);
  await expect(async () => {
    if (lost()) await harness.goto(route);
    expect(lost()).toBe(false);
  }).toPass();
}

export async function signOut(page: Page): Promise<void> {
  const button = page.getByTestId('sign-out');
  if (!(await button.isVisible())) await page.getByTestId('header-user').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/#\/auth\/login/);
}

/** Paths of the side-menu entries present in the page, in menu order. */
export async function menuPaths(page: Page): Promise<string[]> {
  await expect(page.getByTestId('side-menu')).toBeVisible();
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-testid^="menu-item-"]')].map((el) => el.getAttribute('data-testid')!.slice('menu-item-'.length)),
  );
}

/** Secrets the keychain held (whole values and any long strings inside JSON values). */
export function secretsOf(harness: Harness): string[] {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (value.length >= 16) found.add(value);
    } else if (value && typeof value === 'object') {
      // The stored user record (kept for offline start) is shown on screen by design; only secrets count.
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (k !== 'user') walk(v);
    }
  };
  for (const raw of harness.keychain.values()) {
    if (raw.length >= 16) found.add(raw);
    try {
      walk(JSON.parse(raw));
    } catch {
      // not JSON: the raw value is the secret
    }
  }
  return [...found];
}

/**
 * After sign-out or an ended session: back on the login screen, and nothing
 * the page can reach holds the token or the user's data — not the DOM, not
 * window's own properties, not localStorage/sessionStorage, no IndexedDB.
 */
export async function expectSignedOutAndClean(
  page: Page,
  secrets: string[],
  user: { email: string; name: string },
): Promise<void> {
  await expect(page).toHaveURL(/#\/auth\/login/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  expect(secrets.length, 'the keychain held a token during the session').toBeGreaterThan(0);
  const reachable = await page.evaluate(async () => {
    const windowValues: string[] = [];
    for (const key of Object.getOwnPropertyNames(window)) {
      try {
        const value = (window as unknown as Record<string, unknown>)[key];
        if (typeof value === 'string') windowValues.push(value);
        else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
          windowValues.push(JSON.stringify(value));
        }
      } catch {
        // cross-origin or throwing getters hold nothing of ours
      }
    }
    const databases = 'databases' in indexedDB ? await indexedDB.databases() : [];
    return {
      html: document.documentElement.outerHTML,
      text: document.body.innerText,
      inputs: [...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value),
      localStorage: JSON.stringify({ ...localStorage }),
      sessionStorage: JSON.stringify({ ...sessionStorage }),
      cookies: document.cookie,
      windowValues: windowValues.join('\n'),
      databases: databases.map((d) => d.name ?? ''),
    };
  });
  for (const secret of secrets) {
    expect(reachable.html.includes(secret), 'token in the DOM').toBe(false);
    expect(reachable.localStorage.includes(secret), 'token in localStorage').toBe(false);
    expect(reachable.sessionStorage.includes(secret), 'token in sessionStorage').toBe(false);
    expect(reachable.windowValues.includes(secret), 'token in a window property').toBe(false);
    expect(reachable.cookies.includes(secret), 'token in a cookie').toBe(false);
  }
  expect(reachable.databases, 'IndexedDB databases').toEqual([]);
  for (const trace of [user.email, user.name]) {
    expect(reachable.html.includes(trace), `'${trace}' still in the DOM`).toBe(false);
    expect(reachable.inputs.includes(trace), `'${trace}' still in a form field`).toBe(false);
    expect(reachable.localStorage.includes(trace), `'${trace}' in localStorage`).toBe(false);
    expect(reachable.sessionStorage.includes(trace), `'${trace}' in sessionStorage`).toBe(false);
  }
}

/** The path a "saved" toast names ("Arquivo salvo em /…/x.pdf"), inside the test's downloads folder. */
export async function savedPath(page: Page, harness: Pick<Harness, 'paths'>): Promise<string> {
  const toast = page.locator('.bp6-toast').filter({ hasText: 'Arquivo salvo em' }).last();
  await expect(toast).toBeVisible();
  const path = ((await toast.textContent()) ?? '').replace(/^.*?(\/\S+\.pdf).*$/s, '$1');
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  return path;
}
