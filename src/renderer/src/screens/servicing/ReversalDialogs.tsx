/**
 * The reversal (estorno) of a payment, and the second person's answer to a
 * pending one. Reversing asks for the reason and states the payment and its
 * split; the server either posts the reversal at once or, above the
 * company's limit, opens a request another person must approve (four eyes) —
 * the answer says which. Approving posts it; refusing needs a reason and
 * nothing moves (the person who asked may also withdraw it this way). Each
 * confirmation has its own idempotency key; a refusal of the server shows in
 * the dialog, a missing or short reason on the reason.
 */
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { InstallmentDetails } from '@shared/contract';
import { formatCurrency, formatDate } from '@shared/format';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import type { MoneyRow } from '@kit/MoneyConfirmDialog';
import type { InstallmentTransaction } from './model';
import { decisionReasonRule, ReasonMoneyDialog } from './ReasonMoneyDialog';

const MIN_REASON = 5;

export interface ReversalTarget {
  operationId: number;
  installmentId: number;
  installmentNumber: number;
  payment: InstallmentTransaction;
}

/** The payment as the confirmation states it: amount, day, and how it was split. */
export function paymentRows(p: InstallmentTransaction, t: (key: string) => string): MoneyRow[] {
  const split = p.current_split ?? p.split;
  return [
    { label: t('servicing.reverse.rows.amount'), amount: p.amount, strong: true, id: 'amount' },
    { label: t('servicing.reverse.rows.paidOn'), text: formatDate(p.paid_on), id: 'paid-on' },
    { label: t('servicing.split.late_fee'), amount: split.late_fee, id: 'late-fee' },
    { label: t('servicing.split.default_interest'), amount: split.default_interest, id: 'default-interest' },
    { label: t('servicing.split.interest'), amount: split.interest, id: 'interest' },
    { label: t('servicing.split.principal'), amount: split.principal, id: 'principal' },
  ];
}

export function ReverseDialog({ target, onClose, onDone }: { target: ReversalTarget; onClose(): void; onDone(result: InstallmentDetails): void }) {
  const { t } = useTranslation();
  const reverse = useApiMutation('servicing.reverse');
  const { payment } = target;
  // The server's own weighing for this person now: above the limit the button asks for approval instead of reversing.
  const weight = useApiQuery('servicing.reversalWeight', { id: target.operationId, installment: target.installmentId, detailId: payment.id });
  const asks = weight.data?.needs_approval === true;
  return (
    <ReasonMoneyDialog
      testPrefix="reverse"
      title={t('servicing.reverse.title', { number: target.installmentNumber })}
      consequence={t('servicing.reverse.consequence', { id: payment.id, date: formatDate(payment.paid_on) })}
      rows={paymentRows(payment, t)}
      intent="danger"
      notice={
        asks && (
          <Callout intent="warning" icon="time" data-testid="reverse-four-eyes">
            {weight.data?.limit
              ? t('servicing.reverse.needsApproval', { total: formatCurrency(weight.data.window_total), limit: formatCurrency(weight.data.limit) })
              : t('servicing.reverse.needsApprovalAlways')}
          </Callout>
        )
      }
      confirmText={asks ? t('desk.askApproval') : t('servicing.reverse.confirmButton')}
      busyText={t('servicing.reverse.working')}
      reason={{ label: t('servicing.reverse.reason'), hint: t('servicing.reverse.reasonHint'), minLength: MIN_REASON, tooShort: t('servicing.reverse.reasonShort') }}
      send={(reason, key) =>
        reverse.mutateAsync({ id: target.operationId, installment: target.installmentId, detailId: payment.id, idempotency_key: key, reason: reason ?? '' })
      }
      onDone={onDone}
      onClose={onClose}
    />
  );
}

export function DecideReversalDialog({
  target,
  approve,
  onClose,
  onDone,
}: {
  target: ReversalTarget;
  approve: boolean;
  onClose(): void;
  onDone(result: InstallmentDetails): void;
}) {
  const { t } = useTranslation();
  const decide = useApiMutation('servicing.decideReversal');
  const { payment } = target;
  const k = approve ? 'approve' : 'refuse';
  return (
    <ReasonMoneyDialog
      testPrefix="decide"
      title={t(`servicing.decide.${k}Title`, { number: target.installmentNumber })}
      consequence={t(`servicing.decide.${k}Text`, { id: payment.id, date: formatDate(payment.paid_on) })}
      rows={paymentRows(payment, t)}
      intent={approve ? 'danger' : 'primary'}
      confirmText={t(`servicing.decide.${k}`)}
      reason={decisionReasonRule(approve, t)}
      send={(reason, key) =>
        decide.mutateAsync({ id: target.operationId, installment: target.installmentId, detailId: payment.id, idempotency_key: key, approve, reason })
      }
      onDone={onDone}
      onClose={onClose}
    />
  );
}
