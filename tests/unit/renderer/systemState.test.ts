import { describe, expect, it } from 'vitest';
import { initialSystemState, layoutOf, systemReducer } from '../../../src/renderer/src/app/systemState';
import { errorText, ApiError, fieldOf } from '../../../src/renderer/src/api/errors';
import { translate } from '../../../src/shared/i18n';

describe('system state events (spec states and transitions)', () => {
  it('starts with the global spinner on and the spec layout defaults', () => {
    expect(initialSystemState.loading).toBe(true);
    expect(layoutOf(initialSystemState.theme)).toEqual({
      navCollapsed: false,
      sideNavTheme: 'light',
      navigationType: 'side',
      topNavColor: '#ffffff',
      headerNavColor: '#ffffff',
      mobileNav: false,
    });
  });

  it('handles loading, message, files, page and banner', () => {
    let s = systemReducer(initialSystemState, { type: 'hideLoading' });
    expect(s.loading).toBe(false);
    s = systemReducer(s, { type: 'setMessage', message: 'oi' });
    s = systemReducer(s, { type: 'setFiles', files: [{ name: 'a.xlsx' }] });
    s = systemReducer(s, { type: 'addFile', file: { name: 'b.xlsx', path: '/tmp/b.xlsx' } });
    s = systemReducer(s, { type: 'setPage', page: { title: 'Usuários', subtitle: 'Novo' } });
    s = systemReducer(s, { type: 'setBanner', banner: 'aviso' });
    expect(s).toMatchObject({ message: 'oi', banner: 'aviso', page: { title: 'Usuários', subtitle: 'Novo' } });
    expect(s.files.map((f) => f.name)).toEqual(['a.xlsx', 'b.xlsx']);
  });

  it('handles the theme events, with the contrast rule on navigation colours', () => {
    let s = systemReducer(initialSystemState, { type: 'toggleCollapsedNav' });
    expect(s.theme.navCollapsed).toBe(true);
    s = systemReducer(s, { type: 'toggleCollapsedNav' });
    expect(s.theme.navCollapsed).toBe(false);
    s = systemReducer(s, { type: 'changeLocale', locale: 'en' });
    s = systemReducer(s, { type: 'sideNavStyle', style: 'dark' });
    s = systemReducer(s, { type: 'navigationType', navigationType: 'top' });
    s = systemReducer(s, { type: 'topNavColor', color: '#000000' });
    s = systemReducer(s, { type: 'headerNavColor', color: '#f0f0f0' });
    s = systemReducer(s, { type: 'toggleMobileNav' });
    expect(s.theme).toMatchObject({
      locale: 'en',
      sideNavTheme: 'dark',
      navigationType: 'top',
      topNavTone: 'light',
      headerNavTone: 'dark',
      mobileNav: true,
    });
  });
});

describe('error texts', () => {
  const t = (k: string) => translate('pt-BR', k);
  it('shows the Portuguese network message that promises the input was kept', () => {
    const e = new ApiError({ data: null, error: true, status: null, code: 'network', message: 'ECONNREFUSED' });
    expect(errorText(e, t)).toContain('o que você digitou foi mantido');
  });
  it("shows the server's own message and blames its field when the form has it", () => {
    const e = new ApiError({ data: null, error: true, status: 409, code: 'conflict', message: 'E-mail já cadastrado', field: 'email' });
    expect(errorText(e, t)).toBe('E-mail já cadastrado');
    expect(fieldOf(e, ['name', 'email'])).toBe('email');
    expect(fieldOf(e, ['name'])).toBeUndefined();
  });
  it('falls back to the generic failure text for unexpected errors', () => {
    expect(errorText(new Error('boom'), t)).toBe('Houve uma falha, tente novamente!');
  });
});
