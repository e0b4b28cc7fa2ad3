/**
 * Accessibility of every screen a role can open: the super administrator and
 * the agent (see ROLES) each sign in and open every page the route configuration lets it reach (ids replaced by real
 * records, ':form' both as 'new' and as an existing record), plus the sign-in
 * screens signed out; axe (WCAG 2 A and AA rules and its best practices, such
 * as headings in order) must find no serious, critical or moderate violation. The page list comes from src/renderer/src/app/routes.ts,
 * so a new route is checked without touching this file.
 */
import { addMonths } from '../../src/server/domain/credit/calendar';
import type { Page } from '@playwright/test';
import { test, expect, signInAs, axeBuilder, directCall, directSignIn, DEMO, DEMO_PASSWORD } from './harness';
import { APP_LEAVES, AUTH_PATHS, BOAVISTA_LEAVES, type LeafRoute } from '../../src/renderer/src/app/routes';
import { COMPANY_TABS } from '../../src/renderer/src/screens/company/tabs';
import { BORROWER_TABS } from '../../src/renderer/src/screens/borrowers/tabs';
import { ANALYSIS_TABS } from '../../src/renderer/src/screens/creditOperations/tabs';
import type { OperationName } from '../../src/shared/contract';
import { isRoleAllowed, type RoleId } from '../../src/shared/roles';

// Its tests read what the demo seed holds and change nothing another one reads: one server for the file.
test.use({ serverPerFile: true });

type Who = 'superadmin' | 'admin' | 'operador' | 'agente';
type Ids = Partial<Record<LeafRoute['screen'], string>>;

interface Violation {
  path: string;
  rule: string;
  impact: string;
  nodes: string[];
}

async function firstId(url: string, token: string, operation: OperationName): Promise<number | undefined> {
  const answer = await directCall<{ items: Array<{ id: number }> }>(url, operation, { page: 1, limit: 1 }, token);
  expect(answer.status, operation).toBe(200);
  return answer.body.items[0]?.id;
}

/** A real record behind each screen that shows one, created when the seed has none. */
async function realIds(url: string, today: string): Promise<Ids> {
  const token = await directSignIn(url, DEMO.superadmin.email, DEMO_PASSWORD);
  const ensure = async (list: OperationName, create: OperationName, input: Record<string, unknown>): Promise<string> => {
    const existing = await firstId(url, token, list);
    if (existing !== undefined) return String(existing);
    const created = await directCall<{ id: number }>(url, create, input, token);
    expect(created.status, create).toBe(200);
    return String(created.body.id);
  };
  const borrower = await ensure('borrowers.list', 'borrowers.create', { person_type: 'PJ', document: '11.222.333/0001-81', name: 'Tomador a11y Ltda' });
  const operation = await ensure('creditOperation.list', 'creditOperation.create', {
    borrower_id: Number(borrower),
    product: 'working_capital',
    amortization: 'price',
    requested_amount: '10000.00',
    monthly_rate: '1.99',
    installments: 12,
    disbursement_date: today,
    first_due_date: addMonths(today, 1),
    idempotency_key: 'a11y-walk-operation-0001',
  });
  const entrepreneur = await firstId(url, token, 'users.entrepreneurs');
  expect(entrepreneur, 'the demo seed has entrepreneurs').toBeDefined();
  return {
    'users.form': String(await firstId(url, token, 'users.admins')),
    'entrepreneurs.form': String(entrepreneur),
    'logs.view': String(await firstId(url, token, 'logs.all')),
    'solicitations.view': String(await firstId(url, token, 'solicitations.list')),
    'lgpd.view': await ensure('lgpd.list', 'lgpd.create', { user_id: entrepreneur, channel: 'email' }),
    'situations.form': await ensure('situations.list', 'situations.create', { label: 'Situação a11y', percentage: 10 }),
    'howDidFind.form': await ensure('howDidFind.list', 'howDidFind.create', { label: 'Indicação a11y' }),
    'reasons.form': await ensure('reasons.list', 'reasons.create', { label: 'Capital de giro a11y' }),
    'projects.form': await ensure('projects.list', 'projects.create', { title: 'Projeto a11y', active: true }),
    'borrowers.view': borrower,
    'operations.proposal': operation,
    'operations.analysis': operation,
    // The repurchase screens are the operation's (its details screen's installment is the same id: a 404 callout).
    'servicing.repurchase': operation,
    'servicing.repurchaseTitle': operation,
    'servicing.repurchaseDetails': operation,
    // The return screen's parameter is a bank code.
    'company.cnabReturn': '341',
    // A bank code: the bank whose remittances the screen lists.
    'company.remittanceOperation': '341',
    // A bank code: the demo seed's assignee account is at Banco do Brasil.
    'company.assignmentRemittance': '001',
  };
}

/** Screens whose tabs are kept in the URL (?tab=): every tab is a page of its own to check. */
const TABBED: Partial<Record<LeafRoute['screen'], readonly string[]>> = {
  'company.setup': COMPANY_TABS.slice(1),
  'borrowers.view': BORROWER_TABS.slice(1),
  'operations.analysis': ANALYSIS_TABS.slice(1),
};

