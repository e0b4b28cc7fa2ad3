/**
 * Whether the server answers. A call that gets no answer at all marks the
 * app offline; from then on the server is probed at an interval until it
 * answers again, and each change is announced so the renderer can refresh
 * what it shows from the offline cache.
 */
import type { Connectivity } from '@shared/bridge';
import { createEmitter } from './emitter';

export const DEFAULT_PROBE_INTERVAL_MS = 3_000;

export interface ConnectivityMonitor {
  state(): Connectivity;
  onChange(listener: (state: Connectivity) => void): () => void;
  /** A call got an answer (any status): the server is reachable. */
  reportAnswer(): void;
  /** A call got no answer at all. */
  reportUnreachable(): void;
  dispose(): void;
}

export interface ConnectivityOptions {
  /** true when the server answers right now. */
  probe(): Promise<boolean>;
  intervalMs?: number;
  now?: () => Date;
}

export function createConnectivityMonitor(options: ConnectivityOptions): ConnectivityMonitor {
  const intervalMs = options.intervalMs ?? DEFAULT_PROBE_INTERVAL_MS;
  const now = options.now ?? (() => new Date());
  const changes = createEmitter<Connectivity>();
  let current: Connectivity = { online: true, since: now().toISOString() };
  let timer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

  function set(online: boolean): void {
    if (current.online === online) return;
    current = { online, since: now().toISOString() };
    changes.emit({ ...current });
  }

  function schedule(): void {
    if (timer || disposed) return;
    timer = setTimeout(() => {
      timer = null;
      void options
        .probe()
        .catch(() => false)
        .then((answered) => {
          if (disposed || current.online) return;
          if (answered) set(true);
          else schedule();
        });
    }, intervalMs);
    // A pending probe must never keep the process alive.
    timer.unref?.();
  }

  return {
    state: () => ({ ...current }),
    onChange: (listener) => changes.on(listener),
    reportAnswer() {
      if (timer) clearTimeout(timer);
      timer = null;
      set(true);
    },
    reportUnreachable() {
      set(false);
      schedule();
    },
    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      changes.clear();
    },
  };
}
