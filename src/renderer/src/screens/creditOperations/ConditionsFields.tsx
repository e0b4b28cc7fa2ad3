/**
 * The product and conditions of an operation (building step 2 and "Editar
 * condições" of the proposal): the kit's inputs over one form, the fees as an
 * editable list (suggested by the company's parameters) and the borrower's
 * secured guarantees to tick. Values stay as the form keeps them: money as the
 * wire's decimal text, rate and plots as typed, dates as YYYY-MM-DD.
 */
import { Button, Checkbox, FormGroup } from '@blueprintjs/core';
import { Controller, useFieldArray, type Control, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BorrowerRecord } from '@shared/contract/borrowers';
import { AMORTIZATION_SYSTEMS, CREDIT_PRODUCTS } from '@shared/contract/credit-operations';
import { formatCurrency } from '@shared/format';
import { useApiQuery } from '../../api/hooks';
import { FieldError, FieldInput } from '@kit/form/FieldInput';
import type { ConditionsValues } from './model';

const MAX_FEES = 10;

/** The form the conditions live in (its values as typed). */
export type ConditionsForm = UseFormReturn<ConditionsValues, unknown, unknown>;

export function conditionLabels(t: (key: string) => string): Record<string, string> {
  const f = (k: string) => t(`creditOperations.fields.${k}`);
  return {
    product: f('product'),
    amortization: f('amortization'),
    requested_amount: f('requested_amount'),
    monthly_rate: f('monthly_rate'),
    installments: f('installments'),
    disbursement_date: f('disbursement_date'),
    first_due_date: f('first_due_date'),
    finance_iof: f('finance_iof'),
    fees: f('fees'),
    secured_guarantee_ids: f('secured_guarantee_ids'),
  };
}

function FeesEditor({ form, testId, readOnly }: { form: ConditionsForm; testId: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const fees = useFieldArray({ control: form.control, name: 'fees' });
  const control = form.control as unknown as Control<ConditionsValues>;
  return (
    <FormGroup label={t('creditOperations.building.fees')} helperText={t('creditOperations.building.feesDefault')} className="op-fees" data-testid={`${testId}-fees`}>
      {fees.fields.length === 0 && <p className="bp6-text-muted">{t('creditOperations.building.noFees')}</p>}
      {fees.fields.map((row, i) => (
        <div className="op-fee-row" key={row.id} data-testid={`${testId}-fee-${i}`}>
          <FieldInput control={control} decl={{ name: `fees.${i}.name`, type: 'text', label: t('creditOperations.building.feeName') }} testId={`${testId}-fee-${i}-name`} readOnly={readOnly} />
          <FieldInput control={control} decl={{ name: `fees.${i}.amount`, type: 'money', label: t('creditOperations.building.feeAmount') }} testId={`${testId}-fee-${i}-amount`} readOnly={readOnly} />
          {!readOnly && (
            <Button
              variant="minimal"
              intent="danger"
              icon="trash"
              aria-label={t('creditOperations.building.removeFee')}
              title={t('creditOperations.building.removeFee')}
              data-testid={`${testId}-fee-${i}-remove`}
              onClick={() => fees.remove(i)}
            />
          )}
        </div>
      ))}
      {!readOnly && fees.fields.length < MAX_FEES && (
        <Button icon="add" size="small" data-testid={`${testId}-fee-add`} onClick={() => fees.append({ name: '', amount: '' })}>
          {t('creditOperations.building.addFee')}
        </Button>
      )}
      <FieldError name="fees" message={form.formState.errors.fees?.message} />
    </FormGroup>
  );
}

function GuaranteesPicker({ form, borrowerId, testId, readOnly }: { form: ConditionsForm; borrowerId: number; testId: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const list = useApiQuery('borrowers.securedguarantee.list', { id: borrowerId }, { enabled: borrowerId > 0 });
  // The record calls are declared generically; this one answers secured guarantees.
  const items = (list.data ?? []) as BorrowerRecord<'securedguarantee'>[];
  return (
    <Controller
      control={form.control as unknown as Control<ConditionsValues>}
      name="secured_guarantee_ids"
      render={({ field, fieldState }) => {
        const chosen = new Set<number>(field.value ?? []);
        return (
          <fieldset className="op-guarantees" data-testid={`${testId}-guarantees`}>
            <legend>{t('creditOperations.building.guarantees')}</legend>
            {list.isLoading && <p className="bp6-text-muted">{t('creditOperations.building.borrowersLoading')}</p>}
            {!list.isLoading && items.length === 0 && <p className="bp6-text-muted">{t('creditOperations.building.noGuarantees')}</p>}
            {items.length > 0 && <p className="bp6-text-muted">{t('creditOperations.building.guaranteesHint')}</p>}
            {items.map((g) => (
              <Checkbox
                key={g.id}
                data-testid={`${testId}-guarantee-${g.id}`}
                disabled={readOnly}
                checked={chosen.has(g.id)}
                labelElement={
                  <span>
                    {t(`creditOperations.building.guaranteeKinds.${g.kind}`)} — {g.description} ({formatCurrency(g.value)})
                  </span>
                }
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.currentTarget.checked) next.add(g.id);
                  else next.delete(g.id);
                  field.onChange([...next]);
                }}
              />
            ))}
            {/* e.g. the server refusing a guarantee that is not this borrower's */}
            <FieldError name="secured_guarantee_ids" message={fieldState.error?.message} />
          </fieldset>
        );
      }}
    />
  );
}

export function ConditionsFields({ form, borrowerId, testId, readOnly = false }: { form: ConditionsForm; borrowerId: number; testId: string; readOnly?: boolean }) {
  const { t } = useTranslation();
  const labels = conditionLabels(t);
  const control = form.control as unknown as Control<ConditionsValues>;
  const field = (name: keyof ConditionsValues, type: 'select' | 'money' | 'percentage' | 'number' | 'date' | 'switch', options?: Array<{ value: string; label: string }>) => (
    <FieldInput key={name} control={control} decl={{ name, type, label: labels[name], options }} testId={`${testId}-${name.replace(/_/g, '-')}`} readOnly={readOnly} />
  );
  return (
    <div className="op-conditions" data-testid={`${testId}-conditions`}>
      <div className="op-grid">
        {field(
          'product',
          'select',
          CREDIT_PRODUCTS.map((p) => ({ value: p.id, label: `${t(`creditOperations.products.${p.id}`)} (${p.contract})` })),
        )}
        {field(
          'amortization',
          'select',
          AMORTIZATION_SYSTEMS.map((a) => ({ value: a, label: t(`creditOperations.amortization.${a}`) })),
        )}
        {field('requested_amount', 'money')}
        {field('monthly_rate', 'percentage')}
        {field('installments', 'number')}
        {field('disbursement_date', 'date')}
        {field('first_due_date', 'date')}
      </div>
      {field('finance_iof', 'switch')}
      <FeesEditor form={form} testId={testId} readOnly={readOnly} />
      <GuaranteesPicker form={form} borrowerId={borrowerId} testId={testId} readOnly={readOnly} />
    </div>
  );
}
