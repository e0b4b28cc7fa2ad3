/** Which Chromium the end-to-end tests launch, and that it speaks the app's language. */
import { describe, expect, it } from 'vitest';
import { chooseChromium, launchOptions } from '../../e2e/harness/browser';

const none = () => false;

describe('the end-to-end browser', () => {
  it('is CHROMIUM_PATH when set, over everything else', () => {
    expect(chooseChromium({ CHROMIUM_PATH: '/opt/chrome/chrome' }, 'linux', () => true, () => '/pw/chrome')).toEqual({
      executablePath: '/opt/chrome/chrome',
      source: 'CHROMIUM_PATH',
    });
  });

  it("is Playwright's own build when installed", () => {
    expect(chooseChromium({}, 'linux', () => true, () => '/pw/chrome')).toEqual({ executablePath: undefined, source: 'playwright' });
  });

  it("else the system's, at its usual place for the platform", () => {
    expect(chooseChromium({}, 'linux', (p) => p === '/usr/bin/chromium', () => null)).toEqual({ executablePath: '/usr/bin/chromium', source: 'system' });
    expect(chooseChromium({}, 'linux', (p) => p === '/usr/bin/google-chrome', () => null).executablePath).toBe('/usr/bin/google-chrome');
    // Debian's headless shell (the binary, not its wrapper script) before the full browser.
    expect(chooseChromium({}, 'linux', (p) => p === '/usr/bin/chromium' || p === '/usr/lib/chromium/chromium-headless-shell', () => null).executablePath).toBe(
      '/usr/lib/chromium/chromium-headless-shell',
    );
    expect(chooseChromium({ CHROMIUM_PATH: '  ' }, 'darwin', (p) => p.includes('Google Chrome'), () => null).source).toBe('system');
  });

  it('says how to get one when there is none', () => {
    expect(() => chooseChromium({}, 'linux', none, () => null)).toThrow(/playwright install chromium|CHROMIUM_PATH/);
  });

  it('runs in pt-BR, with the executable only when it is not Playwright\'s own', () => {
    const own = launchOptions({ executablePath: undefined, source: 'playwright' });
    expect(own.executablePath).toBeUndefined();
    expect(own.args).toContain('--lang=pt-BR');
    expect(own.env?.LANGUAGE).toBe('pt_BR');
    expect(launchOptions({ executablePath: '/usr/bin/chromium', source: 'system' }).executablePath).toBe('/usr/bin/chromium');
  });
});