/** Concrete paths of one leaf: ':form' as 'new' and as a real record, other parameters as a real id or 1. */
function concretePaths(leaf: LeafRoute, ids: Ids): string[] {
  const tabs = TABBED[leaf.screen];
  const id = ids[leaf.screen] ?? '1';
  if (tabs) {
    const base = leaf.pattern.replace(/:[A-Za-z_]+/g, id);
    return [base, ...tabs.map((tab) => `${base}?tab=${tab}`)];
  }
  if (leaf.pattern.endsWith('/:form')) return [leaf.pattern.replace(':form', 'new'), leaf.pattern.replace(':form', id)];
  return [leaf.pattern.replace(':status', 'pending').replace(/:[A-Za-z_]+/g, id)];
}

function pagesFor(role: RoleId, ids: Ids): string[] {
  return [...APP_LEAVES, ...BOAVISTA_LEAVES]
    .filter((leaf) => isRoleAllowed(role, leaf.roles))
    .flatMap((leaf) => concretePaths(leaf, ids));
}

/** Navigates inside the running app and waits until the page has settled (no spinner). */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#${path}`);
  await expect(page).toHaveURL(new RegExp(`#${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(page.locator('.bp6-spinner')).toHaveCount(0);
}

/** What fails the walk: anything moderate or worse (heading-order is a moderate best practice). */
const FAILING_IMPACTS = ['moderate', 'serious', 'critical'];

/** The findings on the whole page, or only inside `within`. */
async function seriousViolations(page: Page, path: string, within?: string): Promise<Violation[]> {
  const builder = axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'best-practice']);
  const result = await (within ? builder.include(within) : builder).analyze();
  return result.violations
    .filter((v) => FAILING_IMPACTS.includes(v.impact ?? ''))
    .map((v) => ({ path, rule: v.id, impact: v.impact ?? '', nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

/**
 * The main region's structure: every element with its attributes, and
 * whether each holds text, without the text itself. axe's findings follow
 * from the structure, so a screen whose main region was already analysed
 * (the same screen drawn alike for another role) is not analysed again. The
 * shell around it (menu, header, and the page-wide rules: one main landmark,
 * headings in order, all content in landmarks) differs by role but not by
 * page, so it is analysed with the whole page on each role's first page, and
 * the following pages analyse their main region only. Four roles open some
 * 170 pages, about a third of them different.
 */
async function mainStructure(page: Page): Promise<string> {
  return page.getByRole('main').evaluate((main) => {
    const parts: string[] = [];
    const walk = (el: Element) => {
      const attributes = Array.from(el.attributes, (a) => `${a.name}=${a.value}`).sort().join(' ');
      const text = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      parts.push(`<${el.tagName} ${attributes}${text ? ' #text' : ''}>`);
      for (const child of Array.from(el.children)) walk(child);
      parts.push('</>');
    };
    walk(main);
    return parts.join('');
  });
}

/** Main regions analysed in this worker (a retry starts a new worker, which analyses everything again). */
const analysed = new Set<string>();

async function checkPages(page: Page, paths: readonly string[], expectInsideApp: boolean): Promise<Violation[]> {
  const found: Violation[] = [];
  for (const path of paths) {
    await test.step(path, async () => {
      await open(page, path);
      if (expectInsideApp) {
        // The list comes from the roles: none of these pages may be the forbidden screen.
        await expect(page.getByTestId('forbidden-screen'), path).toHaveCount(0);
        await expect(page.getByRole('main')).toHaveCount(1);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      }
      const first = path === paths[0];
      const structure = await mainStructure(page);
      if (analysed.has(structure) && !first) return;
      analysed.add(structure);
      found.push(...(await seriousViolations(page, path, first ? undefined : 'main')));
    });
  }
  return found;
}

/**
 * The super administrator opens every screen, each analysed whole; the agent,
 * the role with the fewest rights, opens every screen it may and sees them
 * drawn with the fewest actions. Administrators and operators draw the same
 * screens with a set of actions between those two, so their walks (two more
 * minutes of every test run) are left out; their menus and the route guard
 * are checked in roles-and-routes.spec.ts.
 */
const ROLES: ReadonlyArray<[Who, RoleId]> = [
  ['superadmin', 3],
  ['agente', 4],
];

for (const [who, role] of ROLES) {
  test(`${who}: every screen the role can open has no moderate, serious or critical axe violation`, async ({ page, harness, server }) => {
    // Forty-odd pages, each analysed: a longer limit than one screen's test, no timing asserted.
    test.setTimeout(600_000);
    const ids = await realIds(server.url, server.clock.today());
    await signInAs(page, harness, DEMO[who].email);
    const paths = pagesFor(role, ids);
    expect(paths).toContain('/app/profile');
    const before = analysed.size;
    const violations = await checkPages(page, paths, true);
    test.info().annotations.push({ type: 'analysed', description: `${analysed.size - before} new main regions in ${paths.length} pages` });
    expect(violations).toEqual([]);
  });
}

test('the sign-in screens, signed out, have no moderate, serious or critical axe violation', async ({ page, harness }) => {
  test.setTimeout(300_000);
  await harness.goto('/auth/login');
  const paths = AUTH_PATHS.map((p) => `/auth/${p.replace(':token', 'token-de-exemplo')}`);
  const found: Violation[] = [];
  for (const path of paths) {
    await test.step(path, async () => {
      await page.evaluate((hash) => {
        window.location.hash = hash;
      }, `#${path}`);
      // Some auth screens send a signed-out visitor to the login screen: whatever shows is checked.
      await expect(page.locator('.bp6-spinner')).toHaveCount(0);
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      found.push(...(await seriousViolations(page, path)));
    });
  }
  expect(found).toEqual([]);
});

