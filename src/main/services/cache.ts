/**
 * The offline cache: the last good answer of each cacheable call, per user
 * and per query, so lists and the records opened from them stay viewable
 * when the server cannot be reached.
 *
 * At rest every entry is one file sealed with AES-256-GCM under a random key
 * that lives only in the OS keychain; the file name is an HMAC of the owner
 * and the query (it reveals neither) and is bound to the content as
 * associated data, so a damaged, tampered or swapped file fails
 * authentication and is discarded. Without a keychain nothing is written to
 * disk: entries live in memory for the life of the process. The total size
 * is bounded and the least recently used entries go first.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errorText } from './failure';
import type { KeychainPort } from './ports';

export const CACHE_KEYCHAIN_SERVICE = 'backoffice-desktop';
export const CACHE_KEYCHAIN_ACCOUNT = 'cache-key';
export const CACHE_FOLDER = 'offline-cache';
export const DEFAULT_CACHE_MAX_BYTES = 50 * 1024 * 1024;

const MAGIC = Buffer.from('BOC1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const SUFFIX = '.bin';

export interface CachedAnswer {
  data: unknown;
  /** ISO time of the answer */
  cachedAt: string;
}

export type CacheOwner = string | number;

export interface OfflineCache {
  /** 'disk' once a keychain key is available, 'memory' otherwise. */
  mode(): Promise<'disk' | 'memory'>;
  get(owner: CacheOwner, name: string, args: unknown): Promise<CachedAnswer | null>;
  put(owner: CacheOwner, name: string, args: unknown, data: unknown): Promise<void>;
  /** Drops every entry that does not belong to this owner (another user signed in). */
  keepOnly(owner: CacheOwner): Promise<void>;
  /** Drops everything (sign-out, expired session). */
  purge(): Promise<void>;
  /** Bytes held now (sealed sizes on disk, JSON sizes in memory). */
  totalBytes(): Promise<number>;
}

export interface OfflineCacheOptions {
  /** Folder of the sealed files (e.g. <userData>/offline-cache). */
  dir: string;
  keychain: KeychainPort | null;
  maxBytes?: number;
  now?: () => Date;
}

/** JSON with object keys sorted and undefined dropped: the same query always gives the same text. */
export function canonicalJson(value: unknown): string {
  const normalise = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map((item) => (item === undefined ? null : normalise(item)));
    if (v && typeof v === 'object' && !(v instanceof Date)) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(v as Record<string, unknown>).sort()) {
        const item = (v as Record<string, unknown>)[key];
        if (item !== undefined) out[key] = normalise(item);
      }
      return out;
    }
    return v;
  };
  return JSON.stringify(normalise(value ?? {})) ?? 'null';
}

interface Sealed {
  owner: string;
  query: string;
  cachedAt: string;
  data: unknown;
}

interface Slot {
  size: number;
  /** memory mode only */
  value?: Sealed;
}

interface Ready {
  key: Buffer;
  disk: boolean;
}

