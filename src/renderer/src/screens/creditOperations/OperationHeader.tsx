/** The top of an operation's screens: its number and status, the borrower and the conditions agreed. */
import { Card, H2, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CreditOperation } from '@shared/contract/credit-operations';
import { formatCpfCnpj } from '@shared/documents';
import { formatCurrency, formatDate, formatDateTime } from '@shared/format';
import { percentText, statusIntent } from './model';

export function OperationHeader({ op, title }: { op: CreditOperation; title: string }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="operation-header">
      <div className="op-header">
        <H2 className="heading-as-h3" data-testid="operation-number">{title}</H2>
        <Tag large intent={statusIntent(op.status)} data-testid="operation-status" data-status={op.status}>
          {t(`creditOperations.status.${op.status}`)}
        </Tag>
      </div>
      <HTMLTable compact className="op-facts-table">
        <tbody>
          <tr>
            <th scope="row">{t('creditOperations.summary.borrower')}</th>
            <td data-testid="operation-borrower">
              <Link to={`/app/clientOperation/view/${op.borrower_id}`}>{op.borrower_name}</Link> · {formatCpfCnpj(op.borrower_document)} ·{' '}
              {t(`creditOperations.personTypes.${op.person_type}`)}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('creditOperations.summary.product')}</th>
            <td>
              {t(`creditOperations.products.${op.product}`)} ({op.contract_kind}) · {t(`creditOperations.amortization.${op.amortization}`)}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('creditOperations.summary.requested')}</th>
            <td data-testid="operation-requested">{formatCurrency(op.requested_amount)}</td>
          </tr>
          <tr>
            <th scope="row">{t('creditOperations.summary.rate')}</th>
            <td>
              {t('creditOperations.summary.rateValue', { rate: percentText(op.monthly_rate) })} · {t('creditOperations.summary.plotsValue', { count: op.installments_count })}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('creditOperations.summary.disbursement')}</th>
            <td>
              {formatDate(op.disbursement_date)} · {t('creditOperations.summary.firstDue')}: {formatDate(op.first_due_date)}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('creditOperations.summary.createdAt')}</th>
            <td>
              {formatDateTime(op.created_at)}
              {op.created_by_name ? ` · ${t('creditOperations.summary.createdBy')}: ${op.created_by_name}` : ''}
            </td>
          </tr>
        </tbody>
      </HTMLTable>
    </Card>
  );
}
