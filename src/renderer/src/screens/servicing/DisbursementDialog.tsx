/**
 * "Liberar recursos": the release of an operation whose contract is issued.
 * First the form (method PIX or TED, the borrower's account — the payout
 * account registered unless another of theirs is chosen — and the transfer's
 * reference) beside the contract's amounts; then the confirmation that states
 * the amounts, the account and the day, and waits for the server. Empty
 * values travel as null (the spec's rule for this save). A 400 goes back to
 * the form, on its field; anything else (another status, a stale version, a
 * release on or after the first due date) is shown in the confirmation as the
 * server said it. One idempotency key per confirmation: a retry of it never
 * releases twice.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract, type DisbursementView } from '@shared/contract';
import type { CreditOperation } from '@shared/contract/credit-operations';
import { formatDate } from '@shared/format';
import { DISBURSEMENT_METHODS } from '@shared/servicing';
import { errorText, isApiError } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { FieldInput, type FieldDecl } from '@kit/form/FieldInput';
import { FormError } from '@kit/FormError';
import { useKitForm } from '@kit/form/useKitForm';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { MoneyConfirmDialog, MoneyRowsTable, type MoneyRow } from '@kit/MoneyConfirmDialog';
import { StaleCallout } from '../creditOperations/Decision';
import { accountText, disbursementBody, type AccountLike } from './model';
import { useRefreshServicing } from './refresh';
import type { z } from 'zod';

const schema = contract['servicing.disburse'].args.pick({ method: true, bank_account_id: true, transfer_reference: true });
type Values = z.input<typeof schema>;
const FIELDS = ['method', 'bank_account_id', 'transfer_reference'] as const;

/** The contract's amounts: what is financed, the IOF and fees kept, and what reaches the borrower. */
export function contractRows(view: DisbursementView, t: (key: string) => string): MoneyRow[] {
  return [
    { label: t('servicing.disbursement.amounts.financed'), amount: view.amounts.financed, id: 'financed' },
    { label: t('servicing.disbursement.amounts.iof'), amount: view.amounts.iof, id: 'iof' },
    { label: t('servicing.disbursement.amounts.fees'), amount: view.amounts.fees, id: 'fees' },
    { label: t('servicing.disbursement.amounts.released'), amount: view.amounts.released, strong: true, id: 'released' },
  ];
}

