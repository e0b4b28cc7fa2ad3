/**
 * How many requests the server is answering, so background work (the demo
 * seed after a first start) can wait for a quiet moment between its
 * transactions instead of slipping them between a request's queries. A
 * request counts from its first hook to its response (or its abort).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export class RequestsInFlight {
  #count = 0;
  #counted = new WeakSet<FastifyRequest>();
  #waiters: Array<() => void> = [];

  install(app: FastifyInstance): void {
    app.addHook('onRequest', async (request) => {
      this.#counted.add(request);
      this.#count++;
    });
    const done = async (request: FastifyRequest) => {
      // A request refused by an earlier hook was never counted; a response after an abort is not counted twice.
      if (!this.#counted.delete(request)) return;
      this.#count--;
      if (this.#count === 0) for (const wake of this.#waiters.splice(0)) wake();
    };
    app.addHook('onResponse', done);
    app.addHook('onRequestAbort', done);
  }

  /**
   * Resolves once no request is being answered, or after `maxWaitMs` however
   * busy the server is (background work must not starve behind a client that
   * polls back to back).
   */
  whenIdle(maxWaitMs: number): Promise<void> {
    if (this.#count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, maxWaitMs);
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
