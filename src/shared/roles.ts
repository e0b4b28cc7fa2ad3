/**
 * Roles of the spec's entities and its roles and permissions. The single source of role ids, labels and groups:
 * the contract, the server's guard, the router and the side menu all read
 * from here.
 */
export const Role = {
  ADMIN: 1,
  USER: 2,
  SUPER_ADMIN: 3,
  AGENT: 4,
  OPERATOR: 5,
} as const;

export type RoleId = (typeof Role)[keyof typeof Role];

export const ALL_ROLE_IDS: readonly RoleId[] = [1, 2, 3, 4, 5];

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'number' && (ALL_ROLE_IDS as readonly number[]).includes(value);
}

/** Portuguese labels exactly as the spec's roles and permissions give them. */
export const ROLE_LABELS_PT: Record<RoleId, string> = {
  3: 'Super Administrador',
  1: 'Administrador',
  2: 'Usuário',
  5: 'Operador',
  4: 'Agente',
};

export const OnlySuperAdmin: readonly RoleId[] = [Role.SUPER_ADMIN];
export const AllAdmins: readonly RoleId[] = [Role.SUPER_ADMIN, Role.ADMIN];
export const AllOperators: readonly RoleId[] = [...AllAdmins, Role.OPERATOR];
export const AllPanelUsers: readonly RoleId[] = [...AllOperators, Role.AGENT];

/** Which roles a user of a given role may create or edit (the spec's roles and permissions). */
export function manageableRoles(actor: RoleId): readonly RoleId[] {
  if (actor === Role.SUPER_ADMIN) return [Role.SUPER_ADMIN, Role.ADMIN, Role.OPERATOR, Role.AGENT];
  if (actor === Role.ADMIN) return [Role.ADMIN, Role.OPERATOR, Role.AGENT];
  return [];
}

export function canManageRole(actor: RoleId, target: RoleId): boolean {
  return manageableRoles(actor).includes(target);
}

/**
 * Profile-permission check of the spec's roles and permissions: roles 1 and 3 are always allowed;
 * anyone else must be in the allowed list.
 */
export function hasProfilePermission(role: RoleId | undefined | null, allowed: readonly RoleId[]): boolean {
  if (role == null) return false;
  if (role === Role.ADMIN || role === Role.SUPER_ADMIN) return true;
  return allowed.includes(role);
}

/** Route-level check: an empty or missing list means "no restriction". */
export function isRoleAllowed(role: RoleId | undefined | null, allowed: readonly RoleId[] | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  return role != null && allowed.includes(role);
}

/**
 * Child routes inherit their parent's roles and may only narrow them (the spec's screens and routes): a page is
 * open to the roles both its parent and itself allow, so a page's stricter rule (a report for operators) holds
 * under a wider parent (the company area, open to agents). An empty or missing list adds no rule.
 */
export function mergeRoles(
  parent: readonly RoleId[] | undefined,
  child: readonly RoleId[] | undefined,
): readonly RoleId[] | undefined {
  if (!child || child.length === 0) return parent;
  if (!parent || parent.length === 0) return child;
  return parent.filter((r) => child.includes(r));
}
