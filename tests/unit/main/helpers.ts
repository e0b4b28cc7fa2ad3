/** Small real pieces for the main-process unit tests: a loopback HTTP server, a keychain, temp folders. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeychainPort } from '../../../src/main/services/ports';

export interface LocalServer {
  url: string;
  port: number;
  requests: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }>;
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => unknown;

export async function startLocalServer(handler: Handler): Promise<LocalServer> {
  const requests: LocalServer['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      void Promise.resolve(handler(req, res, body)).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** An in-memory keychain that behaves like keytar. */
export function memoryKeychain(): KeychainPort & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    async getPassword(service, account) {
      return items.get(`${service}/${account}`) ?? null;
    },
    async setPassword(service, account, password) {
      items.set(`${service}/${account}`, password);
    },
    async deletePassword(service, account) {
      return items.delete(`${service}/${account}`);
    },
  };
}

/** A keychain whose backend is missing or locked: every call fails, as keytar does without a secret service. */
export function brokenKeychain(): KeychainPort & { calls: number } {
  const port = {
    calls: 0,
    async getPassword(): Promise<string | null> {
      port.calls += 1;
      throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
    },
    async setPassword(): Promise<void> {
      port.calls += 1;
      throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
    },
    async deletePassword(): Promise<boolean> {
      port.calls += 1;
      throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
    },
  };
  return port;
}

export async function tempDir(prefix = 'backoffice-main-'): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Every file under a folder with its content, to prove what was (not) written to disk. */
export async function filesUnder(folder: string): Promise<Array<{ path: string; content: string }>> {
  const out: Array<{ path: string; content: string }> = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.push({ path, content: await readFile(path, 'latin1') });
  }
  return out;
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = await startLocalServer(() => undefined);
  await server.close();
  return server.port;
}
