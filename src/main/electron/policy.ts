/**
 * Security policy of the window, as plain functions (no Electron import) so
 * it can be unit-tested: which URLs are our own page, which external links
 * may open in the browser, and the Content-Security-Policy header.
 */

/** External https origins the app may open in the user's browser. Later areas add theirs here. */
export const EXTERNAL_ORIGIN_ALLOWLIST: readonly string[] = [];

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The same app page, whatever the hash route (HashRouter: index.html#/app/users). */
export function isAppUrl(url: string, appUrl: string): boolean {
  const target = parse(url);
  const app = parse(appUrl);
  if (!target || !app) return false;
  if (app.protocol === 'file:') return target.protocol === 'file:' && target.pathname === app.pathname;
  // Dev server: same origin.
  return target.origin === app.origin;
}

export function isAllowedExternal(url: string, allowlist: readonly string[] = EXTERNAL_ORIGIN_ALLOWLIST): boolean {
  const target = parse(url);
  return !!target && target.protocol === 'https:' && allowlist.includes(target.origin);
}

/**
 * The renderer never talks to the network (the main process does), so
 * connect-src is closed; Blueprint needs inline styles. The dev server adds
 * what Vite's hot reload needs.
 */
export function contentSecurityPolicy(devServerUrl?: string): string {
  const dev = devServerUrl ? parse(devServerUrl) : null;
  const directives = [
    "default-src 'self'",
    dev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    dev ? `connect-src 'self' ws://${dev.host}` : "connect-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "worker-src 'none'",
  ];
  return directives.join('; ');
}

/**
 * The only web permission the app's page may have: writing plain text to the
 * clipboard (copying a project's api_key). Everything else — camera,
 * notifications, geolocation, reading the clipboard — stays denied.
 */
export const ALLOWED_PERMISSIONS: readonly string[] = ['clipboard-sanitized-write'];

export function isPermissionAllowed(permission: string): boolean {
  return ALLOWED_PERMISSIONS.includes(permission);
}
