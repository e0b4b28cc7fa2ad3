/**
 * Toasts of the spec's error catalogue (2 s): success 'SUCESSO' / 'Registro salvo com sucesso',
 * failure 'Alerta' / 'Houve uma falha, tente novamente!'. One OverlayToaster
 * rendered in the tree (React 19 has no legacy render for a detached one).
 */
import { Intent, OverlayToaster, Position } from '@blueprintjs/core';
import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const TOAST_TIMEOUT_MS = 2000;

interface ToastApi {
  success(text?: string): void;
  failure(text?: string): void;
  info(text: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const ref = useRef<OverlayToaster | null>(null);
  const { t } = useTranslation();
  const api = useMemo<ToastApi>(() => {
    const show = (intent: Intent, title: string | null, text: string) =>
      ref.current?.show({
        intent,
        timeout: TOAST_TIMEOUT_MS,
        message: (
          <div data-testid="toast">
            {title && <strong className="toast-title">{title}</strong>}
            <div>{text}</div>
          </div>
        ),
      });
    return {
      success: (text) => show(Intent.SUCCESS, t('common.toastSuccessTitle'), text ?? t('common.savedOk')),
      failure: (text) => show(Intent.DANGER, t('common.toastAlertTitle'), text ?? t('common.failedTryAgain')),
      info: (text) => show(Intent.PRIMARY, null, text),
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
