/**
 * IPC registration against a stand-in for ipcMain: every channel is handled,
 * calls from anything but the top frame of our window at our page are
 * refused with a failure, and the rest reach the main-process handlers.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC } from '../../../src/shared/ipc';
import type { BackofficeMain, MainHandlers } from '../../../src/main/services/backoffice';

const handlers = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>();
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => Promise<unknown>) => handlers.set(channel, fn),
    removeHandler: (channel: string) => handlers.delete(channel),
  },
}));

const APP = 'app://backoffice/index.html';
const mainFrame = { parent: null, processId: 4, routingId: 1, url: `${APP}#/app/users` };
const webContents = { mainFrame, isDestroyed: () => false, send: vi.fn() };
const win = { webContents, isDestroyed: () => false };

const calls: unknown[][] = [];
const fake = new Proxy({} as MainHandlers, {
  get: (_t, name: string) => async (...args: unknown[]) => {
    calls.push([name, ...args]);
    return { data: name, error: false, status: 200 };
  },
});
let sessionListener: ((c: unknown) => void) | null = null;
let connectivityListener: ((c: unknown) => void) | null = null;
const main = {
  handlers: fake,
  onSessionChange: (l: (c: unknown) => void) => {
    sessionListener = l;
    return () => (sessionListener = null);
  },
  onFileProgress: () => () => undefined,
  onConnectivity: (l: (c: unknown) => void) => {
    connectivityListener = l;
    return () => (connectivityListener = null);
  },
} as unknown as BackofficeMain;

let unregister: () => void;
beforeAll(async () => {
  const { registerIpc } = await import('../../../src/main/electron/ipc');
  unregister = registerIpc({ main, getWindow: () => win as never, appUrl: APP, locale: () => 'pt-BR' });
});

const event = (frame: object | null, sender: object = webContents) => ({ senderFrame: frame, sender });

describe('ipc registration', () => {
  it('handles every channel the preload invokes', () => {
    const invoked = Object.entries(IPC)
      .filter(([key]) => key !== 'sessionChanged' && key !== 'filesProgress' && key !== 'appConnectivity')
      .map(([, channel]) => channel)
      .sort();
    expect([...handlers.keys()].sort()).toEqual(invoked);
  });

  it('passes calls from our page through to the handlers', async () => {
    const answer = await handlers.get(IPC.apiCall)!(event(mainFrame), 'users.admins', { page: 1 });
    expect(answer).toEqual({ data: 'apiCall', error: false, status: 200 });
    expect(calls.at(-1)).toEqual(['apiCall', 'users.admins', { page: 1 }]);
    await handlers.get(IPC.addressLookupCep)!(event(mainFrame), '01001-000');
    expect(calls.at(-1)).toEqual(['addressLookupCep', '01001-000']);
    await handlers.get(IPC.filesDownloads)!(event(mainFrame));
    expect(calls.at(-1)).toEqual(['filesDownloads']);
    await handlers.get(IPC.filesShowInFolder)!(event(mainFrame), 'an-entry-id');
    expect(calls.at(-1)).toEqual(['filesShowInFolder', 'an-entry-id']);
  });

  it('refuses "Abrir pasta" from a frame that is not our page', async () => {
    const before = calls.length;
    const answer = await handlers.get(IPC.filesShowInFolder)!(event({ ...mainFrame, url: 'https://evil.example/' }), 'an-entry-id');
    expect(answer).toMatchObject({ error: true, code: 'forbidden' });
    expect(calls.length).toBe(before);
  });

  it('refuses subframes, other pages, other windows and missing frames', async () => {
    const before = calls.length;
    const refused = [
      event({ ...mainFrame, parent: mainFrame, routingId: 2 }),
      event({ ...mainFrame, url: 'https://evil.example/' }),
      event({ ...mainFrame, url: 'file:///tmp/other.html' }),
      event({ ...mainFrame, url: 'file:///app/out/renderer/index.html' }),
      event({ ...mainFrame, url: 'app://other/index.html' }),
      event(mainFrame, { other: 'webContents' }),
      event(null),
    ];
    for (const e of refused) {
      expect(await handlers.get(IPC.settingsUpdate)!(e, { serverUrl: 'http://evil' })).toEqual({
        data: null,
        error: true,
        status: null,
        code: 'forbidden',
        message: 'Chamada recusada: origem não autorizada.',
      });
    }
    expect(calls.length).toBe(before);
  });

  it('forwards session changes to the window and unregisters cleanly', () => {
    sessionListener?.({ reason: 'expired' });
    expect(webContents.send).toHaveBeenCalledWith(IPC.sessionChanged, { reason: 'expired' });
    connectivityListener?.({ online: false, since: '2024-03-05T14:07:00.000Z' });
    expect(webContents.send).toHaveBeenCalledWith(IPC.appConnectivity, { online: false, since: '2024-03-05T14:07:00.000Z' });
    unregister();
    expect(handlers.size).toBe(0);
    expect(sessionListener).toBeNull();
    expect(connectivityListener).toBeNull();
  });
});
