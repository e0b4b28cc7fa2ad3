/** Who may change the company's setup: the roles the contract's update calls admit (AllAdmins); everyone else reads. */
import { contract } from '@shared/contract';
import { hasProfilePermission, type RoleId } from '@shared/roles';
import { useSession } from '../../app/session';

export const COMPANY_CHANGE_ROLES = contract['company.update'].access as readonly RoleId[];

export function useCanChangeCompany(): boolean {
  const { user } = useSession();
  return hasProfilePermission(user?.role_id, COMPANY_CHANGE_ROLES);
}

/** Lists and records the company's changes make stale. */
export const COMPANY_INVALIDATES = ['company.get'] as const;
