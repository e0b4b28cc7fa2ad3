/**
 * One installment's repurchase (/app/clientOperation/analize/:credit_operation_id/repurchase/:installmentId/details):
 * its figures as recorded, who asked, its status and undoing, and the undo
 * itself with a reason (contra entries; a second person above the limit).
 * A repurchase or an undoing waiting for its second person is decided here
 * (approve with an optional note, refuse with a reason).
 */
import { Button, ButtonGroup, Callout, Card, H2, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { contract } from '@shared/contract';
import { formatCurrency, formatDate } from '@shared/format';
import { errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { MoneyRowsTable } from '@kit/MoneyConfirmDialog';
import { RoleGate } from '@kit/RoleGate';
import { decisionReasonRule, moveReasonRule, ReasonMoneyDialog } from '../ReasonMoneyDialog';
import { useRefreshServicing } from '../refresh';
import { amountRows, r, repurchasePaths } from './model';
import { operationNumber } from '@shared/contract/credit-operations';

export function RepurchaseDetailsScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const refresh = useRefreshServicing();
  const params = useParams();
  const operationId = Number(params.credit_operation_id);
  const installmentId = Number(params.installmentId);
  const query = useApiQuery('repurchase.get', { id: operationId, installment: installmentId });
  const reverse = useApiMutation('repurchase.reverse');
  const decide = useApiMutation('repurchase.decide');
  const decideReversal = useApiMutation('repurchase.decideReversal');
  const [undoing, setUndoing] = useState(false);
  const [deciding, setDeciding] = useState<boolean | null>(null);
  const p = query.data;
  return (
    <div className="screen" data-testid="repurchase-details">
      {query.error ? (
        <Callout intent="danger" data-testid="repurchase-details-error">
          {errorText(query.error, t)}
        </Callout>
      ) : !p ? (
        <Spinner size={24} />
      ) : (
        <>
          <H2 className="heading-as-h4">{t(r('detailsTitle'), { number: p.installment_number, operation: operationNumber(operationId) })}</H2>
          <Card compact>
            <p>
              <Tag intent={p.status === 'effective' ? 'primary' : p.status === 'reversed' || p.status === 'refused' ? 'none' : 'warning'} data-testid="repurchase-details-status">
                {t(r(`statuses.${p.status}`))}
              </Tag>
            </p>
            <dl className="facts" data-testid="repurchase-details-facts">
              <dt>{t(r('facts.date'))}</dt>
              <dd>{formatDate(p.repurchased_on)}</dd>
              <dt>{t(r('facts.due'))}</dt>
              <dd>{formatDate(p.due_date)}</dd>
              <dt>{t(r('facts.assignee'))}</dt>
              <dd>{t(r('facts.assigneeText'), { assignee: p.assignee_name, cession: p.cession_number })}</dd>
              <dt>{t(r('facts.cause'))}</dt>
              <dd>{t(r(`causes.${p.cause}`))}</dd>
              <dt>{t(r('facts.daysLate'))}</dt>
              <dd>{p.days_late}</dd>
              {p.reason && (
                <>
                  <dt>{t(r('facts.reason'))}</dt>
                  <dd>{p.reason}</dd>
                </>
              )}
              <dt>{t(r('facts.actor'))}</dt>
              <dd>{p.actor_name ?? '—'}</dd>
              {p.reversal && (
                <>
                  <dt>{t(r('facts.reversal'))}</dt>
                  <dd data-testid="repurchase-details-reversal">{t(r('facts.reversalText'), { date: formatDate(p.reversal.reversed_on), reason: p.reversal.reason, status: t(r(`statuses.${p.reversal.status === 'effective' ? 'reversed' : p.reversal.status}`)) })}</dd>
                </>
              )}
            </dl>
            <MoneyRowsTable rows={amountRows(p, t)} testId="repurchase-details-amounts" />
            <div className="op-actions">
              <Button minimal icon="arrow-left" data-testid="repurchase-back" onClick={() => navigate(repurchasePaths.list(operationId))}>
                {t(r('back'))}
              </Button>
              {(p.status === 'pending' || p.status === 'reversal_pending') && (
                <RoleGate roles={contract['repurchase.decide'].access}>
                  <ButtonGroup>
                    <Button intent="primary" data-testid="repurchase-decide-approve" onClick={() => setDeciding(true)}>
                      {t(r('approve'))}
                    </Button>
                    <Button data-testid="repurchase-decide-refuse" onClick={() => setDeciding(false)}>
                      {t(r('refuse'))}
                    </Button>
                  </ButtonGroup>
                </RoleGate>
              )}
              {p.status === 'effective' && (
                <RoleGate roles={contract['repurchase.reverse'].access}>
                  <Button intent="warning" icon="undo" data-testid="repurchase-undo-open" onClick={() => setUndoing(true)}>
                    {t(r('undo'))}
                  </Button>
                </RoleGate>
              )}
            </div>
          </Card>
          {deciding !== null && (
            <ReasonMoneyDialog
              testPrefix="repurchase-decide"
              title={t(r(`${p.status === 'pending' ? 'decide' : 'decideUndo'}.${deciding ? 'approveTitle' : 'refuseTitle'}`), { number: p.installment_number })}
              consequence={t(r(`${p.status === 'pending' ? 'decide' : 'decideUndo'}.${deciding ? 'approveText' : 'refuseText'}`))}
              rows={amountRows(p, t)}
              intent={deciding ? 'primary' : 'none'}
              confirmText={t(r(deciding ? 'approve' : 'refuse'))}
              reason={decisionReasonRule(deciding, t)}
              send={async (reason, key): Promise<boolean> => {
                if (p.status === 'pending') return (await decide.mutateAsync({ repurchase: p.id, idempotency_key: key, approve: deciding, reason })).status === p.status;
                if (p.reversal) return (await decideReversal.mutateAsync({ reversal: p.reversal.id, idempotency_key: key, approve: deciding, reason })).status === p.status;
                return false;
              }}
              onDone={(stillWaiting) => {
                setDeciding(null);
                // Above the company's higher limit it takes two checks: the first leaves it waiting for an administrator.
                if (stillWaiting) toast.info(t('servicing.decide.firstCheck'));
                else toast.success(t(r('decided')));
                void refresh({ operationId });
              }}
              onClose={() => setDeciding(null)}
            />
          )}
          {undoing && (
            <ReasonMoneyDialog
              testPrefix="repurchase-undo"
              title={t(r('undoTitle'), { number: p.installment_number })}
              consequence={t(r('undoConsequence'), { assignee: p.assignee_name })}
              rows={[
                { label: t(r('rows.amount')), amount: p.amount, strong: true, id: 'amount' },
                { label: t(r('rows.carrying')), amount: p.carrying, id: 'carrying' },
              ]}
              intent="warning"
              confirmText={t(r('undoConfirm'))}
              reason={moveReasonRule(t)}
              send={(reason, key) => reverse.mutateAsync({ id: operationId, installment: installmentId, idempotency_key: key, reason: reason ?? '' })}
              onDone={(answer) => {
                setUndoing(false);
                if (answer.status === 'reversal_pending') toast.sentForApproval(t(r('undoPending')));
                else toast.success(t(r('undone'), { amount: formatCurrency(answer.amount) }));
                void refresh({ operationId });
              }}
              onClose={() => setUndoing(false)}
            />
          )}
        </>
      )}
    </div>
  );
}
