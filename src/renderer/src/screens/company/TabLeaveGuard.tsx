/**
 * Switching tabs (or contract kinds) unmounts the open form, and the form
 * kit's leave prompt only watches moves to another page: the company screen
 * asks the same question itself before a switch would drop unsaved edits.
 * Each form reports whether it holds edits; a switch goes through `guard`.
 */
import { Alert } from '@blueprintjs/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface LeaveGuard {
  report(dirty: boolean): void;
  guard(action: () => void): void;
}

const GuardContext = createContext<LeaveGuard>({ report: () => undefined, guard: (action) => action() });

export function TabLeaveGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const dirty = useRef(false);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const report = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const guard = useCallback((action: () => void) => {
    if (dirty.current) setPending(() => action);
    else action();
  }, []);
  const value = useMemo(() => ({ report, guard }), [report, guard]);
  return (
    <GuardContext.Provider value={value}>
      {children}
      <Alert
        isOpen={pending !== null}
        intent="warning"
        icon="warning-sign"
        cancelButtonText={t('form.unsaved.stay')}
        confirmButtonText={t('form.unsaved.leave')}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const action = pending;
          dirty.current = false;
          setPending(null);
          action?.();
        }}
        className="unsaved-changes-alert"
      >
        <p data-testid="company-unsaved-prompt">
          <strong>{t('form.unsaved.title')}</strong>
        </p>
        <p>{t('form.unsaved.text')}</p>
      </Alert>
    </GuardContext.Provider>
  );
}

/** A form says whether it holds unsaved edits (nothing once it is gone). */
export function useReportUnsaved(dirty: boolean): void {
  const { report } = useContext(GuardContext);
  useEffect(() => {
    report(dirty);
  }, [dirty, report]);
  useEffect(() => () => report(false), [report]);
}

export function useTabGuard(): (action: () => void) => void {
  return useContext(GuardContext).guard;
}
