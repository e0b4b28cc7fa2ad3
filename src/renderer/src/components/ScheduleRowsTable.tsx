/**
 * A payment schedule drawn once for every screen that shows one: an
 * operation's simulation and analysis, a renegotiation's new schedule and a
 * prepayment's reduced one. Number, due date (a calendar day, never through a
 * time zone), installment, interest, amortization and outstanding balance;
 * money from the server's decimal strings through the shared formatter. A
 * long schedule scrolls inside its own region, reachable by keyboard.
 */
import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDate } from '@shared/format';
import './scheduleRows.css';

export interface ScheduleRow {
  number: number;
  /** 'YYYY-MM-DD' */
  due_date: string;
  payment: string;
  interest: string;
  amortization: string;
  balance: string;
}

export function ScheduleRowsTable({
  rows,
  testId,
  caption,
  rowTestId,
  totals,
}: {
  rows: readonly ScheduleRow[];
  /** the table's test id */
  testId: string;
  /** the table's caption and the scrolling region's name */
  caption: string;
  /** each row's test id is `${rowTestId}-${number}` when given */
  rowTestId?: string;
  /** a footer with the sums of installments, interest and amortization */
  totals?: { payment: string; interest: string; amortization: string };
}) {
  const { t } = useTranslation();
  return (
    <div className="schedule-rows-wrap" tabIndex={0} role="region" aria-label={caption}>
      <HTMLTable compact striped className="schedule-rows" data-testid={testId}>
        <caption className="schedule-rows-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="numeric">{t('creditOperations.schedule.number')}</th>
            <th scope="col">{t('creditOperations.schedule.dueDate')}</th>
            <th scope="col" className="numeric">{t('creditOperations.schedule.payment')}</th>
            <th scope="col" className="numeric">{t('creditOperations.schedule.interest')}</th>
            <th scope="col" className="numeric">{t('creditOperations.schedule.amortization')}</th>
            <th scope="col" className="numeric">{t('creditOperations.schedule.balance')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.number} data-testid={rowTestId ? `${rowTestId}-${r.number}` : undefined}>
              <td className="numeric">{r.number}</td>
              <td>{formatDate(r.due_date)}</td>
              <td className="numeric">{formatCurrency(r.payment)}</td>
              <td className="numeric">{formatCurrency(r.interest)}</td>
              <td className="numeric">{formatCurrency(r.amortization)}</td>
              <td className="numeric">{formatCurrency(r.balance)}</td>
            </tr>
          ))}
        </tbody>
        {totals && (
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>{t('creditOperations.schedule.total')}</th>
              <td className="numeric">{formatCurrency(totals.payment)}</td>
              <td className="numeric">{formatCurrency(totals.interest)}</td>
              <td className="numeric">{formatCurrency(totals.amortization)}</td>
              <td />
            </tr>
          </tfoot>
        )}
      </HTMLTable>
    </div>
  );
}
