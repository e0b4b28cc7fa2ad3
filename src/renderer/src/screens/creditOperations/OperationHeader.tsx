/**
 * The top of an operation's screens, compact so the tabs below show at
 * 1024×768: one line with its number and status, the borrower and the three
 * key amounts (requested, installments, total payable), the screen's actions
 * beside them, and the rest (product, rate, dates, who created it, and any
 * details a screen adds) folded under "Detalhes".
 */
import { Button, Card, H2, HTMLTable, Tag } from '@blueprintjs/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CreditOperation } from '@shared/contract/credit-operations';
import { formatCpfCnpj } from '@shared/documents';
import { formatCurrency, formatDate, formatDateTime } from '@shared/format';
import { percentText, statusIntent } from './model';

function KeyAmount({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="op-key">
      <span className="op-key-label">{label}</span>
      <span className="op-key-value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

export function OperationHeader({ op, title, actions, details }: { op: CreditOperation; title: string; actions?: ReactNode; details?: ReactNode }) {
  const { t } = useTranslation();
  const first = op.installments[0];
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <Card compact data-testid="operation-header" className="op-head">
      <div className="op-header">
        <H2 className="heading-as-h3" data-testid="operation-number">
          {title}
        </H2>
        <Tag large intent={statusIntent(op.status)} data-testid="operation-status" data-status={op.status}>
          {t(`creditOperations.status.${op.status}`)}
        </Tag>
        <span className="op-head-borrower" data-testid="operation-borrower">
          <Link to={`/app/clientOperation/view/${op.borrower_id}`}>{op.borrower_name}</Link>{' '}
          <span className="bp6-text-muted">
            · {formatCpfCnpj(op.borrower_document)} · {t(`creditOperations.personTypes.${op.person_type}`)}
          </span>
        </span>
      </div>
      <div className="op-keys" data-testid="operation-key-amounts">
        <KeyAmount label={t('creditOperations.summary.requested')} testId="operation-requested">
          {formatCurrency(op.requested_amount)}
        </KeyAmount>
        <KeyAmount label={t('creditOperations.summary.plots')} testId="operation-plots">
          {first ? t('creditOperations.amounts.plotsValue', { count: op.installments.length, first: formatCurrency(first.payment) }) : t('creditOperations.summary.plotsValue', { count: op.installments_count })}
        </KeyAmount>
        <KeyAmount label={t('creditOperations.summary.totalPayable')} testId="operation-total-payable">
          <strong>{formatCurrency(op.total_payable)}</strong>
        </KeyAmount>
        <Button
          variant="minimal"
          size="small"
          icon={open ? 'chevron-down' : 'chevron-right'}
          className="op-details-toggle"
          aria-label={t('creditOperations.analysis.detailsLabel')}
          aria-expanded={open}
          aria-controls={detailsId}
          data-testid="operation-details-toggle"
          onClick={() => setOpen(!open)}
        >
          {t('creditOperations.analysis.details')}
        </Button>
        {actions && <div className="op-head-actions">{actions}</div>}
      </div>
      <div id={detailsId} className="op-details" data-testid="operation-details" hidden={!open}>
        <HTMLTable compact className="op-facts-table">
          <tbody>
            <tr>
              <th scope="row">{t('creditOperations.summary.product')}</th>
              <td>
                {t(`creditOperations.products.${op.product}`)} ({op.contract_kind}) · {t(`creditOperations.amortization.${op.amortization}`)}
              </td>
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
        {details}
      </div>
    </Card>
  );
}
