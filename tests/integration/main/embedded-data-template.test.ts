/**
 * The embedded backend's first start from the data folder template the build
 * makes (scripts/build-data-template.ts): the empty folder is filled from the
 * tarball instead of initdb and the migrations, the demo seed still runs on
 * that first start (its records in the background, after the server is
 * ready), and the next start reuses the folder as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { childProcessSpawner } from '../../../src/main/services/backend';
import { DATA_TEMPLATE_ENV, openDatabase } from '../../../src/server/db/connect';
import { migrations } from '../../../src/server/db/migrations/index';
import { operation } from '../../../src/shared/contract/index';
import { LAUNCH_SECRET_HEADER } from '../../../src/shared/launch';
import { makeDataTemplate } from '../../../scripts/build-data-template';
import { tempDir } from '../../unit/main/helpers';

const folder = await tempDir('backoffice-template-');
const dataDir = join(folder.path, 'server-data');
const templateFile = join(folder.path, 'pgdata-template.tgz');
let templateMadeAt = 0;

beforeAll(async () => {
  await writeFile(templateFile, await makeDataTemplate());
  templateMadeAt = Date.now();
});

afterAll(async () => {
  await folder.remove();
});

function spawner() {
  return childProcessSpawner({
    entry: join(process.cwd(), 'src/server/entry.ts'),
    execArgv: ['--import', 'tsx'],
    dataDir,
    uploadsDir: join(folder.path, 'server-uploads'),
    env: { [DATA_TEMPLATE_ENV]: templateFile },
    // The first start still runs the demo seed: minutes on the shared, busy test machine.
    timeoutMs: 400_000,
  });
}

async function signIn(url: string, launchSecret: string | undefined): Promise<number> {
  const answer = await fetch(`${url}${operation('session.login').path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [LAUNCH_SECRET_HEADER]: launchSecret ?? '' },
    body: JSON.stringify({ email: 'admin@demo.local', password: 'Senha123' }),
  });
  return answer.status;
}

/** What the folder holds once the server has stopped: when each migration was applied, and how many demo seeds ran. */
async function folderState(): Promise<{ appliedAt: number[]; seeds: number }> {
  const handle = await openDatabase({ dataDir });
  try {
    const applied = await handle.rows<{ applied_at: Date }>('SELECT applied_at FROM schema_migrations');
    const [{ seeds }] = await handle.rows<{ seeds: number }>("SELECT count(*)::int AS seeds FROM activity_log WHERE action = 'seed.demo'");
    return { appliedAt: applied.map((row) => new Date(row.applied_at).getTime()), seeds };
  } finally {
    await handle.close();
  }
}

describe('embedded backend started from the data folder template', () => {
  it('fills an empty folder from the template, seeds the demo accounts, and reuses the folder on the next start', async () => {
    const first = await spawner().start();
    try {
      expect(await signIn(first.url, first.launchSecret)).toBe(200);
      // Ready comes before the demo records, written in the background: the folder is compared once they are in.
      await first.seeded;
    } finally {
      await first.stop();
    }
    const afterFirst = await folderState();
    // Every migration came with the template (applied before it was written), none on this machine.
    expect(afterFirst.appliedAt).toHaveLength(migrations.length);
    expect(Math.max(...afterFirst.appliedAt)).toBeLessThanOrEqual(templateMadeAt);
    expect(afterFirst.seeds).toBe(1);

    const second = await spawner().start();
    try {
      expect(await signIn(second.url, second.launchSecret)).toBe(200);
    } finally {
      await second.stop();
    }
    expect(await folderState()).toEqual(afterFirst);
  });
});
