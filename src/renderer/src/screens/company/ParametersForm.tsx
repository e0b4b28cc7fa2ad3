/**
 * The company's operating rules (PUT /company/parameters), which every new
 * simulation and operation follows: monthly rate, term and value limits, the
 * TAC (charged to companies only) and other fees charged on release (a list
 * of name and amount), the late fee and the default interest within their
 * legal caps, the grace days, whether the IOF is financed by default, the
 * longest first period, how far ahead a release may be planned, the four-eyes
 * limits and the window over which they add up one person's moves. Every one
 * is money, so saving does not change them: it sends the change to another
 * administrator (four eyes, COMPANY_FOUR_EYES_PARAMETERS), and while it waits
 * the screen shows it (ParameterChangePanel: who asked, in force → asked for,
 * approve / refuse / withdraw) and the form is read-only. Money stays decimal
 * text end to end (the money input), rates are typed with a comma or a dot. A
 * settings form: saving stays here.
 */
import { Button, FormGroup } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contract, type CompanyParameters } from '@shared/contract';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { FieldInput } from '@kit/form/FieldInput';
import { FormScreen, useFormScreen } from '@kit/form/FormScreen';
import { useCanChangeCompany } from './access';
import { useReportUnsaved } from './TabLeaveGuard';
import { ParameterChangePanel } from './ParameterChange';
import { COMPANY_ID } from '../../app/company';
import { asText, formSchema, rateText } from '@kit/form/formSchema';

const PERCENTS = ['min_monthly_rate', 'max_monthly_rate', 'late_fee_percent', 'default_interest_monthly_percent'] as const;
const schema = formSchema(contract['company.updateParameters'].args, {
  percents: PERCENTS,
});
const MAX_FEES = 10;
/** A maximum is checked against its minimum: changing the minimum re-checks a maximum already refused. */
const MAXIMUM_OF: Readonly<Record<string, 'max_monthly_rate' | 'max_installments' | 'max_value'>> = {
  min_monthly_rate: 'max_monthly_rate',
  min_installments: 'max_installments',
  min_value: 'max_value',
};

function toValues(p: CompanyParameters) {
  return {
    company_id: p.company_id,
    min_monthly_rate: rateText(p.min_monthly_rate),
    max_monthly_rate: rateText(p.max_monthly_rate),
    // The inputs hold text; the schema reads whole numbers from it.
    min_installments: asText(p.min_installments) as unknown as number,
    max_installments: asText(p.max_installments) as unknown as number,
    min_value: p.min_value,
    max_value: p.max_value,
    tac: p.tac,
    other_fees: p.other_fees.map((fee) => ({ name: fee.name, amount: fee.amount })),
    late_fee_percent: rateText(p.late_fee_percent),
    default_interest_monthly_percent: rateText(p.default_interest_monthly_percent),
    grace_days: asText(p.grace_days) as unknown as number,
    finance_iof_default: p.finance_iof_default,
    remuneratory_interest_in_delay: p.remuneratory_interest_in_delay,
    second_approval_above: p.second_approval_above,
    reversal_approval_above: p.reversal_approval_above,
    bank_settlement_tolerance: p.bank_settlement_tolerance,
    max_first_period_days: asText(p.max_first_period_days) as unknown as number,
    max_disbursement_days_ahead: asText(p.max_disbursement_days_ahead) as unknown as number,
    cession_max_days_overdue: asText(p.cession_max_days_overdue) as unknown as number,
    cession_reversal_max_days: asText(p.cession_reversal_max_days) as unknown as number,
    renegotiation_break_days: asText(p.renegotiation_break_days) as unknown as number,
    cession_approval_above: p.cession_approval_above,
    approval_window_days: asText(p.approval_window_days) as unknown as number,
  };
}

type Values = ReturnType<typeof toValues>;
type FormRef = { current: UseFormReturn<Values, unknown, unknown> | null };

/** The other fees: one row per fee (name and amount), added and removed in place. */
function FeesEditor({ formRef, readOnly }: { formRef: FormRef; readOnly: boolean }) {
  const { t } = useTranslation();
  // The form exists before its sections render (the screen sets the ref first).
  const form = formRef.current as UseFormReturn<Values, unknown, unknown>;
  const fees = useFieldArray({ control: form.control, name: 'other_fees' });
  return (
    <FormGroup label={t('company.parameters.otherFees')} className="company-fees" data-testid="company-parameters-fees">
      {fees.fields.length === 0 && <p className="bp6-text-muted">{t('company.parameters.noFees')}</p>}
      {fees.fields.map((row, i) => (
        <div className="company-fee-row" key={row.id} data-testid={`company-parameters-fee-${i}`}>
          <FieldInput control={form.control} decl={{ name: `other_fees.${i}.name`, type: 'text', label: t('company.parameters.feeName') }} testId={`company-parameters-fee-${i}-name`} readOnly={readOnly} />
          <FieldInput control={form.control} decl={{ name: `other_fees.${i}.amount`, type: 'money', label: t('company.parameters.feeAmount') }} testId={`company-parameters-fee-${i}-amount`} readOnly={readOnly} />
          {!readOnly && (
            <Button
              variant="minimal"
              intent="danger"
              icon="trash"
              aria-label={t('company.parameters.removeFee')}
              title={t('company.parameters.removeFee')}
              data-testid={`company-parameters-fee-${i}-remove`}
              onClick={() => fees.remove(i)}
            />
          )}
        </div>
      ))}
      {!readOnly && fees.fields.length < MAX_FEES && (
        <Button icon="add" size="small" data-testid="company-parameters-fee-add" onClick={() => fees.append({ name: '', amount: '' })}>
          {t('company.parameters.addFee')}
        </Button>
      )}
    </FormGroup>
  );
}

