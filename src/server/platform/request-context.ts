/**
 * Per-request facts handlers need without taking the request itself (the
 * client address for throttling anonymous calls), and the request logging
 * that never writes a secret: a path such as /api/recover-pass/<code> is
 * logged as its route pattern, never as sent.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { operationOf } from './http/operation-of';

interface RequestFacts {
  ip: string;
}

const storage = new AsyncLocalStorage<RequestFacts>();

/** The calling client's address ('unknown' outside a request). */
export function clientIp(): string {
  return storage.getStore()?.ip ?? 'unknown';
}

export function installRequestContext(app: FastifyInstance): void {
  // preValidation: after the body is read, whose stream events would lose the context.
  app.addHook('preValidation', (request, _reply, done) => {
    storage.run({ ip: request.ip }, done);
  });
}

/**
 * The path to log for a request: its route pattern (':hash' instead of the
 * code), without the query string; unmatched paths are not logged as sent
 * either, since anything may have been typed there.
 */
export function loggablePath(request: Pick<FastifyRequest, 'method' | 'url'>): string {
  const found = operationOf(request);
  return found && found !== 'bad-encoding' ? found.op.path : '(rota desconhecida)';
}

/** Fastify logger settings: off, or on with the request serializer above. */
export function loggerOptions(enabled: boolean | undefined): FastifyServerOptions['logger'] {
  if (!enabled) return false;
  return {
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggablePath(request),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
