/**
 * Every route of spec §2 declared once, as data: the router renders it, the
 * guards read its roles, the tests check it against the spec. Screens are
 * named by key so this module stays free of React and can be unit-tested.
 */
import { AllAdmins, AllOperators, AllPanelUsers, mergeRoles, type RoleId } from '../../../shared/roles';

/** Screens that exist in this version; any other leaf shows "Em construção". */
export type ScreenKey =
  | 'home'
  | 'users.list'
  | 'users.form'
  | 'logs.list'
  | 'logs.view'
  | 'lgpd.list'
  | 'lgpd.view'
  | 'profile'
  | 'situations.list'
  | 'situations.form'
  | 'howDidFind.list'
  | 'howDidFind.form'
  | 'reasons.list'
  | 'reasons.form'
  | 'projects.list'
  | 'projects.form'
  | 'messages'
  | 'underConstruction';

export interface RouteNode {
  /** path segment(s) relative to the parent, without leading slash; '' is the parent's index */
  path: string;
  roles?: readonly RoleId[];
  screen?: ScreenKey;
  children?: readonly RouteNode[];
}

const uc = (path: string, children?: readonly RouteNode[]): RouteNode => ({
  path,
  screen: 'underConstruction',
  children,
});

/** A list screen with its '/:form' create/edit child, both still to come. */
const catalogue = (path: string, roles: readonly RoleId[]): RouteNode => ({
  path,
  roles,
  children: [uc(''), uc(':form')],
});

/** A list screen with its '/:form' create/edit child, both built. */
const screens = (path: string, roles: readonly RoleId[], list: ScreenKey, form: ScreenKey): RouteNode => ({
  path,
  roles,
  children: [
    { path: '', screen: list },
    { path: ':form', screen: form },
  ],
});

/** The /app area: AllAdmins, with the children of spec §6 adding their groups (union merge). */
export const APP_ROUTES: RouteNode = {
  path: 'app',
  roles: AllAdmins,
  children: [
    { path: 'home', roles: AllPanelUsers, screen: 'home' },
    { path: 'users', children: [{ path: '', screen: 'users.list' }, { path: ':form', screen: 'users.form' }] },
    { path: 'profile', screen: 'profile' },
    {
      path: 'solicitations',
      roles: AllPanelUsers,
      children: [uc(''), uc(':status'), uc('view/:id'), uc('view-pending/:id')],
    },
    { path: 'simulations', roles: AllPanelUsers, screen: 'underConstruction' },
    { path: 'logsPage', children: [{ path: '', screen: 'logs.list' }, { path: 'view/:id', screen: 'logs.view' }] },
    screens('situations', AllOperators, 'situations.list', 'situations.form'),
    screens('how-did-find', AllOperators, 'howDidFind.list', 'howDidFind.form'),
    screens('reasons', AllOperators, 'reasons.list', 'reasons.form'),
    catalogue('entrepreneurs', AllPanelUsers),
    { path: 'lgpd', children: [{ path: '', screen: 'lgpd.list' }, { path: 'view/:id', screen: 'lgpd.view' }] },
    screens('projects', AllOperators, 'projects.list', 'projects.form'),
    {
      path: 'company-operation',
      roles: AllPanelUsers,
      children: [
        uc(''),
        uc('banks/:bankCode/remessa'),
        uc('banks/:bankCode/assignment-remittances'),
        uc('cnab-integration/:bankId'),
        uc('remittance-operation/:bankId'),
        uc('remittance-operation/manual/:bankId'),
      ],
    },
    { path: 'allOperations', roles: AllPanelUsers, screen: 'underConstruction' },
    {
      path: 'clientOperation',
      roles: AllPanelUsers,
      children: [
        uc(''),
        uc('view/:id'),
        uc('building'),
        uc('loan-proposal/:id'),
        uc('analize/:id'),
        uc('analize/:credit_operation_id/repurchase'),
        uc('analize/:credit_operation_id/repurchase/title'),
        uc('analize/:credit_operation_id/repurchase/:installmentId/details'),
        uc('parcels/:id/:credit_operation_id'),
        uc('payments/:id/:credit_operation_id'),
      ],
    },
    { path: 'messages', roles: AllPanelUsers, screen: 'messages' },
  ],
};

/** The credit-bureau area: admin roles only. */
export const BOAVISTA_ROUTES: RouteNode = {
  path: 'boavista',
  roles: AllAdmins,
  children: [uc('boa-vista/:id')],
};

export const AUTH_PATHS = [
  'login',
  'change',
  'reset',
  'confirmEmail/:token',
  'feedbackRecoverPass',
  'newPass',
  'register',
  'twoFactors',
] as const;

export interface LeafRoute {
  /** absolute pattern, e.g. '/app/users/:form' */
  pattern: string;
  /** pattern relative to the area root, e.g. 'users/:form' */
  relative: string;
  /** roles after merging every ancestor's (undefined = no restriction) */
  roles: readonly RoleId[] | undefined;
  screen: ScreenKey;
}

function join(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  return `${a}/${b}`;
}

/** Flattens an area into its leaves, merging roles from the area root down. */
export function flattenRoutes(area: RouteNode): LeafRoute[] {
  const out: LeafRoute[] = [];
  const walk = (node: RouteNode, relative: string, inherited: readonly RoleId[] | undefined) => {
    const roles = mergeRoles(inherited, node.roles);
    if (node.screen) out.push({ pattern: `/${join(area.path, relative)}`, relative, roles, screen: node.screen });
    for (const child of node.children ?? []) walk(child, join(relative, child.path), roles);
  };
  const areaRoles = area.roles;
  for (const child of area.children ?? []) walk(child, child.path, areaRoles);
  return out;
}

export const APP_LEAVES = flattenRoutes(APP_ROUTES);
export const BOAVISTA_LEAVES = flattenRoutes(BOAVISTA_ROUTES);

/** Matches a concrete path against a pattern with ':param' segments. */
export function matchPattern(pattern: string, path: string): boolean {
  const p = pattern.split('/').filter(Boolean);
  const s = path.split('/').filter(Boolean);
  if (p.length !== s.length) return false;
  return p.every((seg, i) => seg.startsWith(':') || seg === s[i]);
}

/** The leaf route a concrete path lands on (static segments win over parameters). */
export function findLeaf(path: string): LeafRoute | undefined {
  const candidates = [...APP_LEAVES, ...BOAVISTA_LEAVES].filter((l) => matchPattern(l.pattern, path));
  const staticCount = (l: LeafRoute) => l.pattern.split('/').filter((s) => s && !s.startsWith(':')).length;
  return candidates.sort((a, b) => staticCount(b) - staticCount(a))[0];
}
