/**
 * The confirmation of a repurchase: the installment, its assignee, the
 * amounts by the account's rule, and the reason (optional when the agreement
 * requires the buy-back, at least five characters otherwise). One idempotency
 * key for the dialog's life.
 */
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RepurchasableInstallment, Repurchase } from '@shared/contract/servicing-repurchase';
import { formatCurrency, formatDate } from '@shared/format';
import { useApiMutation } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { moveReasonRule, ReasonMoneyDialog, type ReasonRule } from '../ReasonMoneyDialog';
import { useRefreshServicing } from '../refresh';
import { amountRows, r } from './model';

export function RepurchaseDialog(props: { operationId: number; installment: RepurchasableInstallment; onDone(answer: Repurchase): void; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshServicing();
  const create = useApiMutation('repurchase.create');
  const i = props.installment;
  const reason: ReasonRule = i.required ? { label: t(r('reasonOptional')), hint: t(r('reasonOptionalHint'), { cause: t(r(`causes.${i.cause}`)) }), minLength: 0, tooShort: '' } : { ...moveReasonRule(t), hint: t(r('reasonRequiredHint')) };
  return (
    <ReasonMoneyDialog
      testPrefix="repurchase"
      title={t(r('dialogTitle'), { number: i.number })}
      consequence={t(r('consequence'), { assignee: i.assignee_name, due: formatDate(i.due_date), amount: formatCurrency(i.amount) })}
      rows={amountRows(i, t)}
      intent="primary"
      confirmText={i.needs_approval ? t('desk.askApproval') : t(r('confirm'))}
      busyText={t(r('working'))}
      reason={reason}
      send={(text, key) => create.mutateAsync({ id: props.operationId, installment: i.id, idempotency_key: key, reason: text })}
      onDone={(answer) => {
        if (answer.status === 'pending') toast.sentForApproval(t(r('pendingToast'), { number: i.number }));
        else toast.success(t(r('doneToast'), { number: i.number, amount: formatCurrency(answer.amount) }));
        void refresh({ operationId: props.operationId });
        props.onDone(answer);
      }}
      onClose={props.onClose}
      notice={
        i.needs_approval && (
          <Callout intent="warning" icon="time" data-testid="repurchase-four-eyes">
            {t(r('needsApproval'))}
          </Callout>
        )
      }
    />
  );
}
