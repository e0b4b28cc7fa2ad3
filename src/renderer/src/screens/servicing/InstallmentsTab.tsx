/**
 * The analysis screen's installments tab. Once the operation is disbursed:
 * the disbursement made (day, amount, method, account, reference, who) and
 * the installments as of the lender's today (status by colour and words,
 * paid and open, days late, the last day payable without charges), each
 * opening its payments; the parcels screen takes another date. Before that,
 * with the contract issued, the release itself ("Liberar recursos", for
 * operators and administrators; agents read); earlier still, what is missing.
 * Operators open the prepayment (partial or full) from here while it is
 * being collected, and ask for the write-off of its whole balance (a second
 * person approves it here); a settled or written-off operation keeps its
 * installments readable, and so does one cancelled by the borrower's
 * withdrawal (CDC art. 49: withdrawal/WithdrawalAction). Under them, the collections desk's contact log
 * (screens/collections/ContactsPanel).
 */
import { Button, Callout, H3, HTMLTable, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { DisbursementView } from '@shared/contract';
import type { CreditOperation } from '@shared/contract/credit-operations';
import { formatCurrency, formatDate, formatDateTime } from '@shared/format';
import { AllOperators } from '@shared/roles';
import { errorText } from '../../api/errors';
import { useApiQuery } from '../../api/hooks';
import { RoleGate } from '@kit/RoleGate';
import { contract } from '@shared/contract';
import { MoneyRowsTable } from '@kit/MoneyConfirmDialog';
import { isDisbursed, wasDisbursed } from '@shared/credit-operation-status';
import { contractRows, DisbursementDialog } from './DisbursementDialog';
import { PrepaymentDialog } from './prepayment';
import { CarneButton } from './boleto/CarneButton';
import { WithdrawalButton, WithdrawnNotice } from './withdrawal/WithdrawalAction';
import { OperationWriteOffButton, OperationWriteOffPanel, useOperationWriteOff } from './moves/OperationWriteOff';
import { InstallmentsTable, InstallmentTotals } from './InstallmentsTable';
import { percentText } from '../creditOperations/model';
import { accountText, parcelsPath } from './model';
import { ContactsPanel } from '../collections/ContactsPanel';
import './servicing.css';

function Made({ made }: { made: NonNullable<DisbursementView['disbursement']> }) {
  const { t } = useTranslation();
  const words = { agency: t('servicing.account.agency'), account: t('servicing.account.account') };
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <tr>
      <th scope="row">{t(`servicing.disbursement.made.${label}`)}</th>
      <td data-testid={testId}>{value}</td>
    </tr>
  );
  return (
    <HTMLTable compact className="op-facts-table" data-testid="disbursement-made">
      <tbody>
        {row('date', formatDate(made.disbursed_on), 'disbursement-made-date')}
        {row('released', formatCurrency(made.released), 'disbursement-made-released')}
        {row('method', t(`servicing.disbursementMethods.${made.method}`), 'disbursement-made-method')}
        {row('account', accountText(made.payout_account, words), 'disbursement-made-account')}
        {row('reference', made.transfer_reference ?? t('servicing.disbursement.noReference'), 'disbursement-made-reference')}
        {row('terms', t(`servicing.disbursement.made.termsValue.${made.remuneratory}`, { fee: percentText(made.late_fee_percent), mora: percentText(made.default_interest_monthly_percent), rate: percentText(made.contract_monthly_percent) }))}
        {row('by', `${made.actor_name ?? '—'} · ${formatDateTime(made.created_at)}`)}
      </tbody>
    </HTMLTable>
  );
}

