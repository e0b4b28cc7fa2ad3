/**
 * An operation's installments as of a date, declared on the list kit's
 * columns: the status as a coloured tag that also says it in words (overdue
 * in red and in words), the value, what was paid and what is open, the days
 * late and the last day payable without charges; with `charges`, the late
 * fee, default interest and contract interest counted to that date. Each row
 * opens the installment's payments, where operators receive and reverse.
 */
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatCurrency, formatDate } from '@shared/format';
import { AllOperators, hasProfilePermission } from '@shared/roles';
import type { ColumnDecl } from '@kit/list/columns';
import { RecordsTable } from '@kit/RecordsTable';
import { useSession } from '../../app/session';
import { badgeIntent, badgeKeys, badgeValue, isPayable, paymentsPath, type InstallmentState } from './model';

const c = (key: string) => `servicing.installments.columns.${key}`;

function columnsOf(charges: boolean): ColumnDecl<InstallmentState>[] {
  const status: ColumnDecl<InstallmentState> = {
    id: 'status',
    title: c('status'),
    kind: 'status',
    // Overdue is derived from the date: it colours the tag red and is said in words beside the status.
    value: badgeValue,
    intent: badgeIntent,
    text: (r, t) => badgeKeys(r).map((k) => t(k)).join(' · '),
    testId: (r) => `installment-status-${r.number}`,
  };
  const number: ColumnDecl<InstallmentState> = { id: 'number', title: c('number'), kind: 'integer', field: 'number' };
  const due: ColumnDecl<InstallmentState> = { id: 'due_date', title: c('dueDate'), kind: 'date', field: 'due_date' };
  const value: ColumnDecl<InstallmentState> = { id: 'value', title: c('value'), kind: 'money', field: 'value' };
  const open: ColumnDecl<InstallmentState> = { id: 'open', title: c('open'), kind: 'money', field: 'due_total', testId: (r) => `installment-open-${r.number}` };
  const late: ColumnDecl<InstallmentState> = { id: 'days_late', title: c('daysLate'), kind: 'integer', field: 'days_late', testId: (r) => `installment-days-late-${r.number}` };
  if (charges) {
    // The charges as of the day asked, beside what they add up to; the installment's value (in the operation's tab),
    // when it was paid and until when it was payable are on the installment's page: at 1024 px the rest must read whole.
    return [
      number,
      due,
      late,
      { id: 'late_fee', title: c('lateFee'), kind: 'money', value: (r) => r.charges.late_fee, testId: (r) => `installment-late-fee-${r.number}` },
      { id: 'default_interest', title: c('defaultInterest'), kind: 'money', value: (r) => r.charges.default_interest, testId: (r) => `installment-default-interest-${r.number}` },
      { id: 'contract_interest', title: c('contractInterest'), kind: 'money', value: (r) => r.charges.contract_interest },
      open,
      status,
    ];
  }
  return [
    number,
    due,
    { id: 'payable_until', title: c('payableUntil'), kind: 'date', field: 'payable_until' },
    value,
    { id: 'paid', title: c('paid'), kind: 'money', field: 'paid_total', testId: (r) => `installment-paid-${r.number}` },
    open,
    late,
    status,
  ];
}

export function InstallmentsTable({
  testId,
  operationId,
  rows,
  loading,
  error,
  charges = false,
}: {
  testId: string;
  operationId: number;
  rows: readonly InstallmentState[] | undefined;
  loading: boolean;
  error?: string | null;
  /** show the late charges counted to the date asked */
  charges?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const operator = hasProfilePermission(user?.role_id, AllOperators);
  return (
    <RecordsTable
      testId={testId}
      columns={columnsOf(charges)}
      rows={rows}
      loading={loading}
      error={error}
      actions={{
        title: t(c('actions')),
        render: (row) => {
          // Icon only (its words are its name and tooltip): the amounts need the room.
          const label = t(operator && isPayable(row) ? 'servicing.installments.receive' : 'servicing.installments.payments', { number: row.number });
          return (
            <Button
              size="small"
              icon={operator && isPayable(row) ? 'bank-account' : 'eye-open'}
              aria-label={label}
              title={label}
              data-testid={`installment-open-payments-${row.number}`}
              onClick={() => navigate(paymentsPath(row.id, operationId))}
            />
          );
        },
      }}
    />
  );
}

/** The figures of the whole schedule under the table: value, paid and open, as of the date asked. */
export function InstallmentTotals({ totals, asOf, testId }: { totals: { value: string; paid: string; due: string }; asOf: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <p className="svc-totals" data-testid={testId}>
      <span>
        {t('servicing.installments.totals.value')}: <strong>{formatCurrency(totals.value)}</strong>
      </span>
      <span>
        {t('servicing.installments.totals.paid')}: <strong data-testid={`${testId}-paid`}>{formatCurrency(totals.paid)}</strong>
      </span>
      <span>
        {t('servicing.installments.totals.due', { date: formatDate(asOf) })}: <strong data-testid={`${testId}-due`}>{formatCurrency(totals.due)}</strong>
      </span>
    </p>
  );
}