export function ParametersForm() {
  const { t } = useTranslation();
  const canEdit = useCanChangeCompany();
  const query = useApiQuery('company.parameters', { id: COMPANY_ID });
  const update = useApiMutation('company.updateParameters', { invalidates: ['company.parameters'] });
  const f = (key: string) => t(`company.parameters.fields.${key}`);
  const formRef: FormRef = useRef(null);
  // A change waiting for another administrator: nothing else is asked until it is decided.
  const pending = query.data?.pending_change ?? null;
  const screen = useFormScreen({
    testId: 'company-parameters',
    schema,
    defaultValues: { company_id: COMPANY_ID, other_fees: [] },
    load: { data: query.data, isLoading: query.isLoading, error: query.error, stale: query.stale, cachedAt: query.cachedAt },
    toValues,
    readOnly: !canEdit || pending !== null,
    readOnlyText: canEdit && pending ? t('company.parameters.change.locked') : undefined,
    savedText: t('company.parameters.sentForApproval'),
    sections: [
      {
        id: 'rates',
        title: t('company.parameters.sections.rates'),
        fields: [
          { name: 'min_monthly_rate', type: 'percentage', label: f('min_monthly_rate') },
          { name: 'max_monthly_rate', type: 'percentage', label: f('max_monthly_rate') },
        ],
      },
      {
        id: 'terms',
        title: t('company.parameters.sections.terms'),
        fields: [
          { name: 'min_installments', type: 'number', label: f('min_installments') },
          { name: 'max_installments', type: 'number', label: f('max_installments') },
        ],
      },
      {
        id: 'dates',
        title: t('company.parameters.sections.dates'),
        fields: [
          { name: 'max_first_period_days', type: 'number', label: f('max_first_period_days'), hint: t('company.parameters.firstPeriodHint') },
          { name: 'max_disbursement_days_ahead', type: 'number', label: f('max_disbursement_days_ahead'), hint: t('company.parameters.daysAheadHint') },
        ],
      },
      {
        id: 'values',
        title: t('company.parameters.sections.values'),
        fields: [
          { name: 'min_value', type: 'money', label: f('min_value') },
          { name: 'max_value', type: 'money', label: f('max_value') },
          { name: 'second_approval_above', type: 'money', label: f('second_approval_above'), hint: t('company.parameters.secondApprovalHint') },
          { name: 'reversal_approval_above', type: 'money', label: f('reversal_approval_above'), hint: t('company.parameters.reversalApprovalHint') },
          { name: 'bank_settlement_tolerance', type: 'money', label: f('bank_settlement_tolerance'), hint: t('company.parameters.bankToleranceHint') },
          { name: 'cession_approval_above', type: 'money', label: f('cession_approval_above'), hint: t('company.parameters.cessionApprovalHint') },
          { name: 'cession_max_days_overdue', type: 'number', label: f('cession_max_days_overdue'), hint: t('company.parameters.cessionOverdueHint') },
          { name: 'cession_reversal_max_days', type: 'number', label: f('cession_reversal_max_days'), hint: t('company.parameters.cessionReversalWindowHint') },
          { name: 'renegotiation_break_days', type: 'number', label: f('renegotiation_break_days') },
          { name: 'approval_window_days', type: 'number', label: f('approval_window_days'), hint: t('company.parameters.approvalWindowHint') },
        ],
      },
      {
        id: 'fees',
        title: t('company.parameters.sections.fees'),
        fields: [{ name: 'tac', type: 'money', label: f('tac'), hint: t('company.parameters.tacHint') }],
        after: <FeesEditor formRef={formRef} readOnly={!canEdit || pending !== null} />,
      },
      {
        id: 'charges',
        title: t('company.parameters.sections.charges'),
        fields: [
          { name: 'late_fee_percent', type: 'percentage', label: f('late_fee_percent'), hint: t('company.parameters.lateFeeHint') },
          { name: 'default_interest_monthly_percent', type: 'percentage', label: f('default_interest_monthly_percent'), hint: t('company.parameters.defaultInterestHint') },
          { name: 'remuneratory_interest_in_delay', type: 'switch', label: f('remuneratory_interest_in_delay'), hint: t('company.parameters.remuneratoryInDelayHint') },
          { name: 'grace_days', type: 'number', label: f('grace_days') },
          { name: 'finance_iof_default', type: 'switch', label: f('finance_iof_default') },
        ],
      },
    ],
    save: (values) => update.mutateAsync(values),
  });
  useReportUnsaved(canEdit && pending === null && screen.form.formState.isDirty);
  formRef.current = screen.form as unknown as UseFormReturn<Values, unknown, unknown>;
  const { watch, trigger, getFieldState } = screen.form;
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      const maximum = name ? MAXIMUM_OF[name] : undefined;
      if (maximum && getFieldState(maximum).error) void trigger(maximum);
    });
    return () => subscription.unsubscribe();
  }, [watch, trigger, getFieldState]);
  const notice = pending ? (
    <ParameterChangePanel change={pending} />
  ) : canEdit ? (
    <p className="bp6-text-muted" data-testid="company-parameters-four-eyes">
      {t('company.parameters.fourEyesNotice')}
    </p>
  ) : null;
  return <FormScreen screen={screen} notice={notice} />;
}
