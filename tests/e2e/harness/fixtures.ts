/**
 * The end-to-end harness: a real server (startTestServer), the real
 * main-process services (createBackofficeMain) running in the test process
 * with inspectable ports, and the built renderer in Chromium with a stand-in
 * for the preload wired to those services through Playwright bindings.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startTestServer } from '../../helpers/server';
import { startCepStandIn, type CepStandIn } from '../../helpers/cep-stand-in';
import { SETTINGS_FILE } from '../../../src/main/services/settings';
import { createBackofficeMain, type BackofficeMain, type MainHandlers } from '../../../src/main/services/backoffice';
import type { Connectivity, FileProgress, SessionChange } from '../../../src/shared/bridge';
import { MemoryKeychain, TempDialogs, TestBackend } from './ports';
import { DISPATCH, bindingName, installStandIn, packBytes, unpackBytes, type HarnessEventKind } from './stand-in';
import { recordToasts } from './toasts';
import { stillSpinners } from './still-spinners';
import { serveStatic, type StaticServer } from './static-server';

type StartedServer = Awaited<ReturnType<typeof startTestServer>>;

export interface TestServer extends StartedServer {
  /** Stops the server (idempotent), keeping its data: the app then finds it unreachable. */
  stop(): Promise<void>;
  /** Brings the same server back on the same address and data. */
  restart(): Promise<void>;
}

/** One call the page made through `window.backoffice.api.call`. */
export interface ApiCallRecord {
  name: string;
  /** false while the main process has not answered it */
  answered: boolean;
  /** The answer's status once answered (null: no HTTP answer, e.g. refused before leaving the app). */
  status: number | null;
}

export interface Harness {
  main: BackofficeMain;
  keychain: MemoryKeychain;
  dialogs: TempDialogs;
  paths: { userData: string; downloads: string };
  /** Every session change the main process announced, in order. */
  sessionEvents: SessionChange[];
  progressEvents: FileProgress[];
  /** Every connectivity change the main process announced, in order. */
  connectivityEvents: Connectivity[];
  /** Every API call the page made, in the order made: which call met an answer, and whether any is still out. */
  apiCalls: ApiCallRecord[];
  /** URL of a hash route of the built renderer, e.g. url('/app/users'). */
  url(route: string): string;
  /** Opens a hash route and waits for the app to render. */
  goto(route: string): Promise<void>;
}

const HANDLER_NAMES = [
  'apiCall',
  'sessionCurrent',
  'filesExportExcel',
  'filesDownload',
  'filesChooseFolder',
  'filesPreview',
  'filesOpenReturn',
  'filesDownloads',
  'filesShowInFolder',
  'settingsGet',
  'settingsUpdate',
  'addressLookupCep',
  'appInfo',
] as const satisfies ReadonlyArray<keyof MainHandlers>;

async function installBridge(page: Page, main: BackofficeMain, record: Harness): Promise<() => void> {
  // Events are delivered into the page; a handler's answer waits for the
  // deliveries its call caused, so the page sees "session changed" before
  // the answer of the sign-in that changed it, as with Electron's ordered IPC.
  const deliveries = new Set<Promise<void>>();
  const deliver = (kind: HarnessEventKind, payload: unknown) => {
    const delivery: Promise<void> = page
      .evaluate(([fn, k, p]) => {
        const dispatch = (window as unknown as Record<string, unknown>)[fn as string];
        if (typeof dispatch === 'function') (dispatch as (k: unknown, p: unknown) => void)(k, p);
      }, [DISPATCH, kind, payload] as const)
      .catch(() => undefined) // a page that is navigating misses the event, as a reloading Electron window would
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  };
  const offSession = main.onSessionChange((change) => {
    record.sessionEvents.push(change);
    deliver('session', change);
  });
  const offProgress = main.onFileProgress((progress) => {
    record.progressEvents.push(progress);
    deliver('progress', progress);
  });

  for (const method of HANDLER_NAMES) {
    await page.exposeBinding(bindingName(method), async (_source, ...args: unknown[]) => {
      const handler = main.handlers[method] as (...a: unknown[]) => Promise<unknown>;
      const call: ApiCallRecord | null = method === 'apiCall' ? { name: String(args[0]), answered: false, status: null } : null;
      if (call) record.apiCalls.push(call);
      const result = await handler(...args.map(unpackBytes));
      if (call) {
        call.answered = true;
        call.status = (result as { status?: number | null }).status ?? null;
      }
      await Promise.all([...deliveries]);
      return packBytes(result);
    });
  }
  await page.addInitScript(installStandIn, { prefix: bindingName(''), dispatch: DISPATCH });
  await page.addInitScript(recordToasts);
  await page.addInitScript(stillSpinners);
  const offConnectivity = main.onConnectivity((state) => {
    record.connectivityEvents.push(state);
    deliver('connectivity', state);
  });
  return () => {
    offSession();
    offProgress();
    offConnectivity();
  };
}

