/**
 * Every route of the spec's screens and routes declared once, as data: the router renders it, the
 * guards read its roles, the tests check it against the spec. Screens are
 * named by key so this module stays free of React and can be unit-tested.
 */
import { AllAdmins, AllOperators, AllPanelUsers, mergeRoles, type RoleId } from '@shared/roles';
import { contract, type OperationName } from '@shared/contract';

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
  | 'simulations.list'
  | 'entrepreneurs.list'
  | 'entrepreneurs.form'
  | 'solicitations.list'
  | 'solicitations.view'
  | 'bureau.lookup'
  | 'company.setup'
  | 'company.remittance'
  | 'company.assignmentRemittance'
  | 'company.manualRemittance'
  | 'company.cnabReturn'
  | 'company.remittanceOperation'
  | 'company.iofReport'
  | 'books.balancete'
  | 'books.doc3044'
  | 'books.doc3040'
  | 'books.close'
  | 'books.accrual'
  | 'company.operationsReport'
  | 'company.parameterizedReport'
  | 'borrowers.list'
  | 'borrowers.view'
  | 'operations.list'
  | 'operations.building'
  | 'operations.proposal'
  | 'operations.analysis'
  | 'servicing.parcels'
  | 'servicing.payments'
  | 'servicing.cession'
  | 'servicing.repurchase'
  | 'servicing.repurchaseTitle'
  | 'servicing.repurchaseDetails'
  | 'collections.expired'
  | 'collections.reminders'
  | 'collections.negativation'
  | 'approvals.inbox'
  | 'servicing.suspense'
  | 'renegotiation.agreement'
  | 'renegotiation.view';

/**
 * The calls a screen cannot work without (what it loads, or for a screen made to do one thing, that thing): a
 * page opens only for the roles the server lets make every one of them, so the menu, the palette and a typed
 * address never lead a role to a screen whose first call the server refuses. The server's rules are the
 * contract's `access`; this table only names the calls.
 */
export const SCREEN_CALLS: Readonly<Record<ScreenKey, readonly OperationName[]>> = {
  home: ['home.all'],
  'users.list': ['users.admins'],
  'users.form': ['users.byId'],
  'logs.list': ['logs.all'],
  'logs.view': ['logs.byId'],
  'lgpd.list': ['lgpd.list'],
  'lgpd.view': ['lgpd.get'],
  profile: ['session.me'],
  'situations.list': ['situations.list'],
  'situations.form': ['situations.byId'],
  'howDidFind.list': ['howDidFind.list'],
  'howDidFind.form': ['howDidFind.byId'],
  'reasons.list': ['reasons.list'],
  'reasons.form': ['reasons.byId'],
  'projects.list': ['projects.list'],
  'projects.form': ['projects.byId'],
  messages: ['messages.list'],
  'simulations.list': ['simulations.all'],
  'entrepreneurs.list': ['users.entrepreneurs'],
  'entrepreneurs.form': ['users.entrepreneur'],
  'solicitations.list': ['solicitations.list'],
  'solicitations.view': ['solicitations.get'],
  'bureau.lookup': ['bureau.person'],
  'company.setup': ['company.get'],
  'company.remittance': ['remittance.overview'],
  'company.assignmentRemittance': ['assignmentRemittance.overview'],
  'company.manualRemittance': ['remittanceManual.list'],
  'company.cnabReturn': ['cnabReturn.history'],
  'company.remittanceOperation': ['remittance.history'],
  'company.iofReport': ['report.iof'],
  'company.operationsReport': ['report.operations'],
  'company.parameterizedReport': ['report.parameterized'],
  'borrowers.list': ['borrowers.list'],
  'borrowers.view': ['borrowers.get'],
  'operations.list': ['creditOperation.list'],
  'operations.building': ['creditOperation.create'],
  'operations.proposal': ['creditOperation.get'],
  'operations.analysis': ['creditOperation.get'],
  'servicing.parcels': ['servicing.installments'],
  'servicing.payments': ['servicing.installmentDetails'],
  // The screen exists to assign installments in one cession: for the roles that may assign (the menu's rule too).
  'servicing.cession': ['cession.assignableAcross', 'cession.assignBatch', 'cessionPrice.list'],
  'servicing.repurchase': ['repurchase.list'],
  'servicing.repurchaseTitle': ['repurchase.repurchasable'],
  'servicing.repurchaseDetails': ['repurchase.get'],
  'collections.expired': ['collections.expiredInstallments'],
  'collections.reminders': ['reminders.list', 'reminders.run', 'reminders.settings', 'reminders.optOuts', 'reminders.setOptOuts'],
  'collections.negativation': ['negativation.list', 'negativation.candidates', 'negativation.submit', 'negativation.run', 'negativation.get'],
  'servicing.suspense': ['suspense.list'],
  'renegotiation.agreement': ['renegotiation.installments', 'renegotiation.simulate', 'renegotiation.agree'],
  // One agreement: every panel role reads it; deciding and paying are offered only to the roles their calls admit.
  'renegotiation.view': ['renegotiation.get'],
  'approvals.inbox': ['approvals.inbox'],
  'books.balancete': ['ledger.balancete'],
  'books.doc3044': ['doc3044.list', 'doc3044.files', 'doc3044.generate', 'doc3044.markSent'],
  'books.doc3040': ['doc3040.check', 'doc3040.file'],
  'books.accrual': ['ledgerAccrual.status', 'ledgerAccrual.run'],
  'books.close': ['ledger.closeHistory', 'ledger.balancete', 'ledger.closePreview', 'ledger.closeMonth', 'ledger.closeAsk', 'ledger.closeDecide', 'ledger.closeUndo'],
};