export function DisbursementDialog({ op, view, today, onClose }: { op: CreditOperation; view: DisbursementView; today: string | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshServicing();
  const disburse = useApiMutation('servicing.disburse');
  const borrower = useApiQuery('borrowers.get', { id: op.borrower_id });
  const accounts = borrower.data?.bank_accounts ?? [];
  const words = { agency: t('servicing.account.agency'), account: t('servicing.account.account') };
  const [stage, setStage] = useState<'form' | 'confirm'>('form');
  const [key, setKey] = useState(() => newIdempotencyKey());
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState(false);

  const f = (k: string) => t(`servicing.disbursement.fields.${k}`);
  const fields: FieldDecl<Values>[] = [
    { name: 'method', type: 'select', label: f('method'), options: DISBURSEMENT_METHODS.map((m) => ({ value: m, label: t(`servicing.disbursementMethods.${m}`) })), autoFocus: true },
    {
      name: 'bank_account_id',
      type: 'select',
      numeric: true,
      label: f('account'),
      hint: t('servicing.disbursement.accountHint'),
      options: accounts.map((a) => ({ value: a.id, label: `${accountText(a, words)}${a.is_payout ? ` (${t('servicing.account.payout')})` : ''}` })),
    },
    { name: 'transfer_reference', type: 'text', label: f('reference'), hint: t('servicing.disbursement.referenceHint') },
  ];
  const kit = useKitForm({
    schema,
    defaultValues: { method: 'pix', bank_account_id: view.payout_account?.id ?? null, transfer_reference: '' },
    labels: Object.fromEntries(fields.map((d) => [d.name, d.label])),
  });
  const values = kit.form.watch();
  const chosenId = values.bank_account_id == null || values.bank_account_id === '' ? null : Number(values.bank_account_id);
  const chosen: AccountLike | null = (chosenId !== null ? accounts.find((a) => a.id === chosenId) : null) ?? view.payout_account;

  const review = kit.form.handleSubmit(() => {
    kit.clear();
    setFailure(null);
    setStale(false);
    // A new confirmation, maybe of other values: a key of its own.
    setKey(newIdempotencyKey());
    setStage('confirm');
  });

  const confirm = async () => {
    setFailure(null);
    const body = disbursementBody({
      method: values.method ?? '',
      bank_account_id: values.bank_account_id,
      transfer_reference: values.transfer_reference,
    });
    try {
      // The contract types method as required: a null left empty is the server's (or the bridge's) 400 on its field.
      const done = await disburse.mutateAsync({ id: op.id, version: view.version, idempotency_key: key, ...body } as Parameters<typeof disburse.mutateAsync>[0]);
      toast.success(t('servicing.disbursement.done', { number: op.number, date: formatDate(done.disbursement?.disbursed_on ?? today ?? '') }));
      await refresh({ operationId: op.id });
      onClose();
    } catch (e) {
      if (isApiError(e) && e.status === 400 && e.field && (FIELDS as readonly string[]).includes(e.field)) {
        setStage('form');
        kit.report(e);
        return;
      }
      if (isApiError(e) && e.status === 409 && e.field === 'version') setStale(true);
      setFailure(errorText(e, t));
    }
  };

  if (stage === 'confirm') {
    const rows: MoneyRow[] = [
      ...contractRows(view, t),
      { label: t('servicing.disbursement.confirm.method'), text: values.method ? t(`servicing.disbursementMethods.${values.method}`) : '—', id: 'method' },
      { label: t('servicing.disbursement.confirm.account'), text: chosen ? accountText(chosen, words) : t('servicing.disbursement.noAccount'), id: 'account' },
      { label: t('servicing.disbursement.confirm.reference'), text: values.transfer_reference?.trim() || t('servicing.disbursement.noReference'), id: 'reference' },
      { label: t('servicing.disbursement.confirm.date'), text: today ? formatDate(today) : t('servicing.disbursement.today'), id: 'date' },
    ];
    return (
      <MoneyConfirmDialog
        title={t('servicing.disbursement.confirmTitle', { number: op.number })}
        consequence={t('servicing.disbursement.consequence', { number: op.number, borrower: op.borrower_name })}
        consequenceTestId="disbursement-consequence"
        rows={rows}
        amountsTestId="disbursement-confirm-amounts"
        intent="success"
        confirmText={t('servicing.disbursement.confirmButton')}
        busyText={t('servicing.disbursement.working')}
        confirmTestId="disbursement-confirm"
        busy={disburse.isPending}
        confirmDisabled={stale}
        onConfirm={confirm}
        onClose={() => (failure ? onClose() : setStage('form'))}
      >
        {failure && (
          <Callout intent="danger" data-testid="disbursement-error">
            {failure}
          </Callout>
        )}
        {stale && (
          <StaleCallout
            testId="disbursement-stale"
            onReload={() => {
              void refresh({ operationId: op.id });
              onClose();
            }}
          />
        )}
      </MoneyConfirmDialog>
    );
  }

  return (
    <Dialog isOpen title={t('servicing.disbursement.title', { number: op.number })} onClose={onClose} style={{ width: 620 }}>
      <form onSubmit={(e) => void review(e)} noValidate data-testid="disbursement-form" className="kit-form">
        <DialogBody>
          <p>{t('servicing.disbursement.intro')}</p>
          <MoneyRowsTable rows={contractRows(view, t)} testId="disbursement-amounts" />
          {!view.payout_account && (
            <Callout intent="warning" icon="warning-sign" data-testid="disbursement-no-payout">
              {t('servicing.disbursement.noPayout')}
            </Callout>
          )}
          {fields.map((decl) => (
            <FieldInput key={decl.name} control={kit.form.control} decl={decl} testId={`disbursement-${decl.name.replace(/_/g, '-')}`} />
          ))}
          <FormError message={kit.formError} testId="disbursement-form-error" />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose} data-testid="disbursement-cancel">
                {t('common.cancel')}
              </Button>
              <Button type="submit" intent="primary" icon="arrow-right" data-testid="disbursement-review">
                {t('servicing.disbursement.review')}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
