/**
 * The main process without Electron: settings, backend, session, API calls
 * and files wired together behind one handler per IPC channel. The Electron
 * shell registers these handlers; the end-to-end harness calls them
 * directly. Every handler takes unknown input and never throws.
 */
import type { Address, AppInfo, Connectivity, FilePreview, OpenedFile, FileProgress, SavedDownload, SavedFile, SessionChange, SessionState, Settings } from '@shared/bridge';
import type { ApiResult } from '@shared/result';
import { createEmitter } from './emitter';
import { createCepService } from './cep';
import { CACHE_FOLDER, createOfflineCache, type OfflineCache } from './cache';
import { createConnectivityMonitor } from './cache-connectivity';
import { createApiDispatcher } from './dispatcher';
import { errorText, failure } from './failure';
import { createFilesService } from './files';
import type { ExcelWorkerEntry } from './excel-in-worker';
import { createHttpClient } from './http';
import type { AppPaths, BackendPort, DialogPort, KeychainPort } from './ports';
import { createSessionService } from './session';
import { createSettingsStore } from './settings';
import { join } from 'node:path';

export type { AppPaths, BackendPort, DialogPort, KeychainPort } from './ports';

export interface BackofficeMainOptions {
  keychain: KeychainPort | null /* null = no keychain reachable */;
  dialogs: DialogPort;
  backend: BackendPort;
  paths: AppPaths;
  appVersion: string;
  platform: string;
  /** Offline cache bound in bytes (default 50 MB). */
  cacheMaxBytes?: number;
  /** How often an unreachable server is probed (default 3 s). */
  connectivityProbeMs?: number;
  /** How long a CEP lookup may take (default 5 s). */
  cepTimeoutMs?: number;
  /** The Excel export's worker script: out/main/excel-worker.js in the app; default the source through tsx. */
  excelWorker?: ExcelWorkerEntry;
}

/** One per IPC channel of src/shared/bridge.ts IPC. */
export interface MainHandlers {
  apiCall(name: unknown, args: unknown): Promise<ApiResult<unknown>>;
  sessionCurrent(): Promise<SessionState>;
  filesExportExcel(name: unknown, args: unknown, options: unknown): Promise<ApiResult<SavedFile | null>>;
  filesDownload(name: unknown, args: unknown, options: unknown): Promise<ApiResult<SavedFile | null>>;
  filesChooseFolder(): Promise<string | null>;
  filesPreview(name: unknown, args: unknown): Promise<ApiResult<FilePreview>>;
  filesOpenReturn(): Promise<ApiResult<OpenedFile | null>>;
  filesDownloads(): Promise<SavedDownload[]>;
  filesShowInFolder(id: unknown): Promise<ApiResult<null>>;
  settingsGet(): Promise<Settings>;
  settingsUpdate(patch: unknown): Promise<ApiResult<Settings>>;
  addressLookupCep(cep: unknown): Promise<ApiResult<Address>>;
  appInfo(): Promise<AppInfo>;
}

export interface BackofficeMain {
  handlers: MainHandlers;
  onSessionChange(listener: (change: SessionChange) => void): () => void;
  onFileProgress(listener: (progress: FileProgress) => void): () => void;
  /** The server stopped or started answering. */
  onConnectivity(listener: (state: Connectivity) => void): () => void;
  /** The offline cache (the bench reads pages from it). */
  cache: OfflineCache;
  /** Loads settings, resolves the backend, restores the session from the keychain. */
  start(): Promise<void>;
  dispose(): Promise<void>;
}

interface ResolvedBackend {
  url: string;
  embedded: boolean;
}

