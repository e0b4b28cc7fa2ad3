/** Confirmation before destructive actions: nothing happens until the user confirms and the server answers. */
import { Button, Dialog, DialogBody, DialogFooter, type Intent } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmText?: string;
  intent?: Intent;
  onConfirm(): Promise<void> | void;
  onClose(): void;
}

export function ConfirmDialog({ isOpen, title, children, confirmText, intent = 'primary', onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen={isOpen} title={title} onClose={busy ? undefined : onClose} canOutsideClickClose={!busy}>
      <DialogBody>{children}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button data-testid="confirm-dialog-cancel" disabled={busy} onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button data-testid="confirm-dialog-confirm" intent={intent} loading={busy} onClick={() => void confirm()}>
              {confirmText ?? t('common.confirm')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
