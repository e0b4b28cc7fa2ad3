import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  HEADER_ONLY_CSP,
  isAllowedExternal,
  isAppUrl,
  isPermissionAllowed,
  RENDERER_CSP,
} from '../../../src/main/electron/policy';
import { APP_ENTRY_URL } from '../../../src/main/electron/app-protocol';

const app = APP_ENTRY_URL;

/** The directives of a policy, as a name → sources map. */
function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d !== '')
      .map((d) => [d.split(/\s+/)[0], d.split(/\s+/).slice(1).join(' ')] as [string, string]),
  );
}

describe('window policy', () => {
  it('our page is app://backoffice/index.html whatever the hash route', () => {
    expect(app).toBe('app://backoffice/index.html');
    expect(isAppUrl(`${app}#/app/users?page=2`, app)).toBe(true);
    expect(isAppUrl(app, app)).toBe(true);
    expect(isAppUrl('app://backoffice/', app)).toBe(true);
    expect(isAppUrl('APP://BACKOFFICE/index.html#/x', app)).toBe(true);
  });

  it('anything else is not: file:// pages (even the built renderer), other hosts and pages of the scheme, remote pages', () => {
    expect(isAppUrl('file:///etc/passwd', app)).toBe(false);
    expect(isAppUrl('file:///opt/Backoffice/resources/app.asar/out/renderer/index.html', app)).toBe(false);
    expect(isAppUrl('app://backoffice/other.html', app)).toBe(false);
    expect(isAppUrl('app://evil/index.html', app)).toBe(false);
    expect(isAppUrl('app://user:pw@backoffice/index.html', app)).toBe(false);
    expect(isAppUrl('https://backoffice/index.html', app)).toBe(false);
    expect(isAppUrl('https://evil.example/index.html', app)).toBe(false);
    expect(isAppUrl('javascript:alert(1)', app)).toBe(false);
    expect(isAppUrl('not a url', app)).toBe(false);
  });

  it('a file:// app URL is never trusted (the renderer no longer loads from file://)', () => {
    const fileApp = 'file:///opt/Backoffice/resources/app.asar/out/renderer/index.html';
    expect(isAppUrl(fileApp, fileApp)).toBe(false);
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

  it('the meta tag of index.html carries exactly the shared CSP; the header is it plus the header-only directives', () => {
    const html = readFileSync('src/renderer/index.html', 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
    expect(meta?.[1]).toBe(RENDERER_CSP);
    expect(contentSecurityPolicy()).toBe(`${RENDERER_CSP}; ${HEADER_ONLY_CSP}`);
    const header = directives(contentSecurityPolicy());
    for (const [name, sources] of directives(RENDERER_CSP)) expect(header.get(name), name).toBe(sources);
    expect(directives(RENDERER_CSP).get('connect-src')).toBe("'none'");
    // frame-ancestors is ignored (with a console error) in a meta tag, so it lives in the header only.
    expect(directives(RENDERER_CSP).has('frame-ancestors')).toBe(false);
  });

  it('the dev CSP adds only what hot reload needs', () => {
    const dev = contentSecurityPolicy('http://localhost:5173');
    expect(dev).toContain("connect-src 'self' ws://localhost:5173");
    expect(dev).toContain("script-src 'self' 'unsafe-inline'");
    expect(directives(dev).get('object-src')).toBe("'none'");
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
