/**
 * Prepayment of an operation's remaining installments: the present value on
 * the business date (the server's quote), a partial prepayment simulated
 * both ways side by side, or the full settlement; then the confirmation with
 * the amounts, which waits for the server and shows its answer. The screen
 * computes no money: every figure is the server's.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, HTMLTable, InputGroup, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '@shared/contract/index';
import type { PrepaymentSimulation } from '@shared/contract/servicing-prepayment';
import { formatCurrency, formatDate, formatRate } from '@shared/format';
import { PREPAYMENT_MODES, RECEIPT_METHODS, type PrepaymentMode, type ReceiptMethod } from '@shared/servicing';
import { MoneyConfirmDialog, MoneyRowsTable, type MoneyRow } from '@kit/MoneyConfirmDialog';
import { ScheduleRowsTable } from '@kit/ScheduleRowsTable';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { errorText, isApiError } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { applyArgs, chosenResult, confirmRows, interestCell, interestRows, normalise, type Choice } from './model';
import { useRefreshServicing } from '../refresh';
import { textLocaleOf } from '@kit/form/localeText';

export interface PrepaymentDialogProps {
  creditOperationId: number;
  /** after the server recorded the prepayment (the schedule, the operation and the journal changed) */
  onApplied(result: ResultOf<'prepayment.apply'>): void;
  onClose(): void;
}

