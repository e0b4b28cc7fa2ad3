/**
 * Every route for every role: a page opens (guard, menu, palette, typed address) only for the roles the server
 * lets make the calls its screen needs, and the tighter rule of a page holds under a wider parent.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../../src/shared/contract';
import { translate } from '../../../src/shared/i18n';
import { ALL_ROLE_IDS, AllAdmins, AllOperators, AllPanelUsers, Role, type RoleId } from '../../../src/shared/roles';
import { decideLeaf } from '../../../src/renderer/src/app/guards';
import { visibleMenu } from '../../../src/renderer/src/app/menu';
import { canOpen, menuItems, typedItems, type Translate } from '../../../src/renderer/src/app/palette';
import { APP_LEAVES, BOAVISTA_LEAVES, SCREEN_CALLS, findLeaf, type LeafRoute } from '../../../src/renderer/src/app/routes';

const t: Translate = (key, vars = {}) => translate('pt-BR', key, vars as Record<string, string | number>);
const LEAVES: LeafRoute[] = [...APP_LEAVES, ...BOAVISTA_LEAVES];

/** Concrete addresses of a pattern: a number for each parameter; ':form' both creating and editing. */
function addresses(pattern: string): string[] {
  const fill = (value: (name: string) => string) =>
    pattern
      .split('/')
      .map((seg) => (seg.startsWith(':') ? value(seg.slice(1)) : seg))
      .join('/');
  const out = [fill((name) => (name === 'status' ? 'pending' : '7'))];
  if (pattern.includes(':form')) out.push(fill((name) => (name === 'form' ? 'new' : '7')));
  return out;
}

/** What the server says of a call for a role (the contract's access). */
function serverAllows(name: keyof typeof contract, role: RoleId): boolean {
  const access = contract[name].access;
  if (access === 'signed-in') return true;
  if (typeof access === 'string') return false;
  return access.includes(role);
}

/** The addresses each role may open, written out from the spec's areas (not derived from the route table). */
const OPERATOR_ONLY = [
  '/app/situations', '/app/situations/:form', '/app/how-did-find', '/app/how-did-find/:form', '/app/reasons', '/app/reasons/:form',
  '/app/projects', '/app/projects/:form',
  '/app/company-operation/reports/iof', '/app/company-operation/reports/operations', '/app/company-operation/reports/parameterized',
  '/app/clientOperation/cession', '/app/clientOperation/suspense', '/app/approvals',
  // payment reminders: the run, list and opt-outs are the administrators' and operators'
  '/app/collections/reminders',
  // negativação: the records, candidates, submit and job are the administrators' and operators'
  '/app/collections/negativation',
];
const ADMIN_ONLY = ['/app/company-operation/books/balancete', '/app/company-operation/books/regulatory/doc3044', '/app/users', '/app/users/:form', '/app/logsPage', '/app/logsPage/view/:id', '/app/lgpd', '/app/lgpd/view/:id', '/boavista/boa-vista/:id', '/app/company-operation/books/regulatory/doc3040', '/app/company-operation/books/close', '/app/company-operation/books/accrual'];

function expectedRoles(pattern: string): readonly RoleId[] {
  if (ADMIN_ONLY.includes(pattern)) return AllAdmins;
  if (OPERATOR_ONLY.includes(pattern)) return AllOperators;
  return AllPanelUsers;
}

describe('every route for every role', () => {
  it('names the calls of every screen, each one a call of the contract', () => {
    for (const leaf of LEAVES) {
      expect(SCREEN_CALLS[leaf.screen].length, leaf.pattern).toBeGreaterThan(0);
      for (const name of SCREEN_CALLS[leaf.screen]) expect(contract[name], `${leaf.pattern} ${name}`).toBeDefined();
    }
  });

  it('opens a page for a role only when the server lets that role make every call of its screen', () => {
    for (const leaf of LEAVES) {
      for (const path of addresses(leaf.pattern)) {
        const landed = findLeaf(path);
        expect(landed?.pattern, path).toBe(leaf.pattern);
        for (const role of ALL_ROLE_IDS) {
          const opens = decideLeaf(role, landed?.roles).kind === 'allow';
          const server = SCREEN_CALLS[leaf.screen].every((name) => serverAllows(name, role));
          if (opens) expect(server, `role ${role} opens ${path} but the server refuses one of ${SCREEN_CALLS[leaf.screen].join(', ')}`).toBe(true);
          expect(canOpen(role, path), `palette/links: role ${role} ${path}`).toBe(opens);
          expect(opens, `role ${role} ${path}`).toBe(expectedRoles(leaf.pattern).includes(role));
        }
      }
    }
  });

  it('keeps an agent out of the operators\' reports under the company area open to agents', () => {
    expect(canOpen(Role.AGENT, '/app/company-operation')).toBe(true);
    expect(canOpen(Role.AGENT, '/app/company-operation/reports/operations')).toBe(false);
    expect(canOpen(Role.AGENT, '/app/company-operation/reports/iof')).toBe(false);
    expect(canOpen(Role.OPERATOR, '/app/company-operation/reports/operations')).toBe(true);
  });

  it('lets no page open for role 2 (the applicants), whose work is in the applicant\'s app', () => {
    for (const leaf of LEAVES) for (const path of addresses(leaf.pattern)) expect(canOpen(Role.USER, path), path).toBe(false);
  });

  it('leads the menu and the palette only to pages the role may open', () => {
    for (const role of ALL_ROLE_IDS) {
      for (const entry of visibleMenu(role).flatMap((g) => g.entries)) {
        expect(canOpen(role, `/app${entry.path}`), `menu: role ${role} ${entry.path}`).toBe(true);
      }
      for (const item of menuItems(role, t)) expect(canOpen(role, item.path), `palette: role ${role} ${item.path}`).toBe(true);
      for (const item of typedItems('OP-000015', role, t)) expect(canOpen(role, item.path), `palette: role ${role} ${item.path}`).toBe(true);
    }
    expect(visibleMenu(Role.USER)).toEqual([]);
  });
});
