/**
 * The write-off of an operation's whole balance, on its installments tab:
 * the button that asks for it (operators, while something is left to
 * collect and nothing is pending), the request awaiting a second person with
 * its answer, and the confirmations, each stating every installment's open
 * principal and the sum that goes to credit losses.
 */
import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperationWriteOff as WriteOffView } from '@shared/contract/servicing-moves';
import { formatCurrency, formatDateTime } from '@shared/format';
import { AllOperators } from '@shared/roles';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { RoleGate } from '@kit/RoleGate';
import { decisionReasonRule, moveReasonRule, ReasonMoneyDialog } from '../ReasonMoneyDialog';
import { useRefreshServicing } from '../refresh';
import { operationWriteOffRows } from './model';
import { PendingWriteOff } from './InstallmentMovesCard';

type Dialog = { kind: 'ask' } | { kind: 'decide'; approve: boolean };

const w = (key: string) => `servicing.writeOff.${key}`;

/**
 * The entry that opens the request, inside the tab's menu of rare actions
 * ("Mais ações"), not in red beside the everyday buttons; the menu shows
 * only when a write-off of the balance can be asked for.
 */
export function OperationWriteOffButton({ view, onOpen }: { view: WriteOffView; onOpen(): void }) {
  const { t } = useTranslation();
  if (view.request || view.installments.length === 0) return null;
  return (
    <RoleGate roles={AllOperators}>
      <Popover
        placement="bottom-end"
        onOpened={(node) => node.querySelector<HTMLElement>('[role="menuitem"]')?.focus()}
        shouldReturnFocusOnClose
        content={
          <Menu aria-label={t(w('rareActions'))}>
            <MenuItem icon="remove" intent="danger" text={t(w('open'))} data-testid="operation-write-off-open" onClick={onOpen} />
          </Menu>
        }
      >
        <Button icon="more" rightIcon="caret-down" data-testid="installments-rare-actions">
          {t(w('rareActions'))}
        </Button>
      </Popover>
    </RoleGate>
  );
}

export function useOperationWriteOff(operationId: number) {
  return useApiQuery('servicingMoves.operationWriteOff', { id: operationId });
}

/** The pending request and the dialogs; `asking` is set by the tab's button. */
export function OperationWriteOffPanel({ view, operationNumber, asking, onCloseAsk }: { view: WriteOffView; operationNumber: string; asking: boolean; onCloseAsk(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshServicing();
  const ask = useApiMutation('servicingMoves.writeOffOperation');
  const decide = useApiMutation('servicingMoves.decideOperationWriteOff');
  const [deciding, setDeciding] = useState<Dialog | null>(null);
  const dialog: Dialog | null = asking ? { kind: 'ask' } : deciding;
  const close = () => {
    onCloseAsk();
    setDeciding(null);
  };
  /** `sent`: the move now waits for another person. */
  const done = async (text: string, sent = false) => {
    close();
    if (sent) toast.sentForApproval(text);
    else toast.success(text);
    await refresh({ operationId: view.credit_operation_id });
  };
  const request = view.request;
  const amount = formatCurrency(request?.amount ?? view.open_principal);

  return (
    <>
      {request && (
        <PendingWriteOff
          testId="operation-write-off-pending"
          text={t(w('pending'), { amount, who: request.maker_name ?? '—', when: formatDateTime(request.made_at), reason: request.reason ?? '—' })}
          onDecide={(approve) => setDeciding({ kind: 'decide', approve })}
        />
      )}
      {dialog?.kind === 'ask' && (
        <ReasonMoneyDialog
          testPrefix="operation-write-off"
          title={t(w('title'), { operation: operationNumber })}
          consequence={t(w('text'))}
          rows={operationWriteOffRows(view, t)}
          intent="danger"
          confirmText={t(w('confirm'))}
          busyText={t('servicing.moves.dialog.working')}
          reason={moveReasonRule(t)}
          send={(reason, key) => ask.mutateAsync({ id: view.credit_operation_id, idempotency_key: key, reason: reason ?? '' })}
          onDone={(after) => void done(t(w('requested'), { amount: formatCurrency(after.request?.amount ?? after.open_principal) }), true)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'decide' && (
        <ReasonMoneyDialog
          testPrefix="operation-write-off-decide"
          title={t(w(dialog.approve ? 'approveTitle' : 'refuseTitle'), { operation: operationNumber })}
          consequence={t(w(dialog.approve ? 'approveText' : 'refuseText'), { amount })}
          rows={operationWriteOffRows(view, t)}
          intent={dialog.approve ? 'danger' : 'primary'}
          confirmText={t(`servicing.moves.decide.${dialog.approve ? 'approve' : 'refuse'}`)}
          reason={decisionReasonRule(dialog.approve, t)}
          send={(reason, key) => decide.mutateAsync({ id: view.credit_operation_id, idempotency_key: key, approve: dialog.approve, reason })}
          onDone={(after) => void done(dialog.approve && after.request ? t('servicing.decide.firstCheck') : t(w(dialog.approve ? 'approved' : 'refused'), { amount }))}
          onClose={close}
        />
      )}
    </>
  );
}
