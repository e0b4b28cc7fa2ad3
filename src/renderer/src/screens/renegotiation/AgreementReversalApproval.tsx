/**
 * The agreement payment's reversal waiting for another person (above the
 * company's reversal_approval_above; collection.pending_reversal): which
 * payment, how much, why and who asked. A person who may give the next check
 * (`renegotiation.decideReversal`'s roles, the kind's checkers or, for a
 * second check, its second checkers; never who asked nor the first checker)
 * approves it after a confirmation stating the amount, or refuses it with a
 * reason; who asked may withdraw it (a refusal of their own) and is told it
 * waits for someone else. The approvals inbox links the request here.
 */
import { Button, Callout, Card, H3, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@shared/contract';
import type { PendingAgreementReversal } from '@shared/contract/renegotiation';
import { formatCurrency, formatDate } from '@shared/format';
import { hasProfilePermission, type RoleId } from '@shared/roles';
import { errorText } from '../../api/errors';
import { useApiMutation } from '../../api/hooks';
import { useSession } from '../../app/session';
import { MoneyConfirmDialog } from '@kit/MoneyConfirmDialog';
import './renegotiation.css';

const DECIDE_ROLES = contract['renegotiation.decideReversal'].access as readonly RoleId[];

/** Whether the reader may give the request's next check (the rule the server's checkRefusal enforces). */
export function mayCheckReversal(r: Pick<PendingAgreementReversal, 'maker_id' | 'checker_id' | 'next_check_roles'>, user: { id: number; role_id: RoleId } | null | undefined): boolean {
  if (!user || user.id === r.maker_id || user.id === r.checker_id) return false;
  return hasProfilePermission(user.role_id, DECIDE_ROLES) && r.next_check_roles.includes(user.role_id);
}

export function AgreementReversalApproval({ agreementId, pending }: { agreementId: number; pending: PendingAgreementReversal }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const decide = useApiMutation('renegotiation.decideReversal', { invalidates: ['renegotiation.get', 'approvals.inbox'] });
  const [approving, setApproving] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const me = user ? { id: user.id, role_id: user.role_id as RoleId } : null;
  const canCheck = mayCheckReversal(pending, me);
  const mine = user?.id === pending.maker_id;

  const answer = async (approve: boolean) => {
    setFailure(null);
    if (!approve && !reason.trim()) {
      setFailure(t('agreementReversal.needsReason'));
      return;
    }
    try {
      await decide.mutateAsync(approve ? { id: agreementId, approve } : { id: agreementId, approve, reason: reason.trim() });
    } catch (error) {
      setFailure(errorText(error, t));
    }
    setApproving(false);
  };

  return (
    <Card data-testid="reneg-reversal-pending">
      <H3>{t('agreementReversal.title')}</H3>
      <p data-testid="reneg-reversal-pending-text">
        {t('agreementReversal.text', {
          amount: formatCurrency(pending.amount),
          number: pending.installment_number,
          date: formatDate(pending.paid_on),
          name: pending.maker_name ?? '—',
          reason: pending.reason,
        })}
      </p>
      <p>{t('agreementReversal.checks', { given: pending.checks_given, required: pending.required_checks })}</p>
      {!canCheck && (
        <Callout intent="warning" data-testid="reneg-reversal-waits">
          {mine ? t('agreementReversal.waitsForOther') : t('agreementReversal.waits')}
        </Callout>
      )}
      {(canCheck || mine) && (
        <div className="reneg-reversal-actions">
          {canCheck && (
            <>
              <Button intent="success" text={t('agreementReversal.approve')} onClick={() => setApproving(true)} data-testid="reneg-reversal-approve" />{' '}
            </>
          )}
          <InputGroup
            placeholder={t('agreementReversal.reason')}
            aria-label={t('agreementReversal.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="reneg-reversal-refuse-reason"
          />
          <Button
            intent="danger"
            text={mine ? t('agreementReversal.withdraw') : t('agreementReversal.refuse')}
            loading={decide.isPending && !approving}
            onClick={() => void answer(false)}
            data-testid="reneg-reversal-refuse"
          />
        </div>
      )}
      {failure && (
        <Callout intent="danger" data-testid="reneg-reversal-error">
          {failure}
        </Callout>
      )}
      {approving && (
        <MoneyConfirmDialog
          title={t('agreementReversal.confirmTitle', { number: pending.installment_number })}
          consequence={t('agreementReversal.confirmText')}
          rows={[{ label: t('renegotiation.collect.payAmount'), amount: pending.amount, strong: true, id: 'amount' }]}
          amountsTestId="reneg-reversal-approve-amounts"
          intent="danger"
          confirmText={t('agreementReversal.approve')}
          confirmTestId="reneg-reversal-approve-confirm"
          busy={decide.isPending}
          onConfirm={() => answer(true)}
          onClose={() => setApproving(false)}
        />
      )}
    </Card>
  );
}