/** The roles the server lets make every call a screen needs (undefined: any signed-in person). */
export function screenRoles(screen: ScreenKey): readonly RoleId[] | undefined {
  let roles: readonly RoleId[] | undefined;
  for (const name of SCREEN_CALLS[screen]) {
    const access = contract[name].access;
    if (typeof access !== 'string') roles = mergeRoles(roles, access);
  }
  return roles;
}

/**
 * A page's title for the breadcrumb and the page header: an i18n key, or for
 * a page whose last segment is a parameter, keys by that segment's value with
 * '*' for any other value (':form' is 'new' to create, an id to edit).
 */
export type RouteTitle = string | { readonly [value: string]: string; readonly '*': string };

export interface RouteNode {
  /** path segment(s) relative to the parent, without leading slash; '' is the parent's index */
  path: string;
  /** the page's title; an index child ('') takes its parent's */
  title?: RouteTitle;
  roles?: readonly RoleId[];
  screen?: ScreenKey;
  children?: readonly RouteNode[];
}

/** Titles of a ':form' page: creating at 'new', editing at an id. */
const FORM_TITLE: RouteTitle = { new: 'shell.crumbs.new', '*': 'shell.crumbs.edit' };
const DETAIL = 'shell.crumbs.detail';

/** A list screen with its '/:form' create/edit child, both built. */
const screens = (path: string, title: string, roles: readonly RoleId[], list: ScreenKey, form: ScreenKey): RouteNode => ({
  path,
  title,
  roles,
  children: [
    { path: '', screen: list },
    { path: ':form', title: FORM_TITLE, screen: form },
  ],
});

/**
 * The /app area: every panel role; a page narrows it (mergeRoles) by its own list and by the calls its screen
 * needs (SCREEN_CALLS): users, logs and LGPD for the admins, the catalogues for the operators.
 */
