/**
 * The operation's repurchases (/app/clientOperation/analize/:credit_operation_id/repurchase):
 * what the agreement makes the lender buy back today, each with the amount
 * due to the assignee and a button to repurchase it (confirmed with the
 * amounts) and why (days late, or a mark on the operation), the marks
 * themselves (fraud, contract cancelled: set and cleared with a reason), and
 * the operation's repurchases, each opening its details.
 * Declarations on the kit: RecordsTable columns and MoneyConfirmDialog rows.
 */
import { Button, Callout, Card, H2, H3 } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { contract } from '@shared/contract';
import type { RepurchasableInstallment, Repurchase } from '@shared/contract/servicing-repurchase';
import { errorText } from '../../../api/errors';
import { useApiQuery } from '../../../api/hooks';
import { RecordsTable } from '@kit/RecordsTable';
import { RoleGate } from '@kit/RoleGate';
import { RepurchaseCausesCard } from './RepurchaseCausesCard';
import { RepurchaseDialog } from './RepurchaseDialog';
import { r, repurchasePaths } from './model';
import { operationNumber } from '@shared/contract/credit-operations';

/** A mark on the operation stands out from the days-late rule. */
const causeIntent = (cause: string) => (cause === 'fraud' || cause === 'contract_cancelled' ? 'danger' : 'none');

export function RepurchaseScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const operationId = Number(useParams().credit_operation_id);
  const due = useApiQuery('repurchase.repurchasable', { id: operationId });
  const records = useApiQuery('repurchase.list', { id: operationId });
  const causes = useApiQuery('repurchase.causes', { id: operationId });
  const assigned = useApiQuery('repurchase.repurchasable', { id: operationId, include: 'all' });
  const [chosen, setChosen] = useState<RepurchasableInstallment | null>(null);
  const error = due.error ?? records.error ?? causes.error;
  return (
    <div className="screen" data-testid="repurchase">
      <H2 className="heading-as-h4">{t(r('title'), { operation: operationNumber(operationId) })}</H2>
      <p className="bp6-text-muted">{t(r('note'))}</p>
      {error && (
        <Callout intent="danger" data-testid="repurchase-error">
          {errorText(error, t)}
        </Callout>
      )}
      <Card compact>
        <H3 className="heading-as-h5 op-section-title">{t(r('dueTitle'))}</H3>
        <RecordsTable<RepurchasableInstallment>
          testId="repurchase-due"
          loading={due.isLoading}
          rows={due.data?.installments}
          columns={[
            { id: 'number', title: r('columns.number'), kind: 'integer', field: 'number' },
            { id: 'due_date', title: r('columns.due'), kind: 'date', field: 'due_date' },
            { id: 'days_late', title: r('columns.daysLate'), kind: 'integer', field: 'days_late' },
            // The cause is a tag: kept whole while there is room (a name is cut first).
            { id: 'cause', title: r('columns.cause'), kind: 'status', field: 'cause', labels: r('causes'), intent: causeIntent, testId: (i) => `repurchase-due-cause-${i.number}` },
            { id: 'assignee', title: r('columns.assignee'), width: 2, field: 'assignee_name' },
            { id: 'cession', title: r('columns.cession'), kind: 'identifier', value: (i) => i.cession_number },
            { id: 'amount', title: r('columns.amount'), kind: 'money', field: 'amount' },
            { id: 'blocked', title: r('columns.note'), width: 2, text: (i) => i.blocked ?? '' },
          ]}
          actions={{
            title: t(r('columns.action')),
            render: (i) => (
              <RoleGate roles={contract['repurchase.create'].access}>
                <Button small intent="primary" icon="redo" disabled={i.blocked !== null} data-testid={`repurchase-open-${i.number}`} onClick={() => setChosen(i)}>
                  {t(r('open'))}
                </Button>
              </RoleGate>
            ),
          }}
        />
        <Button icon="search" data-testid="repurchase-title-open" onClick={() => navigate(repurchasePaths.title(operationId))}>
          {t(r('titleOpen'))}
        </Button>
      </Card>
      <RepurchaseCausesCard operationId={operationId} causes={causes.data} loading={causes.isLoading} assigned={assigned.data} />
      <Card compact>
        <H3 className="heading-as-h5 op-section-title">{t(r('recordsTitle'))}</H3>
        <RecordsTable<Repurchase>
          testId="repurchase-records"
          loading={records.isLoading}
          rows={records.data?.repurchases}
          onRowClick={(p) => navigate(repurchasePaths.details(operationId, p.installment_id))}
          columns={[
            { id: 'number', title: r('columns.number'), kind: 'integer', field: 'installment_number', link: (p) => repurchasePaths.details(operationId, p.installment_id) },
            { id: 'repurchased_on', title: r('columns.date'), kind: 'date', field: 'repurchased_on' },
            { id: 'status', title: r('columns.status'), kind: 'status', field: 'status', labels: r('statuses'), testId: (p) => `repurchase-status-${p.installment_number}` },
            { id: 'cause', title: r('columns.cause'), kind: 'status', field: 'cause', labels: r('causes') },
            { id: 'assignee', title: r('columns.assignee'), width: 2, field: 'assignee_name' },
            { id: 'amount', title: r('columns.amount'), kind: 'money', field: 'amount' },
          ]}
        />
      </Card>
      {chosen && <RepurchaseDialog operationId={operationId} installment={chosen} onDone={() => setChosen(null)} onClose={() => setChosen(null)} />}
    </div>
  );
}
