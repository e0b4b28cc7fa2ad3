/**
 * The chosen assignee account's statement over a period (assigneeStatement.get):
 * cessions, their reversals, payments collected on its installments and their
 * reversals, repurchases and their undoing, with the running balance, the
 * opening and closing balances and the totals per kind. The period starts as
 * the month of the screen's date, up to that date (strings only: no time zone).
 */
import { Callout, FormGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSIGNEE_STATEMENT_KINDS, type AssigneeStatementLine } from '@shared/contract/servicing-assignee-statement';
import { formatCurrency, formatDate } from '@shared/format';
import { errorText } from '../../../api/errors';
import { useApiQuery } from '../../../api/hooks';
import { RecordsTable } from '@kit/RecordsTable';
import { DateTextInput } from '@kit/form/DateTextInput';
import { isIsoDay } from '@kit/form/localeText';

type LineRow = AssigneeStatementLine & { id: number };

export function AssigneeStatementPanel({ accountId, today }: { accountId: number; today: string }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const statement = useApiQuery('assigneeStatement.get', { accountId, from, to }, { enabled: from !== '' && to !== '' });
  const data = statement.data;
  const rows: LineRow[] = (data?.lines ?? []).map((l, n) => ({ ...l, id: n + 1 }));

  return (
    <section data-testid="assignee-statement">
      <h3>{t('assigneeStatement.title')}</h3>
      <div className="company-remittance-pick">
        <FormGroup label={t('assigneeStatement.from')} labelFor="assignee-statement-from">
          <DateTextInput id="assignee-statement-from" value={from} onChange={(v) => isIsoDay(v) && setFrom(v)} />
        </FormGroup>
        <FormGroup label={t('assigneeStatement.to')} labelFor="assignee-statement-to">
          <DateTextInput id="assignee-statement-to" value={to} onChange={(v) => isIsoDay(v) && setTo(v)} />
        </FormGroup>
      </div>
      {statement.error && <Callout intent="danger">{errorText(statement.error, t)}</Callout>}
      {data && (
        <p data-testid="assignee-statement-balances">
          {t('assigneeStatement.balances', { opening: formatCurrency(data.opening_balance), closing: formatCurrency(data.closing_balance) })}
        </p>
      )}
      <RecordsTable<LineRow>
        testId="assignee-statement-lines"
        loading={statement.isFetching && !data}
        rows={rows}
        columns={[
          { id: 'date', title: 'assigneeStatement.columns.date', width: 100, kind: 'date', text: (r) => formatDate(r.date) },
          { id: 'kind', title: 'assigneeStatement.columns.kind', width: 170, text: (r) => t(`assigneeStatement.kinds.${r.kind}`) },
          { id: 'operation', title: 'assigneeStatement.columns.operation', width: 130, kind: 'identifier', field: 'operation_number' },
          { id: 'installment', title: 'assigneeStatement.columns.installment', width: 80, kind: 'integer', field: 'installment_number' },
          { id: 'cession', title: 'assigneeStatement.columns.cession', width: 80, kind: 'integer', field: 'cession_number' },
          { id: 'amount', title: 'assigneeStatement.columns.amount', width: 120, kind: 'money', field: 'amount' },
          { id: 'balance', title: 'assigneeStatement.columns.balance', width: 120, kind: 'money', field: 'balance' },
        ]}
      />
      {data && (
        <ul className="assignee-statement-totals" data-testid="assignee-statement-totals">
          {ASSIGNEE_STATEMENT_KINDS.map((kind) => (
            <li key={kind}>
              {t(`assigneeStatement.kinds.${kind}`)}: {formatCurrency(data.totals[kind])}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
