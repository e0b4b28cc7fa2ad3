/**
 * Activate/deactivate and delete of a catalogue item or project, each behind a
 * ConfirmDialog and pessimistic (the dialog waits for the server). A delete the
 * server refuses with 409 (the item is still in use) turns into an offer to
 * deactivate it instead, with the server's message.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../api/errors';
import { useToast } from '../../app/toaster';
import { ConfirmDialog } from '@kit/ConfirmDialog';

export interface ActionTarget {
  id: number;
  label: string;
  active: boolean;
}

interface Pending {
  kind: 'status' | 'delete' | 'in-use';
  target: ActionTarget;
  message?: string;
}

export function useCatalogueActions(handlers: {
  setStatus(id: number, active: boolean): Promise<unknown>;
  remove(id: number): Promise<unknown>;
  afterDelete?(): void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [pending, setPending] = useState<Pending | null>(null);
  const close = () => setPending(null);

  const toggle = async (target: ActionTarget) => {
    try {
      await handlers.setStatus(target.id, !target.active);
      toast.success(t('catalogues.statusDone'));
      close();
    } catch (e) {
      toast.failure(errorText(e, t));
      close();
    }
  };

  const remove = async (target: ActionTarget) => {
    try {
      await handlers.remove(target.id);
      toast.success(t('catalogues.deleted'));
      close();
      handlers.afterDelete?.();
    } catch (e) {
      if (isApiError(e) && e.status === 409) setPending({ kind: 'in-use', target, message: e.message });
      else {
        toast.failure(errorText(e, t));
        close();
      }
    }
  };

  let dialog: ReactNode = null;
  if (pending) {
    const { target } = pending;
    if (pending.kind === 'status') {
      dialog = (
        <ConfirmDialog
          isOpen
          title={target.active ? t('catalogues.deactivate') : t('catalogues.activate')}
          intent={target.active ? 'danger' : 'success'}
          onConfirm={() => toggle(target)}
          onClose={close}
        >
          {t(target.active ? 'catalogues.confirmDeactivate' : 'catalogues.confirmActivate', { label: target.label })}
        </ConfirmDialog>
      );
    } else if (pending.kind === 'delete') {
      dialog = (
        <ConfirmDialog isOpen title={t('common.delete')} intent="danger" confirmText={t('common.delete')} onConfirm={() => remove(target)} onClose={close}>
          {t('catalogues.confirmDelete', { label: target.label })}
        </ConfirmDialog>
      );
    } else {
      dialog = (
        <ConfirmDialog
          isOpen
          title={t('catalogues.inUseTitle')}
          intent="warning"
          confirmText={target.active ? t('catalogues.deactivate') : t('common.back')}
          onConfirm={() => (target.active ? toggle(target) : close())}
          onClose={close}
        >
          <p data-testid="catalogue-in-use-message">{pending.message}</p>
          {target.active && <p>{t('catalogues.inUseOffer')}</p>}
        </ConfirmDialog>
      );
    }
  }

  return {
    dialog,
    askStatus: (target: ActionTarget) => setPending({ kind: 'status', target }),
    askDelete: (target: ActionTarget) => setPending({ kind: 'delete', target }),
  };
}
