/**
 * "Registrar pagamento" of one installment: the form (amount, the day it was
 * paid, how it arrived, its reference), then the confirmation that states the
 * amount against what is due on that day (asked from the server for that
 * day, charges included) and what stays open, and waits for the server. A
 * refusal that blames a field (400, or the 409 of an amount above the amount
 * due, which names it) goes back to the form on that field; anything else is
 * shown in the confirmation. One idempotency key per confirmation.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract, type InstallmentDetails } from '@shared/contract';
import { formatCurrency, formatDate } from '@shared/format';
import { RECEIPT_METHODS } from '@shared/servicing';
import { errorText, isApiError } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { FieldInput, type FieldDecl } from '@kit/form/FieldInput';
import { FormError } from '@kit/FormError';
import { useKitForm } from '@kit/form/useKitForm';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { MoneyConfirmDialog, type MoneyRow } from '@kit/MoneyConfirmDialog';
import { openAfter, paysInFull } from './model';
import type { z } from 'zod';

const schema = contract['servicing.pay'].args.pick({ amount: true, paid_on: true, method: true, reference: true });
type Values = z.input<typeof schema>;
const FIELDS = ['amount', 'paid_on', 'method', 'reference'];

export interface PayTarget {
  operationId: number;
  details: InstallmentDetails;
}

/** What is due on the day of the payment, asked of the server for that day (charges depend on it). */
function useDueOn(target: PayTarget, day: string | undefined) {
  const { installment, as_of } = target.details;
  const other = !!day && day !== as_of;
  const query = useApiQuery('servicing.installmentDetails', { id: target.operationId, installment: installment.id, date: day ?? as_of }, { enabled: other });
  if (!other) return { due: installment.due_total, loading: false, error: null as unknown };
  return { due: query.data?.installment.due_total, loading: query.isFetching && !query.data, error: query.error as unknown };
}

export function PayDialog({ target, onClose, onDone }: { target: PayTarget; onClose(): void; onDone(result: InstallmentDetails, amount: string): void }) {
  const { t } = useTranslation();
  const pay = useApiMutation('servicing.pay');
  const { installment, as_of } = target.details;
  const [stage, setStage] = useState<'form' | 'confirm'>('form');
  const [key, setKey] = useState(() => newIdempotencyKey());
  const [failure, setFailure] = useState<string | null>(null);
  const f = (k: string) => t(`servicing.pay.fields.${k}`);
  const fields: FieldDecl<Values>[] = [
    { name: 'amount', type: 'money', label: f('amount'), hint: t('servicing.pay.amountHint', { due: formatCurrency(installment.due_total), date: formatDate(as_of) }), autoFocus: true },
    { name: 'paid_on', type: 'date', label: f('paidOn'), hint: t('servicing.pay.paidOnHint') },
    { name: 'method', type: 'select', label: f('method'), options: RECEIPT_METHODS.map((m) => ({ value: m, label: t(`servicing.receiptMethods.${m}`) })) },
    { name: 'reference', type: 'text', label: f('reference') },
  ];
  const kit = useKitForm({
    schema,
    defaultValues: { amount: '', paid_on: as_of, method: 'boleto', reference: '' },
    labels: Object.fromEntries(fields.map((d) => [d.name, d.label])),
  });
  const values = kit.form.watch();
  const dueOn = useDueOn(target, stage === 'confirm' ? values.paid_on : undefined);

  const review = kit.form.handleSubmit(() => {
    kit.clear();
    setFailure(null);
    setKey(newIdempotencyKey());
    setStage('confirm');
  });

  const confirm = async () => {
    setFailure(null);
    try {
      const parsed = schema.parse(values);
      const result = await pay.mutateAsync({ id: target.operationId, installment: installment.id, idempotency_key: key, ...parsed });
      onDone(result, parsed.amount);
    } catch (e) {
      if (isApiError(e) && e.field && FIELDS.includes(e.field) && (e.status === 400 || e.status === 409)) {
        setStage('form');
        kit.report(e);
        return;
      }
      setFailure(errorText(e, t));
    }
  };

  if (stage === 'confirm') {
    const amount = values.amount ?? '';
    const due = dueOn.due;
    const rows: MoneyRow[] = [
      { label: t('servicing.pay.confirm.amount'), amount, strong: true, id: 'amount' },
      { label: t('servicing.pay.confirm.paidOn'), text: formatDate(values.paid_on ?? ''), id: 'paid-on' },
      { label: t('servicing.pay.confirm.dueOn', { date: formatDate(values.paid_on ?? '') }), ...(due ? { amount: due } : { text: '…' }), id: 'due' },
      { label: t('servicing.pay.confirm.openAfter'), ...(due ? { amount: openAfter(due, amount) } : { text: '…' }), id: 'open-after' },
      { label: t('servicing.pay.confirm.method'), text: values.method ? t(`servicing.receiptMethods.${values.method}`) : '—', id: 'method' },
      { label: t('servicing.pay.confirm.reference'), text: values.reference?.trim() || '—', id: 'reference' },
    ];
    return (
      <MoneyConfirmDialog
        title={t('servicing.pay.confirmTitle', { number: installment.number })}
        consequence={
          due && paysInFull(due, amount)
            ? t('servicing.pay.consequenceFull', { number: installment.number })
            : t('servicing.pay.consequencePartial', { number: installment.number })
        }
        consequenceTestId="pay-consequence"
        rows={rows}
        amountsTestId="pay-confirm-amounts"
        intent="success"
        confirmText={t('servicing.pay.confirmButton')}
        busyText={t('servicing.pay.working')}
        confirmTestId="pay-confirm"
        busy={pay.isPending}
        confirmDisabled={dueOn.loading}
        onConfirm={confirm}
        onClose={() => setStage('form')}
      >
        {dueOn.loading && <Spinner size={16} />}
        {dueOn.error ? <Callout intent="warning">{errorText(dueOn.error, t)}</Callout> : null}
        {failure && (
          <Callout intent="danger" data-testid="pay-error">
            {failure}
          </Callout>
        )}
      </MoneyConfirmDialog>
    );
  }

  return (
    <Dialog isOpen title={t('servicing.pay.title', { number: installment.number })} onClose={onClose} style={{ width: 560 }}>
      <form onSubmit={(e) => void review(e)} noValidate data-testid="pay-form" className="kit-form">
        <DialogBody>
          {fields.map((decl) => (
            <FieldInput key={decl.name} control={kit.form.control} decl={decl} testId={`pay-${decl.name.replace(/_/g, '-')}`} />
          ))}
          <FormError message={kit.formError} testId="pay-form-error" />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose} data-testid="pay-cancel">
                {t('common.cancel')}
              </Button>
              <Button type="submit" intent="primary" icon="arrow-right" data-testid="pay-review">
                {t('servicing.pay.review')}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
