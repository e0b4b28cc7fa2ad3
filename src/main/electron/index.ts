/**
 * The Electron shell: the only place that touches Electron. It wires the
 * plain-Node main process (services/backoffice.ts) to real capabilities —
 * keychain, dialogs, app paths, the utility process — and to the window.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, protocol, session, type BrowserWindow } from 'electron';
import { createBackofficeMain, type BackofficeMain } from '../services/backoffice';
import { createEmbeddedBackendPort, type EmbeddedBackendPort } from '../services/backend';
import { APP_ENTRY_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES, serveAppRequest } from './app-protocol';
import { createDialogPort } from './dialogs';
import { registerIpc } from './ipc';
import { loadKeytarKeychain } from './keychain';
import { utilityProcessSpawner } from './utility-spawner';
import { createMainWindow, hardenSession, hardenWebContents } from './window';

// Bundled to out/main/index.js; the preload, renderer and server entry sit beside it.
const here = fileURLToPath(new URL('.', import.meta.url));
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const rendererRoot = join(here, '../renderer');
// Production pages come from app://backoffice (app-protocol.ts), never file://; dev keeps Vite's server.
const appUrl = devServerUrl ?? APP_ENTRY_URL;

// Must happen before the app is ready: a standard, secure scheme gets a real origin and modern web features.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);

let win: BrowserWindow | null = null;
let backoffice: BackofficeMain | null = null;
let backend: EmbeddedBackendPort | null = null;
let quitting = false;

function showWindow(): void {
  if (!win || win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  win.focus();
}

async function boot(): Promise<void> {
  if (!devServerUrl) protocol.handle(APP_SCHEME, (request) => serveAppRequest(rendererRoot, request));
  hardenSession(session.defaultSession, devServerUrl);
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, appUrl));

  const userData = app.getPath('userData');
  backend = createEmbeddedBackendPort(
    utilityProcessSpawner({
      entry: join(here, 'server.js'),
      dataDir: join(userData, 'server-data'),
      uploadsDir: join(userData, 'server-uploads'),
    }),
  );
  backoffice = createBackofficeMain({
    keychain: await loadKeytarKeychain(),
    dialogs: createDialogPort(() => win),
    backend,
    paths: { userData, downloads: app.getPath('downloads') },
    appVersion: app.getVersion(),
    platform: process.platform,
    // Its own entry in the bundle (electron.vite.config.ts), loaded from app.asar like this file.
    excelWorker: { path: join(here, 'excel-worker.js') },
  });
  const main = backoffice;
  registerIpc({
    main,
    getWindow: () => win,
    appUrl,
    locale: () => 'pt-BR',
  });
  // Start in the background: the window shows at once, handlers wait for start on their own.
  void main.start();
  win = createMainWindow({ preload: join(here, '../preload/index.cjs'), appUrl });
  win.on('closed', () => {
    win = null;
  });
}

async function shutdown(): Promise<void> {
  await backoffice?.dispose().catch(() => undefined);
  await backend?.stop().catch(() => undefined);
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', showWindow);
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    if (quitting) return;
    // Let the embedded server close its database cleanly before the process ends.
    event.preventDefault();
    quitting = true;
    void shutdown().finally(() => app.quit());
  });
  app
    .whenReady()
    .then(boot)
    .catch((error: unknown) => {
      console.error('[main] could not start', error);
      app.exit(1);
    });
}
