/**
 * The contract's path matcher, which routes every call of the server
 * (one route per method, match.ts): it must find each operation from its own
 * path and keep the routing rules the server had with Fastify's router.
 */
import { describe, expect, it } from 'vitest';
import { contract, pathParams, type OperationName } from '../../../src/shared/contract/index';
import { BadPathEncoding, MAX_PARAM_LENGTH, operationMatcher } from '../../../src/shared/contract/match';

const match = operationMatcher(contract);
const names = Object.keys(contract) as OperationName[];

describe('the contract path matcher', () => {
  it('finds every operation from its own path, with its parameters decoded', () => {
    for (const name of names) {
      const op = contract[name];
      const values = Object.fromEntries(pathParams(op.path).map((p, i) => [p, `v ${i}/ç`]));
      const path = op.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, p: string) => encodeURIComponent(values[p]));
      expect({ name, found: match(op.method, `${path}?page=1&x=%`) }).toEqual({ name, found: { name, params: values } });
    }
  });

  it('prefers a static segment to a parameter, and backs up when the static branch leads nowhere', () => {
    const m = operationMatcher({
      byId: { method: 'GET', path: '/api/items/:id' },
      export: { method: 'GET', path: '/api/items/export' },
      history: { method: 'GET', path: '/api/items/:id/history' },
      exportFile: { method: 'GET', path: '/api/items/export/file' },
    });
    expect(m('GET', '/api/items/export')).toEqual({ name: 'export', params: {} });
    expect(m('GET', '/api/items/export/history')).toEqual({ name: 'history', params: { id: 'export' } });
    expect(m('GET', '/api/items/export/file')).toEqual({ name: 'exportFile', params: {} });
    expect(m('GET', '/api/items/7')).toEqual({ name: 'byId', params: { id: '7' } });
  });

  it('ignores one trailing slash, answers HEAD with GET operations and knows no other method', () => {
    const login = contract['session.login'];
    const bare = login.path.replace(/\/$/, '');
    expect(match('POST', bare)?.name).toBe('session.login');
    expect(match('POST', `${bare}/`)?.name).toBe('session.login');
    expect(match('GET', login.path)).toBeNull();
    expect(match('HEAD', contract['session.me'].path)?.name).toBe('session.me');
    expect(match('OPTIONS', login.path)).toBeNull();
    expect(match('GET', '/api/nao-existe')).toBeNull();
    expect(match('GET', '/')).toBeNull();
  });

  it('matches no parameter with an empty or over-long segment (404, as with Fastify)', () => {
    const m = operationMatcher({ byId: { method: 'GET', path: '/api/items/:id' } });
    expect(m('GET', '/api/items//')).toBeNull();
    expect(m('GET', `/api/items/${'1'.repeat(MAX_PARAM_LENGTH)}`)?.name).toBe('byId');
    expect(m('GET', `/api/items/${'1'.repeat(MAX_PARAM_LENGTH + 1)}`)).toBeNull();
  });

  it('refuses a path that is not valid percent-encoded UTF-8', () => {
    expect(() => match('GET', '/api/users/%')).toThrow(BadPathEncoding);
    expect(() => match('GET', '/api/users/%ED%A0%80')).toThrow(BadPathEncoding);
  });

  it('refuses two operations a router could not tell apart', () => {
    expect(() =>
      operationMatcher({ a: { method: 'GET', path: '/api/x/:id' }, b: { method: 'GET', path: '/api/x/:code' } }),
    ).toThrow(/b and a share GET/);
    expect(() => operationMatcher({ a: { method: 'GET', path: '/api/x/:id' }, b: { method: 'POST', path: '/api/x/:id' } })).not.toThrow();
  });
});
