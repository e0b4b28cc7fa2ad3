import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOfflineCache } from '../../../src/main/services/cache';
import { createConnectivityMonitor } from '../../../src/main/services/cache-connectivity';
import { createApiDispatcher } from '../../../src/main/services/dispatcher';
import type { SessionService } from '../../../src/main/services/session';
import type { Connectivity } from '../../../src/shared/bridge';
import type { ApiResult } from '../../../src/shared/result';
import { translate } from '../../../src/shared/i18n';
import { memoryKeychain, tempDir } from './helpers';
import { eventually } from '../../helpers/eventually';

const LIST = { items: [{ id: 3, name: 'Ana' }], meta: { currentPage: 1, totalPages: 1, totalItems: 1, pageSize: 10 } };
const ok = (data: unknown): ApiResult<unknown> => ({ data, error: false, status: 200 });
const down = (): ApiResult<unknown> => ({
  data: null,
  error: true,
  status: null,
  code: 'network',
  message: translate('pt-BR', 'errors.network'),
});

/** A session whose server can be switched off; only call() and state() matter to the dispatcher. */
function switchableSession(userId: number | null) {
  const server = { up: true, userId, calls: [] as string[] };
  const session = {
    state: () => ({ user: server.userId === null ? null : { id: server.userId }, forcePasswordChange: false, keychain: 'available' }),
    call: async (name: string) => {
      server.calls.push(name);
      if (!server.up) return down();
      if (name === 'users.admins') return ok(LIST);
      if (name === 'users.byId') return ok({ id: 3, name: 'Ana' });
      return ok({ saved: true });
    },
  } as unknown as SessionService; // the rest of the session is not used by the dispatcher
  return { server, session };
}

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  dir = await tempDir('backoffice-cache-calls-');
});
afterEach(async () => dir.remove());

function setup(userId: number | null = 5) {
  const { server, session } = switchableSession(userId);
  const cache = createOfflineCache({ dir: dir.path, keychain: memoryKeychain(), now: () => new Date('2024-03-05T14:07:00Z') });
  let probeAnswers = false;
  const connectivity = createConnectivityMonitor({ intervalMs: 20, probe: async () => probeAnswers });
  const events: Connectivity[] = [];
  connectivity.onChange((s) => events.push(s));
  const api = createApiDispatcher({ session, locale: () => 'pt-BR', offline: { cache, connectivity } });
  return { server, api, cache, connectivity, events, serverBack: () => (probeAnswers = true) };
}

describe('calls through the offline cache', () => {
  it('answers a cached list and detail, marked stale with their time, when the server cannot be reached', async () => {
    const { server, api } = setup();
    expect(await api.apiCall('users.admins', { page: 1, limit: 10 })).toEqual(ok(LIST));
    expect(await api.apiCall('users.byId', { id: 3 })).toEqual(ok({ id: 3, name: 'Ana' }));
    server.up = false;
    expect(await api.apiCall('users.admins', { limit: 10, page: 1 })).toEqual({
      data: LIST,
      error: false,
      status: 200,
      stale: true,
      cachedAt: '2024-03-05T14:07:00.000Z',
    });
    expect(await api.apiCall('users.byId', { id: 3 })).toMatchObject({ data: { id: 3 }, stale: true });
    // A page never seen is still the clear network failure.
    expect(await api.apiCall('users.admins', { page: 2, limit: 10 })).toEqual(down());
  });

  it('never answers a write from the cache: it keeps failing with the network message', async () => {
    const { server, api } = setup();
    await api.apiCall('users.admins', { page: 1 });
    server.up = false;
    const write = await api.apiCall('users.updateAdmin', { id: 3, name: 'Ana B', email: 'ana@example.com', role_id: 1 });
    expect(write.error).toBe(true);
    expect(write.error && write.message).toBe(translate('pt-BR', 'errors.network'));
  });

  it('keeps nothing for a signed-out caller and never shows one user the answers of another', async () => {
    const { server, api } = setup(5);
    await api.apiCall('users.admins', { page: 1 });
    server.userId = 6;
    server.up = false;
    expect((await api.apiCall('users.admins', { page: 1 })).error).toBe(true);
    server.userId = null;
    expect((await api.apiCall('users.admins', { page: 1 })).error).toBe(true);
  });

  it('announces going offline, probes, and announces coming back', async () => {
    const { server, api, events, serverBack, connectivity } = setup();
    server.up = false;
    await api.apiCall('users.admins', { page: 1 });
    expect(events.map((e) => e.online)).toEqual([false]);
    await new Promise((r) => setTimeout(r, 80));
    expect(events.map((e) => e.online)).toEqual([false]);
    serverBack();
    await eventually(() => expect(events.map((e) => e.online)).toEqual([false, true]));
    // A call that gets an answer also says the server is back, without waiting for a probe.
    await api.apiCall('users.admins', { page: 1 });
    server.up = false;
    await api.apiCall('users.admins', { page: 1 });
    server.up = true;
    await api.apiCall('users.admins', { page: 1 });
    expect(events.map((e) => e.online)).toEqual([false, true, false, true]);
    connectivity.dispose();
  });
});
