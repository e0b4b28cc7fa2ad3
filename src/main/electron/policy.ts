/**
 * Security policy of the window, as plain functions (no Electron import) so
 * it can be unit-tested: which URLs are our own page, which external links
 * may open in the browser, and the Content-Security-Policy.
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

/**
 * The same app page, whatever the hash route (HashRouter: index.html#/app/users).
 * In production that is app://backoffice/index.html (app-protocol.ts);
 * file:// is never the app. Custom schemes have no WHATWG origin (it reads
 * 'null'), so scheme, host and page are compared one by one.
 */
export function isAppUrl(url: string, appUrl: string): boolean {
  const target = parse(url);
  const app = parse(appUrl);
  if (!target || !app) return false;
  if (app.protocol === 'http:' || app.protocol === 'https:') {
    // Dev server: same origin.
    return target.origin === app.origin;
  }
  if (app.protocol === 'file:') return false;
  const page = (u: URL) => (u.pathname === '/' ? '/index.html' : u.pathname);
  return target.protocol === app.protocol && target.host.toLowerCase() === app.host.toLowerCase() && !target.username && !target.password && page(target) === page(app);
}

export function isAllowedExternal(url: string, allowlist: readonly string[] = EXTERNAL_ORIGIN_ALLOWLIST): boolean {
  const target = parse(url);
  return !!target && target.protocol === 'https:' && allowlist.includes(target.origin);
}

/**
 * The production Content-Security-Policy of the page, one string for both
 * places it is delivered: the meta tag of src/renderer/index.html (a unit
 * test checks it is exactly this) and the header the app:// handler sends
 * with the page. The renderer never talks to the network (the main process
 * does), so connect-src is 'none'; Blueprint needs inline styles; pictures
 * arrive as data: URLs.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  // the PDF reader (pdf.js) parses documents in a worker bundled with the app, never one from elsewhere
  "worker-src 'self'",
].join('; ');

/** Directives a meta tag cannot carry (browsers ignore them there), added to the header only. */
export const HEADER_ONLY_CSP = "frame-ancestors 'none'";

/**
 * The CSP header: RENDERER_CSP plus the header-only directives. The dev
 * server adds what Vite's hot reload needs (inline preamble, its websocket).
 */
export function contentSecurityPolicy(devServerUrl?: string): string {
  const dev = devServerUrl ? parse(devServerUrl) : null;
  if (!dev) return `${RENDERER_CSP}; ${HEADER_ONLY_CSP}`;
  return `${RENDERER_CSP}; ${HEADER_ONLY_CSP}`
    .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
    .replace("connect-src 'none'", `connect-src 'self' ws://${dev.host}`);
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
