/**
 * The browser stand-in for src/preload/index.ts (Actual Budget's approach):
 * the same `window.backoffice` object, built in the page before any app script
 * runs, on top of Playwright bindings that reach the main-process handlers in
 * the test process instead of ipcRenderer.invoke.
 *
 * `installStandIn` is serialised into the page by `addInitScript`, so it must
 * not use anything from this module's scope.
 */

/** Binding name in the page for a MainHandlers method. */
export const bindingName = (method: string): string => `__backoffice_${method}`;

/** Page function that delivers a main-process event to the registered listeners. */
export const DISPATCH = '__backofficeHarnessDispatch';

export type HarnessEventKind = 'session' | 'progress' | 'connectivity';

/** Uint8Array values cross the binding as `{ __bytes: number[] }` (bindings carry JSON-like values). */
export interface PackedBytes {
  __bytes: number[];
}

export function unpackBytes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unpackBytes);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.__bytes) && Object.keys(record).length === 1) return Uint8Array.from(record.__bytes as number[]);
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, unpackBytes(v)]));
  }
  return value;
}

export function packBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return { __bytes: Array.from(value) } satisfies PackedBytes;
  if (Array.isArray(value)) return value.map(packBytes);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, packBytes(v)]));
  }
  return value;
}

export function installStandIn(config: { prefix: string; dispatch: string }): void {
  type Listener = (payload: unknown) => void;
  const w = window as unknown as Record<string, unknown>;
  if (w.backoffice) return;

  const pack = (value: unknown): unknown => {
    if (value instanceof Uint8Array) return { __bytes: Array.from(value) };
    if (value instanceof ArrayBuffer) return { __bytes: Array.from(new Uint8Array(value)) };
    if (Array.isArray(value)) return value.map(pack);
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = pack(v);
      return out;
    }
    return value;
  };
  const unpack = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(unpack);
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (Array.isArray(record.__bytes) && Object.keys(record).length === 1) return Uint8Array.from(record.__bytes as number[]);
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(record)) out[k] = unpack(v);
      return out;
    }
    return value;
  };

  const invoke = async (method: string, ...args: unknown[]): Promise<unknown> => {
    const binding = w[config.prefix + method] as ((...a: unknown[]) => Promise<unknown>) | undefined;
    if (typeof binding !== 'function') throw new Error(`harness binding ${method} is missing`);
    return unpack(await binding(...args.map(pack)));
  };

  const listeners: Record<string, Set<Listener>> = { session: new Set(), progress: new Set(), connectivity: new Set() };
  const subscribe = (kind: string, listener: Listener): (() => void) => {
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    listeners[kind].add(listener);
    return () => {
      listeners[kind].delete(listener);
    };
  };
  Object.defineProperty(window, config.dispatch, {
    value: (kind: string, payload: unknown) => {
      for (const listener of [...(listeners[kind] ?? [])]) {
        try {
          listener(payload);
        } catch (error) {
          console.error(error);
        }
      }
    },
    enumerable: false,
  });

  // Same shape as src/preload/index.ts and BackofficeBridge in src/shared/bridge.ts.
  const bridge = {
    api: {
      call: (name: unknown, args: unknown) => invoke('apiCall', name, args),
    },
    session: {
      current: () => invoke('sessionCurrent'),
      onChange: (listener: Listener) => subscribe('session', listener),
    },
    files: {
      exportExcel: (name: unknown, args: unknown, options?: unknown) => invoke('filesExportExcel', name, args, options ?? {}),
      download: (name: unknown, args: unknown, options?: unknown) => invoke('filesDownload', name, args, options ?? {}),
      chooseFolder: () => invoke('filesChooseFolder'),
      preview: (name: unknown, args: unknown) => invoke('filesPreview', name, args),
      openReturnFile: () => invoke('filesOpenReturn'),
      downloads: () => invoke('filesDownloads'),
      showInFolder: (id: unknown) => invoke('filesShowInFolder', id),
      onProgress: (listener: Listener) => subscribe('progress', listener),
    },
    settings: {
      get: () => invoke('settingsGet'),
      update: (patch: unknown) => invoke('settingsUpdate', patch),
    },
    address: {
      lookupCep: (cep: unknown) => invoke('addressLookupCep', cep),
    },
    app: {
      info: () => invoke('appInfo'),
      onConnectivity: (listener: Listener) => subscribe('connectivity', listener),
    },
  };
  for (const part of Object.values(bridge)) Object.freeze(part);
  Object.defineProperty(window, 'backoffice', { value: Object.freeze(bridge), enumerable: true, writable: false, configurable: false });
}