export const APP_ROUTES: RouteNode = {
  path: 'app',
  roles: AllPanelUsers,
  children: [
    { path: 'home', title: 'menu.home', screen: 'home' },
    {
      path: 'users',
      title: 'menu.users',
      roles: AllAdmins,
      children: [
        { path: '', screen: 'users.list' },
        { path: ':form', title: { new: 'shell.users.newTitle', '*': 'shell.users.editTitle' }, screen: 'users.form' },
      ],
    },
    // Every panel user has their own profile (password, two-factor): a departure from the spec's area rule (docs/architecture.md).
    { path: 'profile', title: 'menu.profile', screen: 'profile' },
    {
      path: 'solicitations',
      title: 'menu.solicitationsGroup',
      children: [
        { path: '', screen: 'solicitations.list' },
        { path: ':status', title: { pending: 'menu.solicitationsPending', '*': 'shell.crumbs.byStatus' }, screen: 'solicitations.list' },
        { path: 'view/:id', title: DETAIL, screen: 'solicitations.view' },
        { path: 'view-pending/:id', title: 'shell.crumbs.pendingDetail', screen: 'solicitations.view' },
      ],
    },
    { path: 'simulations', title: 'menu.simulations', screen: 'simulations.list' },
    {
      path: 'logsPage',
      title: 'menu.logs',
      roles: AllAdmins,
      children: [
        { path: '', screen: 'logs.list' },
        { path: 'view/:id', title: DETAIL, screen: 'logs.view' },
      ],
    },
    screens('situations', 'menu.situations', AllOperators, 'situations.list', 'situations.form'),
    screens('how-did-find', 'menu.howDidFind', AllOperators, 'howDidFind.list', 'howDidFind.form'),
    screens('reasons', 'menu.reasons', AllOperators, 'reasons.list', 'reasons.form'),
    {
      path: 'entrepreneurs',
      title: 'menu.entrepreneurs',
      children: [
        { path: '', screen: 'entrepreneurs.list' },
        // ':form' is the person's id: entrepreneurs register themselves in the applicant's app.
        { path: ':form', title: { '*': 'entrepreneurs.record.title' }, screen: 'entrepreneurs.form' },
      ],
    },
    {
      path: 'lgpd',
      title: 'menu.lgpd',
      roles: AllAdmins,
      children: [
        { path: '', screen: 'lgpd.list' },
        { path: 'view/:id', title: DETAIL, screen: 'lgpd.view' },
      ],
    },
    screens('projects', 'menu.projects', AllOperators, 'projects.list', 'projects.form'),
    {
      path: 'company-operation',
      title: 'menu.companyOperation',
      children: [
        { path: '', screen: 'company.setup' },
        { path: 'banks/:bankCode/remessa', title: 'shell.crumbs.remittance', screen: 'company.remittance' },
        { path: 'banks/:bankCode/assignment-remittances', title: 'shell.crumbs.assignmentRemittances', screen: 'company.assignmentRemittance' },
        // ':bankId' is a bank code (341) for the return files and the bank's remittances.
        { path: 'cnab-integration/:bankId', title: 'shell.crumbs.cnabIntegration', screen: 'company.cnabReturn' },
        { path: 'remittance-operation/:bankId', title: 'shell.crumbs.remittanceOperation', screen: 'company.remittanceOperation' },
        // ':bankId' is the company's collecting account (company_bank_accounts.id): a manual file is of one account.
        { path: 'remittance-operation/manual/:bankId', title: 'shell.crumbs.manualRemittance', screen: 'company.manualRemittance' },
        { path: 'reports/iof', title: 'reports.iof.crumb', screen: 'company.iofReport' },
        { path: 'reports/operations', title: 'reports.operations.crumb', screen: 'company.operationsReport' },
        { path: 'books/balancete', title: 'books.crumb', screen: 'books.balancete' },
        { path: 'books/close', title: 'close.crumb', screen: 'books.close' },
        { path: 'books/accrual', title: 'accrual.crumb', screen: 'books.accrual' },
        { path: 'books/regulatory/doc3044', title: 'doc3044.crumb', screen: 'books.doc3044' },
        { path: 'books/regulatory/doc3040', title: 'scr3040.crumb', screen: 'books.doc3040' },
        { path: 'reports/parameterized', title: 'reports.parameterized.crumb', screen: 'company.parameterizedReport' },
      ],
    },
    { path: 'allOperations', title: 'menu.allOperations', screen: 'operations.list' },
    {
      path: 'clientOperation',
      title: 'menu.clientOperation',
      children: [
        // The spec's route table names no borrower route: "Clientes" (clientOperation) lists the borrowers, the
        // clients of credit operations, and view/:id is one borrower's record with their credit file.
        { path: '', screen: 'borrowers.list' },
        { path: 'view/:id', title: { '*': 'borrowers.record.title' }, screen: 'borrowers.view' },
        { path: 'building', title: 'shell.crumbs.building', screen: 'operations.building' },
        { path: 'loan-proposal/:id', title: { '*': 'shell.crumbs.loanProposal' }, screen: 'operations.proposal' },
        { path: 'analize/:id', title: { '*': 'shell.crumbs.analysis' }, screen: 'operations.analysis' },
        { path: 'analize/:credit_operation_id/repurchase', title: 'shell.crumbs.repurchase', screen: 'servicing.repurchase' },
        { path: 'analize/:credit_operation_id/repurchase/title', title: 'shell.crumbs.repurchaseTitle', screen: 'servicing.repurchaseTitle' },
        { path: 'analize/:credit_operation_id/repurchase/:installmentId/details', title: 'shell.crumbs.installmentDetails', screen: 'servicing.repurchaseDetails' },
        // ':id' is the borrower on parcels (the client of the operation) and the installment on payments.
        { path: 'parcels/:id/:credit_operation_id', title: 'shell.crumbs.installments', screen: 'servicing.parcels' },
        { path: 'payments/:id/:credit_operation_id', title: 'shell.crumbs.payments', screen: 'servicing.payments' },
        // Designed (the spec shows the call GET /creditOperation/installments/cession, not its screen): assignable
        // installments across operations, assigned in one cession.
        { path: 'cession', title: 'shell.crumbs.cession', screen: 'servicing.cession' },
        // Designed: money the bank credited that no installment took (valores a identificar), for the roles of its list.
        { path: 'suspense', title: 'shell.crumbs.suspense', screen: 'servicing.suspense' },
        // Designed: a borrower's renegotiation agreement (':id' the borrower; ?operation= narrows to one operation).
        { path: 'renegotiation/:id', title: 'renegotiation.crumb', screen: 'renegotiation.agreement' },
        // Designed: one agreement (its figures, its approval, its installments collected); the inbox links a waiting one here.
        { path: 'renegotiation/agreement/:id', title: 'renegotiation.view.crumb', screen: 'renegotiation.view' },
      ],
    },
    { path: 'messages', title: 'menu.messages', screen: 'messages' },
    // Designed (the spec shows the call GET /expired-installments, not its screen): the collections desk's list, every panel role.
    { path: 'collections', title: 'collections.title', screen: 'collections.expired' },
    // Designed: payment reminders (the run, the list, the rules, a borrower's opt-out), for the roles of its calls.
    { path: 'collections/reminders', title: 'reminders.crumb', screen: 'collections.reminders' },
    // Designed: negativação (records, candidates, submit with confirmation, the job), for the roles of its calls.
    { path: 'collections/negativation', title: 'negativation.crumb', screen: 'collections.negativation' },
    // Designed: every request waiting for a second person, for the roles of its list (read-only: the record's screen decides).
    { path: 'approvals', title: 'desk.inbox.title', screen: 'approvals.inbox' },
  ],
};

