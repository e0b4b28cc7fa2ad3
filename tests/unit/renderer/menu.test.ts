import { describe, expect, it } from 'vitest';
import { breadcrumbTrail, MENU, pageHeading, titleKeyFor, visibleMenu } from '../../../src/renderer/src/app/menu';
import { APP_LEAVES, BOAVISTA_LEAVES, findLeaf, titleKeyOf } from '../../../src/renderer/src/app/routes';
import { translate } from '../../../src/shared/i18n';
import { Role } from '../../../src/shared/roles';

const paths = (role: (typeof Role)[keyof typeof Role]) => visibleMenu(role).flatMap((g) => g.entries.map((e) => e.path));

describe('side menu (spec side-menu table)', () => {
  it('has exactly the spec groups and entries in order', () => {
    expect(MENU.map((g) => [translate('pt-BR', g.titleKey), g.entries.map((e) => e.path)])).toEqual([
      ['Dashboard', ['/home']],
      ['Cobrança', ['/collections', '/approvals', '/clientOperation/suspense', '/collections/reminders', '/collections/negativation', '/company-operation']],
      ['Solicitações', ['/solicitations/pending', '/solicitations', '/simulations', '/entrepreneurs']],
      ['Operações', ['/allOperations', '/clientOperation', '/clientOperation/cession', '/company-operation', '/company-operation/books/balancete', '/company-operation/books/close', '/company-operation/books/accrual', '/company-operation/books/regulatory/doc3044', '/company-operation/books/regulatory/doc3040', '/messages']],
      ['Formulário de solicitação', ['/projects', '/how-did-find', '/situations', '/reasons']],
      ['Configurações', ['/users', '/logsPage', '/lgpd']],
    ]);
  });

  it('gates groups by role', () => {
    expect(paths(Role.SUPER_ADMIN)).toHaveLength(28);
    expect(paths(Role.ADMIN)).toHaveLength(28);
    // Negativação: administrators and operators (the roles of its calls), not the agent.
    expect(paths(Role.OPERATOR)).toContain('/collections/negativation');
    expect(paths(Role.AGENT)).not.toContain('/collections/negativation');
    // Payment reminders: administrators and operators (the roles of its calls), not the agent.
    expect(paths(Role.OPERATOR)).toContain('/collections/reminders');
    expect(paths(Role.AGENT)).not.toContain('/collections/reminders');
    // The balancete by COSIF account: the books are the administrators'.
    expect(paths(Role.ADMIN)).toContain('/company-operation/books/balancete');
    expect(paths(Role.OPERATOR)).not.toContain('/company-operation/books/balancete');
    // The SCR Doc 3044 queue: the administrators' too.
    expect(paths(Role.ADMIN)).toContain('/company-operation/books/regulatory/doc3044');
    expect(paths(Role.OPERATOR)).not.toContain('/company-operation/books/regulatory/doc3044');
    // The SCR's Doc 3040: the administrators' duty to the Central Bank.
    expect(paths(Role.ADMIN)).toContain('/company-operation/books/regulatory/doc3040');
    expect(paths(Role.OPERATOR)).not.toContain('/company-operation/books/regulatory/doc3040');
    // The monthly close: the administrators' (four eyes between two of them).
    expect(paths(Role.ADMIN)).toContain('/company-operation/books/close');
    expect(paths(Role.SUPER_ADMIN)).toContain('/company-operation/books/close');
    expect(paths(Role.OPERATOR)).not.toContain('/company-operation/books/close');
    expect(paths(Role.AGENT)).not.toContain('/company-operation/books/close');
    expect(paths(Role.ADMIN)).toContain('/company-operation/books/accrual');
    expect(paths(Role.SUPER_ADMIN)).toContain('/company-operation/books/accrual');
    expect(paths(Role.OPERATOR)).not.toContain('/company-operation/books/accrual');
    expect(paths(Role.AGENT)).not.toContain('/company-operation/books/accrual');
    expect(paths(Role.OPERATOR)).toContain('/projects');
    // The cession across operations: for the roles that may assign (the call's list), not the agent.
    expect(paths(Role.OPERATOR)).toContain('/clientOperation/cession');
    expect(paths(Role.AGENT)).not.toContain('/clientOperation/cession');
    // Valores a identificar: for the roles of its list (those who move the money), not the agent.
    expect(paths(Role.OPERATOR)).toContain('/clientOperation/suspense');
    expect(paths(Role.AGENT)).not.toContain('/clientOperation/suspense');
    expect(paths(Role.OPERATOR)).not.toContain('/users');
    expect(paths(Role.AGENT)).toContain('/messages');
    expect(paths(Role.AGENT)).not.toContain('/projects');
    expect(paths(Role.AGENT)).not.toContain('/users');
    expect(paths(Role.USER)).toEqual([]);
    expect(visibleMenu(null)).toEqual([]);
  });

  it('only links to routes that exist', () => {
    for (const p of MENU.flatMap((g) => g.entries.map((e) => e.path))) expect(findLeaf(`/app${p}`), p).toBeDefined();
  });

  it('never shows a role an entry its route would forbid', () => {
    for (const role of [Role.SUPER_ADMIN, Role.ADMIN, Role.OPERATOR, Role.AGENT] as const) {
      for (const p of paths(role)) expect(findLeaf(`/app${p}`)?.roles, `${role} ${p}`).toContain(role);
    }
  });

  it("has the spec's Portuguese titles in pt-BR and English ones in English", () => {
    expect(translate('pt-BR', titleKeyFor('/users')!)).toBe('Usuários');
    expect(translate('en', titleKeyFor('/users')!)).toBe('Users');
    expect(translate('pt-BR', titleKeyFor('/messages')!)).toBe('Disparos de SMS');
    expect(translate('en', titleKeyFor('/logsPage/view/42')!)).toBe('Detail');
    expect(translate('en', pageHeading('/app/logsPage/view/42').titleKey!)).toBe('System logs');
  });
});

