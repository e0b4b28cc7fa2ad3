/**
 * The one menu configuration of spec §2. The side menu, the breadcrumb and
 * the page header all read their titles from here, so a screen's name is
 * written once. Titles are i18n keys (menu titles stay Portuguese in pt-BR).
 */
import { AllAdmins, AllOperators, AllPanelUsers, hasProfilePermission, type RoleId } from '../../../shared/roles';

export type MenuIcon =
  | 'dashboard'
  | 'document'
  | 'time'
  | 'list'
  | 'calculator'
  | 'people'
  | 'exchange'
  | 'bank-account'
  | 'office'
  | 'chat'
  | 'form'
  | 'projects'
  | 'search'
  | 'flag'
  | 'comment'
  | 'cog'
  | 'user'
  | 'history'
  | 'shield';

export interface MenuEntry {
  /** path under /app, e.g. '/users' */
  path: string;
  titleKey: string;
  /** page-header title when it differs from the menu title (spec §2 gives a few) */
  pageTitleKey?: string;
  icon: MenuIcon;
}

export interface MenuGroup {
  key: string;
  titleKey: string;
  icon: MenuIcon;
  roles: readonly RoleId[];
  entries: readonly MenuEntry[];
}

export const MENU: readonly MenuGroup[] = [
  {
    key: 'dashboard',
    titleKey: 'menu.dashboard',
    icon: 'dashboard',
    roles: AllPanelUsers,
    entries: [{ path: '/home', titleKey: 'menu.dashboard', pageTitleKey: 'menu.home', icon: 'dashboard' }],
  },
  {
    key: 'solicitations',
    titleKey: 'menu.solicitationsGroup',
    icon: 'document',
    roles: AllPanelUsers,
    entries: [
      { path: '/solicitations/pending', titleKey: 'menu.solicitationsPending', icon: 'time' },
      { path: '/solicitations', titleKey: 'menu.solicitationsAll', pageTitleKey: 'menu.solicitationsGroup', icon: 'list' },
      { path: '/simulations', titleKey: 'menu.simulations', icon: 'calculator' },
      { path: '/entrepreneurs', titleKey: 'menu.entrepreneurs', icon: 'people' },
    ],
  },
  {
    key: 'operations',
    titleKey: 'menu.operationsGroup',
    icon: 'exchange',
    roles: AllPanelUsers,
    entries: [
      { path: '/allOperations', titleKey: 'menu.allOperations', pageTitleKey: 'menu.operationsGroup', icon: 'list' },
      { path: '/clientOperation', titleKey: 'menu.clientOperation', icon: 'bank-account' },
      { path: '/company-operation', titleKey: 'menu.companyOperation', pageTitleKey: 'menu.operationsGroup', icon: 'office' },
      { path: '/messages', titleKey: 'menu.messages', icon: 'chat' },
    ],
  },
  {
    key: 'solicitationForm',
    titleKey: 'menu.solicitationFormGroup',
    icon: 'form',
    roles: AllOperators,
    entries: [
      { path: '/projects', titleKey: 'menu.projects', icon: 'projects' },
      { path: '/how-did-find', titleKey: 'menu.howDidFind', icon: 'search' },
      { path: '/situations', titleKey: 'menu.situations', icon: 'flag' },
      { path: '/reasons', titleKey: 'menu.reasons', icon: 'comment' },
    ],
  },
  {
    key: 'settings',
    titleKey: 'menu.settingsGroup',
    icon: 'cog',
    roles: AllAdmins,
    entries: [
      { path: '/users', titleKey: 'menu.users', icon: 'user' },
      { path: '/logsPage', titleKey: 'menu.logs', icon: 'history' },
      { path: '/lgpd', titleKey: 'menu.lgpd', icon: 'shield' },
    ],
  },
];

/** Pages reached outside the menu that still need a title. */
const EXTRA_TITLES: Record<string, string> = {
  '/profile': 'menu.profile',
  '/users/new': 'shell.users.newTitle',
};

/** Groups a role may see (the spec's profile-permission check: roles 1 and 3 always). */
export function visibleMenu(role: RoleId | null | undefined): MenuGroup[] {
  return MENU.filter((g) => hasProfilePermission(role, g.roles));
}

function allEntries(): MenuEntry[] {
  return MENU.flatMap((g) => g.entries);
}

/** Menu title key of an exact path under /app, if the configuration knows it. */
export function titleKeyFor(path: string): string | undefined {
  return allEntries().find((e) => e.path === path)?.titleKey ?? EXTRA_TITLES[path];
}

function pageTitleKeyFor(path: string): string | undefined {
  const entry = allEntries().find((e) => e.path === path);
  return entry ? (entry.pageTitleKey ?? entry.titleKey) : EXTRA_TITLES[path];
}

export interface Crumb {
  /** absolute path, e.g. '/app/users' */
  href: string;
  /** i18n key when the configuration names the segment */
  titleKey?: string;
  /** the raw segment otherwise (an id, a status) */
  text?: string;
}

/** Strips the '/app' prefix; undefined when the path is outside the app area. */
function appRelative(pathname: string): string | undefined {
  if (pathname === '/app' || pathname === '/app/') return '';
  return pathname.startsWith('/app/') ? pathname.slice(4).replace(/\/+$/, '') : undefined;
}

/** Root 'home' at /app, then one crumb per path segment titled from the menu configuration. */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const crumbs: Crumb[] = [{ href: '/app', text: 'home' }];
  const rel = appRelative(pathname);
  if (rel === undefined) return crumbs;
  const segments = rel.split('/').filter(Boolean);
  let acc = '';
  for (const seg of segments) {
    acc += `/${seg}`;
    const titleKey = titleKeyFor(acc);
    crumbs.push(titleKey ? { href: `/app${acc}`, titleKey } : { href: `/app${acc}`, text: decodeURIComponent(seg) });
  }
  return crumbs;
}

export interface Heading {
  /** i18n key of the title; undefined means the default 'Home' */
  titleKey?: string;
  subtitleKey?: string;
}

/**
 * Page header: the first segment's page title, and 'title > subtitle' when
 * the full path is a deeper page the configuration names.
 */
export function pageHeading(pathname: string): Heading {
  const rel = appRelative(pathname);
  if (!rel) return {};
  const segments = rel.split('/').filter(Boolean);
  const top = `/${segments[0]}`;
  const titleKey = pageTitleKeyFor(top);
  if (segments.length === 1) return { titleKey };
  const subtitleKey = titleKeyFor(`/${segments.join('/')}`);
  return subtitleKey ? { titleKey, subtitleKey } : { titleKey };
}
