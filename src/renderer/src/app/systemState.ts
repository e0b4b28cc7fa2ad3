/**
 * The system and theme state of the spec's states and transitions as one reducer: the global spinner,
 * message, files, page and banner; and the layout/theme events. Kept pure so
 * the events are tested directly; the React context lives in SystemState.tsx.
 */
import type { LayoutSettings, Locale } from '@shared/bridge';
import { contrastTone } from '@shared/format';

export interface PageInfo {
  title?: string;
  subtitle?: string;
  /** the current page's breadcrumb, when the screen names it by its record's state (else the route's title) */
  crumb?: string;
}

export interface SystemFile {
  name: string;
  path?: string;
}

export interface ThemeState extends LayoutSettings {
  locale: Locale;
  /** text tone that reads on the top navigation colour (contrast rule of the spec's business constants) */
  topNavTone: 'dark' | 'light';
  headerNavTone: 'dark' | 'light';
}

export interface SystemState {
  /** global spinner; on until the app has booted (spec: default on) */
  loading: boolean;
  message: string | null;
  files: SystemFile[];
  page: PageInfo;
  banner: string | null;
  theme: ThemeState;
}

export type SystemAction =
  | { type: 'showLoading' }
  | { type: 'hideLoading' }
  | { type: 'setMessage'; message: string | null }
  | { type: 'setFiles'; files: SystemFile[] }
  | { type: 'addFile'; file: SystemFile }
  | { type: 'setPage'; page: PageInfo }
  | { type: 'setBanner'; banner: string | null }
  | { type: 'toggleCollapsedNav'; collapsed?: boolean }
  | { type: 'changeLocale'; locale: Locale }
  | { type: 'sideNavStyle'; style: LayoutSettings['sideNavTheme'] }
  | { type: 'navigationType'; navigationType: LayoutSettings['navigationType'] }
  | { type: 'topNavColor'; color: string }
  | { type: 'headerNavColor'; color: string }
  | { type: 'toggleMobileNav'; open?: boolean }
  /** settings loaded from the main process at boot */
  | { type: 'loadSettings'; layout: LayoutSettings; locale: Locale };

export const DEFAULT_LAYOUT: LayoutSettings = {
  navCollapsed: false,
  sideNavTheme: 'light',
  navigationType: 'side',
  topNavColor: '#ffffff',
  headerNavColor: '#ffffff',
  mobileNav: false,
};

function theme(layout: LayoutSettings, locale: Locale): ThemeState {
  return {
    ...layout,
    locale,
    topNavTone: contrastTone(layout.topNavColor),
    headerNavTone: contrastTone(layout.headerNavColor),
  };
}

export const initialSystemState: SystemState = {
  loading: true,
  message: null,
  files: [],
  page: {},
  banner: null,
  theme: theme(DEFAULT_LAYOUT, 'pt-BR'),
};

export function systemReducer(state: SystemState, action: SystemAction): SystemState {
  switch (action.type) {
    case 'showLoading':
      return { ...state, loading: true };
    case 'hideLoading':
      return { ...state, loading: false };
    case 'setMessage':
      return { ...state, message: action.message };
    case 'setFiles':
      return { ...state, files: action.files };
    case 'addFile':
      return { ...state, files: [...state.files, action.file] };
    case 'setPage':
      return { ...state, page: action.page };
    case 'setBanner':
      return { ...state, banner: action.banner };
    case 'toggleCollapsedNav':
      return { ...state, theme: { ...state.theme, navCollapsed: action.collapsed ?? !state.theme.navCollapsed } };
    case 'changeLocale':
      return { ...state, theme: { ...state.theme, locale: action.locale } };
    case 'sideNavStyle':
      return { ...state, theme: { ...state.theme, sideNavTheme: action.style } };
    case 'navigationType':
      return { ...state, theme: { ...state.theme, navigationType: action.navigationType } };
    case 'topNavColor':
      return { ...state, theme: { ...state.theme, topNavColor: action.color, topNavTone: contrastTone(action.color) } };
    case 'headerNavColor':
      return {
        ...state,
        theme: { ...state.theme, headerNavColor: action.color, headerNavTone: contrastTone(action.color) },
      };
    case 'toggleMobileNav':
      return { ...state, theme: { ...state.theme, mobileNav: action.open ?? !state.theme.mobileNav } };
    case 'loadSettings':
      return { ...state, theme: theme(action.layout, action.locale) };
  }
}

/** The layout part of the theme, as the settings store keeps it. */
export function layoutOf(t: ThemeState): LayoutSettings {
  return {
    navCollapsed: t.navCollapsed,
    sideNavTheme: t.sideNavTheme,
    navigationType: t.navigationType,
    topNavColor: t.topNavColor,
    headerNavColor: t.headerNavColor,
    mobileNav: t.mobileNav,
  };
}
