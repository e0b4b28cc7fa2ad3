/**
 * Which Chromium the end-to-end tests drive, so they run on any developer's
 * machine: CHROMIUM_PATH when set; else Playwright's own build when it was
 * installed (`npx playwright install chromium`); else a system Chromium or
 * Chrome found at its usual place. The browser speaks the app's language, so
 * native controls (a date input, a file picker's button) read Portuguese.
 *
 * On Linux the system's headless shell (Debian's chromium-headless-shell, which
 * .ci/run installs) comes before the full browser: the same Blink and V8 as
 * the full build, without the browser around them, which is the build
 * Playwright itself runs headless. The full build's headless mode cost the
 * e2e suite about a third more of the browser's CPU per test (a sign-in and a
 * list, six times: 44 s against 30 s of the browser's CPU, at load 15).
 */
import { chromium, type LaunchOptions } from '@playwright/test';
import { existsSync } from 'node:fs';

/** The app's default language, in the two spellings Chromium reads (flag and environment). */
export const BROWSER_LANG = 'pt-BR';
const POSIX_LANG = 'pt_BR.UTF-8';

const SYSTEM_CANDIDATES: Readonly<Record<string, readonly string[]>> = {
  // The binary itself, not /usr/bin/chromium-headless-shell: that is a shell script that does not exec it.
  linux: ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'],
  darwin: [
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
  ],
};

export interface BrowserChoice {
  /** undefined: Playwright's own build */
  executablePath: string | undefined;
  source: 'CHROMIUM_PATH' | 'playwright' | 'system';
}

function playwrightOwn(): string | null {
  try {
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    // No build is known for this platform.
    return null;
  }
}

/** Pure over its inputs (the environment, the platform and which files exist), so it is tested alone. */
export function chooseChromium(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: string = process.platform,
  exists: (path: string) => boolean = existsSync,
  own: () => string | null = playwrightOwn,
): BrowserChoice {
  const override = env.CHROMIUM_PATH?.trim();
  if (override) return { executablePath: override, source: 'CHROMIUM_PATH' };
  if (own()) return { executablePath: undefined, source: 'playwright' };
  const system = (SYSTEM_CANDIDATES[platform] ?? []).find((p) => exists(p));
  if (system) return { executablePath: system, source: 'system' };
  throw new Error(
    'No Chromium for the end-to-end tests: run `npx playwright install chromium`, install the system package ' +
      '(Debian/Ubuntu: apt-get install chromium), or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
}

/** Launch options for the chosen browser, with the app's language. */
export function launchOptions(choice: BrowserChoice = chooseChromium()): LaunchOptions {
  return {
    ...(choice.executablePath ? { executablePath: choice.executablePath } : {}),
    // Chromium on Linux takes its interface language from LANGUAGE/LANG rather than --lang.
    env: { ...process.env, LANG: POSIX_LANG, LANGUAGE: POSIX_LANG.split('.')[0], LC_ALL: POSIX_LANG },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--lang=${BROWSER_LANG}`,
      `--accept-lang=${BROWSER_LANG}`,
    ],
  };
}