function Collecting({ op, view }: { op: CreditOperation; view: DisbursementView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [prepaying, setPrepaying] = useState(false);
  const [writingOff, setWritingOff] = useState(false);
  const query = useApiQuery('servicing.installments', { id: op.id });
  const writeOff = useOperationWriteOff(op.id).data;
  const data = query.data;
  return (
    <>
      {view.disbursement && <Made made={view.disbursement} />}
      <div className="op-actions">
        <H3 className="heading-as-h5 op-section-title svc-grow">{t('servicing.installments.title', { date: data ? formatDate(data.as_of) : '' })}</H3>
        <Button icon="calendar" data-testid="installments-open-parcels" onClick={() => navigate(parcelsPath(op.borrower_id, op.id))}>
          {t('servicing.installments.openParcels')}
        </Button>
        {isDisbursed(view.status) && <CarneButton creditOperationId={op.id} />}
        {isDisbursed(view.status) && (
          <RoleGate roles={AllOperators}>
            <Button icon="fast-forward" data-testid="installments-open-prepayment" onClick={() => setPrepaying(true)}>
              {t('prepayment.open')}
            </Button>
          </RoleGate>
        )}
        {isDisbursed(view.status) && (
          <RoleGate roles={contract['renegotiation.agree'].access}>
            <Button icon="exchange" data-testid="installments-open-renegotiation" onClick={() => navigate(`/app/clientOperation/renegotiation/${op.borrower_id}?operation=${op.id}`)}>
              {t('renegotiation.open')}
            </Button>
          </RoleGate>
        )}
        {isDisbursed(view.status) && <WithdrawalButton operationId={op.id} operationNumber={op.number} version={op.version} />}
        {isDisbursed(view.status) && writeOff && <OperationWriteOffButton view={writeOff} onOpen={() => setWritingOff(true)} />}
      </div>
      {!wasDisbursed(view.status) && <WithdrawnNotice operationId={op.id} />}
      {writeOff && <OperationWriteOffPanel view={writeOff} operationNumber={op.number} asking={writingOff} onCloseAsk={() => setWritingOff(false)} />}
      {prepaying && <PrepaymentDialog creditOperationId={op.id} onApplied={() => setPrepaying(false)} onClose={() => setPrepaying(false)} />}
      <InstallmentsTable
        testId="installments"
        operationId={op.id}
        rows={data?.installments}
        loading={query.isFetching && !data}
        error={query.error ? errorText(query.error, t) : null}
      />
      {data && <InstallmentTotals totals={data.totals} asOf={data.as_of} testId="installments-totals" />}
      <ContactsPanel operationId={op.id} />
    </>
  );
}

function BeforeRelease({ op, view }: { op: CreditOperation; view: DisbursementView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const issued = op.status === 'contract_issued';
  // The lender's today, for the confirmation (the release happens on it).
  const today = useApiQuery('servicing.installments', { id: op.id }, { enabled: issued, retry: false }).data?.as_of;
  const words = { agency: t('servicing.account.agency'), account: t('servicing.account.account') };
  if (!issued) {
    return (
      <p className="bp6-text-muted" data-testid="installments-not-yet">
        {t('servicing.installments.notYet', { status: t(`creditOperations.status.${op.status}`) })}
      </p>
    );
  }
  return (
    <section data-testid="disbursement-pending" aria-labelledby="disbursement-pending-title">
      <H3 id="disbursement-pending-title" className="heading-as-h5">{t('servicing.disbursement.pendingTitle')}</H3>
      <p>{t('servicing.disbursement.pendingText', { first: formatDate(view.first_due_date) })}</p>
      <MoneyRowsTable rows={contractRows(view, t)} testId="disbursement-pending-amounts" />
      <p data-testid="disbursement-pending-account">
        {t('servicing.disbursement.fields.account')}: {view.payout_account ? accountText(view.payout_account, words) : t('servicing.disbursement.noPayout')}
      </p>
      <RoleGate roles={AllOperators} fallback={<p className="bp6-text-muted" data-testid="disbursement-only-operators">{t('servicing.disbursement.onlyOperators')}</p>}>
        <Button intent="success" icon="bank-account" data-testid="disbursement-open" onClick={() => setOpen(true)}>
          {t('servicing.disbursement.action')}
        </Button>
      </RoleGate>
      {open && <DisbursementDialog op={op} view={view} today={today} onClose={() => setOpen(false)} />}
    </section>
  );
}

export function InstallmentsTab({ op }: { op: CreditOperation }) {
  const { t } = useTranslation();
  const query = useApiQuery('servicing.disbursement', { id: op.id });
  const view = query.data;
  if (!view) return query.error ? <Callout intent="danger">{errorText(query.error, t)}</Callout> : <Spinner size={24} />;
  return <div data-testid="analysis-installments">{wasDisbursed(view.status) || view.disbursement ? <Collecting op={op} view={view} /> : <BeforeRelease op={op} view={view} />}</div>;
}