function SimulationTable({ sim, mode, onChoose }: { sim: PrepaymentSimulation; mode: PrepaymentMode; onChoose(mode: PrepaymentMode): void }) {
  const { t } = useTranslation();
  const line = (label: string, value: (r: NonNullable<PrepaymentSimulation['modes'][number]['result']>) => string, id: string) => (
    <tr key={id}>
      <th scope="row">{label}</th>
      {sim.modes.map((m) => (
        <td key={m.mode} className="numeric" data-testid={`prepayment-sim-${m.mode}-${id}`}>
          {m.result ? value(m.result) : '—'}
        </td>
      ))}
    </tr>
  );
  return (
    <HTMLTable compact bordered data-testid="prepayment-simulation">
      <caption>{t('prepayment.result.caption', { amount: formatCurrency(sim.amount) })}</caption>
      <thead>
        <tr>
          <td />
          {sim.modes.map((m) => (
            <th key={m.mode} scope="col">
              <Radio
                checked={mode === m.mode}
                disabled={!m.result}
                label={t(`prepayment.mode.${m.mode}`)}
                data-testid={`prepayment-choose-${m.mode}`}
                onChange={() => onChoose(m.mode)}
              />
              {m.refusal && <div className="bp6-text-muted">{t('prepayment.result.refused', { reason: m.refusal })}</div>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {line(t('prepayment.result.installments'), (r) => String(r.installments), 'installments')}
        {line(t('prepayment.result.firstPayment'), (r) => (r.rows[0] ? formatCurrency(r.rows[0].payment) : '—'), 'first-payment')}
        {line(t('prepayment.result.totalPayable'), (r) => formatCurrency(r.total_payable), 'total-payable')}
        {line(t('prepayment.result.savings'), (r) => formatCurrency(r.savings), 'savings')}
        {line(t('prepayment.result.interestPaid'), (r) => formatCurrency(interestCell(r.interest_paid)), 'interest-paid')}
        {sim.modes.some((m) => m.result && interestCell(m.result.interest_paid) !== m.result.interest_paid) &&
          line(t('prepayment.rounding'), (r) => formatCurrency(interestCell(r.interest_paid) === r.interest_paid ? '0.00' : r.interest_paid), 'rounding')}
        {line(t('prepayment.result.principalPaid'), (r) => formatCurrency(r.principal_paid), 'principal-paid')}
        {line(t('prepayment.result.newBalance'), (r) => formatCurrency(r.new_balance), 'new-balance')}
      </tbody>
    </HTMLTable>
  );
}

function NewSchedule({ rows }: { rows: NonNullable<PrepaymentSimulation['modes'][number]['result']>['rows'] }) {
  const { t } = useTranslation();
  return (
    <details>
      <summary>{t('prepayment.result.schedule')}</summary>
      <ScheduleRowsTable rows={rows} testId="prepayment-new-schedule" caption={t('prepayment.result.schedule')} />
    </details>
  );
}

export function PrepaymentDialog({ creditOperationId, onApplied, onClose }: PrepaymentDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = textLocaleOf(i18n.language);
  const toast = useToast();
  const refresh = useRefreshServicing();
  const quote = useApiQuery('prepayment.quote', { id: creditOperationId });
  const simulate = useApiMutation('prepayment.simulate');
  const apply = useApiMutation('prepayment.apply');
  const [kind, setKind] = useState<Choice['kind']>('partial');
  const [mode, setMode] = useState<PrepaymentMode>('reduce_term');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [sim, setSim] = useState<PrepaymentSimulation | null>(null);
  // The amount as typed when simulated: a changed amount must be simulated again before it is applied.
  const [simulatedFor, setSimulatedFor] = useState<string | null>(null);
  const [method, setMethod] = useState<ReceiptMethod>('pix');
  const [reference, setReference] = useState('');
  // One key per confirmation, drawn when it opens: a retry of it never records twice.
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const q = quote.data;
  const choice: Choice = kind === 'full' ? { kind: 'full' } : { kind: 'partial', mode };
  const blocked = !q || q.overdue.length > 0;
  const ready = !blocked && (kind === 'full' || (sim !== null && simulatedFor === normalise(amount, locale) && chosenResult(sim, mode) !== null));

  const runSimulation = async () => {
    setAmountError(null);
    setSim(null);
    try {
      const typed = normalise(amount, locale);
      const answer = await simulate.mutateAsync({ id: creditOperationId, amount: typed, date: q?.date });
      setSim(answer);
      setSimulatedFor(typed);
      const firstAvailable = PREPAYMENT_MODES.find((m) => chosenResult(answer, m));
      if (!chosenResult(answer, mode) && firstAvailable) setMode(firstAvailable);
    } catch (e) {
      if (isApiError(e) && e.field === 'amount') setAmountError(e.message);
      else toast.failure(errorText(e, t));
    }
  };

  const confirm = async () => {
    if (!q || !confirmKey) return;
    setFailure(null);
    try {
      const done = await apply.mutateAsync(applyArgs(creditOperationId, choice, q, sim, { method, reference, key: confirmKey }));
      toast.success(done.status === 'settled' ? t('prepayment.settled') : t('prepayment.applied', { version: done.schedule_version }));
      await refresh({ operationId: creditOperationId });
      setConfirmKey(null);
      onApplied(done);
      onClose();
    } catch (e) {
      setFailure(errorText(e, t));
    }
  };

  const quoteRows: MoneyRow[] = q
    ? [
        { label: t('prepayment.quote.remaining'), text: String(q.rows.length), id: 'remaining' },
        { label: t('prepayment.quote.nominal'), amount: q.nominal, id: 'nominal' },
        { label: t('prepayment.quote.principal'), amount: q.principal, id: 'principal' },
        ...interestRows(q.accrued_interest, t('prepayment.quote.accrued'), 'accrued', t),
        { label: t('prepayment.quote.discount'), amount: q.discount, id: 'discount' },
        { label: t('prepayment.quote.presentValue'), amount: q.present_value, strong: true, id: 'present-value' },
        ...(q.overdue.length ? [{ label: t('prepayment.quote.overdue'), amount: q.overdue_total, id: 'overdue' }] : []),
        { label: t('prepayment.quote.settlement'), amount: q.settlement_total, strong: true, id: 'settlement' },
      ]
    : [];

  return (
    <>
      <Dialog isOpen={confirmKey === null} title={t('prepayment.title')} onClose={onClose} style={{ width: 760 }}>
        <DialogBody>
          {quote.isPending && <Spinner size={24} aria-label={t('prepayment.loading')} />}
          {quote.error && (
            <Callout intent="danger" data-testid="prepayment-quote-error">
              {errorText(quote.error, t)}
            </Callout>
          )}
          {q && (
            <>
              <p className="bp6-text-muted">{t('prepayment.law', { rate: formatRate(q.monthly_rate) })}</p>
              <p>
                {t('prepayment.quote.date')}: <strong>{formatDate(q.date)}</strong> · {t('prepayment.quote.version')}: {q.schedule_version}
              </p>
              <MoneyRowsTable rows={quoteRows} testId="prepayment-quote" />
              {q.overdue.length > 0 && (
                <Callout intent="warning" data-testid="prepayment-overdue">
                  {t('prepayment.quote.overdueHint')}
                </Callout>
              )}
              <RadioGroup label={t('prepayment.kind.label')} selectedValue={kind} onChange={(e) => setKind(e.currentTarget.value as Choice['kind'])} inline>
                <Radio value="partial" label={t('prepayment.kind.partial')} data-testid="prepayment-kind-partial" />
                <Radio value="full" label={t('prepayment.kind.full')} data-testid="prepayment-kind-full" />
              </RadioGroup>
              {kind === 'partial' && (
                <>
                  <FormGroup
                    label={t('prepayment.amount')}
                    labelFor="prepayment-amount"
                    helperText={amountError ?? t('prepayment.amountHint')}
                    intent={amountError ? 'danger' : 'none'}
                  >
                    <InputGroup
                      id="prepayment-amount"
                      inputMode="decimal"
                      value={amount}
                      intent={amountError ? 'danger' : 'none'}
                      data-testid="prepayment-amount"
                      onValueChange={(v) => {
                        setAmount(v);
                        setAmountError(null);
                      }}
                      rightElement={
                        <Button
                          data-testid="prepayment-simulate"
                          loading={simulate.isPending}
                          disabled={blocked || amount.trim() === ''}
                          onClick={() => void runSimulation()}
                        >
                          {t('prepayment.simulate')}
                        </Button>
                      }
                    />
                  </FormGroup>
                  {sim && <SimulationTable sim={sim} mode={mode} onChoose={setMode} />}
                  {sim && chosenResult(sim, mode) && <NewSchedule rows={chosenResult(sim, mode)!.rows} />}
                </>
              )}
              <FormGroup label={t('prepayment.method')} labelFor="prepayment-method">
                <HTMLSelect id="prepayment-method" value={method} data-testid="prepayment-method" onChange={(e) => setMethod(e.currentTarget.value as ReceiptMethod)}>
                  {RECEIPT_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {t(`prepayment.methods.${m}`)}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
              <FormGroup label={t('prepayment.reference')} labelFor="prepayment-reference">
                <InputGroup id="prepayment-reference" maxLength={120} value={reference} data-testid="prepayment-reference" onValueChange={setReference} />
              </FormGroup>
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button data-testid="prepayment-close" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button
                intent="primary"
                data-testid="prepayment-apply"
                disabled={!ready}
                onClick={() => {
                  setFailure(null);
                  setConfirmKey(newIdempotencyKey());
                }}
              >
                {t('prepayment.apply')}
              </Button>
            </>
          }
        />
      </Dialog>
      {confirmKey !== null && q && (
        <MoneyConfirmDialog
          title={kind === 'full' ? t('prepayment.confirm.fullTitle') : t('prepayment.confirm.partialTitle')}
          consequence={kind === 'full' ? t('prepayment.confirm.fullText') : t('prepayment.confirm.partialText')}
          consequenceTestId="prepayment-confirm-text"
          rows={confirmRows(choice, q, sim, t)}
          amountsTestId="prepayment-confirm-amounts"
          intent={kind === 'full' ? 'success' : 'primary'}
          confirmText={t('prepayment.confirm.confirm')}
          busyText={t('prepayment.confirm.busy')}
          confirmTestId="prepayment-confirm"
          busy={apply.isPending}
          onConfirm={confirm}
          onClose={() => setConfirmKey(null)}
        >
          {failure && (
            <Callout intent="danger" data-testid="prepayment-apply-error">
              {failure}
            </Callout>
          )}
        </MoneyConfirmDialog>
      )}
    </>
  );
}

