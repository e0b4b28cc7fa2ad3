/**
 * React side of the system/theme state (the spec's states and transitions). Theme changes that the
 * user makes are persisted through the bridge's settings, never in browser
 * storage.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import type { AppInfo, Connectivity, Locale } from '@shared/bridge';
import { bridge } from '../api/client';
import { setLanguage } from '../i18n';
import { initialSystemState, layoutOf, systemReducer, type SystemAction, type SystemState } from './systemState';

interface SystemContextValue {
  state: SystemState;
  dispatch: (action: SystemAction) => void;
  appInfo: AppInfo | null;
  settingsLoaded: boolean;
  /** whether the server answers, as the main process last announced (null: nothing announced since this page loaded) */
  connection: Connectivity | null;
  toggleNav(): void;
  changeLocale(locale: Locale): void;
}

const SystemContext = createContext<SystemContextValue | null>(null);

interface ExtraState {
  appInfo: AppInfo | null;
  settingsLoaded: boolean;
  connection: Connectivity | null;
}

export function SystemStateProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(systemReducer, initialSystemState);
  const [extra, setExtra] = useReducer(
    (s: ExtraState, patch: Partial<ExtraState>) => ({ ...s, ...patch }),
    { appInfo: null, settingsLoaded: false, connection: null },
  );

  // Held here, above the layouts, so a change announced on the sign-in screen is still known in the shell.
  useEffect(() => bridge().app.onConnectivity((connection) => setExtra({ connection })), []);

  useEffect(() => {
    let alive = true;
    void (async () => {
      try {
        const settings = await bridge().settings.get();
        if (!alive) return;
        dispatch({ type: 'loadSettings', layout: settings.layout, locale: settings.locale });
        await setLanguage(settings.locale);
      } catch {
        // Defaults stand when the settings cannot be read; the app stays usable.
      }
      if (alive) setExtra({ settingsLoaded: true });
    })();
    bridge()
      .app.info()
      .then((info) => alive && setExtra({ appInfo: info }))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  const toggleNav = useCallback(() => {
    const collapsed = !state.theme.navCollapsed;
    dispatch({ type: 'toggleCollapsedNav', collapsed });
    void bridge().settings.update({ layout: { ...layoutOf(state.theme), navCollapsed: collapsed } });
  }, [state.theme]);

  const changeLocale = useCallback((locale: Locale) => {
    dispatch({ type: 'changeLocale', locale });
    void setLanguage(locale);
    void bridge().settings.update({ locale });
  }, []);

  const value = useMemo(
    () => ({
      state,
      dispatch,
      appInfo: extra.appInfo,
      settingsLoaded: extra.settingsLoaded,
      connection: extra.connection,
      toggleNav,
      changeLocale,
    }),
    [state, extra, toggleNav, changeLocale],
  );
  return <SystemContext.Provider value={value}>{children}</SystemContext.Provider>;
}

export function useSystem(): SystemContextValue {
  const ctx = useContext(SystemContext);
  if (!ctx) throw new Error('useSystem outside SystemStateProvider');
  return ctx;
}

/** Lets a screen name itself in the page header ('title > subtitle') and, optionally, its breadcrumb; cleared when it unmounts. */
export function usePageInfo(title?: string, subtitle?: string, crumb?: string): void {
  const { dispatch } = useSystem();
  useEffect(() => {
    dispatch({ type: 'setPage', page: crumb === undefined ? { title, subtitle } : { title, subtitle, crumb } });
    return () => dispatch({ type: 'setPage', page: {} });
  }, [dispatch, title, subtitle, crumb]);
}