/** The credit-bureau area: admin roles only. */
export const BOAVISTA_ROUTES: RouteNode = {
  path: 'boavista',
  roles: AllAdmins,
  children: [{ path: 'boa-vista/:id', title: 'menu.boavista', screen: 'bureau.lookup' }],
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
  /** roles after narrowing by every ancestor's and by the calls of its screen (undefined = no restriction) */
  roles: readonly RoleId[] | undefined;
  screen: ScreenKey;
  /** the page's title (an index page's is its parent's) */
  title: RouteTitle | undefined;
}

function join(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  return `${a}/${b}`;
}

/** Flattens an area into its leaves, narrowing roles from the area root down and then by the screen's calls. */
export function flattenRoutes(area: RouteNode): LeafRoute[] {
  const out: LeafRoute[] = [];
  const walk = (node: RouteNode, relative: string, inherited: readonly RoleId[] | undefined, parentTitle: RouteTitle | undefined) => {
    const roles = mergeRoles(inherited, node.roles);
    const title = node.title ?? (node.path === '' ? parentTitle : undefined);
    if (node.screen) {
      const leafRoles = mergeRoles(roles, screenRoles(node.screen));
      out.push({ pattern: `/${join(area.path, relative)}`, relative, roles: leafRoles, screen: node.screen, title });
    }
    for (const child of node.children ?? []) walk(child, join(relative, child.path), roles, title);
  };
  const areaRoles = area.roles;
  for (const child of area.children ?? []) walk(child, child.path, areaRoles, undefined);
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

/** The i18n key of a leaf's title for a concrete path (parameter pages by their last segment's value). */
export function titleKeyOf(leaf: LeafRoute, path: string): string | undefined {
  const { title } = leaf;
  if (title === undefined || typeof title === 'string') return title;
  const last = path.split('/').filter(Boolean).pop() ?? '';
  return title[decodeURIComponent(last)] ?? title['*'];
}

/** Same shape with parameters ignored by name: '/a/:id' and '/a/:x' are one pattern. */
function patternSegments(pattern: string): string[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? ':' : s));
}

/**
 * The pages above a leaf: leaves whose pattern is a proper prefix of its
 * pattern (parameters only match parameters, so '/solicitations/:status' is
 * not above '/solicitations/view/:id'), shortest first.
 */
export function ancestorLeaves(leaf: LeafRoute): LeafRoute[] {
  const target = patternSegments(leaf.pattern);
  const all = leaf.pattern.startsWith('/boavista/') ? BOAVISTA_LEAVES : APP_LEAVES;
  return all
    .filter((l) => {
      const segs = patternSegments(l.pattern);
      return segs.length < target.length && segs.every((s, i) => s === target[i]);
    })
    .sort((a, b) => a.pattern.length - b.pattern.length);
}
