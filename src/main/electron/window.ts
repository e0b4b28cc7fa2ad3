/**
 * The hardened main window and the app-wide web hardening (Electron's
 * security checklist): isolated, sandboxed renderer without Node; no
 * navigation away from our page; no new windows; external links only to the
 * allow-list in the user's browser; every permission denied but clipboard
 * writes (policy.ts); a strict CSP.
 */
import { app, BrowserWindow, shell, type Session, type WebContents } from 'electron';
import { contentSecurityPolicy, isAllowedExternal, isAppUrl, isPermissionAllowed } from './policy';

export interface WindowOptions {
  preload: string;
  /** app://backoffice/index.html (served from out/renderer by app-protocol.ts), or the dev server URL */
  appUrl: string;
}

export function hardenSession(session: Session, devServerUrl?: string): void {
  const csp = contentSecurityPolicy(devServerUrl);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(isPermissionAllowed(permission)));
  session.setPermissionCheckHandler((_contents, permission) => isPermissionAllowed(permission));
}

/** Applied to every web contents the app ever creates, not only the main window's. */
export function hardenWebContents(contents: WebContents, appUrl: string): void {
  const keepOnAppPage = (event: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url, appUrl)) {
      event.preventDefault();
      console.warn(`[window] blocked navigation to ${url}`);
    }
  };
  contents.on('will-navigate', keepOnAppPage);
  contents.on('will-redirect', keepOnAppPage);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternal(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

export function createMainWindow(options: WindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: 'Back-office de Crédito',
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      devTools: !app.isPackaged,
    },
  });
  win.once('ready-to-show', () => win.show());
  if (app.isPackaged) win.webContents.on('devtools-opened', () => win.webContents.closeDevTools());
  void win.loadURL(options.appUrl);
  return win;
}