export function createOfflineCache(options: OfflineCacheOptions): OfflineCache {
  const maxBytes = options.maxBytes ?? DEFAULT_CACHE_MAX_BYTES;
  const now = options.now ?? (() => new Date());
  // Map order is the recency order: first = least recently used.
  const slots = new Map<string, Slot>();
  let total = 0;
  // Operations run one after another so eviction, purge and writes never interleave.
  let queue: Promise<unknown> = Promise.resolve();
  let readyPromise: Promise<Ready> | null = null;

  function serial<T>(run: (ready: Ready) => Promise<T>): Promise<T> {
    const next = queue.then(async () => run(await ready()));
    queue = next.catch(() => undefined);
    return next;
  }

  async function keyFromKeychain(): Promise<Buffer | null> {
    const keychain = options.keychain;
    if (!keychain) return null;
    try {
      const stored = await keychain.getPassword(CACHE_KEYCHAIN_SERVICE, CACHE_KEYCHAIN_ACCOUNT);
      const decoded = stored ? Buffer.from(stored, 'base64') : null;
      if (decoded && decoded.length === KEY_BYTES) return decoded;
      const fresh = randomBytes(KEY_BYTES);
      await keychain.setPassword(CACHE_KEYCHAIN_SERVICE, CACHE_KEYCHAIN_ACCOUNT, fresh.toString('base64'));
      // A keychain that silently forgets (locked keyring) would give a new key on every start: check it kept this one.
      const check = await keychain.getPassword(CACHE_KEYCHAIN_SERVICE, CACHE_KEYCHAIN_ACCOUNT);
      return check === fresh.toString('base64') ? fresh : null;
    } catch (error) {
      console.warn('[cache] keychain unavailable, offline cache kept in memory only:', errorText(error));
      return null;
    }
  }

  function ready(): Promise<Ready> {
    readyPromise ??= (async () => {
      const key = await keyFromKeychain();
      if (!key) {
        // Files from an earlier run can no longer be opened: do not leave them behind.
        await rm(options.dir, { recursive: true, force: true }).catch(() => undefined);
        return { key: randomBytes(KEY_BYTES), disk: false };
      }
      await mkdir(options.dir, { recursive: true });
      const found: Array<{ name: string; size: number; used: number }> = [];
      for (const name of await readdir(options.dir)) {
        const path = join(options.dir, name);
        if (!name.endsWith(SUFFIX)) {
          // Leftover temporary files of an interrupted write.
          await unlink(path).catch(() => undefined);
          continue;
        }
        const info = await stat(path).catch(() => null);
        if (info?.isFile()) found.push({ name, size: info.size, used: info.mtimeMs });
      }
      found.sort((a, b) => a.used - b.used);
      for (const f of found) {
        slots.set(f.name, { size: f.size });
        total += f.size;
      }
      return { key, disk: true };
    })();
    return readyPromise;
  }

  function mac(key: Buffer, text: string): string {
    return createHmac('sha256', key).update(text).digest('hex');
  }

  function ownerTag(key: Buffer, owner: CacheOwner): string {
    return mac(key, `owner\u0000${String(owner)}`).slice(0, 16);
  }

  function fileName(key: Buffer, owner: CacheOwner, query: string): string {
    return `${ownerTag(key, owner)}-${mac(key, `query\u0000${String(owner)}\u0000${query}`).slice(0, 40)}${SUFFIX}`;
  }

  function seal(key: Buffer, name: string, value: Sealed): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(name));
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
  }

  /** The entry, or null when the bytes are not an intact entry of this name under this key. */
  function open(key: Buffer, name: string, bytes: Buffer): Sealed | null {
    if (bytes.length < MAGIC.length + IV_BYTES + TAG_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return null;
    const iv = bytes.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
    const tag = bytes.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(name));
      decipher.setAuthTag(tag);
      const plain = Buffer.concat([decipher.update(bytes.subarray(MAGIC.length + IV_BYTES + TAG_BYTES)), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as Sealed;
    } catch {
      return null;
    }
  }

  async function drop(r: Ready, name: string): Promise<void> {
    const slot = slots.get(name);
    if (slot) {
      total -= slot.size;
      slots.delete(name);
    }
    if (r.disk) await unlink(join(options.dir, name)).catch(() => undefined);
  }

  async function evict(r: Ready, keep: string): Promise<void> {
    for (const name of [...slots.keys()]) {
      if (total <= maxBytes) return;
      if (name !== keep) await drop(r, name);
    }
  }

  function touch(name: string, slot: Slot): void {
    slots.delete(name);
    slots.set(name, slot);
  }

  return {
    async mode() {
      return (await ready()).disk ? 'disk' : 'memory';
    },

    get: (owner, opName, args) =>
      serial(async (r) => {
        const query = `${opName}\u0000${canonicalJson(args)}`;
        const name = fileName(r.key, owner, query);
        const slot = slots.get(name);
        if (!slot) return null;
        let value: Sealed | null;
        if (r.disk) {
          const bytes = await readFile(join(options.dir, name)).catch(() => null);
          value = bytes ? open(r.key, name, bytes) : null;
        } else {
          value = slot.value ?? null;
        }
        if (!value || value.owner !== String(owner) || value.query !== query) {
          if (r.disk) console.warn('[cache] discarded a damaged cache entry');
          await drop(r, name);
          return null;
        }
        touch(name, slot);
        if (r.disk) {
          const at = now();
          await utimes(join(options.dir, name), at, at).catch(() => undefined);
        }
        return { data: value.data, cachedAt: value.cachedAt };
      }),

    put: (owner, opName, args, data) =>
      serial(async (r) => {
        const query = `${opName}\u0000${canonicalJson(args)}`;
        const name = fileName(r.key, owner, query);
        const value: Sealed = { owner: String(owner), query, cachedAt: now().toISOString(), data };
        let size: number;
        if (r.disk) {
          const bytes = seal(r.key, name, value);
          size = bytes.length;
          if (size > maxBytes) return;
          const temp = join(options.dir, `${name}.${randomBytes(6).toString('hex')}.tmp`);
          try {
            await writeFile(temp, bytes, { mode: 0o600 });
            await rename(temp, join(options.dir, name));
          } catch (error) {
            await unlink(temp).catch(() => undefined);
            console.warn('[cache] could not write an entry:', errorText(error));
            return;
          }
        } else {
          size = Buffer.byteLength(JSON.stringify(value));
          if (size > maxBytes) return;
        }
        const previous = slots.get(name);
        if (previous) total -= previous.size;
        slots.delete(name);
        slots.set(name, r.disk ? { size } : { size, value });
        total += size;
        await evict(r, name);
      }),

    keepOnly: (owner) =>
      serial(async (r) => {
        const prefix = `${ownerTag(r.key, owner)}-`;
        for (const name of [...slots.keys()]) if (!name.startsWith(prefix)) await drop(r, name);
      }),

    purge: () =>
      serial(async (r) => {
        for (const name of [...slots.keys()]) await drop(r, name);
        if (r.disk) {
          // Also anything the index did not know about.
          for (const name of await readdir(options.dir).catch(() => [] as string[])) {
            await unlink(join(options.dir, name)).catch(() => undefined);
          }
        }
        total = 0;
      }),

    totalBytes: () => serial(async () => total),
  };
}
