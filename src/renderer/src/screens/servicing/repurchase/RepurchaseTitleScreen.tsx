/**
 * The title being repurchased (/app/clientOperation/analize/:credit_operation_id/repurchase/title):
 * any installment an assignee holds, required by the agreement or not; pick
 * one, see what it costs by its account's rule, and confirm (a reason when the
 * agreement does not require it). The amounts are the kit's MoneyRowsTable.
 */
import { Button, Callout, Card, FormGroup, H2, HTMLSelect, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { contract } from '@shared/contract';
import { formatCurrency, formatDate } from '@shared/format';
import { errorText } from '../../../api/errors';
import { useApiQuery } from '../../../api/hooks';
import { MoneyRowsTable } from '@kit/MoneyConfirmDialog';
import { RoleGate } from '@kit/RoleGate';
import { RepurchaseDialog } from './RepurchaseDialog';
import { amountRows, r, repurchasePaths } from './model';
import { operationNumber } from '@shared/contract/credit-operations';

export function RepurchaseTitleScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const operationId = Number(useParams().credit_operation_id);
  const list = useApiQuery('repurchase.repurchasable', { id: operationId, include: 'all' });
  const [pickedId, setPickedId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const installments = list.data?.installments ?? [];
  const picked = installments.find((i) => i.id === pickedId) ?? null;
  return (
    <div className="screen" data-testid="repurchase-title">
      <H2 className="heading-as-h4">{t(r('titleHeading'), { operation: operationNumber(operationId) })}</H2>
      <p className="bp6-text-muted">{t(r('titleNote'))}</p>
      <Card compact>
        {list.error ? (
          <Callout intent="danger" data-testid="repurchase-title-error">
            {errorText(list.error, t)}
          </Callout>
        ) : !list.data ? (
          <Spinner size={24} />
        ) : installments.length === 0 ? (
          <p className="bp6-text-muted" data-testid="repurchase-title-none">
            {t(r('titleNone'))}
          </p>
        ) : (
          <>
            <FormGroup label={t(r('pick'))} labelFor="repurchase-pick">
              <HTMLSelect
                id="repurchase-pick"
                data-testid="repurchase-pick"
                value={pickedId ?? ''}
                onChange={(e) => setPickedId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
                options={[
                  { value: '', label: t(r('pickNone')) },
                  ...installments.map((i) => ({ value: i.id, label: t(r('pickOption'), { number: i.number, due: formatDate(i.due_date), amount: formatCurrency(i.amount) }) })),
                ]}
              />
            </FormGroup>
            {picked && (
              <section data-testid="repurchase-title-picked">
                <p>
                  {t(r('pickedFacts'), { assignee: picked.assignee_name, cession: picked.cession_number, date: formatDate(picked.cession_date), days: picked.days_late })}{' '}
                  <Tag intent={picked.required ? 'danger' : 'none'} data-testid="repurchase-title-cause">
                    {picked.cause === 'overdue' || picked.cause === 'agreement'
                      ? t(r(picked.required ? 'required' : 'notRequired'), { days: picked.after_days })
                      : t(r('requiredByMark'), { cause: t(r(`causes.${picked.cause}`)) })}
                  </Tag>
                </p>
                <MoneyRowsTable rows={amountRows(picked, t)} testId="repurchase-title-amounts" />
                {picked.blocked && (
                  <Callout intent="warning" data-testid="repurchase-title-blocked">
                    {picked.blocked}
                  </Callout>
                )}
                <RoleGate roles={contract['repurchase.create'].access}>
                  <Button intent="primary" icon="redo" data-testid="repurchase-title-confirm" disabled={picked.blocked !== null} onClick={() => setConfirming(true)}>
                    {t(r('open'))}
                  </Button>
                </RoleGate>
              </section>
            )}
          </>
        )}
        <Button minimal icon="arrow-left" data-testid="repurchase-back" onClick={() => navigate(repurchasePaths.list(operationId))}>
          {t(r('back'))}
        </Button>
      </Card>
      {confirming && picked && (
        <RepurchaseDialog
          operationId={operationId}
          installment={picked}
          onDone={(answer) => {
            setConfirming(false);
            navigate(repurchasePaths.details(operationId, answer.installment_id));
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