describe('breadcrumb', () => {
  const words = (path: string) => breadcrumbTrail(path).map((c) => translate('pt-BR', c.titleKey ?? c.text ?? ''));

  it("starts with 'home' (Início) and titles each page from the route configuration, never a raw segment", () => {
    expect(breadcrumbTrail('/app/logsPage/view/42')).toEqual([
      { href: '/app/home', titleKey: 'menu.home' },
      { href: '/app/logsPage', titleKey: 'menu.logs' },
      { titleKey: 'shell.crumbs.detail' },
    ]);
    expect(words('/app/users/new')).toEqual(['Início', 'Usuários', 'Novo usuário']);
    expect(words('/app/users/12')).toEqual(['Início', 'Usuários', 'Editar usuário']);
    expect(words('/app/projects/new')).toEqual(['Início', 'Projetos', 'Novo']);
    expect(words('/app/solicitations/pending')).toEqual(['Início', 'Solicitações', 'Pendentes']);
    expect(words('/app/home')).toEqual(['Início']);
  });

  it('links only to pages that exist, with the ids of the current path', () => {
    // 'view', 'analize' and the ids are not pages of their own: no crumb links to them.
    expect(breadcrumbTrail('/app/clientOperation/analize/7/repurchase/3/details')).toEqual([
      { href: '/app/home', titleKey: 'menu.home' },
      { href: '/app/clientOperation', titleKey: 'menu.clientOperation' },
      { href: '/app/clientOperation/analize/7', titleKey: 'shell.crumbs.analysis' },
      { href: '/app/clientOperation/analize/7/repurchase', titleKey: 'shell.crumbs.repurchase' },
      { titleKey: 'shell.crumbs.installmentDetails' },
    ]);
    // '/solicitations/:status' is not above '/solicitations/view/:id' ('view' is no status).
    expect(words('/app/solicitations/view/9')).toEqual(['Início', 'Solicitações', 'Detalhe']);
    expect(words('/boavista/boa-vista/3')).toEqual(['Início', 'Consulta Boa Vista']);
    for (const leaf of [...APP_LEAVES, ...BOAVISTA_LEAVES]) {
      const path = leaf.pattern.replace(/:[^/]+/g, '5');
      for (const crumb of breadcrumbTrail(path)) {
        if (crumb.href) expect(findLeaf(crumb.href), `${path} → ${crumb.href}`).toBeDefined();
      }
    }
  });

  it('has a title in both languages for every page', () => {
    for (const leaf of [...APP_LEAVES, ...BOAVISTA_LEAVES]) {
      const path = leaf.pattern.replace(/:[^/]+/g, '5');
      const key = titleKeyOf(leaf, path);
      expect(key, leaf.pattern).toBeDefined();
      for (const locale of ['pt-BR', 'en'] as const) expect(translate(locale, key!), `${locale} ${leaf.pattern}`).not.toBe(key);
    }
  });
});

describe('page header', () => {
  it("defaults to Home and shows 'title > subtitle' for deeper pages", () => {
    expect(pageHeading('/app')).toEqual({});
    expect(pageHeading('/app/users')).toEqual({ titleKey: 'menu.users' });
    expect(pageHeading('/app/users/new')).toEqual({ titleKey: 'menu.users', subtitleKey: 'shell.users.newTitle' });
    expect(pageHeading('/app/logsPage/view/3')).toEqual({ titleKey: 'menu.logs', subtitleKey: 'shell.crumbs.detail' });
    expect(pageHeading('/app/solicitations/pending')).toEqual({
      titleKey: 'menu.solicitationsGroup',
      subtitleKey: 'menu.solicitationsPending',
    });
    expect(pageHeading('/app/profile')).toEqual({ titleKey: 'menu.profile' });
  });
  it('uses the page titles the spec gives', () => {
    // The company page is titled as its menu entry, not with the group's name.
    expect(translate('pt-BR', pageHeading('/app/company-operation').titleKey!)).toBe('Empresa');
    // The operations list is titled as its menu entry (the menu and the page say the same).
    expect(translate('pt-BR', pageHeading('/app/allOperations').titleKey!)).toBe('Todas as operações');
    expect(pageHeading('/app/allOperations').titleKey).toBe(titleKeyFor('/allOperations'));
    expect(translate('pt-BR', pageHeading('/app/entrepreneurs').titleKey!)).toBe('Empreendedores');
    expect(translate('pt-BR', pageHeading('/app/lgpd').titleKey!)).toBe('LGPD');
    expect(translate('pt-BR', pageHeading('/app/projects').titleKey!)).toBe('Projetos');
  });
});
