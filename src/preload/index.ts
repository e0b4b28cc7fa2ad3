/**
 * The preload: exposes exactly the typed bridge as window.backoffice and
 * nothing else (never ipcRenderer itself). Bundled into one CommonJS file for
 * the sandbox; it imports only the channel names at run time.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC } from '@shared/ipc';
import type { BackofficeBridge, Connectivity, FileProgress, SessionChange } from '@shared/bridge';

function subscribe<T>(channel: string, listener: (value: T) => void): () => void {
  if (typeof listener !== 'function') return () => undefined;
  // The event object (with its sender) never reaches the page.
  const wrapped = (_event: IpcRendererEvent, value: T) => listener(value);
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
}

const bridge: BackofficeBridge = {
  api: {
    call: ((name: string, args: unknown) => ipcRenderer.invoke(IPC.apiCall, name, args)) as BackofficeBridge['api']['call'],
  },
  session: {
    current: () => ipcRenderer.invoke(IPC.sessionCurrent),
    onChange: (listener) => subscribe<SessionChange>(IPC.sessionChanged, listener),
  },
  files: {
    exportExcel: ((name: string, args: unknown, options?: unknown) =>
      ipcRenderer.invoke(IPC.filesExportExcel, name, args, options)) as BackofficeBridge['files']['exportExcel'],
    download: ((name: string, args: unknown, options?: unknown) =>
      ipcRenderer.invoke(IPC.filesDownload, name, args, options)) as BackofficeBridge['files']['download'],
    chooseFolder: () => ipcRenderer.invoke(IPC.filesChooseFolder),
    preview: ((name: string, args: unknown) => ipcRenderer.invoke(IPC.filesPreview, name, args)) as BackofficeBridge['files']['preview'],
    openReturnFile: () => ipcRenderer.invoke(IPC.filesOpenReturn),
    downloads: () => ipcRenderer.invoke(IPC.filesDownloads),
    showInFolder: (id) => ipcRenderer.invoke(IPC.filesShowInFolder, id),
    onProgress: (listener) => subscribe<FileProgress>(IPC.filesProgress, listener),
  },
  settings: {
    get: () => ipcRenderer.invoke(IPC.settingsGet),
    update: (patch) => ipcRenderer.invoke(IPC.settingsUpdate, patch),
  },
  address: {
    lookupCep: (cep) => ipcRenderer.invoke(IPC.addressLookupCep, cep),
  },
  app: {
    info: () => ipcRenderer.invoke(IPC.appInfo),
    onConnectivity: (listener) => subscribe<Connectivity>(IPC.appConnectivity, listener),
  },
};

contextBridge.exposeInMainWorld('backoffice', bridge);
