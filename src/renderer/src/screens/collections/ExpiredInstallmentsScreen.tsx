/**
 * /app/collections: the collections desk's list of expired installments as of
 * the business date (the spec's GET /expired-installments): over the list, the
 * totals of every installment the filters match (count, what is open, the
 * charges, the amount due: the server's, not the page's); in the rows what the
 * desk works by, the amount due and the days late in view at 1024 px; the rest
 * of an installment (product, value, each charge, why the bank left it open)
 * in its row's detail, with the operation's last contact (when, channel,
 * outcome) and its latest promise to pay with its state. Filters by days-late band, borrower, product and value;
 * sort and paging in the URL; the Excel export (every column) for the roles the
 * export call admits. A row opens the installment's payments screen.
 */
import { Callout, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import Decimal from 'decimal.js';
import { DAYS_LATE_BAND_CODES, EXPIRED_INSTALLMENT_COUNT_CAP, CREDIT_PRODUCT_IDS, type ExpiredInstallment, type ExpiredInstallmentRow, type ExpiredTotals } from '@shared/contract';
import { formatCurrency, formatDate, formatDateTime, formatInteger } from '@shared/format';
import { ListScreen } from '@kit/list/ListScreen';
import { monthText } from '@kit/form/recordFields';
import { EXPIRED_COLUMNS } from './columns';
import { PromiseTag, promiseWords } from './ContactsPanel';
import { BreakRunButton } from '../renegotiation/BreakRunButton';
import './collections.css';

/** The payments screen of one installment (route /app/clientOperation/payments/:id/:credit_operation_id). */
export function paymentsPath(row: Pick<ExpiredInstallment, 'id' | 'credit_operation_id'>): string {
  return `/app/clientOperation/payments/${row.id}/${row.credit_operation_id}`;
}

function Totals({ totals }: { totals: ExpiredTotals | null }) {
  const { t } = useTranslation();
  if (!totals) {
    return (
      <p className="bp6-text-muted" data-testid="expired-totals-capped">
        {t('collections.totals.capped', { count: formatInteger(EXPIRED_INSTALLMENT_COUNT_CAP) })}
      </p>
    );
  }
  const figure = (id: string, label: string, value: string, strong = false) => (
    <div className={strong ? 'coll-figure coll-figure-strong' : 'coll-figure'}>
      <dt>{t(`collections.totals.${label}`)}</dt>
      <dd data-testid={`expired-totals-${id}`}>{value}</dd>
    </div>
  );
  return (
    <section aria-label={t('collections.totals.title')} data-testid="expired-totals">
      <dl className="coll-totals">
        {figure('count', 'count', formatInteger(totals.count))}
        {figure('open', 'openValue', formatCurrency(totals.open_value))}
        {figure('charges', 'charges', formatCurrency(totals.charges))}
        {figure('due', 'amountDue', formatCurrency(totals.amount_due), true)}
      </dl>
    </section>
  );
}

function AsOf({ date, capped, totals }: { date: string; capped: boolean; totals: ExpiredTotals | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Totals totals={totals} />
      <p className="bp6-text-muted" data-testid="expired-as-of">
        {t('collections.asOf', { date: formatDate(date) })}
      </p>
      {capped && (
        <Callout intent="primary" icon="info-sign" data-testid="expired-capped">
          {t('collections.capped', { count: formatInteger(EXPIRED_INSTALLMENT_COUNT_CAP) })}
        </Callout>
      )}
    </>
  );
}

/** The operation at the last monthly close (stage, provision), month by text (MM/YYYY); "sem fechamento" when none holds it. */
function LastClose({ row }: { row: ExpiredInstallmentRow }) {
  const { t } = useTranslation();
  const at = row.at_last_close;
  if (!at) {
    return (
      <p className="bp6-text-muted" data-testid={`expired-detail-close-none-${row.id}`}>
        {t('collections.detail.lastCloseNone')}
      </p>
    );
  }
  return (
    <HTMLTable compact className="coll-detail-table">
      <caption data-testid={`expired-detail-close-${row.id}`}>{t('collections.detail.lastClose', { month: monthText(at.month) })}</caption>
      <tbody>
        <tr>
          <th scope="row">{t('collections.detail.lastCloseStage')}</th>
          <td className="numeric" data-testid={`expired-detail-close-stage-${row.id}`}>
            {t('collections.detail.stageValue', { stage: at.stage })}
          </td>
        </tr>
        <tr>
          <th scope="row">{t('collections.detail.lastCloseProvision')}</th>
          <td className="numeric" data-testid={`expired-detail-close-provision-${row.id}`}>
            {formatCurrency(at.provision)}
          </td>
        </tr>
      </tbody>
    </HTMLTable>
  );
}

/** The operation's last contact and its latest promise to pay with its state (the contact log's, read with the page). */
function ContactFacts({ row }: { row: ExpiredInstallmentRow }) {
  const { t } = useTranslation();
  const last = row.last_contact;
  return (
    <HTMLTable compact className="coll-detail-table">
      <tbody>
        <tr>
          <th scope="row">{t('contacts.list.lastContact')}</th>
          <td data-testid={`expired-detail-contact-${row.id}`}>
            {last
              ? t('contacts.list.lastContactValue', { when: formatDateTime(last.contacted_at), channel: t(`contacts.channels.${last.channel}`), outcome: t(`contacts.outcomes.${last.outcome}`) })
              : t('contacts.list.noContact')}
          </td>
        </tr>
        <tr>
          <th scope="row">{t('contacts.list.promise')}</th>
          <td data-testid={`expired-detail-promise-${row.id}`}>
            {row.promise ? (
              <>
                <PromiseTag promise={row.promise} testId={`expired-promise-state-${row.id}`} /> {promiseWords(row.promise, t)}
              </>
            ) : (
              t('contacts.list.noPromise')
            )}
          </td>
        </tr>
      </tbody>
    </HTMLTable>
  );
}

/** What the columns leave out, under the row: product, value, what is open, each charge, why the bank left it open. */
function ExpiredDetail({ row }: { row: ExpiredInstallmentRow }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`collections.columns.${key}`);
  const charges = new Decimal(row.late_fee).plus(row.default_interest).plus(row.contract_interest).toFixed(2);
  const line = (label: string, value: string, id: string) => (
    <tr>
      <th scope="row">{label}</th>
      <td className="numeric" data-testid={`expired-detail-${id}-${row.id}`}>
        {value}
      </td>
    </tr>
  );
  return (
    <div className="coll-detail">
      <HTMLTable compact className="coll-detail-table">
        <tbody>
          {line(c('product'), t(`collections.products.${row.product}`), 'product')}
          {line(c('value'), formatCurrency(row.value), 'value')}
          {line(c('openValue'), formatCurrency(row.open_value), 'open')}
        </tbody>
      </HTMLTable>
      <HTMLTable compact className="coll-detail-table">
        <tbody>
          {line(c('lateFee'), formatCurrency(row.late_fee), 'late-fee')}
          {line(c('defaultInterest'), formatCurrency(row.default_interest), 'default-interest')}
          {line(c('contractInterest'), formatCurrency(row.contract_interest), 'contract-interest')}
          {line(t('collections.detail.charges'), formatCurrency(charges), 'charges')}
        </tbody>
      </HTMLTable>
      <LastClose row={row} />
      <ContactFacts row={row} />
      <div className="coll-detail-side">
        {row.bank_short && (
          <Callout intent="warning" icon="bank-account" data-testid={`expired-reason-${row.id}`}>
            {t('collections.bankShort', { amount: formatCurrency(row.bank_short) })}
          </Callout>
        )}
        <Link to={paymentsPath(row)} data-testid={`expired-open-${row.id}`}>
          {t('collections.detail.openPayments')}
        </Link>
        <Link to={`/app/clientOperation/analize/${row.credit_operation_id}?tab=installments`} data-testid={`expired-contacts-${row.id}`}>
          {t('contacts.list.openLog')}
        </Link>
      </div>
    </div>
  );
}

export function ExpiredInstallmentsScreen() {
  return (
    <ListScreen
      testId="expired"
      emptyHint="emptyHints.expired"
      operation="collections.expiredInstallments"
      columns={EXPIRED_COLUMNS}
      filters={[
        { kind: 'status', key: 'band', label: 'collections.filters.band', statuses: DAYS_LATE_BAND_CODES, labels: 'collections.bands' },
        { kind: 'text', key: 'borrower', label: 'collections.filters.borrower' },
        { kind: 'status', key: 'product', label: 'collections.filters.product', statuses: CREDIT_PRODUCT_IDS, labels: 'collections.products' },
        { kind: 'moneyRange', key: 'valueStart', to: 'valueEnd', label: 'collections.filters.value' },
      ]}
      rowLink={paymentsPath}
      expand={{
        label: (row, t) => t('collections.detail.show', { number: row.number, operation: row.operation_number }),
        render: (row) => <ExpiredDetail row={row} />,
      }}
      export={{ operation: 'collections.expiredInstallmentsExport', title: 'collections.exportTitle', fileName: 'parcelas-vencidas' }}
      notice={(data) => <AsOf date={data.as_of} capped={data.capped} totals={data.totals} />}
      header={<BreakRunButton />}
    />
  );
}
