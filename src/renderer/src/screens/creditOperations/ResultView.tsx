/**
 * What an operation costs, drawn the same way for a simulation (building
 * step 3, editing a proposal) and a saved operation: the amounts (financed,
 * released, total payable, interest), the IOF with its rates and legal basis,
 * the fees, the CET monthly and yearly, and the payment schedule. Money is
 * shown through the shared formatter from the server's decimal strings;
 * calendar days through formatDate (read as the day written, no time zone).
 */
import { Card, H2, H3, HTMLTable, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDate } from '@shared/format';
import { ScheduleRowsTable } from '@kit/ScheduleRowsTable';
import { percentText, type ScheduleView } from './model';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="op-fact">
      <span className="op-fact-label">{label}</span>
      <span className="op-fact-value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

export function AmountsFacts({ result, testId }: { result: ScheduleView; testId: string }) {
  const { t } = useTranslation();
  const first = result.installments[0];
  return (
    <div className="op-facts" data-testid={`${testId}-amounts`}>
      <Fact label={t('creditOperations.summary.principal')} testId={`${testId}-principal`}>
        {formatCurrency(result.principal)}
      </Fact>
      <Fact label={t('creditOperations.summary.released')} testId={`${testId}-released`}>
        <strong>{formatCurrency(result.released)}</strong>
        {result.releasedExcess !== '0.00' && <span className="bp6-text-muted" data-testid={`${testId}-released-excess`}> {t('creditOperations.summary.releasedExcess', { amount: formatCurrency(result.releasedExcess) })}</span>}
      </Fact>
      <Fact label={t('creditOperations.summary.totalPayable')} testId={`${testId}-total-payable`}>
        <strong>{formatCurrency(result.totalPayable)}</strong>
      </Fact>
      <Fact label={t('creditOperations.summary.totalInterest')}>{formatCurrency(result.totalInterest)}</Fact>
      <Fact label={t('creditOperations.summary.plots')} testId={`${testId}-plots`}>
        {first ? t('creditOperations.amounts.plotsValue', { count: result.installments.length, first: formatCurrency(first.payment) }) : '—'}
      </Fact>
      <Fact label={t('creditOperations.summary.firstDue')} testId={`${testId}-first-due`}>
        {first ? formatDate(first.dueDate) : '—'}
      </Fact>
    </div>
  );
}

export function ScheduleTable({ result, testId }: { result: ScheduleView; testId: string }) {
  const { t } = useTranslation();
  return (
    <ScheduleRowsTable
      rows={result.installments.map(({ dueDate, ...i }) => ({ ...i, due_date: dueDate }))}
      testId={`${testId}-schedule`}
      rowTestId={`${testId}-installment`}
      caption={t('creditOperations.schedule.title')}
      totals={{ payment: result.totalPayable, interest: result.totalInterest, amortization: result.principal }}
    />
  );
}

export function CostsCards({ result, testId }: { result: ScheduleView; testId: string }) {
  const { t } = useTranslation();
  const { iof, cet, fees } = result;
  return (
    <div className="op-costs">
      <Card compact data-testid={`${testId}-iof`}>
        <H3 className="heading-as-h5">{t('creditOperations.iof.title')}</H3>
        <HTMLTable compact className="op-facts-table">
          <tbody>
            <tr>
              <th scope="row">{t('creditOperations.iof.daily')}</th>
              <td className="numeric">{formatCurrency(iof.daily)}</td>
              <td className="bp6-text-muted">{t('creditOperations.iof.dailyRate', { rate: percentText(iof.rates.dailyPercent) })}</td>
            </tr>
            <tr>
              <th scope="row">{t('creditOperations.iof.additional')}</th>
              <td className="numeric">{formatCurrency(iof.additional)}</td>
              <td className="bp6-text-muted">{t('creditOperations.iof.additionalRate', { rate: percentText(iof.rates.additionalPercent) })}</td>
            </tr>
            <tr>
              <th scope="row">{t('creditOperations.iof.total')}</th>
              <td className="numeric" data-testid={`${testId}-iof-total`}>
                <strong>{formatCurrency(iof.total)}</strong>
              </td>
              <td />
            </tr>
          </tbody>
        </HTMLTable>
        <Tag minimal data-testid={`${testId}-iof-financed`}>
          {iof.financed ? t('creditOperations.iof.financed') : t('creditOperations.iof.notFinanced')}
        </Tag>
        <p className="op-note">
          {t('creditOperations.iof.personType')} {t(`creditOperations.personTypes.${iof.rates.personType}`)} · {t('creditOperations.iof.legalBasis')}:{' '}
          <span data-testid={`${testId}-iof-basis`}>{iof.rates.legalBasis}</span>
        </p>
      </Card>
      <Card compact data-testid={`${testId}-fees`}>
        <H3 className="heading-as-h5">{t('creditOperations.feesTable.title')}</H3>
        {fees.items.length === 0 ? (
          <p className="bp6-text-muted">{t('creditOperations.feesTable.none')}</p>
        ) : (
          <HTMLTable compact className="op-facts-table">
            <tbody>
              {fees.items.map((f, i) => (
                <tr key={`${f.name}-${i}`}>
                  <th scope="row">{f.name}</th>
                  <td className="numeric">{formatCurrency(f.amount)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">{t('creditOperations.feesTable.total')}</th>
                <td className="numeric">
                  <strong>{formatCurrency(fees.total)}</strong>
                </td>
              </tr>
            </tbody>
          </HTMLTable>
        )}
      </Card>
      <Card compact data-testid={`${testId}-cet`}>
        <H3 className="heading-as-h5">{t('creditOperations.cet.title')}</H3>
        <HTMLTable compact className="op-facts-table">
          <tbody>
            <tr>
              <th scope="row">{t('creditOperations.cet.monthly')}</th>
              <td className="numeric" data-testid={`${testId}-cet-monthly`}>{percentText(cet.monthly)}</td>
            </tr>
            <tr>
              <th scope="row">{t('creditOperations.cet.yearly')}</th>
              <td className="numeric" data-testid={`${testId}-cet-yearly`}>{percentText(cet.yearly)}</td>
            </tr>
          </tbody>
        </HTMLTable>
      </Card>
    </div>
  );
}

/** The whole view: amounts, costs and schedule. */
export function ResultView({ result, testId, title }: { result: ScheduleView; testId: string; title?: string }) {
  return (
    <div className="op-result" data-testid={testId}>
      {title && <H2 className="heading-as-h4">{title}</H2>}
      <AmountsFacts result={result} testId={testId} />
      <CostsCards result={result} testId={testId} />
      <ScheduleTable result={result} testId={testId} />
    </div>
  );
}
