/**
 * User settings in a JSON file in the app's data folder. A new server
 * address is checked before it is accepted, so a typo never leaves the app
 * pointing nowhere; a folder must exist before it becomes the download
 * folder. Writes are atomic (temporary file, then rename).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { settingsPatchSchema, settingsSchema, type Settings } from '@shared/bridge';
import type { ApiResult } from '@shared/result';
import { failure, invalidArgs } from './failure';
import type { ProbeResult } from './http';

export const SETTINGS_FILE = 'settings.json';

export interface SettingsStoreOptions {
  userData: string;
  /** Whether an address answers like our API. */
  probe(baseUrl: string): Promise<ProbeResult>;
}

export interface SettingsStore {
  load(): Promise<Settings>;
  get(): Settings;
  update(patch: unknown): Promise<ApiResult<Settings>>;
}

export function defaultSettings(): Settings {
  return settingsSchema.parse({});
}

/** 'http://host:1/' and 'http://host:1' are the same server. */
export function normaliseServerUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

export function createSettingsStore(options: SettingsStoreOptions): SettingsStore {
  const file = join(options.userData, SETTINGS_FILE);
  let current = defaultSettings();
  // Updates are serialised so two quick changes cannot interleave their checks and writes.
  let queue: Promise<unknown> = Promise.resolve();

  async function save(next: Settings): Promise<void> {
    await mkdir(options.userData, { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, JSON.stringify(next, null, 2), 'utf8');
      await rename(temp, file);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  async function apply(patch: unknown): Promise<ApiResult<Settings>> {
    const locale = current.locale;
    const parsed = settingsPatchSchema.safeParse(patch);
    if (!parsed.success) return invalidArgs(locale, parsed.error.issues);
    // zod 4 fills defaults even in a partial schema: only the settings the patch names may change,
    // or changing the language would put every other setting (the server address too) back to its default.
    const named = Object.fromEntries(Object.entries(parsed.data).filter(([key]) => Object.hasOwn(patch as object, key)));
    const next = settingsSchema.parse({ ...current, ...named });
    next.serverUrl = normaliseServerUrl(next.serverUrl);

    if (next.serverUrl !== '' && next.serverUrl !== current.serverUrl) {
      const answer = await options.probe(next.serverUrl);
      if (answer !== 'api') {
        return failure('validation', locale, {
          key: answer === 'unreachable' ? 'errors.serverUnreachable' : 'errors.serverNotApi',
          vars: { url: next.serverUrl },
          field: 'serverUrl',
        });
      }
    }
    if (next.downloadFolder !== '' && next.downloadFolder !== current.downloadFolder) {
      if (!isAbsolute(next.downloadFolder) || !(await isDirectory(next.downloadFolder))) {
        return failure('validation', locale, {
          key: 'errors.folderInvalid',
          vars: { path: next.downloadFolder },
          field: 'downloadFolder',
        });
      }
    }
    try {
      await save(next);
    } catch (error) {
      return failure('server', locale, { key: 'errors.fileWrite', vars: { detail: String(error) } });
    }
    current = next;
    return { data: { ...current }, error: false, status: 200 };
  }

  return {
    async load() {
      try {
        const raw: unknown = JSON.parse(await readFile(file, 'utf8'));
        let parsed = settingsSchema.safeParse(raw);
        if (!parsed.success && raw !== null && typeof raw === 'object' && 'cepServiceUrl' in raw) {
          // A CEP service address an earlier version accepted (plain http to another host, a password in it) goes back
          // to the default alone: the server address and the rest are kept.
          const { cepServiceUrl: _refused, ...rest } = raw as Record<string, unknown>;
          parsed = settingsSchema.safeParse(rest);
        }
        current = parsed.success ? parsed.data : defaultSettings();
        if (!parsed.success) console.warn('[settings] invalid settings file, using defaults');
      } catch {
        current = defaultSettings();
      }
      current.serverUrl = normaliseServerUrl(current.serverUrl);
      return { ...current };
    },
    get: () => ({ ...current, layout: { ...current.layout } }),
    update(patch) {
      const run = queue.then(() => apply(patch));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
