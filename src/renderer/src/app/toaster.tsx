/**
 * Toasts of the spec's error catalogue (2 s): success 'SUCESSO' / 'Registro salvo com sucesso',
 * failure 'Alerta' / 'Houve uma falha, tente novamente!'. One OverlayToaster
 * rendered in the tree (React 19 has no legacy render for a detached one).
 */
import { Intent, OverlayToaster, Position } from '@blueprintjs/core';
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const TOAST_TIMEOUT_MS = 2000;
/** A request sent for approval stays longer: its toast carries the way to the inbox. */
export const SENT_TOAST_TIMEOUT_MS = 6000;
/** Where the asker follows a request sent for approval (the route of the approvals inbox). */
const INBOX_HASH = '#/app/approvals';

interface ToastApi {
  success(text?: string): void;
  failure(text?: string): void;
  info(text: string): void;
  /**
   * A move that now waits for another person: not a green "SUCESSO" (nothing was posted), but
   * "Enviado para aprovação de outra pessoa", what waits (`detail`), and a button to the inbox.
   */
  sentForApproval(detail: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const ref = useRef<OverlayToaster | null>(null);
  const { t } = useTranslation();
  // The toasts that only tell (no button): a Tab is the person moving on, so they go then, and never cover the
  // control the focus lands on (WCAG 2.4.11; at 200% zoom a toast covers a third of the window). What they said
  // stays on the screen that did it; a toast with a button (sent for approval) stays to be reached by Tab.
  const plainToasts = useRef(new Set<string>());
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || plainToasts.current.size === 0) return;
      for (const key of plainToasts.current) ref.current?.dismiss(key);
      plainToasts.current.clear();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);
  const api = useMemo<ToastApi>(() => {
    const show = (intent: Intent, title: string | null, text: string) => {
      // Assigned once show answers: a toast dismissed before that (the toaster at its limit) has nothing to forget.
      let key: string | undefined = undefined;
      key = ref.current?.show({
        intent,
        timeout: TOAST_TIMEOUT_MS,
        message: (
          <div data-testid="toast">
            {title && <strong className="toast-title">{title}</strong>}
            <div>{text}</div>
          </div>
        ),
        onDismiss: () => {
          if (key !== undefined) plainToasts.current.delete(key);
        },
      });
      if (key !== undefined) plainToasts.current.add(key);
    };
    return {
      success: (text) => show(Intent.SUCCESS, t('common.toastSuccessTitle'), text ?? t('common.savedOk')),
      failure: (text) => show(Intent.DANGER, t('common.toastAlertTitle'), text ?? t('common.failedTryAgain')),
      info: (text) => show(Intent.PRIMARY, null, text),
      sentForApproval: (detail) =>
        ref.current?.show({
          intent: Intent.PRIMARY,
          icon: 'time',
          timeout: SENT_TOAST_TIMEOUT_MS,
          message: (
            <div data-testid="toast" data-kind="sent-for-approval">
              <strong className="toast-title">{t('desk.sent.title')}</strong>
              <div>{detail}</div>
            </div>
          ),
          action: {
            text: t('desk.sent.open'),
            // The toaster lives outside the router: the hash route is the inbox's address.
            onClick: () => {
              window.location.hash = INBOX_HASH;
            },
          },
        }),
    };
  }, [t]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <OverlayToaster ref={ref} position={Position.TOP} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast outside ToastProvider');
  return ctx;
}
