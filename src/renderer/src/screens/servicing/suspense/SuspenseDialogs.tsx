/**
 * The valores-a-identificar moves, each confirmed before money moves: apply
 * an item to an installment of its borrower (chosen among the operation's
 * installments that still owe something; another borrower's is refused by
 * the server), refund it to one of the borrower's bank accounts (above the
 * reversal limit it waits for a second person), and the second person's
 * answer. One idempotency key for each dialog's life.
 */
import { Callout, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SuspenseItem } from '@shared/contract/servicing-suspense';
import { formatCurrency, formatDate } from '@shared/format';
import { agreementIdOf } from '@shared/agreement-number';
import { MoneyConfirmDialog } from '@kit/MoneyConfirmDialog';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { moneyToInput, parseMoneyInput } from '@kit/list/filters';
import { errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { decisionReasonRule, ReasonMoneyDialog } from '../ReasonMoneyDialog';
import { useRefreshServicing } from '../refresh';

/** Applies (part of) the item to an installment of the same borrower. */
export function ApplyDialog({ item, onClose }: { item: SuspenseItem; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [key] = useState(() => newIdempotencyKey());
  const [installmentId, setInstallmentId] = useState<number | null>(null);
  // The amount is shown and typed as the language writes it ("50,00" in pt-BR), sent as a decimal string.
  const locale = i18n.language === 'en' ? 'en' : 'pt-BR';
  const [amount, setAmount] = useState(() => moneyToInput(item.open_amount, locale));
  const parsedAmount = parseMoneyInput(amount, locale);
  const [failure, setFailure] = useState<string | null>(null);
  // An item of nobody known is identified by applying it: the person names the operation whose installment it pays.
  const [operationText, setOperationText] = useState('');
  const operationId = item.credit_operation_id ?? (/^\d{1,9}$/.test(operationText.trim()) ? Number(operationText.trim()) : null);
  const apply = useApiMutation('suspense.apply', { invalidates: ['suspense.list'] });
  // Money moved on an operation or an agreement: its screens, cached by this dialog's own reads, read again.
  const refreshServicing = useRefreshServicing();
  // Or an agreement's installment (renegotiation), picked by the agreement's number.
  const [target, setTarget] = useState<'operation' | 'agreement'>('operation');
  const [agreementText, setAgreementText] = useState('');
  const agreementId = target === 'agreement' ? agreementIdOf(agreementText) : null;
  const applyAgreement = useApiMutation('suspense.applyAgreement', { invalidates: ['suspense.list', 'renegotiation.get'] });
  const agreement = useApiQuery('renegotiation.get', { id: agreementId ?? 0 }, { enabled: agreementId !== null });
  const schedule = useApiQuery('servicing.installments', { id: operationId ?? 0 }, { enabled: operationId !== null && target === 'operation' });
  const payable =
    target === 'agreement'
      ? (agreement.data?.collection.installments ?? []).filter((i) => Number(i.due_total) > 0).map((i) => ({ id: i.id, number: i.number, due_date: i.due_date, due_total: i.due_total }))
      : (schedule.data?.installments ?? []).filter((i) => Number(i.due_total) > 0);
  const confirm = async () => {
    if (installmentId === null) return setFailure(t('suspense.apply.noInstallment'));
    setFailure(null);
    try {
      const body = { item: item.id, amount: parsedAmount ?? undefined, idempotency_key: key };
      const answer = target === 'agreement' ? await applyAgreement.mutateAsync({ ...body, agreement_installment_id: installmentId }) : await apply.mutateAsync({ ...body, installment_id: installmentId });
      if (target === 'operation' && operationId !== null) await refreshServicing({ operationId });
      toast.success(t('suspense.apply.done', { amount: formatCurrency(answer.moves.at(-1)?.amount ?? parsedAmount ?? item.open_amount) }));
      onClose();
    } catch (e) {
      setFailure(errorText(e, t));
    }
  };
  return (
    <MoneyConfirmDialog
      title={t('suspense.apply.title')}
      consequence={t('suspense.apply.consequence', { borrower: item.borrower_name ?? '', date: formatDate(item.received_on) })}
      consequenceTestId="suspense-apply-consequence"
      rows={[
        { label: t('suspense.apply.open'), amount: item.open_amount, id: 'open' },
        { label: t('suspense.apply.amount'), amount: parsedAmount ?? undefined, text: parsedAmount === null ? '—' : undefined, strong: true, id: 'amount' },
      ]}
      amountsTestId="suspense-apply-amounts"
      intent="primary"
      confirmText={t('suspense.apply.confirm')}
      busyText={t('suspense.apply.working')}
      confirmTestId="suspense-apply-confirm"
      busy={apply.isPending || applyAgreement.isPending}
      confirmDisabled={parsedAmount === null}
      onConfirm={confirm}
      onClose={onClose}
    >
      <FormGroup label={t('agreementApply.target')} labelFor="suspense-apply-target">
        <HTMLSelect
          id="suspense-apply-target"
          data-testid="suspense-apply-target"
          value={target}
          onChange={(e) => {
            setTarget(e.currentTarget.value === 'agreement' ? 'agreement' : 'operation');
            setInstallmentId(null);
          }}
          options={[
            { value: 'operation', label: t('agreementApply.targets.operation') },
            { value: 'agreement', label: t('agreementApply.targets.agreement') },
          ]}
        />
      </FormGroup>
      {target === 'agreement' && (
        <FormGroup label={t('agreementApply.agreement')} helperText={agreement.isError ? t('agreementApply.notFound') : t('agreementApply.agreementHint')} intent={agreement.isError ? 'danger' : 'none'} labelFor="suspense-apply-agreement">
          <InputGroup id="suspense-apply-agreement" data-testid="suspense-apply-agreement" value={agreementText} onChange={(e) => setAgreementText(e.currentTarget.value)} />
        </FormGroup>
      )}
      {target === 'operation' && item.credit_operation_id === null && (
        <FormGroup label={t('suspense.apply.operation')} helperText={t('suspense.apply.operationHint')} labelFor="suspense-apply-operation">
          <InputGroup id="suspense-apply-operation" data-testid="suspense-apply-operation" value={operationText} onChange={(e) => setOperationText(e.currentTarget.value)} />
        </FormGroup>
      )}
      <FormGroup label={t('suspense.apply.installment')} labelFor="suspense-apply-installment">
        <HTMLSelect
          id="suspense-apply-installment"
          data-testid="suspense-apply-installment"
          value={installmentId ?? ''}
          onChange={(e) => setInstallmentId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          options={[
            { value: '', label: t('suspense.apply.choose') },
            ...payable.map((i) => {
              const words = { number: i.number, due: formatDate(i.due_date), value: formatCurrency(i.due_total) };
              return { value: i.id, label: target === 'agreement' ? t(i.number === 0 ? 'agreementApply.entry' : 'agreementApply.option', words) : t('suspense.apply.option', words) };
            }),
          ]}
        />
      </FormGroup>
      <FormGroup label={t('suspense.apply.amount')} labelFor="suspense-apply-amount">
        <InputGroup id="suspense-apply-amount" data-testid="suspense-apply-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />
      </FormGroup>
      {failure && (
        <Callout intent="danger" data-testid="suspense-apply-error">
          {failure}
        </Callout>
      )}
    </MoneyConfirmDialog>
  );
}

/** Refunds what is open of the item to one of its borrower's bank accounts. */
export function RefundDialog({ item, onClose }: { item: SuspenseItem; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [accountId, setAccountId] = useState<number | null>(null);
  const refund = useApiMutation('suspense.refund', { invalidates: ['suspense.list'] });
  const borrower = useApiQuery('borrowers.get', { id: item.borrower_id ?? 0 }, { enabled: item.borrower_id !== null });
  const accounts = borrower.data?.bank_accounts ?? [];
  const chosen = accountId ?? accounts.find((a) => a.is_payout)?.id ?? accounts[0]?.id ?? null;
  return (
    <ReasonMoneyDialog
      testPrefix="suspense-refund"
      title={t('suspense.refund.title')}
      consequence={t('suspense.refund.consequence', { borrower: item.borrower_name ?? '' })}
      rows={[{ label: t('suspense.refund.amount'), amount: item.open_amount, strong: true, id: 'amount' }]}
      intent="warning"
      confirmText={t('suspense.refund.confirm')}
      busyText={t('suspense.refund.working')}
      reason={{ label: t('suspense.refund.note'), hint: t('suspense.refund.noteHint'), minLength: 0, tooShort: '' }}
      send={async (note, key) => {
        if (chosen === null) throw new Error(t('suspense.refund.noAccount'));
        return refund.mutateAsync({ item: item.id, borrower_bank_account_id: chosen, note, idempotency_key: key });
      }}
      onDone={(answer) => {
        if (answer.pending_refund_id !== null) toast.sentForApproval(t('suspense.refund.pending'));
        else toast.success(t('suspense.refund.done'));
        onClose();
      }}
      onClose={onClose}
    >
      <FormGroup label={t('suspense.refund.account')} labelFor="suspense-refund-account">
        <HTMLSelect
          id="suspense-refund-account"
          data-testid="suspense-refund-account"
          value={chosen ?? ''}
          onChange={(e) => setAccountId(Number(e.currentTarget.value))}
          options={accounts.map((a) => ({ value: a.id, label: `${a.bank_code} ${a.bank_name} — ${a.agency} / ${a.account}${a.account_digit ? `-${a.account_digit}` : ''}` }))}
        />
      </FormGroup>
    </ReasonMoneyDialog>
  );
}

/** The second person's answer on a refund waiting for approval. */
export function DecideRefundDialog({ item, onClose }: { item: SuspenseItem; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [approve, setApprove] = useState(true);
  const decide = useApiMutation('suspense.decideRefund', { invalidates: ['suspense.list'] });
  return (
    <ReasonMoneyDialog
      key={approve ? 'approve' : 'refuse'}
      testPrefix="suspense-decide"
      title={t('suspense.decide.title')}
      consequence={t('suspense.decide.consequence', { amount: formatCurrency(item.open_amount), borrower: item.borrower_name ?? '' })}
      rows={[{ label: t('suspense.refund.amount'), amount: item.open_amount, strong: true, id: 'amount' }]}
      intent={approve ? 'primary' : 'danger'}
      confirmText={approve ? t('suspense.decide.approve') : t('suspense.decide.refuse')}
      reason={decisionReasonRule(approve, t)}
      send={(reason, key) => decide.mutateAsync({ item: item.id, approve, reason, idempotency_key: key })}
      onDone={() => {
        toast.success(approve ? t('suspense.decide.approved') : t('suspense.decide.refused'));
        onClose();
      }}
      onClose={onClose}
    >
      <HTMLSelect
        data-testid="suspense-decide-choice"
        value={approve ? 'approve' : 'refuse'}
        onChange={(e) => setApprove(e.currentTarget.value === 'approve')}
        options={[
          { value: 'approve', label: t('suspense.decide.approve') },
          { value: 'refuse', label: t('suspense.decide.refuse') },
        ]}
      />
    </ReasonMoneyDialog>
  );
}
