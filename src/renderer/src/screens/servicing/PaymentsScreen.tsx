/**
 * /app/clientOperation/payments/:id/:credit_operation_id — one installment
 * (`:id`) of an operation: where it stands today (status in colour and
 * words, value, what is due by bucket with the charges, days late, the last
 * day payable without charges), its payments and reversals oldest first
 * (a reversed payment stays, marked; the reversal is its own entry), and the
 * money actions for operators and administrators: receive a payment, reverse
 * one with a reason, and answer a reversal awaiting a second person. Agents
 * read. Each action confirms with the amounts, waits for the server and then
 * shows what it answered. Below the payments, the installment's other moves
 * (renegotiated, written off behind four eyes, the write-off undone) and its
 * title data for the bank (moves/InstallmentMovesCard).
 */
import { Button, Callout, Card, H2, H3, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { InstallmentDetails } from '@shared/contract';
import { formatCurrency, formatDate, formatDateTime } from '@shared/format';
import { AllOperators, hasProfilePermission } from '@shared/roles';
import { isDisbursed, wasDisbursed } from '@shared/credit-operation-status';
import { errorText } from '../../api/errors';
import { useApiQuery } from '../../api/hooks';
import { useSession } from '../../app/session';
import { useToast } from '../../app/toaster';
import type { ColumnDecl } from '@kit/list/columns';
import { RecordsTable } from '@kit/RecordsTable';
import { RoleGate } from '@kit/RoleGate';
import { StaleBanner } from '@kit/StaleBanner';
import { OperationHeader } from '../creditOperations/OperationHeader';
import { badgeIntent, badgeKeys, badgeValue, canReverse, idParam, isPayable, parcelsPath, TRANSACTION_INTENT, transactionState, type InstallmentTransaction } from './model';
import { PayDialog } from './PayDialog';
import { BoletoButton } from './boleto/BoletoButton';
import { BoletoRegistration } from './boleto/BoletoRegistration';
import { DecideReversalDialog, ReverseDialog, type ReversalTarget } from './ReversalDialogs';
import { useRefreshServicing } from './refresh';
import { InstallmentMovesCard } from './moves/InstallmentMovesCard';
import '../creditOperations/operations.css';
import './servicing.css';

type Dialog =
  | { kind: 'pay' }
  | { kind: 'reverse'; payment: InstallmentTransaction }
  | { kind: 'approve' | 'refuse'; payment: InstallmentTransaction };

/** What the last money action did, as the server answered it. */
interface Outcome {
  intent: 'success' | 'warning' | 'primary';
  text: string;
  /** the move now waits for another person (its toast says so and leads to the inbox) */
  sent?: boolean;
}

const c = (key: string) => `servicing.payments.columns.${key}`;

function transactionColumns(): ColumnDecl<InstallmentTransaction>[] {
  return [
    { id: 'id', title: c('id'), kind: 'identifier', text: (r) => `#${r.id}` },
    {
      id: 'state',
      title: c('state'),
      kind: 'status',
      value: transactionState,
      intent: (v) => TRANSACTION_INTENT[v as keyof typeof TRANSACTION_INTENT] ?? 'none',
      text: (r, t) => (r.kind === 'reversal' ? t('servicing.payments.state.reversal', { id: r.reverses_id ?? '' }) : t(`servicing.payments.state.${transactionState(r)}`)),
      testId: (r) => `payment-state-${r.id}`,
    },
    { id: 'paid_on', title: c('paidOn'), kind: 'date', field: 'paid_on' },
    { id: 'amount', title: c('amount'), kind: 'money', text: (r) => (r.kind === 'reversal' ? `− ${formatCurrency(r.amount)}` : formatCurrency(r.amount)), testId: (r) => `payment-amount-${r.id}` },
    { id: 'method', title: c('method'), text: (r, t) => (r.method ? t(`servicing.receiptMethods.${r.method}`) : '') },
    { id: 'reference', title: c('reference'), kind: 'identifier', text: (r) => r.reference ?? '' },
    { id: 'who', title: c('who'), text: (r) => r.actor_name ?? '—' },
  ];
}

/** One entry in full (chosen in the table): its split as recorded and as it stands, the reason, who and when. */
function EntryDetail({ tx }: { tx: InstallmentTransaction }) {
  const { t } = useTranslation();
  const split = (s: InstallmentTransaction['split']) =>
    (['late_fee', 'default_interest', 'interest', 'principal'] as const).map((k) => (
      <tr key={k}>
        <th scope="row">{t(`servicing.split.${k}`)}</th>
        <td className="numeric">{formatCurrency(s[k])}</td>
      </tr>
    ));
  const moved = tx.current_split !== null && JSON.stringify(tx.current_split) !== JSON.stringify(tx.split);
  return (
    <section className="svc-entry" data-testid={`payment-detail-${tx.id}`} aria-labelledby="payment-detail-title">
      <H3 id="payment-detail-title" className="heading-as-h5">
        {t('servicing.payments.detail.title', { id: tx.id })}
      </H3>
      <div className="svc-facts">
        <HTMLTable compact className="op-facts-table">
          <caption className="op-caption">{t('servicing.payments.detail.split')}</caption>
          <tbody>{split(tx.split)}</tbody>
        </HTMLTable>
        {moved && tx.current_split && (
          <HTMLTable compact className="op-facts-table" data-testid={`payment-detail-current-${tx.id}`}>
            <caption className="op-caption">{t('servicing.payments.detail.currentSplit')}</caption>
            <tbody>{split(tx.current_split)}</tbody>
          </HTMLTable>
        )}
        <HTMLTable compact className="op-facts-table">
          <tbody>
            <tr>
              <th scope="row">{t('servicing.payments.detail.reason')}</th>
              <td data-testid={`payment-detail-reason-${tx.id}`}>{tx.reason ?? '—'}</td>
            </tr>
            <tr>
              <th scope="row">{t('servicing.payments.detail.who')}</th>
              <td>
                {tx.actor_name ?? '—'} · {formatDateTime(tx.created_at)}
              </td>
            </tr>
            {tx.reversal_request_id !== null && (
              <tr>
                <th scope="row">{t('servicing.payments.detail.request')}</th>
                <td>#{tx.reversal_request_id}</td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </div>
    </section>
  );
}

/** The bank refused the boleto's registration (its last word in a return file): the reasons in its words, and where it said so. */
function BankRejection({ rejection }: { rejection: NonNullable<InstallmentDetails['boleto_rejection']> }) {
  const { t } = useTranslation();
  const r = (key: string) => `servicing.payments.bankRejection.${key}`;
  return (
    <Callout intent="warning" icon="warning-sign" title={t(r('title'))} data-testid="payments-bank-rejection">
      <p>
        {t(r('body'), {
          ourNumber: rejection.our_number,
          movement: rejection.movement,
          date: rejection.occurred_on ? formatDate(rejection.occurred_on) : '—',
          file: rejection.file_name,
          imported: formatDate(rejection.imported_on),
        })}
      </p>
      {rejection.reasons.length > 0 ? (
        <>
          <p className="op-caption">{t(r('reasons'))}</p>
          <ul data-testid="payments-bank-rejection-reasons">
            {rejection.reasons.map((reason) => (
              <li key={reason.code}>
                {reason.code} · {reason.words}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t(r('noReason'))}</p>
      )}
      <Link to={`/app/company-operation/cnab-integration/${rejection.bank_code}`} data-testid="payments-bank-rejection-files">
        {t(r('files'), { bank: rejection.bank_code })}
      </Link>
    </Callout>
  );
}

function Facts({ details }: { details: InstallmentDetails }) {
  const { t } = useTranslation();
  const i = details.installment;
  const row = (label: string, value: ReactNode, testId?: string) => (
    <tr>
      <th scope="row">{t(`servicing.payments.facts.${label}`)}</th>
      <td className="numeric" data-testid={testId}>
        {value}
      </td>
    </tr>
  );
  return (
    <div className="svc-facts">
      <HTMLTable compact className="op-facts-table" data-testid="installment-facts">
        <tbody>
          {row(
            'status',
            <Tag intent={badgeIntent(badgeValue(i))} data-testid="installment-status" data-status={i.status} data-overdue={i.overdue}>
              {badgeKeys(i).map((k) => t(k)).join(' · ')}
            </Tag>,
          )}
          {row('dueDate', formatDate(i.due_date), 'installment-due-date')}
          {row('payableUntil', formatDate(i.payable_until), 'installment-payable-until')}
          {row('daysLate', String(i.days_late), 'installment-days-late')}
          {row('value', formatCurrency(i.value), 'installment-value')}
          {row('paid', formatCurrency(i.paid_total), 'installment-paid')}
          {row('paidOn', i.paid_on ? formatDate(i.paid_on) : '—', 'installment-paid-on')}
          {row('scheduleVersion', String(details.schedule_version), 'installment-schedule-version')}
        </tbody>
      </HTMLTable>
      <HTMLTable compact className="op-facts-table" data-testid="installment-due">
        <caption className="op-caption">{t('servicing.payments.dueTitle', { date: formatDate(details.as_of) })}</caption>
        <tbody>
          {row('lateFee', formatCurrency(i.due.late_fee), 'installment-due-late-fee')}
          {row('defaultInterest', formatCurrency(i.due.default_interest), 'installment-due-default-interest')}
          {row('interest', formatCurrency(i.due.interest), 'installment-due-interest')}
          {row('principal', formatCurrency(i.due.principal), 'installment-due-principal')}
          {row('dueTotal', <strong>{formatCurrency(i.due_total)}</strong>, 'installment-due-total')}
        </tbody>
      </HTMLTable>
    </div>
  );
}

export function PaymentsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const refresh = useRefreshServicing();
  const { user } = useSession();
  const operator = hasProfilePermission(user?.role_id, AllOperators);
  const params = useParams();
  const installmentId = idParam(params.id);
  const operationId = idParam(params.credit_operation_id);
  const valid = installmentId !== null && operationId !== null;
  const op = useApiQuery('creditOperation.get', { id: operationId ?? 0 }, { enabled: valid });
  const query = useApiQuery('servicing.installmentDetails', { id: operationId ?? 0, installment: installmentId ?? 0 }, { enabled: valid });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);

  if (!valid) return <Callout intent="danger" data-testid="payments-invalid">{t('errors.notFound')}</Callout>;
  const error = op.error ?? query.error;
  if (error) return <Callout intent="danger" data-testid="payments-error">{errorText(error, t)}</Callout>;
  const details = query.data;
  const operation = op.data;
  if (!operation || !details) return <Spinner />;
  const i = details.installment;
  const target = (payment: InstallmentTransaction): ReversalTarget => ({ operationId, installmentId, installmentNumber: i.number, payment });

  const done = async (result: InstallmentDetails, outcomeOf: (after: InstallmentDetails) => Outcome) => {
    setDialog(null);
    const o = outcomeOf(result);
    setOutcome(o);
    if (o.sent) toast.sentForApproval(o.text);
    else toast.success(o.text);
    // The server's answer is what the screen shows now (status tag included); only this operation is read again.
    await refresh({ operationId, answer: { name: 'servicing.installmentDetails', args: { id: operationId, installment: installmentId }, data: result } });
  };
  const statusWords = (d: InstallmentDetails) => badgeKeys(d.installment).map((k) => t(k)).join(' · ');

  return (
    <div className="screen" data-testid="payments">
      {query.stale && <StaleBanner at={query.cachedAt} testId="payments-stale" />}
      <OperationHeader op={operation} title={t('servicing.payments.title', { number: i.number, count: operation.installments_count, operation: operation.number })} />
      <Card>
        <div className="op-actions">
          <H2 className="heading-as-h5 svc-grow">{t('servicing.payments.standing', { number: i.number, date: formatDate(details.as_of) })}</H2>
          <Button icon="arrow-left" data-testid="payments-back" onClick={() => navigate(parcelsPath(operation.borrower_id, operationId))}>
            {t('servicing.payments.back')}
          </Button>
        </div>
        <Facts details={details} />
        {details.boleto_rejection && <BankRejection rejection={details.boleto_rejection} />}
        <BoletoRegistration installmentId={i.id} />
        {outcome && (
          <Callout intent={outcome.intent} icon="tick-circle" data-testid="payments-outcome">
            {outcome.text}
          </Callout>
        )}
        <div className="op-actions">
          <RoleGate roles={AllOperators} fallback={<p className="bp6-text-muted" data-testid="payments-only-operators">{t('servicing.payments.onlyOperators')}</p>}>
            {isPayable(i) && isDisbursed(operation.status) && (
              <Button intent="success" icon="bank-account" data-testid="payments-pay" onClick={() => setDialog({ kind: 'pay' })}>
                {t('servicing.payments.pay')}
              </Button>
            )}
          </RoleGate>
          {/* The boleto is for the borrower to pay with: agents may hand it over too (the call's roles decide). */}
          {isPayable(i) && isDisbursed(operation.status) && <BoletoButton installmentId={i.id} />}
        </div>
      </Card>
      <Card>
        <H3 className="heading-as-h5">{t('servicing.payments.historyTitle')}</H3>
        {details.transactions.some((tx) => transactionState(tx) === 'reversal_pending') && (
          <Callout intent="warning" icon="people" data-testid="payments-four-eyes">
            {t('servicing.payments.fourEyes')}
          </Callout>
        )}
        <RecordsTable
          testId="payments-table"
          columns={transactionColumns()}
          rows={details.transactions}
          loading={false}
          onRowClick={(tx) => setChosen(tx.id)}
          actions={
            operator
              ? {
                  title: t(c('actions')),
                  render: (tx) =>
                    canReverse(tx) ? (
                      <Button size="small" intent="danger" icon="undo" data-testid={`payment-reverse-${tx.id}`} onClick={(e) => { e.stopPropagation(); setDialog({ kind: 'reverse', payment: tx }); }}>
                        {t('servicing.payments.reverse')}
                      </Button>
                    ) : transactionState(tx) === 'reversal_pending' ? (
                      <span className="svc-row-actions">
                        <Button size="small" intent="danger" icon="tick" data-testid={`payment-approve-${tx.id}`} aria-label={t('servicing.decide.approve')} title={t('servicing.decide.approve')} onClick={(e) => { e.stopPropagation(); setDialog({ kind: 'approve', payment: tx }); }}>
                          {t('servicing.decide.approveShort')}
                        </Button>
                        <Button size="small" icon="cross" data-testid={`payment-refuse-${tx.id}`} aria-label={t('servicing.decide.refuse')} title={t('servicing.decide.refuse')} onClick={(e) => { e.stopPropagation(); setDialog({ kind: 'refuse', payment: tx }); }}>
                          {t('servicing.decide.refuseShort')}
                        </Button>
                      </span>
                    ) : null,
                }
              : undefined
          }
        />
        {details.transactions.length > 0 && <p className="bp6-text-muted op-note">{t('servicing.payments.detail.hint')}</p>}
        {(() => {
          const tx = details.transactions.find((x) => x.id === chosen);
          return tx ? <EntryDetail tx={tx} /> : null;
        })()}
      </Card>
      {wasDisbursed(operation.status) && <InstallmentMovesCard operationId={operationId} installmentId={installmentId} />}

      {dialog?.kind === 'pay' && (
        <PayDialog
          target={{ operationId, details }}
          onClose={() => setDialog(null)}
          onDone={(result, amount) =>
            void done(result, (after) => ({
              intent: 'success',
              text: t('servicing.pay.done', {
                amount: formatCurrency(amount),
                number: after.installment.number,
                status: statusWords(after),
                open: formatCurrency(after.installment.due_total),
              }),
            }))
          }
        />
      )}
      {dialog?.kind === 'reverse' && (
        <ReverseDialog
          target={target(dialog.payment)}
          onClose={() => setDialog(null)}
          onDone={(result) =>
            void done(result, (after) => {
              const payment = after.transactions.find((tx) => tx.id === dialog.payment.id);
              const pending = payment ? transactionState(payment) === 'reversal_pending' : false;
              return pending
                ? { intent: 'warning', text: t('servicing.reverse.pending', { id: dialog.payment.id }), sent: true }
                : { intent: 'success', text: t('servicing.reverse.done', { id: dialog.payment.id, status: statusWords(after), open: formatCurrency(after.installment.due_total) }) };
            })
          }
        />
      )}
      {(dialog?.kind === 'approve' || dialog?.kind === 'refuse') && (
        <DecideReversalDialog
          target={target(dialog.payment)}
          approve={dialog.kind === 'approve'}
          onClose={() => setDialog(null)}
          onDone={(result) =>
            void done(result, (after) => {
              if (dialog.kind !== 'approve') return { intent: 'primary', text: t('servicing.decide.refused', { id: dialog.payment.id }) };
              // Above the company's higher limit it takes two checks: the first leaves it waiting for an administrator.
              const payment = after.transactions.find((tx) => tx.id === dialog.payment.id);
              if (payment && transactionState(payment) === 'reversal_pending') return { intent: 'warning', text: t('servicing.decide.firstCheck') };
              return { intent: 'success', text: t('servicing.decide.approved', { id: dialog.payment.id, status: statusWords(after), open: formatCurrency(after.installment.due_total) }) };
            })
          }
        />
      )}
    </div>
  );
}
