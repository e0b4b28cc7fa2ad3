/**
 * /app/clientOperation/parcels/:id/:credit_operation_id — one operation's
 * installments with their charges as of a day chosen on the screen (the
 * lender's today when none is): late fee, default interest and contract
 * interest counted to that day, days late, paid and open. The day is a
 * calendar day typed as DD/MM/YYYY and kept in the address (?date=) as
 * YYYY-MM-DD; it never passes through a time zone. `:id` is the borrower.
 */
import { Button, Callout, Card, FormGroup, H2, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { isCalendarDay } from '@shared/contract/common';
import { formatDate } from '@shared/format';
import { errorText } from '../../api/errors';
import { useApiQuery } from '../../api/hooks';
import { DateTextInput } from '@kit/form/DateTextInput';
import { StaleBanner } from '@kit/StaleBanner';
import { OperationHeader } from '../creditOperations/OperationHeader';
import { InstallmentsTable, InstallmentTotals } from './InstallmentsTable';
import { percentText } from '../creditOperations/model';
import { dateParam, idParam } from './model';
import '../creditOperations/operations.css';
import './servicing.css';

export function ParcelsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const operationId = idParam(params.credit_operation_id);
  const [search, setSearch] = useSearchParams();
  const date = dateParam(search.get('date'));
  const [typed, setTyped] = useState(date ?? '');
  const op = useApiQuery('creditOperation.get', { id: operationId ?? 0 }, { enabled: operationId !== null });
  const query = useApiQuery('servicing.installments', date ? { id: operationId ?? 0, date } : { id: operationId ?? 0 }, { enabled: operationId !== null });

  if (operationId === null) return <Callout intent="danger" data-testid="parcels-invalid">{t('errors.notFound')}</Callout>;
  if (op.error) return <Callout intent="danger" data-testid="parcels-error">{errorText(op.error, t)}</Callout>;
  if (!op.data) return <Spinner />;
  const data = query.data;
  const typedValid = isCalendarDay(typed);

  const apply = (day: string | null) => {
    const next = new URLSearchParams(search);
    if (day) next.set('date', day);
    else next.delete('date');
    setSearch(next, { replace: true });
  };

  return (
    <div className="screen" data-testid="parcels">
      {query.stale && <StaleBanner at={query.cachedAt} testId="parcels-stale" />}
      <OperationHeader op={op.data} title={t('servicing.parcels.title', { number: op.data.number })} />
      <Card>
        <form
          className="svc-date-bar"
          data-testid="parcels-date-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (typedValid) apply(typed);
          }}
        >
          <FormGroup
            label={t('servicing.parcels.asOf')}
            labelFor="parcels-date"
            helperText={typed && !typedValid ? t('servicing.parcels.badDate') : t('servicing.parcels.asOfHint')}
            intent={typed && !typedValid ? 'danger' : 'none'}
          >
            <DateTextInput id="parcels-date" value={typed || (data?.as_of ?? '')} intent={typed && !typedValid ? 'danger' : undefined} onChange={setTyped} />
          </FormGroup>
          <Button type="submit" intent="primary" icon="calculator" data-testid="parcels-date-apply" disabled={!typedValid}>
            {t('servicing.parcels.apply')}
          </Button>
          {date && (
            <Button
              icon="reset"
              data-testid="parcels-date-today"
              onClick={() => {
                setTyped('');
                apply(null);
              }}
            >
              {t('servicing.parcels.today')}
            </Button>
          )}
          <span className="svc-grow" />
          <Button icon="arrow-left" data-testid="parcels-back" onClick={() => navigate(`/app/clientOperation/analize/${operationId}?tab=installments`)}>
            {t('servicing.parcels.back')}
          </Button>
        </form>
        {op.data.status !== 'disbursed' && (
          <Callout intent="primary" data-testid="parcels-not-disbursed">
            {t('servicing.installments.notYet', { status: t(`creditOperations.status.${op.data.status}`) })}
          </Callout>
        )}
        <H2 className="heading-as-h5 op-section-title" data-testid="parcels-as-of">
          {t('servicing.parcels.heading', { date: data ? formatDate(data.as_of) : '…' })}
        </H2>
        {data && (
          <p className="bp6-text-muted" data-testid="parcels-terms">
            {t(`servicing.parcels.terms.${data.terms.remuneratory}`, { fee: percentText(data.terms.late_fee_percent), mora: percentText(data.terms.default_interest_monthly_percent), rate: percentText(data.terms.contract_monthly_percent) })}
            {data.terms.legacy_until && ` ${t('servicing.parcels.legacy', { date: formatDate(data.terms.legacy_until), rate: percentText(data.terms.contract_monthly_percent) })}`}
          </p>
        )}
        <InstallmentsTable
          testId="parcels-table"
          operationId={operationId}
          rows={data?.installments}
          loading={query.isFetching && !data}
          error={query.error ? errorText(query.error, t) : null}
          charges
        />
        {data && <InstallmentTotals totals={data.totals} asOf={data.as_of} testId="parcels-totals" />}
      </Card>
    </div>
  );
}
