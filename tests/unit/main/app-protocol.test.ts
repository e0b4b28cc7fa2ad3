/**
 * The app:// scheme the window loads in production: URL → file resolution
 * inside the built renderer folder (no way out), the MIME types, and the
 * headers of the page (its CSP is the meta tag's, plus the header-only part).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_SCHEME_PRIVILEGES,
  mimeTypeFor,
  resolveAppPath,
  serveAppRequest,
} from '../../../src/main/electron/app-protocol';
import { contentSecurityPolicy } from '../../../src/main/electron/policy';
import { tempDir } from './helpers';

let work: { path: string; remove(): Promise<void> };
let root: string;

beforeAll(async () => {
  work = await tempDir('backoffice-app-scheme-');
  root = join(work.path, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(join(root, 'assets', 'index-abc.css'), 'body{}');
  await writeFile(join(root, 'assets', 'font.woff2'), 'w');
  // A secret beside the renderer folder that no app:// URL may reach.
  await writeFile(join(work.path, 'secret.txt'), 'segredo');
  await mkdir(join(work.path, 'renderer-evil'), { recursive: true });
  await writeFile(join(work.path, 'renderer-evil', 'x.js'), 'evil');
});
afterAll(() => work.remove());

describe('app:// resolution', () => {
  it('maps our URLs to files of the renderer folder; / is index.html', () => {
    expect(resolveAppPath(root, APP_ENTRY_URL)).toBe(join(root, 'index.html'));
    expect(resolveAppPath(root, 'app://backoffice/')).toBe(join(root, 'index.html'));
    expect(resolveAppPath(root, 'app://backoffice/index.html#/app/users?x=1')).toBe(join(root, 'index.html'));
    expect(resolveAppPath(root, 'app://backoffice/assets/index-abc.js?v=2')).toBe(join(root, 'assets', 'index-abc.js'));
    expect(resolveAppPath(root, 'app://backoffice/assets/n%C3%A3o.png')).toBe(join(root, 'assets', 'não.png'));
  });

  it.each([
    'app://backoffice/../secret.txt',
    'app://backoffice/assets/../../secret.txt',
    'app://backoffice/%2e%2e/secret.txt',
    'app://backoffice/%2E%2E%2Fsecret.txt',
    'app://backoffice/..%2fsecret.txt',
    'app://backoffice/..%5csecret.txt',
    'app://backoffice/assets\\..\\..\\secret.txt',
    'app://backoffice/index.html%00.js',
    'app://backoffice/%ZZ',
    'app://backoffice/../renderer-evil/x.js',
    'app://backoffice/C:/Windows/win.ini',
    'app://other/index.html',
    'app://user:pw@backoffice/index.html',
    'file:///etc/passwd',
    'https://backoffice/index.html',
    'not a url',
  ])('never leaves the renderer folder: %s', async (url) => {
    const path = resolveAppPath(root, url);
    // Refused outright, or (the URL parser having already dropped the dot segments) a path inside the folder.
    if (path !== null) expect(path.startsWith(join(root, '/'))).toBe(true);
    const answer = await serveAppRequest(root, { url });
    expect([403, 404]).toContain(answer.status);
    expect(await answer.text()).not.toContain('segredo');
  });

  it('refuses encoded separators, bad escapes, NUL, foreign hosts outright', () => {
    for (const url of [
      'app://backoffice/..%2fsecret.txt',
      'app://backoffice/%2E%2E%2Fsecret.txt',
      'app://backoffice/..%5csecret.txt',
      'app://backoffice/assets\\..\\..\\secret.txt',
      'app://backoffice/index.html%00.js',
      'app://backoffice/%ZZ',
      'app://other/index.html',
    ]) {
      expect(resolveAppPath(root, url), url).toBeNull();
    }
  });
});

describe('app:// answers', () => {
  it('serves the page with its type, nosniff and the CSP header', async () => {
    const answer = await serveAppRequest(root, { url: APP_ENTRY_URL, method: 'GET' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(await answer.text()).toContain('<title>app</title>');
  });

  it('serves scripts, styles and fonts with their MIME types and no CSP of their own', async () => {
    const js = await serveAppRequest(root, { url: 'app://backoffice/assets/index-abc.js' });
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('content-security-policy')).toBeNull();
    expect((await serveAppRequest(root, { url: 'app://backoffice/assets/index-abc.css' })).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await serveAppRequest(root, { url: 'app://backoffice/assets/font.woff2' })).headers.get('content-type')).toBe('font/woff2');
  });

  it('answers 403 to a traversal, 404 to a missing file or a folder, 405 to anything but GET/HEAD', async () => {
    expect((await serveAppRequest(root, { url: 'app://backoffice/..%2fsecret.txt' })).status).toBe(403);
    expect((await serveAppRequest(root, { url: 'app://backoffice/nada.js' })).status).toBe(404);
    expect((await serveAppRequest(root, { url: 'app://backoffice/assets' })).status).toBe(404);
    expect((await serveAppRequest(root, { url: APP_ENTRY_URL, method: 'POST' })).status).toBe(405);
    const head = await serveAppRequest(root, { url: APP_ENTRY_URL, method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('knows the types of a build and falls back to opaque bytes', () => {
    expect(mimeTypeFor('a.MJS')).toBe('text/javascript; charset=utf-8');
    expect(mimeTypeFor('a.svg')).toBe('image/svg+xml');
    expect(mimeTypeFor('a.exe')).toBe('application/octet-stream');
    expect(mimeTypeFor('LICENSE')).toBe('application/octet-stream');
  });

  it('the scheme is standard, secure and may use fetch', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({ standard: true, secure: true, supportFetchAPI: true });
  });
});