/**
 * The server of the spec file running in this worker, for files that ask for
 * one server per file (`serverPerFile`). At most one is kept: the next file's
 * first test closes the previous file's. A failed test ends its worker, so a
 * retry (and every test after it) starts on a fresh server.
 */
class FileServers {
  private current: { file: string; server: Promise<TestServer> } | null = null;

  async for(file: string): Promise<TestServer> {
    if (this.current?.file !== file) {
      await this.close();
      const server = startTestServer({ seed: 'demo' });
      this.current = { file, server };
    }
    return this.current!.server;
  }

  async close(): Promise<void> {
    const previous = this.current;
    this.current = null;
    // One that failed to start has nothing to close (its test failed with the reason).
    const server = previous ? await previous.server.catch(() => null) : null;
    if (server) await closeServer(server);
  }
}

async function closeServer(server: TestServer): Promise<void> {
  await server.close();
  await rm(server.dataDir, { recursive: true, force: true }).catch(() => undefined);
}

export const test = base.extend<
  { server: TestServer; harness: Harness; keychainAvailable: boolean; cepService: CepStandIn; serverPerFile: boolean },
  { renderer: StaticServer; fileServers: FileServers }
>({
  /** false: the main process gets no keychain (as on a machine without a Secret Service). */
  keychainAvailable: [true, { option: true }],

  /**
   * true (`test.use({ serverPerFile: true })` at a spec's top): the file's
   * tests share one server over one copy of the demo database instead of one
   * each, which saves a server's start and stop per test (about 0.7 s of the
   * 1.5 s a test costs before it does anything). Only for files whose tests
   * do not depend on each other's writes, whatever their order: none stops
   * the server, moves its clock, or changes what another test reads.
   */
  serverPerFile: [false, { option: true }],

  fileServers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the pattern
    async ({}, use) => {
      const servers = new FileServers();
      await use(servers);
      await servers.close();
    },
    { scope: 'worker' },
  ],

  renderer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the pattern
    async ({}, use) => {
      const renderer = await serveStatic(resolve(process.env.BACKOFFICE_RENDERER_OUT ?? 'out/renderer'));
      await use(renderer);
      await renderer.close();
    },
    { scope: 'worker' },
  ],

  server: async ({ serverPerFile, fileServers }, use, testInfo) => {
    if (serverPerFile) {
      await use(await fileServers.for(testInfo.file));
      return;
    }
    // A file of its own servers after a file that shared one: that one is done.
    await fileServers.close();
    const server: TestServer = await startTestServer({ seed: 'demo' });
    await use(server);
    await closeServer(server);
  },

  /** The postal-code service the app is set to (no test reaches the public ViaCEP). */
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the pattern
  cepService: async ({}, use) => {
    const standIn = await startCepStandIn();
    await use(standIn);
    await standIn.close();
  },

  harness: async ({ page, server, renderer, keychainAvailable, cepService }, use) => {
    const root = await mkdtemp(join(tmpdir(), 'backoffice-e2e-'));
    const paths = { userData: join(root, 'userData'), downloads: join(root, 'downloads') };
    const keychain = new MemoryKeychain();
    const dialogs = new TempDialogs(paths.downloads);
    const main = createBackofficeMain({
      keychain: keychainAvailable ? keychain : null,
      dialogs,
      backend: new TestBackend(() => server.url),
      paths,
      appVersion: '0.0.0-e2e',
      platform: 'linux',
    });
    const harness: Harness = {
      main,
      keychain,
      dialogs,
      paths,
      sessionEvents: [],
      progressEvents: [],
      connectivityEvents: [],
      apiCalls: [],
      url: (route) => `${renderer.url}/index.html#${route}`,
      async goto(route) {
        await page.goto(harness.url(route));
        await page.waitForFunction(() => document.querySelector('[data-testid]') !== null);
      },
    };
    await mkdir(paths.userData, { recursive: true });
    await mkdir(paths.downloads, { recursive: true });
    // As if the user had set it in Preferências; every other setting keeps its default.
    await writeFile(join(paths.userData, SETTINGS_FILE), JSON.stringify({ cepServiceUrl: cepService.url }), 'utf8');
    page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
    await main.start();
    const uninstall = await installBridge(page, main, harness);
    await use(harness);
    uninstall();
    await main.dispose();
    // The offline cache may still be writing its last answer as the main process stops: retry the removal.
    await rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  },
});

export { expect };
