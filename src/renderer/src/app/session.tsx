/**
 * The session as the main process reports it. The user lives in React
 * state only: nothing is written to localStorage, sessionStorage or
 * IndexedDB, and the token never reaches this side at all.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SessionState } from '@shared/bridge';
import type { SessionUser } from '@shared/contract';
import { bridge, callApi } from '../api/client';
import { useToast } from './toaster';

/** A sign-in waiting for its two-factor code: kept in memory only. */
export interface PendingTwoFactor {
  hash: string;
  from?: string;
}

interface SessionContextValue {
  /** null until the first answer from the main process */
  state: SessionState | null;
  user: SessionUser | null;
  refresh(): Promise<SessionState>;
  signOut(): Promise<void>;
  pending: PendingTwoFactor | null;
  setPending(p: PendingTwoFactor | null): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

const SIGNED_OUT: SessionState = { user: null, forcePasswordChange: false, keychain: 'available' };

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState | null>(null);
  const [pending, setPending] = useState<PendingTwoFactor | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const { t } = useTranslation();
  // The listener is registered once; it reads the latest location through a ref.
  const whereRef = useRef(location.pathname + location.search);
  whereRef.current = location.pathname + location.search;

  const refresh = useCallback(async () => {
    try {
      const s = await bridge().session.current();
      setState(s);
      return s;
    } catch {
      setState(SIGNED_OUT);
      return SIGNED_OUT;
    }
  }, []);

  // What to do when the session ends; kept in a ref so the bridge listener is registered once.
  const onEnd = useRef<(reason: 'expired' | 'signed-out') => void>(() => undefined);
  onEnd.current = (reason) => {
    // Whatever the previous user saw must not survive their session.
    queryClient.clear();
    setPending(null);
    if (reason === 'expired') {
      toast.failure(t('errors.unauthorized'));
      const from = whereRef.current;
      navigate('/auth/login', { replace: true, state: from.startsWith('/app/') ? { from } : undefined });
    } else {
      navigate('/auth/login', { replace: true });
    }
  };

  useEffect(() => {
    void refresh();
    return bridge().session.onChange(({ state: next, reason }) => {
      setState(next);
      if (reason === 'expired' || reason === 'signed-out') onEnd.current(reason);
    });
  }, [refresh]);

  const signOut = useCallback(async () => {
    try {
      await callApi('session.logout', {});
    } catch {
      // The main process ends the local session even when the server cannot be told.
    }
    queryClient.clear();
    await refresh();
    navigate('/auth/login', { replace: true });
  }, [queryClient, refresh, navigate]);

  const value = useMemo(
    () => ({ state, user: state?.user ?? null, refresh, signOut, pending, setPending }),
    [state, refresh, signOut, pending],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}