export function createBackofficeMain(options: BackofficeMainOptions): BackofficeMain {
  const http = createHttpClient();
  const settings = createSettingsStore({ userData: options.paths.userData, probe: (url) => http.probe(url) });
  const progress = createEmitter<FileProgress>();
  let backend: ResolvedBackend | null = null;
  let resolving: Promise<ResolvedBackend> | null = null;

  /** The backend for the current settings; a failed embedded start is retried on the next call. */
  function currentBackend(): Promise<ResolvedBackend> {
    if (backend) return Promise.resolve(backend);
    resolving ??= (async () => {
      const current = settings.get();
      try {
        const resolved = await options.backend.resolve(current);
        http.useLaunchSecret(resolved.launchSecret ? { url: resolved.url, secret: resolved.launchSecret } : null);
        backend = resolved;
        return backend;
      } catch (error) {
        console.error('[backend] could not start:', errorText(error));
        // No URL: every call answers the 'network' failure until a later attempt works.
        return { url: '', embedded: current.serverUrl === '' };
      } finally {
        resolving = null;
      }
    })();
    return resolving;
  }

  const session = createSessionService({
    http,
    keychain: options.keychain,
    context: async () => ({ baseUrl: (await currentBackend()).url, locale: settings.get().locale }),
  });
  const cache = createOfflineCache({
    dir: join(options.paths.userData, CACHE_FOLDER),
    keychain: options.keychain,
    maxBytes: options.cacheMaxBytes,
  });
  const connectivity = createConnectivityMonitor({
    intervalMs: options.connectivityProbeMs,
    probe: async () => {
      const url = (await currentBackend()).url;
      return url !== '' && (await http.probe(url)) !== 'unreachable';
    },
  });
  // Cached answers belong to one user: gone at sign-out or expiry, and when someone else signs in.
  session.onChange((change) => {
    const purge =
      change.reason === 'signed-out' || change.reason === 'expired'
        ? cache.purge()
        : change.state.user
          ? cache.keepOnly(change.state.user.id)
          : Promise.resolve();
    purge.catch((error: unknown) => console.warn('[cache] purge failed:', errorText(error)));
  });
  const dispatcher = createApiDispatcher({
    session,
    locale: () => settings.get().locale,
    offline: { cache, connectivity },
  });
  const files = createFilesService({
    session,
    dialogs: options.dialogs,
    paths: options.paths,
    settings: () => settings.get(),
    emitProgress: (p) => progress.emit(p),
    excelWorker: options.excelWorker,
  });

  // Where the last person saved files is not the next one's business.
  session.onChange((change) => {
    if (change.reason === 'signed-out' || change.reason === 'expired') files.forgetDownloads();
  });

  const cep = createCepService({
    baseUrl: () => settings.get().cepServiceUrl,
    locale: () => settings.get().locale,
    timeoutMs: options.cepTimeoutMs,
  });

  let starting: Promise<void> | null = null;
  function start(): Promise<void> {
    starting ??= (async () => {
      await settings.load();
      await currentBackend();
      await session.restore();
    })().catch((error: unknown) => {
      // Start problems surface as failures of the calls that follow, never as a crash.
      console.error('[main] start failed:', errorText(error));
    });
    return starting;
  }

  /** Runs a handler after start; an unexpected error becomes a 'server' failure. */
  async function guarded<T>(run: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
    try {
      await start();
      return await run();
    } catch (error) {
      console.error('[main] handler failed:', errorText(error));
      return failure('server', settings.get().locale, { status: null });
    }
  }

  const handlers: MainHandlers = {
    apiCall: (name, args) => guarded(() => dispatcher.apiCall(name, args)),
    filesExportExcel: (name, args, opts) => guarded(() => files.exportExcel(name, args, opts)),
    filesDownload: (name, args, opts) => guarded(() => files.download(name, args, opts)),
    filesPreview: (name, args) => guarded(() => files.preview(name, args)),
    filesOpenReturn: () => guarded(() => files.openReturnFile()),
    filesShowInFolder: (id) => guarded(() => files.showInFolder(id)),

    async filesDownloads() {
      await start();
      return files.downloads();
    },
    // No session needed: the postal-code service is public, and the form may be filled before saving.
    addressLookupCep: (value) => guarded(() => cep.lookup(value)),

    async sessionCurrent() {
      await start();
      return session.state();
    },

    async filesChooseFolder() {
      await start();
      return files.chooseFolder();
    },

    async settingsGet() {
      await start();
      return settings.get();
    },

    settingsUpdate: (patch) =>
      guarded(async () => {
        const before = settings.get();
        const result = await settings.update(patch);
        if (!result.error && result.data.serverUrl !== before.serverUrl) {
          // The token belongs to the old server: revoke it there (best effort), forget it here.
          if (session.state().user) await session.call('session.logout', {});
          await session.end('signed-out');
          backend = null;
          await currentBackend();
        }
        return result;
      }),

    async appInfo() {
      await start();
      const current = await currentBackend();
      return {
        version: options.appVersion,
        embedded: current.embedded,
        serverUrl: current.url,
        platform: options.platform,
      };
    },
  };

  return {
    handlers,
    onSessionChange: (listener) => session.onChange(listener),
    onFileProgress: (listener) => progress.on(listener),
    onConnectivity: (listener) => connectivity.onChange(listener),
    cache,
    start,
    async dispose() {
      progress.clear();
      connectivity.dispose();
    },
  };
}
