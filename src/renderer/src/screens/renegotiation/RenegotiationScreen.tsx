/**
 * /app/clientOperation/renegotiation/:id (the borrower; `?operation=` narrows
 * to one operation): pick open installments (what each owes on the business
 * date: principal, interest, late charges), set the discounts within the
 * role's limit, the down payment and the new schedule, simulate (nothing is
 * written), see the figures and the schedule, and close the agreement after a
 * confirmation stating the amounts — the figures shown travel with it, so the
 * server refuses it when they changed meanwhile. Above the role's limit the
 * agreement waits for another person.
 *
 * The conditions are the screen kit's fields over the contract's schema: the
 * down payment a money field and the discounts and rate percentage fields,
 * typed as the language writes them ("1.234,56" and "1,99" in Portuguese,
 * "1,234.56" and "1.99" in English); a refused value is said on its field,
 * and so is a server refusal naming one.
 */
import { Button, Callout, Card, Checkbox, H2, H3, HTMLTable, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { RenegotiationAgreement, RenegotiationConditions, RenegotiationSimulation } from '@shared/contract/renegotiation';
import { formatCurrency, formatDate, formatRate } from '@shared/format';
import { errorText, isApiError } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { MoneyConfirmDialog, MoneyRowsTable, type MoneyRow } from '@kit/MoneyConfirmDialog';
import { ScheduleRowsTable } from '@kit/ScheduleRowsTable';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { FieldInput, type FieldDecl } from '@kit/form/FieldInput';
import { useKitForm } from '@kit/form/useKitForm';
import { conditionsFormSchema, FIELD_NAMES, initialConditions, TEST_IDS, type Parsed, type Values } from './model';
import { BreakRunButton } from './BreakRunButton';
import './renegotiation.css';

/** The figures of a simulation as the confirmation and the summary state them. */
export function figureRows(s: RenegotiationSimulation, t: (key: string, vars?: Record<string, unknown>) => string): MoneyRow[] {
  return [
    { label: t('renegotiation.figures.openPrincipal'), amount: s.open_principal, id: 'open-principal' },
    { label: t('renegotiation.figures.openInterest'), amount: s.open_interest, id: 'open-interest' },
    { label: t('renegotiation.figures.openLateCharges'), amount: s.open_late_charges, id: 'open-late' },
    { label: t('renegotiation.figures.balance'), amount: s.renegotiated_balance, strong: true, id: 'balance' },
    { label: t('renegotiation.figures.discount'), amount: s.discount, id: 'discount' },
    { label: t('renegotiation.figures.downPayment'), amount: s.down_payment, id: 'down' },
    { label: t('renegotiation.figures.iofComplement'), amount: s.iof_complement, id: 'iof-complement' },
    { label: t('renegotiation.figures.iofNew'), amount: (Number(s.iof_new_daily) + Number(s.iof_new_additional)).toFixed(2), id: 'iof-new' },
    { label: t('renegotiation.figures.iof'), amount: s.iof_total, id: 'iof' },
    { label: t('renegotiation.figures.principal'), amount: s.principal, strong: true, id: 'principal' },
    { label: t('renegotiation.figures.totalPayable'), amount: s.total_payable, id: 'total' },
    { label: t('renegotiation.figures.cet'), text: t('renegotiation.figures.cetValue', { monthly: formatRate(s.cet_monthly), yearly: formatRate(s.cet_yearly) }), id: 'cet' },
  ];
}

export function RenegotiationScreen() {
  const { t, i18n } = useTranslation();
  const borrowerId = Number(useParams().id);
  const [search] = useSearchParams();
  const operation = search.get('operation');
  const args = operation ? { id: borrowerId, credit_operation_id: Number(operation) } : { id: borrowerId };
  const list = useApiQuery('renegotiation.installments', args);
  const simulate = useApiMutation('renegotiation.simulate');
  const agree = useApiMutation('renegotiation.agree', { invalidates: ['renegotiation.installments', 'servicing.installments'] });
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [simulation, setSimulation] = useState<{ conditions: RenegotiationConditions; result: RenegotiationSimulation } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(() => newIdempotencyKey());
  const [done, setDone] = useState<RenegotiationAgreement | null>(null);

  const f = (k: string) => t(`renegotiation.fields.${k}`);
  const fields: FieldDecl<Values>[] = [
    { name: 'late_charges_discount_percent', type: 'percentage', label: f('lateChargesDiscount') },
    { name: 'interest_discount_percent', type: 'percentage', label: f('interestDiscount') },
    { name: 'down_payment', type: 'money', label: f('downPayment') },
    { name: 'down_payment_due_date', type: 'date', label: f('downPaymentDueDate') },
    { name: 'amortization', type: 'select', label: f('amortization'), options: [{ value: 'price', label: t('renegotiation.systems.price') }, { value: 'sac', label: t('renegotiation.systems.sac') }] },
    { name: 'monthly_rate', type: 'percentage', label: f('monthlyRate') },
    { name: 'term', type: 'number', label: f('term') },
    { name: 'first_due_date', type: 'date', label: f('firstDueDate') },
    { name: 'finance_iof', type: 'switch', label: f('financeIof') },
  ];
  const kit = useKitForm({ schema: conditionsFormSchema, defaultValues: initialConditions(i18n.language), labels: Object.fromEntries(fields.map((d) => [d.name, d.label])) });
  // A condition changed: the simulation shown is no longer the one they would agree.
  const { watch } = kit.form;
  useEffect(() => {
    const subscription = watch(() => setSimulation(null));
    return () => subscription.unsubscribe();
  }, [watch]);

  const data = list.data;
  const toggle = (id: number) => {
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
    setSimulation(null);
  };

  /** A refusal naming one of the form's fields is said on it; any other above the button. */
  const refused = (error: unknown) => {
    if (isApiError(error) && error.field && FIELD_NAMES.includes(error.field) && (error.status === 400 || error.status === 409)) kit.report(error);
    else setFailure(errorText(error, t));
  };

  const runSimulation = kit.form.handleSubmit(async (values: Parsed) => {
    kit.clear();
    setFailure(null);
    setDone(null);
    const c: RenegotiationConditions = { ...values, borrower_id: borrowerId, installment_ids: [...picked] };
    try {
      const result = await simulate.mutateAsync(c);
      setSimulation({ conditions: c, result });
    } catch (error) {
      refused(error);
    }
  });

  const confirm = async () => {
    if (!simulation) return;
    const s = simulation.result;
    try {
      const answer = await agree.mutateAsync({
        ...simulation.conditions,
        idempotency_key: key,
        expected: { renegotiated_balance: s.renegotiated_balance, discount: s.discount, principal: s.principal, iof_total: s.iof_total, total_payable: s.total_payable },
      });
      setDone(answer);
      setConfirming(false);
      setSimulation(null);
      setPicked(new Set());
      setKey(newIdempotencyKey());
    } catch (error) {
      refused(error);
      setConfirming(false);
      setKey(newIdempotencyKey());
    }
  };

  if (list.isLoading) return <Spinner />;
  if (list.error) return <Callout intent="danger">{errorText(list.error, t)}</Callout>;
  if (!data) return null;

  return (
    <div className="renegotiation" data-testid="renegotiation">
      <H2 className="heading-as-h3">{t('renegotiation.title', { name: data.borrower_name })}</H2>
      <p data-testid="renegotiation-limits">{t('renegotiation.limits', { percent: formatRate(data.max_discount_percent), amount: formatCurrency(data.alone_up_to) })}</p>
      <p>{t('renegotiation.asOf', { date: formatDate(data.as_of) })}</p>
      <BreakRunButton />
      {done && (
        <Callout intent={done.status === 'agreed' ? 'success' : 'warning'} data-testid="renegotiation-done" data-status={done.status}>
          {t(`renegotiation.done.${done.status}`, { id: done.id })}{' '}
          <Link to={`/app/clientOperation/renegotiation/agreement/${done.id}`} data-testid="renegotiation-done-link">
            {t('renegotiation.view.open')}
          </Link>
        </Callout>
      )}
      <Card>
        <H3>{t('renegotiation.installments')}</H3>
        {data.items.length === 0 ? (
          <p data-testid="renegotiation-empty">{t('renegotiation.noInstallments')}</p>
        ) : (
          <HTMLTable compact striped data-testid="renegotiation-installments">
            <thead>
              <tr>
                <th>
                  <Checkbox
                    aria-label={t('renegotiation.pickAll')}
                    checked={picked.size === data.items.length}
                    onChange={() => {
                      setPicked(picked.size === data.items.length ? new Set() : new Set(data.items.map((i) => i.installment_id)));
                      setSimulation(null);
                    }}
                  />
                </th>
                <th>{t('renegotiation.columns.operation')}</th>
                <th>{t('renegotiation.columns.number')}</th>
                <th>{t('renegotiation.columns.dueDate')}</th>
                <th>{t('renegotiation.columns.daysLate')}</th>
                <th className="numeric">{t('renegotiation.columns.principal')}</th>
                <th className="numeric">{t('renegotiation.columns.interest')}</th>
                <th className="numeric">{t('renegotiation.columns.lateCharges')}</th>
                <th className="numeric">{t('renegotiation.columns.total')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((i) => (
                <tr key={i.installment_id} data-testid={`renegotiation-row-${i.installment_id}`}>
                  <td>
                    <Checkbox aria-label={t('renegotiation.columns.pick')} checked={picked.has(i.installment_id)} onChange={() => toggle(i.installment_id)} data-testid={`renegotiation-pick-${i.installment_id}`} />
                  </td>
                  <td>{i.credit_operation_id}</td>
                  <td>{i.number}</td>
                  <td>{formatDate(i.due_date)}</td>
                  <td>{i.days_late}</td>
                  <td className="numeric">{formatCurrency(i.principal)}</td>
                  <td className="numeric">{formatCurrency(i.interest)}</td>
                  <td className="numeric">{formatCurrency(i.late_charges)}</td>
                  <td className="numeric">{formatCurrency(i.total)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </Card>
      <Card>
        <form onSubmit={(e) => void runSimulation(e)} noValidate data-testid="reneg-form" className="kit-form reneg-conditions">
          <div className="reneg-conditions-grid">
            {fields
              .filter((decl) => decl.type !== 'switch')
              .map((decl) => (
                <FieldInput key={decl.name} control={kit.form.control} decl={decl} testId={TEST_IDS[decl.name as keyof Values]} />
              ))}
          </div>
          {fields
            .filter((decl) => decl.type === 'switch')
            .map((decl) => (
              <FieldInput key={decl.name} control={kit.form.control} decl={decl} testId={TEST_IDS[decl.name as keyof Values]} />
            ))}
          <Button type="submit" intent="primary" text={t('renegotiation.simulate')} loading={simulate.isPending} disabled={picked.size === 0} data-testid="reneg-simulate" />
        </form>
        {failure && (
          <Callout intent="danger" data-testid="reneg-error">
            {failure}
          </Callout>
        )}
      </Card>
      {simulation && (
        <Card data-testid="reneg-simulation">
          {simulation.result.needs_approval && <Callout intent="warning">{t('renegotiation.needsApproval')}</Callout>}
          <MoneyRowsTable rows={figureRows(simulation.result, t)} testId="reneg-figures" />
          <ScheduleRowsTable rows={simulation.result.schedule} testId="reneg-schedule" caption={t('renegotiation.schedule.title')} />
          <Button intent="success" text={t('renegotiation.agree')} onClick={() => setConfirming(true)} data-testid="reneg-agree" />
        </Card>
      )}
      {confirming && simulation && (
        <MoneyConfirmDialog
          title={t('renegotiation.confirmTitle')}
          consequence={t('renegotiation.confirmText', { count: simulation.conditions.installment_ids.length })}
          notice={simulation.result.needs_approval ? t('renegotiation.needsApproval') : undefined}
          rows={figureRows(simulation.result, t)}
          amountsTestId="reneg-confirm-amounts"
          intent="success"
          confirmText={t('renegotiation.confirmButton')}
          confirmTestId="reneg-confirm"
          busy={agree.isPending}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
