/**
 * The guards' decisions as plain functions (the spec's route guard), so the
 * rules are tested without rendering; the guard components only act on them.
 */
import type { SessionState } from '@shared/bridge';
import { isRoleAllowed, type RoleId } from '@shared/roles';

export type AreaDecision =
  | { kind: 'wait' }
  | { kind: 'login'; from: string }
  | { kind: 'change-password' }
  | { kind: 'allow' };

/** App and credit-bureau areas: signed in, and no pending forced password change. */
export function decideArea(session: SessionState | null, from: string): AreaDecision {
  if (session === null) return { kind: 'wait' };
  if (!session.user) return { kind: 'login', from };
  if (session.forcePasswordChange || session.user.force_senha) return { kind: 'change-password' };
  return { kind: 'allow' };
}

export type LeafDecision = { kind: 'allow' } | { kind: 'forbidden' };

/** A leaf route whose merged roles exclude the user shows the forbidden screen. */
export function decideLeaf(role: RoleId | undefined, roles: readonly RoleId[] | undefined): LeafDecision {
  return isRoleAllowed(role, roles) ? { kind: 'allow' } : { kind: 'forbidden' };
}

export type AuthScreenDecision = { kind: 'wait' } | { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * Auth screens: the sign-in side is for signed-out users (a signed-in user
 * goes home); /auth/change is only for a signed-in user with a forced change.
 */
export function decideAuthScreen(session: SessionState | null, screen: string, from?: unknown): AuthScreenDecision {
  if (session === null) return { kind: 'wait' };
  const signedIn = !!session.user;
  const forced = signedIn && (session.forcePasswordChange || !!session.user?.force_senha);
  if (screen === 'change') {
    if (!signedIn) return { kind: 'redirect', to: '/auth/login' };
    return forced ? { kind: 'allow' } : { kind: 'redirect', to: '/app/home' };
  }
  // confirmEmail works whatever the session: it only acts on a link from an e-mail.
  if (screen === 'confirmEmail') return { kind: 'allow' };
  if (forced) return { kind: 'redirect', to: '/auth/change' };
  // A signed-in user (e.g. the sign-in just finished) continues where they were going.
  if (signedIn) return { kind: 'redirect', to: afterLoginTarget(from) };
  return { kind: 'allow' };
}

/** Where to go after the login screen: only app-internal paths are honoured. */
export function afterLoginTarget(from: unknown): string {
  if (typeof from !== 'string') return '/app/home';
  if (!from.startsWith('/app/') && !from.startsWith('/boavista/')) return '/app/home';
  return from;
}

/** Root '/': home when signed in, else login. */
export function rootTarget(session: SessionState): string {
  return session.user ? '/app/home' : '/auth/login';
}
