/**
 * The moves of an operation (pessimistic, since each moves money or its terms): the buttons are the
 * `actions` the server says the person may take now; each opens a dialog that
 * states the amounts, asks the reason where the workflow needs one, waits for
 * the server and shows its answer (a stale version says so and offers a
 * reload; a four-eyes refusal says why); on success the operation's calls
 * are read again. Approving says beforehand when it will wait for a second
 * approver, or that it completes the approval someone else began.
 */
import { Button, Callout, type Intent } from '@blueprintjs/core';
import { NoteField } from '@kit/form/NoteField';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditOperation } from '@shared/contract/credit-operations';
import type { CreditOperationAction } from '@shared/credit-operation-status';
import { errorText, isApiError } from '../../api/errors';
import { useApiMutation } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { MoneyConfirmDialog } from '@kit/MoneyConfirmDialog';
import { amountRows, needsReason, operationAmounts } from './model';

/** Every cached answer about operations and their contracts is stale after a move. */
export function useRefreshOperation() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && /^(creditOperation\.|company\.contracts)/.test(q.queryKey[0]) });
    await client.invalidateQueries({ queryKey: ['company.issuedContract'] });
  };
}

const ACTION_INTENT: Record<CreditOperationAction, Intent> = {
  send_to_analysis: 'primary',
  approve: 'success',
  refuse: 'danger',
  return: 'warning',
  cancel: 'danger',
};

const ACTION_ICON = {
  send_to_analysis: 'send-message',
  approve: 'tick',
  refuse: 'cross',
  return: 'undo',
  cancel: 'disable',
} as const;

export function StaleCallout({ onReload, testId }: { onReload(): void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Callout intent="warning" icon="refresh" data-testid={testId}>
      <p>{t('creditOperations.stale')}</p>
      <Button size="small" icon="refresh" data-testid={`${testId}-reload`} onClick={onReload}>
        {t('creditOperations.reload')}
      </Button>
    </Callout>
  );
}

function DecisionDialog({ op, action, onClose }: { op: CreditOperation; action: CreditOperationAction; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshOperation();
  const decide = useApiMutation('creditOperation.decision');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const withReason = needsReason(action);
  const label = t(`creditOperations.actions.${action}`);

  const confirm = async () => {
    if (withReason && reason.trim() === '') {
      setReasonError(true);
      return;
    }
    setFailure(null);
    try {
      const answer = await decide.mutateAsync({ id: op.id, action, version: op.version, ...(withReason ? { reason: reason.trim() } : {}) });
      const waiting = action === 'approve' && answer.status === 'analysis' && answer.pending_approval !== null;
      toast.success(t(waiting ? 'creditOperations.actionDone.approvePending' : `creditOperations.actionDone.${action}`, { number: answer.number }));
      await refresh();
      onClose();
    } catch (e) {
      if (isApiError(e) && e.status === 409) setStale(true);
      setFailure(errorText(e, t));
    }
  };

  return (
    <MoneyConfirmDialog
      title={t('creditOperations.decision.title', { action: label, number: op.number })}
      consequence={t('creditOperations.decision.text', { action: label, number: op.number, borrower: op.borrower_name })}
      consequenceTestId="decision-text"
      rows={amountRows(operationAmounts(op), t)}
      amountsTestId="decision-amounts"
      intent={ACTION_INTENT[action]}
      confirmText={label}
      busyText={t('creditOperations.decision.working')}
      confirmTestId="decision-confirm"
      busy={decide.isPending}
      confirmDisabled={stale}
      onConfirm={confirm}
      onClose={onClose}
    >
      {action === 'approve' && op.pending_approval && (
        <Callout intent="primary" icon="people" data-testid="decision-completes">
          {t('creditOperations.decision.completes', { name: op.pending_approval.checker_name ?? '—' })}
        </Callout>
      )}
      {action === 'approve' && !op.pending_approval && op.needs_second_approval && (
        <Callout intent="warning" icon="people" data-testid="decision-second-needed">
          {t('creditOperations.decision.secondNeeded')}
        </Callout>
      )}
      {withReason && (
        <NoteField
          id="decision-reason"
          label={t('creditOperations.decision.reason')}
          hint={t('creditOperations.decision.reasonHint')}
          invalidText={t('creditOperations.decision.reasonRequired')}
          invalid={reasonError}
          rows={3}
          maxLength={2000}
          value={reason}
          disabled={decide.isPending}
          onChange={(text) => {
            setReason(text);
            setReasonError(false);
          }}
        />
      )}
      {failure && (
        <Callout intent="danger" data-testid="decision-error">
          {failure}
        </Callout>
      )}
      {stale && (
        <StaleCallout
          testId="decision-stale"
          onReload={() => {
            void refresh();
            onClose();
          }}
        />
      )}
    </MoneyConfirmDialog>
  );
}

/** The buttons of the moves open to the person now (the server's `actions`), each behind its confirmation. */
export function DecisionBar({ op, only }: { op: CreditOperation; only?: readonly CreditOperationAction[] }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<CreditOperationAction | null>(null);
  const actions = op.actions.filter((a) => !only || only.includes(a));
  if (actions.length === 0) return null;
  return (
    <div className="op-decisions" data-testid="decision-bar">
      {actions.map((a) => (
        <Button key={a} intent={ACTION_INTENT[a]} icon={ACTION_ICON[a]} data-testid={`decision-${a}`} onClick={() => setAction(a)}>
          {t(`creditOperations.actions.${a}`)}
        </Button>
      ))}
      {action && <DecisionDialog op={op} action={action} onClose={() => setAction(null)} />}
    </div>
  );
}
