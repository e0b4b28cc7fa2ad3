/** The command palette's offer and search, and the one table of keyboard shortcuts the help dialog lists. */
import { describe, expect, it } from 'vitest';
import { translate } from '../../../src/shared/i18n';
import { Role } from '../../../src/shared/roles';
import { findItems, menuItems, normalise, paletteItems, typedItems, type Translate } from '../../../src/renderer/src/app/palette';
import type { RecentRecord } from '../../../src/renderer/src/app/recent';
import { SHORTCUTS, SHORTCUT_SCOPES, shortcutsOf, isShortcut, type ShortcutId } from '../../../src/renderer/src/app/shortcuts';
import { visibleMenu } from '../../../src/renderer/src/app/menu';

const t: Translate = (key, vars = {}) => translate('pt-BR', key, vars as Record<string, string | number>);

const RECENT: RecentRecord[] = [
  { kind: 'operation', id: 11, title: 'OP-000011', detail: 'Vanessa Lima Esteves', keys: ['11', '604.712.805-00', '60471280500'], path: '/app/clientOperation/analize/11' },
  { kind: 'borrower', id: 40, title: 'Padaria Pão Dourado Ltda', detail: '41.223.344/0001-47', keys: ['41223344000147'], path: '/app/clientOperation/view/40' },
  { kind: 'solicitation', id: 213, title: 'Nº 213 · Mercearia Elisa', keys: ['213'], path: '/app/solicitations/view/213' },
];

describe('the palette', () => {
  it('offers every menu entry the role has, and no other', () => {
    for (const role of [Role.SUPER_ADMIN, Role.ADMIN, Role.OPERATOR, Role.AGENT]) {
      const paths = menuItems(role, t).map((i) => i.path);
      expect(paths).toEqual(visibleMenu(role).flatMap((g) => g.entries.map((e) => `/app${e.path}${e.search ?? ''}`)));
    }
    expect(menuItems(Role.AGENT, t).map((i) => i.path)).not.toContain('/app/users');
  });

  it('finds an operation by its number, typed or recent, and a borrower by name or document', () => {
    const byNumber = paletteItems('OP-000011', Role.OPERATOR, RECENT, t);
    expect(byNumber[0]).toMatchObject({ section: 'recent', path: '/app/clientOperation/analize/11' });
    const typed = paletteItems('op 57', Role.OPERATOR, [], t);
    expect(typed[0]).toMatchObject({ section: 'go', path: '/app/clientOperation/analize/57', title: 'Abrir a operação OP-000057' });
    expect(paletteItems('pao dourado', Role.OPERATOR, RECENT, t)[0].path).toBe('/app/clientOperation/view/40');
    expect(paletteItems('41223344000147', Role.OPERATOR, RECENT, t)[0].path).toBe('/app/clientOperation/view/40');
    expect(paletteItems('213', Role.OPERATOR, RECENT, t).map((i) => i.path)).toContain('/app/solicitations/view/213');
    // A long number is a document, not a record number.
    expect(typedItems('60471280', Role.OPERATOR, t)).toEqual([]);
  });

  it('never offers a page the role cannot open', () => {
    // Role 2 (the applicants' panel) opens no operation.
    expect(typedItems('OP-000011', Role.USER, t)).toEqual([]);
    expect(paletteItems('', Role.USER, RECENT, t)).toEqual([]);
  });

  it('matches without case or accents, every word somewhere, titles first', () => {
    expect(normalise('Usuários')).toBe('usuarios');
    const items = menuItems(Role.SUPER_ADMIN, t);
    expect(findItems(items, 'usuarios')[0].path).toBe('/app/users');
    expect(findItems(items, 'todas oper')[0].path).toBe('/app/allOperations');
    expect(findItems(items, 'nada disso existe')).toEqual([]);
  });

  it('finds pages by what people call them: vencidas, cobrança, relatório, remessa (both languages)', () => {
    const first = (query: string, role: (typeof Role)[keyof typeof Role] = Role.OPERATOR, tr: Translate = t) => paletteItems(query, role, [], tr).map((i) => i.path);
    expect(first('vencidas')[0]).toBe('/app/collections');
    expect(first('atrasadas')[0]).toBe('/app/collections');
    expect(first('cobrança')).toEqual(expect.arrayContaining(['/app/collections', '/app/approvals', '/app/clientOperation/suspense', '/app/company-operation?tab=banks']));
    expect(first('relatório')).toEqual(expect.arrayContaining(['/app/company-operation/reports/operations', '/app/company-operation/reports/iof']));
    expect(first('relatorio de operacoes')[0]).toBe('/app/company-operation/reports/operations');
    expect(first('remessa')[0]).toBe('/app/company-operation?tab=banks');
    expect(first('aprovações')[0]).toBe('/app/approvals');
    // The agent may not open the inbox: the palette does not offer it.
    expect(first('aprovações', Role.AGENT)).not.toContain('/app/approvals');
    expect(first('vencidas', Role.AGENT)[0]).toBe('/app/collections');
    const en: Translate = (key, vars = {}) => translate('en', key, vars as Record<string, string | number>);
    expect(first('overdue', Role.OPERATOR, en)[0]).toBe('/app/collections');
    expect(first('remittance', Role.OPERATOR, en)[0]).toBe('/app/company-operation?tab=banks');
    expect(first('report', Role.OPERATOR, en)).toContain('/app/company-operation/reports/operations');
  });
});

describe('keyboard shortcuts', () => {
  it('are declared once each, with a text in both languages, under a scope the help lists', () => {
    for (const [id, decl] of Object.entries(SHORTCUTS)) {
      expect(translate('pt-BR', decl.label), id).not.toBe(decl.label);
      expect(translate('en', decl.label), id).not.toBe(decl.label);
      expect(SHORTCUT_SCOPES.map((s) => s.scope)).toContain(decl.scope);
    }
    for (const { title } of SHORTCUT_SCOPES) expect(translate('en', title)).not.toBe(title);
    expect(SHORTCUT_SCOPES.flatMap(({ scope }) => shortcutsOf(scope)).length).toBe(Object.keys(SHORTCUTS).length);
  });

  it('never give one key two meanings on a screen (global keys count on every screen)', () => {
    const globals = shortcutsOf('global').map(([, d]) => d.combo);
    for (const { scope } of SHORTCUT_SCOPES.filter((s) => s.scope !== 'global')) {
      const combos = [...globals, ...shortcutsOf(scope).map(([, d]) => d.combo)];
      expect(new Set(combos).size, scope).toBe(combos.length);
    }
  });

  it('tell a row key from its modified forms', () => {
    const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
    expect(isShortcut('listOpen' as ShortcutId, key('Enter'))).toBe(true);
    expect(isShortcut('listOpen', key('Enter', { ctrlKey: true }))).toBe(false);
    expect(isShortcut('viewerNext', key('ArrowRight'))).toBe(true);
    expect(isShortcut('palette', key('k', { ctrlKey: true }))).toBe(false);
  });
});
