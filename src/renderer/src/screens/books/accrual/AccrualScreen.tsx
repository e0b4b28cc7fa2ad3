/**
 * Interest on the competence basis (/app/company-operation/books/accrual): the accrued interest not yet settled,
 * the operations whose accrual stopped (stage 3) and the last runs (ledgerAccrual.status); "Apropriar" up to a date
 * ("Apropriar até", no later than the business date) after a confirmation (ledgerAccrual.run, administrators). A run
 * of a day in a month already closed posts on the first day of the first open month: the list says so. Rules: the
 * ledger's README, "Competence basis".
 */
import { Callout, FormGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccrualRunRow } from '@shared/contract/ledger-accrual';
import { formatCurrency, formatDate, formatInteger } from '@shared/format';
import { ApiError, errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { DateTextInput } from '@kit/form/DateTextInput';
import { RecordsTable } from '@kit/RecordsTable';
import { ReportScreen } from '@kit/ReportKit';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

type RunRow = AccrualRunRow & { id: number };

export function AccrualScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const status = useApiQuery('ledgerAccrual.status', {});
  const run = useApiMutation('ledgerAccrual.run', { invalidates: ['ledgerAccrual.status', 'ledger.balancete', 'ledger.trialBalance'] });
  const [date, setDate] = useState('');
  const [dateError, setDateError] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const data = status.data;
  const rows: RunRow[] = (data?.recent_runs ?? []).map((r) => ({ ...r, id: r.run_id }));

  const confirmRun = async () => {
    try {
      const answer = await run.mutateAsync({ date });
      setConfirming(false);
      toast.success(
        answer.posted_on
          ? t('accrual.doneRedated', { date: formatDate(answer.up_to), amount: formatCurrency(answer.amount), postedOn: formatDate(answer.posted_on) })
          : t('accrual.done', { date: formatDate(answer.up_to), amount: formatCurrency(answer.amount), operations: formatInteger(answer.operations) }),
      );
    } catch (e) {
      setConfirming(false);
      toast.failure(e instanceof ApiError ? errorText(e, t) : undefined);
    }
  };

  return (
    <ReportScreen
      testId="books-accrual"
      idPrefix="accrual"
      className="books-accrual"
      title={t('accrual.title')}
      intro={t('accrual.intro')}
      fields={
        <FormGroup
          label={t('accrual.upTo')}
          labelFor="accrual-date"
          intent={dateError ? 'danger' : 'none'}
          helperText={dateError ? t('accrual.dateRequired') : undefined}
        >
          <DateTextInput id="accrual-date" intent={dateError ? 'danger' : 'none'} value={date} onChange={setDate} />
        </FormGroup>
      }
      showLabel={t('accrual.run')}
      onShow={() => {
        const ok = DAY.test(date);
        setDateError(!ok);
        if (ok) setConfirming(true);
      }}
      asked={false}
      error={status.error}
      files={null}
    >
      <>
        {data && (
          <table className="bp6-html-table bp6-compact close-totals" data-testid="accrual-totals">
            <tbody>
              <tr>
                <th>{t('accrual.open')}</th>
                <td className="numeric" data-testid="accrual-open">
                  {formatCurrency(data.accrued_open)}
                </td>
              </tr>
              <tr>
                <th>{t('accrual.stopped')}</th>
                <td className="numeric" data-testid="accrual-stopped">
                  {formatInteger(data.stopped_operations)}
                </td>
              </tr>
              <tr>
                <th>{t('accrual.lastRun')}</th>
                <td className="numeric" data-testid="accrual-last">{data.last_run ? formatDate(data.last_run.up_to) : t('accrual.never')}</td>
              </tr>
            </tbody>
          </table>
        )}
        {data?.recent_runs.some((r) => r.posted_on) && (
          <Callout intent="primary" icon="info-sign" data-testid="accrual-redated-note">
            {t('accrual.redatedNote')}
          </Callout>
        )}
        <h3>{t('accrual.runs')}</h3>
        <RecordsTable<RunRow>
          testId="accrual-runs"
          loading={status.isFetching && !data}
          rows={rows}
          emptyHint={t('accrual.noRuns')}
          columns={[
            { id: 'up_to', title: 'accrual.columns.upTo', kind: 'identifier', text: (r) => formatDate(r.up_to), testId: (r) => `accrual-run-date-${r.id}` },
            { id: 'posted_on', title: 'accrual.columns.postedOn', text: (r) => (r.posted_on ? t('accrual.postedOn', { date: formatDate(r.posted_on) }) : formatDate(r.up_to)) },
            { id: 'operations', title: 'accrual.columns.operations', kind: 'integer', field: 'operations' },
            { id: 'amount', title: 'accrual.columns.amount', kind: 'money', field: 'amount', testId: (r) => `accrual-run-amount-${r.id}` },
            { id: 'stopped', title: 'accrual.columns.stopped', kind: 'integer', field: 'stopped' },
            { id: 'finished_at', title: 'accrual.columns.finishedAt', kind: 'datetime', field: 'finished_at' },
          ]}
        />
      </>
      <ConfirmDialog isOpen={confirming} title={t('accrual.confirmTitle')} confirmText={t('accrual.run')} onClose={() => setConfirming(false)} onConfirm={confirmRun}>
        <p data-testid="accrual-confirm-text">{DAY.test(date) ? t('accrual.confirmText', { date: formatDate(date) }) : ''}</p>
      </ConfirmDialog>
    </ReportScreen>
  );
}
