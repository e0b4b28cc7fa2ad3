/** Guard components: they only act on the decisions of guards.ts. */
import { Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { RoleId } from '@shared/roles';
import { ForbiddenScreen } from '../screens/common/ForbiddenScreen';
import { decideArea, decideAuthScreen, decideLeaf, rootTarget } from './guards';
import { useSession } from './session';

function Waiting() {
  return (
    <div className="center-fill">
      <Spinner />
    </div>
  );
}

export function AreaGate({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  const decision = decideArea(state, location.pathname + location.search);
  switch (decision.kind) {
    case 'wait':
      return <Waiting />;
    case 'login':
      return <Navigate to="/auth/login" replace state={{ from: decision.from }} />;
    case 'change-password':
      return <Navigate to="/auth/change" replace />;
    case 'allow':
      return <>{children}</>;
  }
}

export function LeafGate({ roles, children }: { roles: readonly RoleId[] | undefined; children: ReactNode }) {
  const { user } = useSession();
  return decideLeaf(user?.role_id, roles).kind === 'allow' ? <>{children}</> : <ForbiddenScreen />;
}

export function AuthGate({ screen, children }: { screen: string; children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const decision = decideAuthScreen(state, screen, from);
  if (decision.kind === 'wait') return <Waiting />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}

export function RootRedirect() {
  const { state } = useSession();
  if (!state) return <Waiting />;
  return <Navigate to={rootTarget(state)} replace />;
}

/** Unknown path: home, passing the original location so home can say what was not found. */
export function NotFoundRedirect() {
  const location = useLocation();
  return <Navigate to="/app/home" replace state={{ notFound: location.pathname + location.search }} />;
}
