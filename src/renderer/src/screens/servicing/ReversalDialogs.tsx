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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstallmentDetails } from '@shared/contract';
import { formatDate } from '@shared/format';
import { errorText, isApiError } from '../../api/errors';
import { useApiMutation } from '../../api/hooks';
import { NoteField } from '@kit/form/NoteField';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { MoneyConfirmDialog, type MoneyRow } from '@kit/MoneyConfirmDialog';
import type { InstallmentTransaction } from './model';

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
  const [key] = useState(() => newIdempotencyKey());
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { payment } = target;

  const confirm = async () => {
    if (reason.trim().length < MIN_REASON) {
      setReasonError(t('servicing.reverse.reasonShort'));
      return;
    }
    setFailure(null);
    try {
      const result = await reverse.mutateAsync({ id: target.operationId, installment: target.installmentId, detailId: payment.id, idempotency_key: key, reason: reason.trim() });
      onDone(result);
    } catch (e) {
      if (isApiError(e) && e.field === 'reason') setReasonError(errorText(e, t));
      else setFailure(errorText(e, t));
    }
  };

  return (
    <MoneyConfirmDialog
      title={t('servicing.reverse.title', { number: target.installmentNumber })}
      consequence={t('servicing.reverse.consequence', { id: payment.id, date: formatDate(payment.paid_on) })}
      consequenceTestId="reverse-consequence"
      rows={paymentRows(payment, t)}
      amountsTestId="reverse-amounts"
      intent="danger"
      confirmText={t('servicing.reverse.confirmButton')}
      busyText={t('servicing.reverse.working')}
      confirmTestId="reverse-confirm"
      busy={reverse.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <NoteField
        id="reverse-reason"
        label={t('servicing.reverse.reason')}
        hint={t('servicing.reverse.reasonHint')}
        invalidText={reasonError ?? ''}
        invalid={reasonError !== null}
        rows={3}
        maxLength={1000}
        value={reason}
        disabled={reverse.isPending}
        onChange={(text) => {
          setReason(text);
          setReasonError(null);
        }}
      />
      {failure && (
        <Callout intent="danger" data-testid="reverse-error">
          {failure}
        </Callout>
      )}
    </MoneyConfirmDialog>
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
  const [key] = useState(() => newIdempotencyKey());
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { payment } = target;
  const k = approve ? 'approve' : 'refuse';

  const confirm = async () => {
    if (!approve && reason.trim().length === 0) {
      setReasonError(t('servicing.decide.reasonRequired'));
      return;
    }
    setFailure(null);
    try {
      const result = await decide.mutateAsync({
        id: target.operationId,
        installment: target.installmentId,
        detailId: payment.id,
        idempotency_key: key,
        approve,
        reason: reason.trim() || null,
      });
      onDone(result);
    } catch (e) {
      if (isApiError(e) && e.field === 'reason') setReasonError(errorText(e, t));
      else setFailure(errorText(e, t));
    }
  };

  return (
    <MoneyConfirmDialog
      title={t(`servicing.decide.${k}Title`, { number: target.installmentNumber })}
      consequence={t(`servicing.decide.${k}Text`, { id: payment.id, date: formatDate(payment.paid_on) })}
      consequenceTestId="decide-consequence"
      rows={paymentRows(payment, t)}
      amountsTestId="decide-amounts"
      intent={approve ? 'danger' : 'primary'}
      confirmText={t(`servicing.decide.${k}`)}
      confirmTestId="decide-confirm"
      busy={decide.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <NoteField
        id="decide-reason"
        label={approve ? t('servicing.decide.note') : t('servicing.decide.reason')}
        hint={approve ? t('servicing.decide.noteHint') : t('servicing.decide.reasonHint')}
        invalidText={reasonError ?? ''}
        invalid={reasonError !== null}
        rows={3}
        maxLength={1000}
        value={reason}
        disabled={decide.isPending}
        onChange={(text) => {
          setReason(text);
          setReasonError(null);
        }}
      />
      {failure && (
        <Callout intent="danger" data-testid="decide-error">
          {failure}
        </Callout>
      )}
    </MoneyConfirmDialog>
  );
}
