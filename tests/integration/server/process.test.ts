/** The server as its own process (entry.ts), and e-mail delivery over SMTP with failures recorded. */
import { fork } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../src/server/index';
import { prepareDataDir } from '../../helpers/server';
import { fakeSmtp } from '../../helpers/smtp';
import { call } from './client';
import { eventually } from '../../helpers/eventually';

const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

describe('entry process', () => {
  it('announces its URL to the parent and on stdout, serves, and stops on a stop message', async () => {
    const { dir, dataDir } = await prepareDataDir('demo');
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const child = fork(join(process.cwd(), 'src/server/entry.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BACKOFFICE_DATA_DIR: dataDir, BACKOFFICE_SEED: 'demo', BACKOFFICE_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let stdout = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    const ready = await new Promise<{ type: string; url: string }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { type: string; url: string }));
      child.once('exit', (code) => reject(new Error(`entry exited with ${code}`)));
    });
    expect(ready.type).toBe('ready');
    expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The stdout line and the IPC message travel apart: wait for the line itself.
    await eventually(() => expect(stdout).toContain(`BACKOFFICE_SERVER_READY ${ready.url}`));
    const login = await call({ url: ready.url }, 'session.login', { email: 'admin@demo.local', password: 'Senha123' });
    expect(login.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.send({ type: 'stop' });
    expect(await exited).toBe(0);
  });
});

/** Until every outbox row has this status (no clock of its own: the test's timeout is the limit). */
async function waitForStatus(list: () => Promise<Array<{ status: string }>>, status: string) {
  return eventually(async () => {
    const rows = await list();
    if (rows.length === 0 || !rows.every((r) => r.status === status)) throw new Error(`outbox not yet ${status}`);
    return rows;
  }, 50);
}

describe('SMTP delivery', () => {
  it('sends outbox messages over SMTP and records failures without failing the request', async () => {
    const smtp = await fakeSmtp('davi@');
    cleanup.push(() => new Promise((r) => smtp.server.close(r)));
    const { dir, dataDir } = await prepareDataDir('demo');
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const server = await startServer({ dataDir, uploadsDir: join(dir, 'uploads'), smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'bo@demo.local' } });
    cleanup.push(() => server.close());
    const reg = await call(server, 'users.register', { name: 'Carla Correio', email: 'carla@demo.local', password: 'Correio12' });
    expect(reg.status).toBe(200);
    await waitForStatus(() => server.outbox.list('carla@demo.local'), 'sent');
    expect(smtp.received.join('\n')).toContain('Token: ');

    const reg2 = await call(server, 'users.register', { name: 'Davi Devolvido', email: 'davi@demo.local', password: 'Correio12' });
    expect(reg2.status).toBe(200);
    await waitForStatus(() => server.outbox.list('davi@demo.local'), 'failed');
    const [row] = await server.database.rows<{ error: string }>("SELECT error FROM outbox WHERE \"to\" = 'davi@demo.local'");
    expect(row.error).toMatch(/550|no such user/);
  });
});
