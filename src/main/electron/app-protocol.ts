/**
 * The renderer's own origin, app://backoffice, served from the built renderer
 * folder. Plain Node (no Electron import) so it is unit-tested: the Electron
 * shell registers the scheme as privileged and hands each request to
 * serveAppRequest. A custom secure origin instead of file:// means the page
 * cannot read other local files, needs no file-protocol privileges (the
 * grantFileProtocolExtraPrivileges fuse is off) and gets a real origin for
 * module scripts.
 */
import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { contentSecurityPolicy } from './policy';

export const APP_SCHEME = 'app';
export const APP_HOST = 'backoffice';
/** What the window loads in production. */
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** The privileges Electron gives the scheme (protocol.registerSchemesAsPrivileged). */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true } as const;

/** Content types of what the renderer build contains; anything else is served as opaque bytes. */
export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.wasm': 'application/wasm',
};

export function mimeTypeFor(path: string): string {
  return MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `root` an app:// URL names, or null when the URL is not
 * ours or tries to leave the folder: another host, encoded separators or
 * dot segments, NUL, backslashes, or a path that resolves outside `root`.
 * '/' is index.html.
 */
export function resolveAppPath(root: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  // Chromium lower-cases a standard scheme's host; Node's parser keeps it as typed.
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host.toLowerCase() !== APP_HOST || parsed.username || parsed.password) return null;
  const raw = parsed.pathname;
  // Encoded '/', '\', '.' or NUL have no business in a bundle path; decoding them could smuggle a traversal.
  if (/%(?:2f|5c|2e|00)/i.test(raw)) return null;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\')) return null;
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..' || /^[a-z]:$/i.test(s))) return null;
  const base = resolve(root);
  const target = resolve(base, ...(segments.length === 0 ? ['index.html'] : segments));
  const inside = relative(base, target);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside) || !target.startsWith(base + sep)) return null;
  return target;
}

/** Headers of an app answer: its type, nosniff, and on the page itself the CSP (the same as the meta tag's). */
export function appAnswerHeaders(path: string): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': mimeTypeFor(path),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  };
  if (extname(path).toLowerCase() === '.html') headers['content-security-policy'] = contentSecurityPolicy();
  return headers;
}

/** The answer to one app:// request: the file, 403 for a URL that is not a file of ours, 404 for a missing one. */
export async function serveAppRequest(root: string, request: { url: string; method?: string }): Promise<Response> {
  const method = (request.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return new Response(null, { status: 405 });
  const path = resolveAppPath(root, request.url);
  if (!path) return new Response(null, { status: 403 });
  let body: Buffer;
  try {
    body = await readFile(path);
  } catch {
    return new Response(null, { status: 404 });
  }
  return new Response(method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers: appAnswerHeaders(path) });
}
