import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CACHE_KEYCHAIN_ACCOUNT,
  CACHE_KEYCHAIN_SERVICE,
  canonicalJson,
  createOfflineCache,
} from '../../../src/main/services/cache';
import { brokenKeychain, filesUnder, memoryKeychain, tempDir } from './helpers';

const PERSON = { id: 7, name: 'Maria da Silva Sauro', email: 'maria.sauro@example.com', cpf: '529.982.247-25' };
const page = (n: number) => ({ items: [{ ...PERSON, page: n }], meta: { currentPage: n, totalPages: 3, totalItems: 21, pageSize: 10 } });

let dir: Awaited<ReturnType<typeof tempDir>>;
let folder: string;
beforeEach(async () => {
  dir = await tempDir('backoffice-cache-');
  folder = join(dir.path, 'offline-cache');
});
afterEach(async () => dir.remove());

async function cacheFiles(): Promise<string[]> {
  return existsSync(folder) ? (await readdir(folder)).sort() : [];
}

describe('offline cache', () => {
  it('gives back the last good answer of the same user and query, whatever the order of the arguments', async () => {
    const cache = createOfflineCache({ dir: folder, keychain: memoryKeychain(), now: () => new Date('2024-03-05T14:07:00Z') });
    await cache.put(1, 'users.admins', { page: 1, limit: 10, filter: { name: 'a', active: true } }, page(1));
    await cache.put(1, 'users.admins', { page: 2, limit: 10 }, page(2));
    expect(await cache.get(1, 'users.admins', { filter: { active: true, name: 'a' }, limit: 10, page: 1 })).toEqual({
      data: page(1),
      cachedAt: '2024-03-05T14:07:00.000Z',
    });
    expect((await cache.get(1, 'users.admins', { page: 2, limit: 10 }))?.data).toEqual(page(2));
    // Another query, another operation, another user: nothing.
    expect(await cache.get(1, 'users.admins', { page: 3, limit: 10 })).toBeNull();
    expect(await cache.get(1, 'users.entrepreneurs', { page: 1, limit: 10 })).toBeNull();
    expect(await cache.get(2, 'users.admins', { page: 2, limit: 10 })).toBeNull();
    expect(canonicalJson({ b: 1, a: { d: undefined, c: [1, undefined] } })).toBe('{"a":{"c":[1,null]},"b":1}');
  });

  it('survives a restart of the app: a new cache over the same folder and keychain reads the entries', async () => {
    const keychain = memoryKeychain();
    await createOfflineCache({ dir: folder, keychain }).put(1, 'users.byId', { id: 7 }, PERSON);
    const again = createOfflineCache({ dir: folder, keychain });
    expect((await again.get(1, 'users.byId', { id: 7 }))?.data).toEqual(PERSON);
  });

  it('keeps the key in the keychain only, and nothing personal readable on disk', async () => {
    const keychain = memoryKeychain();
    const cache = createOfflineCache({ dir: folder, keychain });
    await cache.put(1, 'users.admins', { page: 1, filter: { name: PERSON.name } }, page(1));
    expect(await cache.mode()).toBe('disk');
    const stored = keychain.items.get(`${CACHE_KEYCHAIN_SERVICE}/${CACHE_KEYCHAIN_ACCOUNT}`);
    expect(stored && Buffer.from(stored, 'base64').length).toBe(32);
    const files = await filesUnder(dir.path);
    expect(files).toHaveLength(1);
    const raw = await readFile(files[0].path);
    for (const secret of [PERSON.name, PERSON.email, PERSON.cpf, '52998224725', 'users.admins', stored ?? '']) {
      expect(raw.includes(Buffer.from(secret))).toBe(false);
      expect(files[0].path.includes(secret)).toBe(false);
    }
    expect(raw.includes(Buffer.from(stored ?? '', 'base64'))).toBe(false);
  });

  it('discards a tampered, truncated or swapped file instead of failing', async () => {
    const keychain = memoryKeychain();
    const cache = createOfflineCache({ dir: folder, keychain });
    await cache.put(1, 'users.byId', { id: 1 }, { ...PERSON, id: 1 });
    await cache.put(1, 'users.byId', { id: 2 }, { ...PERSON, id: 2 });
    await cache.put(1, 'users.byId', { id: 3 }, { ...PERSON, id: 3 });
    const names = await cacheFiles();
    // One file with a flipped byte, one truncated, one intact.
    const [a, b, c] = names;
    const bytesA = await readFile(join(folder, a));
    bytesA[bytesA.length - 1] ^= 0xff;
    await writeFile(join(folder, a), bytesA);
    await writeFile(join(folder, b), (await readFile(join(folder, b))).subarray(0, 10));
    const fresh = createOfflineCache({ dir: folder, keychain });
    const answers = await Promise.all([1, 2, 3].map((id) => fresh.get(1, 'users.byId', { id })));
    const survivors = answers.filter((x) => x !== null);
    expect(survivors).toHaveLength(1);
    expect(await cacheFiles()).toEqual([c]);

    // A valid file renamed to another entry's name fails too (the name is authenticated).
    const survivor = (survivors[0]?.data as { id: number }).id;
    const others = [1, 2, 3].filter((id) => id !== survivor);
    await cache.put(1, 'users.byId', { id: others[0] }, { ...PERSON, id: others[0] });
    const before = await cacheFiles();
    const newName = before.find((n) => n !== c) ?? '';
    await writeFile(join(folder, newName), await readFile(join(folder, c)));
    const third = createOfflineCache({ dir: folder, keychain });
    expect(await third.get(1, 'users.byId', { id: others[0] })).toBeNull();
    expect((await third.get(1, 'users.byId', { id: survivor }))?.data).toMatchObject({ id: survivor });
    expect(await cacheFiles()).toEqual([c]);
  });

  it('stays within its size bound, dropping the least recently used entries first', async () => {
    const keychain = memoryKeychain();
    const probe = createOfflineCache({ dir: join(dir.path, 'probe'), keychain });
    await probe.put(1, 'users.admins', { page: 1 }, page(1));
    const entry = await probe.totalBytes();
    const cache = createOfflineCache({ dir: folder, keychain, maxBytes: entry * 3 + 10 });
    await cache.put(1, 'users.admins', { page: 1 }, page(1));
    await cache.put(1, 'users.admins', { page: 2 }, page(2));
    await cache.put(1, 'users.admins', { page: 3 }, page(3));
    // Page 1 is read again, so page 2 is now the least recently used.
    expect(await cache.get(1, 'users.admins', { page: 1 })).not.toBeNull();
    await cache.put(1, 'users.admins', { page: 4 }, page(4));
    expect(await cache.get(1, 'users.admins', { page: 2 })).toBeNull();
    for (const n of [1, 3, 4]) expect(await cache.get(1, 'users.admins', { page: n })).not.toBeNull();
    expect(await cacheFiles()).toHaveLength(3);
    expect(await cache.totalBytes()).toBeLessThanOrEqual(entry * 3 + 10);
  });

  it('is purged at sign-out, and keeps only the user who signs in', async () => {
    const cache = createOfflineCache({ dir: folder, keychain: memoryKeychain() });
    await cache.put(1, 'users.admins', { page: 1 }, page(1));
    await cache.put(2, 'users.admins', { page: 1 }, page(1));
    await cache.put(2, 'users.byId', { id: 7 }, PERSON);
    await cache.keepOnly(2);
    expect(await cache.get(1, 'users.admins', { page: 1 })).toBeNull();
    expect(await cache.get(2, 'users.byId', { id: 7 })).not.toBeNull();
    expect(await cacheFiles()).toHaveLength(2);
    await cache.purge();
    expect(await cache.get(2, 'users.byId', { id: 7 })).toBeNull();
    expect(await cacheFiles()).toEqual([]);
    expect(await cache.totalBytes()).toBe(0);
  });

  it('without a keychain writes nothing to disk and removes what an earlier run left', async () => {
    const keychain = memoryKeychain();
    await createOfflineCache({ dir: folder, keychain }).put(1, 'users.byId', { id: 7 }, PERSON);
    expect(await cacheFiles()).toHaveLength(1);
    for (const missing of [null, brokenKeychain()]) {
      const cache = createOfflineCache({ dir: folder, keychain: missing });
      await cache.put(1, 'users.byId', { id: 7 }, PERSON);
      expect(await cache.mode()).toBe('memory');
      // Still useful while the app runs...
      expect((await cache.get(1, 'users.byId', { id: 7 }))?.data).toEqual(PERSON);
      // ...but nothing on disk.
      expect(existsSync(folder)).toBe(false);
      expect(await filesUnder(dir.path)).toEqual([]);
    }
  });

  it('a key the keychain lost makes old files unreadable: they are dropped, not shown', async () => {
    const keychain = memoryKeychain();
    await createOfflineCache({ dir: folder, keychain }).put(1, 'users.byId', { id: 7 }, PERSON);
    keychain.items.clear();
    const cache = createOfflineCache({ dir: folder, keychain });
    expect(await cache.get(1, 'users.byId', { id: 7 })).toBeNull();
  });
});
