/**
 * The shell's keys and the two things they open: the command palette
 * (Ctrl/Cmd+K, or the header's search button) and the keyboard help ("?",
 * or the header's keyboard button). The palette's code loads on first use.
 */
import { HotkeysContext } from '@blueprintjs/core';
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useShortcuts } from './shortcuts';

const CommandPalette = lazy(() => import('./CommandPalette'));

interface ShellKeysValue {
  openPalette(): void;
  openHelp(): void;
}

const ShellKeysContext = createContext<ShellKeysValue>({ openPalette: () => undefined, openHelp: () => undefined });

export function ShellKeysProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [, dispatch] = useContext(HotkeysContext);
  const openPalette = useCallback(() => {
    setLoaded(true);
    setOpen(true);
  }, []);
  const openHelp = useCallback(() => dispatch({ type: 'OPEN_DIALOG' }), [dispatch]);
  useShortcuts({ palette: openPalette }, { withHelp: true });
  const value = useMemo(() => ({ openPalette, openHelp }), [openPalette, openHelp]);
  return (
    <ShellKeysContext.Provider value={value}>
      {children}
      {loaded && (
        <Suspense fallback={null}>
          <CommandPalette isOpen={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </ShellKeysContext.Provider>
  );
}

export function useShellKeys(): ShellKeysValue {
  return useContext(ShellKeysContext);
}
