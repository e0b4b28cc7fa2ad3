/** Providers around the router: query cache, hotkeys (Blueprint's hotkey dialogs and Table2 grids need them), system state, toasts, session. */
import { HotkeysProvider } from '@blueprintjs/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { GlobalSpinner } from '../layout/GlobalSpinner';
import { useRefreshWhenBackOnline } from '../api/connectivity';
import { AppRoutes } from './AppRoutes';
import { SessionProvider, useSession } from './session';
import { SystemStateProvider, useSystem } from './SystemState';
import { ShortcutsHelp } from './ShortcutsHelp';
import { ToastProvider } from './toaster';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Failures are shown at once; the main process already retries what is safe to retry.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 },
      mutations: { retry: false },
    },
  });
}

/** Refreshes offline-cache data when the server answers again. */
function ReconnectWatcher() {
  useRefreshWhenBackOnline();
  return null;
}

/** Turns the global spinner off once the session and settings are known. */
function BootWatcher() {
  const { state } = useSession();
  const { settingsLoaded, dispatch } = useSystem();
  useEffect(() => {
    if (state && settingsLoaded) dispatch({ type: 'hideLoading' });
  }, [state, settingsLoaded, dispatch]);
  return null;
}

/** Everything under the router; the route table itself lives in AppRoutes. */
function Root() {
  return (
    <SessionProvider>
      <BootWatcher />
      <ReconnectWatcher />
      <GlobalSpinner />
      <AppRoutes />
    </SessionProvider>
  );
}

/**
 * A data router with one catch-all route (AppRoutes keeps its own <Routes>):
 * only data routers support useBlocker, which forms use to ask before
 * unsaved changes are left.
 */
function makeRouter() {
  return createHashRouter([{ path: '*', element: <Root /> }]);
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [router] = useState(makeRouter);
  return (
    <QueryClientProvider client={queryClient}>
      {/* "?" opens the app's own help, listing every shortcut from app/shortcuts.ts (not only those mounted). */}
      <HotkeysProvider renderDialog={(state, { handleDialogClose }) => <ShortcutsHelp isOpen={state.isDialogOpen} onClose={handleDialogClose} />}>
        <SystemStateProvider>
          <ToastProvider>
            {/* Location changes render at normal priority, like the HashRouter before: inside a transition the
                session update of a sign-in rendered first, on the old /auth/login, and its guard's redirect
                then overrode a navigation made right after. */}
            <RouterProvider router={router} useTransitions={false} />
          </ToastProvider>
        </SystemStateProvider>
      </HotkeysProvider>
    </QueryClientProvider>
  );
}
