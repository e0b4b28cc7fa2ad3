/**
 * An agreement's schedule on its view: each installment's figures.
 */
import { Card, H3, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RenegotiationAgreement } from '@shared/contract/renegotiation';
import { formatCurrency, formatDate } from '@shared/format';

export function AgreementInstallments({ agreement }: { agreement: RenegotiationAgreement }) {
  const { t } = useTranslation();
  return (
    <Card>
      <H3>{t('renegotiation.schedule.title')}</H3>
      <HTMLTable compact striped data-testid="reneg-agreement-schedule">
        <thead>
          <tr>
            <th>{t('renegotiation.schedule.number')}</th>
            <th>{t('renegotiation.schedule.dueDate')}</th>
            <th className="numeric">{t('renegotiation.schedule.payment')}</th>
            <th className="numeric">{t('renegotiation.schedule.interest')}</th>
            <th className="numeric">{t('renegotiation.schedule.amortization')}</th>
            <th className="numeric">{t('renegotiation.schedule.balance')}</th>
          </tr>
        </thead>
        <tbody>
          {agreement.schedule.map((r) => (
            <tr key={r.number}>
              <td>{r.number}</td>
              <td>{formatDate(r.due_date)}</td>
              <td className="numeric">{formatCurrency(r.payment)}</td>
              <td className="numeric">{formatCurrency(r.interest)}</td>
              <td className="numeric">{formatCurrency(r.amortization)}</td>
              <td className="numeric">{formatCurrency(r.balance)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
