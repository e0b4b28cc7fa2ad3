/**
 * Handler groups (platform/http/handler-groups.ts): a group is loaded by the
 * first call that needs it, once, and a contract operation no group answers
 * stops the server at start instead of failing its first call.
 */
import { describe, expect, it } from 'vitest';
import { contract, type OperationName } from '../../../src/shared/contract/index';
import type { Handlers } from '../../../src/server/platform/http/handler';
import { lazyHandlers, type HandlerGroup } from '../../../src/server/platform/http/handler-groups';
import { handlerGroups } from '../../../src/server/routes';

const names = Object.keys(contract) as OperationName[];
const answer = (value: string) => async () => ({ value });

function countedGroup(namespaces: string[], handlers: Partial<Record<OperationName, unknown>>, fails = 0): HandlerGroup & { loads: number } {
  const group = {
    namespaces,
    loads: 0,
    async load() {
      group.loads += 1;
      if (group.loads <= fails) throw new Error('module not found');
      return { handlers: handlers as Partial<Handlers> };
    },
  };
  return group;
}

describe('handler groups', () => {
  it('answers every contract operation from the server groups', () => {
    expect(() => lazyHandlers(handlerGroups, names)).not.toThrow();
  });

  it('loads a group on the first call for one of its operations, once, and no other group', async () => {
    const session = countedGroup(['session'], { 'session.login': answer('login'), 'session.me': answer('me') });
    const users = countedGroup(['users'], { 'users.byId': answer('user') });
    const handlerOf = lazyHandlers([session, users], ['session.login', 'session.me', 'users.byId']);
    expect(session.loads + users.loads).toBe(0);
    const [login, me] = await Promise.all([handlerOf('session.login'), handlerOf('session.me')]);
    expect(await login({}, {} as never)).toEqual({ value: 'login' });
    expect(await me({}, {} as never)).toEqual({ value: 'me' });
    await handlerOf('session.login');
    expect(session.loads).toBe(1);
    expect(users.loads).toBe(0);
  });

  it('tries a group again after a failed load', async () => {
    const session = countedGroup(['session'], { 'session.login': answer('login') }, 1);
    const handlerOf = lazyHandlers([session], ['session.login']);
    await expect(Promise.resolve(handlerOf('session.login'))).rejects.toThrow('module not found');
    expect(await (await handlerOf('session.login'))({}, {} as never)).toEqual({ value: 'login' });
  });

  it('refuses at start an operation without a group, or a namespace in two groups', () => {
    expect(() => lazyHandlers([countedGroup(['session'], {})], ['session.login', 'users.byId'])).toThrow('no handler group answers users.byId');
    expect(() => lazyHandlers([countedGroup(['session'], {}), countedGroup(['session'], {})], ['session.login'])).toThrow('namespace session is in two handler groups');
  });
});
