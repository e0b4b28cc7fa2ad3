/**
 * The one menu configuration of the spec's side-menu table. The side menu, the breadcrumb and
 * the page header all read their titles from here, so a screen's name is
 * written once. Titles are i18n keys (the spec's Portuguese in pt-BR, English in en).
 */
import { contract } from '@shared/contract';
import { AllAdmins, AllOperators, AllPanelUsers, hasProfilePermission, isRoleAllowed, type RoleId } from '@shared/roles';
import { ancestorLeaves, findLeaf, titleKeyOf } from './routes';

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
  | 'shield'
  | 'warning-sign'
  | 'inbox'
  | 'document-share'
  | 'timeline-line-chart'
  | 'notifications';

/** The attention counts (contract 'collections.attention') an entry shows beside its title. */
export type AttentionCount = 'overdue_installments' | 'approvals_to_check' | 'suspense_open';

export interface MenuEntry {
  /** path under /app, e.g. '/users' */
  path: string;
  titleKey: string;
  /** page-header title when it differs from the menu title (the spec's screens give a few) */
  pageTitleKey?: string;
  icon: MenuIcon;
  /** narrower than its group: only these roles see it (a designed screen for the roles of its call) */
  roles?: readonly RoleId[];
  /** a query the link adds (a tab of the page: '?tab=banks') */
  search?: string;
  /** i18n key of more words the palette finds it by (space separated: what people call it) */
  wordsKey?: string;
  /** the count of things needing attention shown beside the title */
  attention?: AttentionCount;
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
    // Designed: the collections desk's day in one place, each entry with what needs attention now.
    key: 'collections',
    titleKey: 'desk.menu.group',
    icon: 'warning-sign',
    roles: AllPanelUsers,
    entries: [
      { path: '/collections', titleKey: 'desk.menu.overdue', icon: 'warning-sign', wordsKey: 'desk.words.overdue', attention: 'overdue_installments' },
      {
        path: '/approvals',
        titleKey: 'desk.menu.approvals',
        icon: 'inbox',
        roles: contract['approvals.inbox'].access,
        wordsKey: 'desk.words.approvals',
        attention: 'approvals_to_check',
      },
      // Valores a identificar, for the roles of its list.
      { path: '/clientOperation/suspense', titleKey: 'desk.menu.suspense', icon: 'flag', roles: contract['suspense.list'].access, wordsKey: 'desk.words.suspense', attention: 'suspense_open' },
      // Designed: payment reminders (run, list, rules, opt-outs), for the roles of its calls: administrators and operators.
      { path: '/collections/reminders', titleKey: 'reminders.menu', icon: 'notifications', roles: contract['reminders.list'].access },
      // Designed: negativação through a credit bureau, for the roles of its calls: administrators and operators.
      { path: '/collections/negativation', titleKey: 'negativation.menu', icon: 'warning-sign', roles: contract['negativation.list'].access },
      // The banks' tab of the company, where each bank's remittances and return files open.
      { path: '/company-operation', search: '?tab=banks', titleKey: 'desk.menu.bankFiles', icon: 'document-share', wordsKey: 'desk.words.bankFiles' },
    ],
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
      // Designed: titled as its menu entry ("Todas as operações"; the spec says "Operações", the group's name), like "Empresa".
      { path: '/allOperations', titleKey: 'menu.allOperations', wordsKey: 'menu.operationsGroup', icon: 'list' },
      { path: '/clientOperation', titleKey: 'menu.clientOperation', icon: 'bank-account' },
      // Designed (the spec's menu has no entry for it): the cession across operations, for whoever may assign.
      { path: '/clientOperation/cession', titleKey: 'menu.cession', icon: 'exchange', roles: contract['cession.assignBatch'].access },
      // Its page is called what its menu entry says ("Empresa"), not the group's "Operações".
      { path: '/company-operation', titleKey: 'menu.companyOperation', icon: 'office' },
      // Designed: the monthly balancete by COSIF account (its page opens for the roles of its call: administrators).
      { path: '/company-operation/books/balancete', titleKey: 'books.menu', icon: 'calculator', roles: contract['ledger.balancete'].access },
      // Designed: the monthly close (stages, provisions, four eyes), for the roles of its calls: administrators.
      { path: '/company-operation/books/close', titleKey: 'close.menu', icon: 'history', roles: contract['ledger.closePreview'].access },
      // Designed: the interest accrual run (competence basis) and its last runs, for the roles of its calls: administrators.
      { path: '/company-operation/books/accrual', titleKey: 'accrual.menu', icon: 'timeline-line-chart', roles: contract['ledgerAccrual.run'].access },
      // Designed: the SCR Doc 3044 queue of events (administrators: the roles of its calls).
      { path: '/company-operation/books/regulatory/doc3044', titleKey: 'doc3044.menu', icon: 'document-share', roles: contract['doc3044.list'].access },
      // Designed: the SCR's Doc 3040 (check, generate and save), for the roles of its calls: administrators.
      { path: '/company-operation/books/regulatory/doc3040', titleKey: 'scr3040.menu', icon: 'bank-account', roles: contract['doc3040.check'].access },
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

/** Groups a role may see (the spec's profile-permission check: roles 1 and 3 always). */
export function visibleMenu(role: RoleId | null | undefined): MenuGroup[] {
  return MENU.filter((g) => hasProfilePermission(role, g.roles)).map((g) => ({ ...g, entries: g.entries.filter((e) => !e.roles || isRoleAllowed(role, e.roles)) }));
}

/** Entries that name a page itself (not one of its tabs): the titles of pages come from these. */
function allEntries(): MenuEntry[] {
  return MENU.flatMap((g) => g.entries).filter((e) => !e.search);
}

/** Menu title key of an exact path under /app, else the route configuration's title of that page. */
export function titleKeyFor(path: string): string | undefined {
  const entry = allEntries().find((e) => e.path === path);
  if (entry) return entry.titleKey;
  const leaf = findLeaf(`/app${path}`);
  return leaf ? titleKeyOf(leaf, path) : undefined;
}

/** The page title the spec gives a top-level page (menu pageTitleKey), else its menu or route title. */
function pageTitleKeyFor(path: string): string | undefined {
  const entry = allEntries().find((e) => e.path === path);
  return entry ? (entry.pageTitleKey ?? entry.titleKey) : titleKeyFor(path);
}

export interface Crumb {
  /** absolute path to link to; absent for the current page */
  href?: string;
  /** i18n key of the page's title */
  titleKey?: string;
  /** the raw segment, only for a page the configuration does not name */
  text?: string;
}

const HOME_CRUMB: Crumb = { href: '/app/home', titleKey: 'menu.home' };

function prefix(pathname: string, segmentCount: number): string {
  return `/${pathname.split('/').filter(Boolean).slice(0, segmentCount).join('/')}`;
}

/**
 * Root 'home' (Início), then the pages above the current one (each a link to
 * that page with the same ids), then the current page, all titled from the
 * route configuration. Segments that are not pages ('view', ids) get no crumb
 * of their own: an id page is named by its title ('Detalhe', 'Editar').
 */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const path = pathname.replace(/\/+$/, '');
  const leaf = findLeaf(path);
  if (!leaf) return [HOME_CRUMB];
  if (leaf.screen === 'home') return [{ titleKey: HOME_CRUMB.titleKey }];
  const crumbs: Crumb[] = [HOME_CRUMB];
  for (const above of ancestorLeaves(leaf)) {
    const href = prefix(path, above.pattern.split('/').filter(Boolean).length);
    crumbs.push({ href, titleKey: titleKeyOf(above, href) });
  }
  const titleKey = titleKeyOf(leaf, path);
  crumbs.push(titleKey ? { titleKey } : { text: decodeURIComponent(path.split('/').pop() ?? '') });
  return crumbs;
}

export interface Heading {
  /** i18n key of the title; undefined means the default 'Home' */
  titleKey?: string;
  subtitleKey?: string;
}

/**
 * Page header: the top-level page's title, and 'title > subtitle' when the
 * current page is a deeper one (its route title: 'Logs do sistema > Detalhe').
 */
export function pageHeading(pathname: string): Heading {
  const path = pathname.replace(/\/+$/, '');
  const leaf = findLeaf(path);
  if (!leaf) return {};
  const segments = path.split('/').filter(Boolean);
  const area = segments[0];
  const top = `/${segments[1] ?? ''}`;
  const titleKey = area === 'app' ? pageTitleKeyFor(top) : titleKeyOf(leaf, path);
  if (area !== 'app' || ancestorLeaves(leaf).length === 0) return { titleKey };
  const subtitleKey = titleKeyOf(leaf, path);
  return subtitleKey ? { titleKey, subtitleKey } : { titleKey };
}
