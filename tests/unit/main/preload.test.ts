/**
 * The preload against a stand-in for Electron's renderer modules: it must
 * expose exactly window.backoffice, forward each call to its IPC channel,
 * hide the IPC event from listeners, and let listeners unsubscribe.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC } from '../../../src/shared/ipc';
import type { BackofficeBridge } from '../../../src/shared/bridge';

const exposed = new Map<string, unknown>();
const invoked: unknown[][] = [];
const listeners = new Map<string, Set<(...args: unknown[]) => void>>();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: {
    invoke: async (...args: unknown[]) => {
      invoked.push(args);
      return { echoed: args[0] };
    },
    on: (channel: string, listener: (...args: unknown[]) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
    },
    removeListener: (channel: string, listener: (...args: unknown[]) => void) => listeners.get(channel)?.delete(listener),
  },
}));

let bridge: BackofficeBridge;
beforeAll(async () => {
  await import('../../../src/preload/index');
  bridge = exposed.get('backoffice') as BackofficeBridge;
});

function emit(channel: string, value: unknown): void {
  for (const l of listeners.get(channel) ?? []) l({ sender: 'the ipc event must stay hidden' }, value);
}

describe('preload bridge', () => {
  it('exposes window.backoffice and nothing else', () => {
    expect([...exposed.keys()]).toEqual(['backoffice']);
    expect(Object.keys(bridge).sort()).toEqual(['address', 'api', 'app', 'files', 'session', 'settings']);
    expect(JSON.stringify(Object.keys(bridge.files).sort())).toBe('["chooseFolder","download","downloads","exportExcel","onProgress","openReturnFile","preview","showInFolder"]');
  });

  it('forwards each call to its channel with its arguments', async () => {
    await bridge.api.call('users.admins', { page: 2 });
    await bridge.session.current();
    await bridge.files.exportExcel('users.export', {}, { fileName: 'x' });
    await bridge.files.download('uploads.get', { key: 'AAAAAAAAAAAAAAAAAAAAAA', type: 'avatar' });
    await bridge.files.chooseFolder();
    await bridge.files.openReturnFile();
    await bridge.files.downloads();
    await bridge.files.showInFolder('an-entry-id');
    await bridge.settings.get();
    await bridge.settings.update({ locale: 'en' });
    await bridge.address.lookupCep('01001-000');
    await bridge.app.info();
    expect(invoked).toEqual([
      [IPC.apiCall, 'users.admins', { page: 2 }],
      [IPC.sessionCurrent],
      [IPC.filesExportExcel, 'users.export', {}, { fileName: 'x' }],
      [IPC.filesDownload, 'uploads.get', { key: 'AAAAAAAAAAAAAAAAAAAAAA', type: 'avatar' }, undefined],
      [IPC.filesChooseFolder],
      [IPC.filesOpenReturn],
      [IPC.filesDownloads],
      [IPC.filesShowInFolder, 'an-entry-id'],
      [IPC.settingsGet],
      [IPC.settingsUpdate, { locale: 'en' }],
      [IPC.addressLookupCep, '01001-000'],
      [IPC.appInfo],
    ]);
  });

  it('listeners get the payload only, and can unsubscribe', () => {
    const seen: unknown[] = [];
    const off = bridge.session.onChange((change) => seen.push(change));
    const offProgress = bridge.files.onProgress((p) => seen.push(p));
    emit(IPC.sessionChanged, { reason: 'expired' });
    emit(IPC.filesProgress, { jobId: 'j', phase: 'done', written: 3 });
    off();
    offProgress();
    emit(IPC.sessionChanged, { reason: 'signed-in' });
    expect(seen).toEqual([{ reason: 'expired' }, { jobId: 'j', phase: 'done', written: 3 }]);
    expect(listeners.get(IPC.sessionChanged)?.size).toBe(0);
  });
});
