/**
 * Checks made on every request before routing: the Host header must be one
 * of the server's own names (a web page using DNS rebinding reaches a
 * loopback server under a foreign name), and, when the server was given a
 * launch secret (the embedded backend always is), the request must carry it.
 * Every answer also gets `X-Content-Type-Options: nosniff`, set here once.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LAUNCH_SECRET_HEADER } from '@shared/launch';
import { forbidden, MESSAGES } from './errors';
import { NOSNIFF } from './file-headers';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export function isLoopbackHost(host: string): boolean {
  const h = bracketed(host.toLowerCase());
  return h === 'localhost' || h === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * The Host values the server answers to. An entry 'name:port' allows exactly
 * that; a bare 'name' allows that name on any port (a reverse proxy answers
 * on 443 and forwards its own Host). Without configured names: the listen
 * host and port, plus the loopback spellings when it listens on loopback or
 * on every interface.
 */
export function allowedHosts(listenHost: string, port: number, configured: readonly string[] = []): string[] {
  const names = configured.map((n) => n.trim().toLowerCase()).filter((n) => n !== '');
  if (names.length > 0) return names;
  const host = bracketed(listenHost.toLowerCase());
  const out = new Set<string>();
  if (!WILDCARDS.has(host)) out.add(`${host}:${port}`);
  if (isLoopbackHost(host) || WILDCARDS.has(host)) for (const name of LOOPBACK_NAMES) out.add(`${name}:${port}`);
  return [...out];
}

/** ALLOWED_HOSTS: 'a.example, b.example:8443' → ['a.example', 'b.example:8443']; undefined when unset. */
export function parseAllowedHosts(value: string | undefined): string[] | undefined {
  const names = (value ?? '').split(',').map((n) => n.trim()).filter((n) => n !== '');
  return names.length > 0 ? names : undefined;
}

/** Whether a Host header names this server. A Host without port means port 80 (plain HTTP). */
export function hostAllowed(header: string | undefined, allowed: readonly string[]): boolean {
  if (!header) return false;
  const value = header.trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return false;
  const [, name, port = '80'] = match;
  return allowed.includes(`${name}:${port}`) || allowed.includes(name);
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Constant-time comparison (on digests, so the lengths always agree and leak nothing). */
export function launchSecretMatches(sent: string | string[] | undefined, secret: string): boolean {
  if (typeof sent !== 'string' || sent === '') return false;
  return timingSafeEqual(digest(sent), digest(secret));
}

export interface RequestGuardOptions {
  /** read at each request: the port is known only once the server listens */
  allowedHosts(): readonly string[];
  /** undefined: no secret is required (stand-alone server, tests) */
  launchSecret?: string;
}

export function installRequestGuard(app: FastifyInstance, options: RequestGuardOptions): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(NOSNIFF.name, NOSNIFF.value);
    if (!hostAllowed(request.headers.host, options.allowedHosts())) {
      throw forbidden(MESSAGES.foreignHost, 'foreign-host');
    }
    if (options.launchSecret !== undefined && !launchSecretMatches(request.headers[LAUNCH_SECRET_HEADER], options.launchSecret)) {
      throw forbidden(MESSAGES.launchSecret, 'launch-secret');
    }
  });
}
