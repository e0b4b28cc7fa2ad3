import { describe, expect, it } from 'vitest';
import { breadcrumbTrail, MENU, pageHeading, titleKeyFor, visibleMenu } from '../../../src/renderer/src/app/menu';
import { findLeaf } from '../../../src/renderer/src/app/routes';
import { translate } from '../../../src/shared/i18n';
import { Role } from '../../../src/shared/roles';

const paths = (role: (typeof Role)[keyof typeof Role]) => visibleMenu(role).flatMap((g) => g.entries.map((e) => e.path));

describe('side menu (spec §2 table)', () => {
  it('has exactly the spec groups and entries in order', () => {
    expect(MENU.map((g) => [translate('pt-BR', g.titleKey), g.entries.map((e) => e.path)])).toEqual([
      ['Dashboard', ['/home']],
      ['Solicitações', ['/solicitations/pending', '/solicitations', '/simulations', '/entrepreneurs']],
      ['Operações', ['/allOperations', '/clientOperation', '/company-operation', '/messages']],
      ['Formulário de solicitação', ['/projects', '/how-did-find', '/situations', '/reasons']],
      ['Configurações', ['/users', '/logsPage', '/lgpd']],
    ]);
  });

  it('gates groups by role', () => {
    expect(paths(Role.SUPER_ADMIN)).toHaveLength(16);
    expect(paths(Role.ADMIN)).toHaveLength(16);
    expect(paths(Role.OPERATOR)).toContain('/projects');
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

  it('has Portuguese titles in both languages', () => {
    expect(translate('en', titleKeyFor('/users')!)).toBe('Usuários');
    expect(translate('pt-BR', titleKeyFor('/messages')!)).toBe('Disparos de SMS');
  });
});

describe('breadcrumb', () => {
  it("starts with 'home' at /app and titles segments from the menu configuration", () => {
    expect(breadcrumbTrail('/app/users/12')).toEqual([
      { href: '/app', text: 'home' },
      { href: '/app/users', titleKey: 'menu.users' },
      { href: '/app/users/12', text: '12' },
    ]);
    expect(breadcrumbTrail('/app/solicitations/pending').map((c) => c.titleKey ?? c.text)).toEqual([
      'home',
      'menu.solicitationsAll',
      'menu.solicitationsPending',
    ]);
  });
  it('is only the root outside the app area', () => {
    expect(breadcrumbTrail('/boavista/boa-vista/3')).toEqual([{ href: '/app', text: 'home' }]);
  });
});

describe('page header', () => {
  it("defaults to Home and shows 'title > subtitle' for named deeper pages", () => {
    expect(pageHeading('/app')).toEqual({});
    expect(pageHeading('/app/users')).toEqual({ titleKey: 'menu.users' });
    expect(pageHeading('/app/users/new')).toEqual({ titleKey: 'menu.users', subtitleKey: 'shell.users.newTitle' });
    expect(pageHeading('/app/solicitations/pending')).toEqual({
      titleKey: 'menu.solicitationsGroup',
      subtitleKey: 'menu.solicitationsPending',
    });
  });
  it('uses the page titles the spec gives', () => {
    expect(translate('pt-BR', pageHeading('/app/company-operation').titleKey!)).toBe('Operações');
    expect(translate('pt-BR', pageHeading('/app/allOperations').titleKey!)).toBe('Operações');
    expect(translate('pt-BR', pageHeading('/app/entrepreneurs').titleKey!)).toBe('Empreendedores');
    expect(translate('pt-BR', pageHeading('/app/lgpd').titleKey!)).toBe('LGPD');
    expect(translate('pt-BR', pageHeading('/app/projects').titleKey!)).toBe('Projetos');
  });
});
