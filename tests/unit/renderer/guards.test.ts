import { describe, expect, it } from 'vitest';
import {
  afterLoginTarget,
  decideArea,
  decideAuthScreen,
  decideLeaf,
  rootTarget,
} from '../../../src/renderer/src/app/guards';
import { findLeaf } from '../../../src/renderer/src/app/routes';
import type { SessionState } from '../../../src/shared/bridge';
import { Role, type RoleId } from '../../../src/shared/roles';

function session(role: RoleId | null, force = false): SessionState {
  return {
    user:
      role === null
        ? null
        : { id: 1, name: 'Ana', email: 'a@b.co', role_id: role, active: true, two_factor: false, force_senha: force, updated_at: '' },
    forcePasswordChange: force,
    keychain: 'available',
  };
}

describe('area guard', () => {
  it('waits while the session is unknown', () => {
    expect(decideArea(null, '/app/users')).toEqual({ kind: 'wait' });
  });
  it('sends a signed-out user to login, remembering where they were going', () => {
    expect(decideArea(session(null), '/app/users?page=2')).toEqual({ kind: 'login', from: '/app/users?page=2' });
  });
  it('sends a user with a temporary password to /auth/change', () => {
    expect(decideArea(session(Role.ADMIN, true), '/app/home')).toEqual({ kind: 'change-password' });
  });
  it('lets a signed-in user in', () => {
    expect(decideArea(session(Role.AGENT), '/app/home')).toEqual({ kind: 'allow' });
  });
});

describe('leaf guard', () => {
  it('forbids an agent on the users screen and an operator on LGPD', () => {
    expect(decideLeaf(Role.AGENT, findLeaf('/app/users')!.roles)).toEqual({ kind: 'forbidden' });
    expect(decideLeaf(Role.OPERATOR, findLeaf('/app/lgpd')!.roles)).toEqual({ kind: 'forbidden' });
  });
  it('allows the roles the route merges in', () => {
    expect(decideLeaf(Role.AGENT, findLeaf('/app/home')!.roles)).toEqual({ kind: 'allow' });
    expect(decideLeaf(Role.OPERATOR, findLeaf('/app/situations/new')!.roles)).toEqual({ kind: 'allow' });
    expect(decideLeaf(Role.ADMIN, findLeaf('/boavista/boa-vista/1')!.roles)).toEqual({ kind: 'allow' });
  });
  it('forbids the borrower role (USER) everywhere in the panel', () => {
    expect(decideLeaf(Role.USER, findLeaf('/app/home')!.roles)).toEqual({ kind: 'forbidden' });
  });
});

describe('auth screens guard', () => {
  it('keeps /auth/change for a forced change only', () => {
    expect(decideAuthScreen(session(null), 'change')).toEqual({ kind: 'redirect', to: '/auth/login' });
    expect(decideAuthScreen(session(Role.ADMIN), 'change')).toEqual({ kind: 'redirect', to: '/app/home' });
    expect(decideAuthScreen(session(Role.ADMIN, true), 'change')).toEqual({ kind: 'allow' });
  });
  it('sends signed-in users away from login and forced users to change', () => {
    expect(decideAuthScreen(session(Role.ADMIN), 'login')).toEqual({ kind: 'redirect', to: '/app/home' });
    expect(decideAuthScreen(session(Role.ADMIN, true), 'login')).toEqual({ kind: 'redirect', to: '/auth/change' });
    expect(decideAuthScreen(session(null), 'login')).toEqual({ kind: 'allow' });
    expect(decideAuthScreen(session(Role.ADMIN), 'confirmEmail')).toEqual({ kind: 'allow' });
    expect(decideAuthScreen(session(Role.ADMIN), 'login', '/app/users?page=2')).toEqual({ kind: 'redirect', to: '/app/users?page=2' });
  });
});

describe('targets', () => {
  it('returns to an app path after login, never to an outside one', () => {
    expect(afterLoginTarget('/app/users?page=3')).toBe('/app/users?page=3');
    expect(afterLoginTarget('/auth/login')).toBe('/app/home');
    expect(afterLoginTarget('https://evil.example')).toBe('/app/home');
    expect(afterLoginTarget(undefined)).toBe('/app/home');
  });
  it("sends '/' home when signed in, else to login", () => {
    expect(rootTarget(session(Role.AGENT))).toBe('/app/home');
    expect(rootTarget(session(null))).toBe('/auth/login');
  });
});
