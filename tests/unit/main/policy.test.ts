import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, isAllowedExternal, isAppUrl, isPermissionAllowed } from '../../../src/main/electron/policy';

const app = 'file:///opt/Backoffice/resources/app.asar/out/renderer/index.html';

describe('window policy', () => {
  it('our page is our page whatever the hash route', () => {
    expect(isAppUrl(`${app}#/app/users?page=2`, app)).toBe(true);
    expect(isAppUrl(app, app)).toBe(true);
  });

  it('anything else is not: other files, other schemes, remote pages', () => {
    expect(isAppUrl('file:///etc/passwd', app)).toBe(false);
    expect(isAppUrl('file:///opt/Backoffice/resources/app.asar/out/renderer/other.html', app)).toBe(false);
    expect(isAppUrl('https://evil.example/index.html', app)).toBe(false);
    expect(isAppUrl('javascript:alert(1)', app)).toBe(false);
    expect(isAppUrl('not a url', app)).toBe(false);
  });

  it('in development the dev server origin is the app', () => {
    expect(isAppUrl('http://localhost:5173/#/auth/login', 'http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
  });

  it('external links open only for allow-listed https origins', () => {
    const list = ['https://www.example.gov.br'];
    expect(isAllowedExternal('https://www.example.gov.br/lgpd', list)).toBe(true);
    expect(isAllowedExternal('http://www.example.gov.br/lgpd', list)).toBe(false);
    expect(isAllowedExternal('https://www.example.gov.br.evil.com/', list)).toBe(false);
    expect(isAllowedExternal('file:///etc/passwd', list)).toBe(false);
    expect(isAllowedExternal('https://anything.example/')).toBe(false);
  });

  it('the production CSP allows only our own scripts and no network from the page', () => {
    const csp = contentSecurityPolicy();
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('the dev CSP adds only what hot reload needs', () => {
    expect(contentSecurityPolicy('http://localhost:5173')).toContain("connect-src 'self' ws://localhost:5173");
  });
});

describe('web permissions', () => {
  it('allows only clipboard writes (copying an api_key)', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write')).toBe(true);
    for (const p of ['clipboard-read', 'media', 'notifications', 'geolocation', 'openExternal', 'fullscreen']) {
      expect(isPermissionAllowed(p)).toBe(false);
    }
  });
});
