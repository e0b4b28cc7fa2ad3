import type { ReactNode } from 'react';
import { hasProfilePermission, type RoleId } from '@shared/roles';
import { useSession } from '../app/session';

/** Shows its children only to the allowed roles (the spec's profile-permission check: roles 1 and 3 always). */
export function RoleGate({ roles, children, fallback = null }: { roles: readonly RoleId[]; children: ReactNode; fallback?: ReactNode }) {
  const { user } = useSession();
  return <>{hasProfilePermission(user?.role_id, roles) ? children : fallback}</>;
}
