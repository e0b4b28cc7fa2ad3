/**
 * One ipcMain handler per channel. Each first checks that the call comes from
 * the top frame of our own window at our own page (not an iframe, not a page
 * navigated elsewhere), then hands the raw arguments to the handler, which
 * validates them. Session and progress events go back with webContents.send.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { IPC } from '@shared/ipc';
import type { Locale } from '@shared/bridge';
import type { BackofficeMain } from '../services/backoffice';
import { failure } from '../services/failure';
import { isAppUrl } from './policy';

export interface IpcOptions {
  main: BackofficeMain;
  getWindow(): BrowserWindow | null;
  appUrl: string;
  locale(): Locale;
}

export function isTrustedSender(event: IpcMainInvokeEvent, win: BrowserWindow | null, appUrl: string): boolean {
  if (!win || win.isDestroyed()) return false;
  const frame = event.senderFrame;
  if (!frame || event.sender !== win.webContents) return false;
  const top = win.webContents.mainFrame;
  const isTop = frame.parent === null && frame.processId === top.processId && frame.routingId === top.routingId;
  return isTop && isAppUrl(frame.url, appUrl);
}

/** Registers the handlers; returns a function that removes them and the event forwarding. */
export function registerIpc(options: IpcOptions): () => void {
  const { main } = options;
  const h = main.handlers;

  function handle(channel: string, run: (...args: unknown[]) => Promise<unknown>): void {
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!isTrustedSender(event, options.getWindow(), options.appUrl)) {
        console.warn(`[ipc] refused ${channel} from ${event.senderFrame?.url ?? 'unknown frame'}`);
        return failure('forbidden', options.locale(), { key: 'errors.forbiddenSender' });
      }
      try {
        return await run(...args);
      } catch (error) {
        // The handlers never throw by design; this keeps a bug from becoming a rejected promise in the page.
        console.error(`[ipc] ${channel} failed:`, error);
        return failure('server', options.locale());
      }
    });
  }

  handle(IPC.apiCall, (name, args) => h.apiCall(name, args));
  handle(IPC.sessionCurrent, () => h.sessionCurrent());
  handle(IPC.filesExportExcel, (name, args, opts) => h.filesExportExcel(name, args, opts));
  handle(IPC.filesDownload, (name, args, opts) => h.filesDownload(name, args, opts));
  handle(IPC.filesChooseFolder, () => h.filesChooseFolder());
  handle(IPC.filesPreview, (name, args) => h.filesPreview(name, args));
  handle(IPC.filesOpenReturn, () => h.filesOpenReturn());
  handle(IPC.filesDownloads, () => h.filesDownloads());
  handle(IPC.filesShowInFolder, (id) => h.filesShowInFolder(id));
  handle(IPC.settingsGet, () => h.settingsGet());
  handle(IPC.settingsUpdate, (patch) => h.settingsUpdate(patch));
  handle(IPC.addressLookupCep, (cep) => h.addressLookupCep(cep));
  handle(IPC.appInfo, () => h.appInfo());

  function send(channel: string, payload: unknown): void {
    const win = options.getWindow();
    if (win && !win.isDestroyed()) win.webContents.send(channel, payload);
  }
  const offSession = main.onSessionChange((change) => send(IPC.sessionChanged, change));
  const offProgress = main.onFileProgress((progress) => send(IPC.filesProgress, progress));
  const offConnectivity = main.onConnectivity((state) => send(IPC.appConnectivity, state));

  return () => {
    offSession();
    offProgress();
    offConnectivity();
    for (const channel of [
      IPC.apiCall,
      IPC.sessionCurrent,
      IPC.filesExportExcel,
      IPC.filesDownload,
      IPC.filesChooseFolder,
      IPC.filesPreview,
      IPC.filesOpenReturn,
      IPC.filesDownloads,
      IPC.filesShowInFolder,
      IPC.settingsGet,
      IPC.settingsUpdate,
      IPC.addressLookupCep,
      IPC.appInfo,
    ]) {
      ipcMain.removeHandler(channel);
    }
  };
}
