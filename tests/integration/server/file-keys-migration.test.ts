/**
 * Migration 0005 on a database that already holds files: every upload and
 * banner gets its own unguessable key, and a project that pointed at its
 * banner by row id now points at it by key (the banner still shows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../../src/server/db/connect';
import { migrate } from '../../../src/server/db/migrate';
import { migrations } from '../../../src/server/db/migrations/index';

let handle: DbHandle;
beforeAll(async () => {
  handle = await openDatabase({});
});
afterAll(() => handle?.close());

describe('0005_file_keys', () => {
  it('keys existing files and moves project banner references from ids to keys', async () => {
    const upTo = migrations.findIndex((m) => m.id === '0005_file_keys');
    expect(upTo).toBeGreaterThan(0);
    await migrate(handle, migrations.slice(0, upTo));
    await handle.exec(`
      INSERT INTO users (name, email, password_hash) VALUES ('Ana', 'ana@demo.local', 'x');
      INSERT INTO uploads (owner_id, type, name, mime, size, storage_path)
        SELECT id, 'document', 'a.pdf', 'application/pdf', 1, 'disk-a' FROM users;
      INSERT INTO uploads (owner_id, type, name, mime, size, storage_path)
        SELECT id, 'avatar', 'b.png', 'image/png', 1, 'disk-b' FROM users;
      INSERT INTO project_banners (mime, size, storage_path) VALUES ('image/png', 1, 'disk-c'), ('image/png', 1, 'disk-d');
      INSERT INTO projects (title, banner, api_key) VALUES ('Com banner', '2', 'k1'), ('Sem banner', '', 'k2');
    `);

    await migrate(handle);

    const files = await handle.rows<{ key: string }>('SELECT key FROM uploads ORDER BY id');
    const banners = await handle.rows<{ id: number; key: string }>('SELECT id, key FROM project_banners ORDER BY id');
    const keys = [...files, ...banners].map((r) => r.key);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(keys.length);
    const projects = await handle.rows<{ title: string; banner: string }>('SELECT title, banner FROM projects ORDER BY id');
    expect(projects).toEqual([
      { title: 'Com banner', banner: banners.find((b) => b.id === 2)!.key },
      { title: 'Sem banner', banner: '' },
    ]);
    // The key is required and unique from now on.
    await expect(handle.exec("INSERT INTO project_banners (mime, size, storage_path) VALUES ('image/png', 1, 'disk-e')")).rejects.toThrow();
    await expect(
      handle.exec(`INSERT INTO project_banners (key, mime, size, storage_path) VALUES ('${banners[0].key}', 'image/png', 1, 'disk-e')`),
    ).rejects.toThrow();
  });
});
