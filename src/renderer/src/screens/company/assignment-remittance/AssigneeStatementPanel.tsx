/**
 * The chosen assignee account's statement over a period (assigneeStatement.get):
 * cessions, their reversals, payments collected on its installments and their
 * reversals, repurchases and their undoing, with the running balance, the
 * opening and closing balances and the totals per kind. The period starts as
 * the month of the screen's date, up to that date (strings only: no time zone).
 * Below the balances, what was collected for the assignee in the period, the
 * fee its agreement lets the lender keep, the net due, what was transferred
 * and the open payable; an operator records a transfer (prefilled with the
 * net due and the fee) or reverses one with a reason.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSIGNEE_STATEMENT_KINDS, type AssigneeStatementLine } from '@shared/contract/servicing-assignee-statement';
import { formatCurrency, formatDate, formatRate } from '@shared/format';
import { errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { contract } from '@shared/contract';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { RoleGate } from '@kit/RoleGate';
import { parseMoneyInput } from '@kit/list/filters';
import { RecordsTable } from '@kit/RecordsTable';
import { DateTextInput } from '@kit/form/DateTextInput';
import { isIsoDay } from '@kit/form/localeText';

type LineRow = AssigneeStatementLine & { id: number };

const COMPANY_ID = 1;
const INVALIDATES = ['assigneeStatement.get', 'ledger.trialBalance'] as const;
const q = (key: string) => `assigneeStatement.passThrough.${key}`;

type Acting = { kind: 'transfer'; key: string } | { kind: 'reverse'; key: string; transfer: number };

/** The dialog that records a transfer (date, amount, fee, bank account) or reverses one (reason). */
function TransferDialog({ accountId, today, acting, net, fee, onClose }: { accountId: number; today: string; acting: Acting; net: string; fee: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const locale = i18n.language === 'en' ? 'en' : 'pt-BR';
  const banks = useApiQuery('company.banks', { id: COMPANY_ID }, { enabled: acting.kind === 'transfer' });
  const activeBanks = (banks.data ?? []).filter((b) => b.active);
  const record = useApiMutation('assigneeStatement.transfer', { invalidates: INVALIDATES });
  const reverse = useApiMutation('assigneeStatement.reverseTransfer', { invalidates: INVALIDATES });
  const [date, setDate] = useState(today);
  const asInput = (value: string) => (Number(value) > 0 ? value.replace('.', locale === 'pt-BR' ? ',' : '.') : '');
  const [amount, setAmount] = useState(asInput(net));
  const [kept, setKept] = useState(asInput(fee));
  const [bankId, setBankId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const bank = bankId ?? activeBanks[0]?.id ?? 0;

  const submit = async () => {
    setFailure(null);
    try {
      if (acting.kind === 'transfer') {
        const value = parseMoneyInput(amount, locale) ?? amount.trim();
        const feeValue = kept.trim() === '' ? undefined : (parseMoneyInput(kept, locale) ?? kept.trim());
        await record.mutateAsync({ accountId, idempotency_key: acting.key, date, amount: value, fee: feeValue, company_bank_account_id: bank });
        toast.success(t(q('saved'), { amount: formatCurrency(value) }));
      } else {
        await reverse.mutateAsync({ accountId, transfer: acting.transfer, idempotency_key: acting.key, reason });
        toast.success(t(q('reversed')));
      }
      onClose();
    } catch (e) {
      setFailure(errorText(e, t));
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t(q(acting.kind === 'transfer' ? 'dialogTitle' : 'reverseTitle'))}>
      <DialogBody>
        {acting.kind === 'transfer' ? (
          <>
            <FormGroup label={t(q('date'))} labelFor="assignee-transfer-date">
              <DateTextInput id="assignee-transfer-date" value={date} onChange={(v) => isIsoDay(v) && setDate(v)} />
            </FormGroup>
            <FormGroup label={t(q('amount'))} labelFor="assignee-transfer-amount">
              <InputGroup id="assignee-transfer-amount" value={amount} onValueChange={setAmount} inputMode="decimal" />
            </FormGroup>
            <FormGroup label={t(q('fee'))} labelFor="assignee-transfer-fee">
              <InputGroup id="assignee-transfer-fee" value={kept} onValueChange={setKept} inputMode="decimal" />
            </FormGroup>
            <FormGroup label={t(q('bank'))} labelFor="assignee-transfer-bank">
              <HTMLSelect id="assignee-transfer-bank" value={bank} onChange={(e) => setBankId(Number(e.currentTarget.value))}>
                {activeBanks.map((b) => (
                  <option key={b.id} value={b.id}>
                    {`${b.bank_code} · ${b.agency} · ${b.account}`}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          </>
        ) : (
          <FormGroup label={t(q('reason'))} labelFor="assignee-transfer-reason">
            <InputGroup id="assignee-transfer-reason" value={reason} onValueChange={setReason} />
          </FormGroup>
        )}
        {failure && (
          <Callout intent="danger" data-testid="assignee-transfer-error">
            {failure}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t(q('cancel'))}</Button>
            <Button intent="primary" loading={record.isPending || reverse.isPending} onClick={() => void submit()} data-testid="assignee-transfer-save">
              {t(q(acting.kind === 'transfer' ? 'save' : 'reverse'))}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

export function AssigneeStatementPanel({ accountId, today }: { accountId: number; today: string }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const statement = useApiQuery('assigneeStatement.get', { accountId, from, to }, { enabled: from !== '' && to !== '' });
  const data = statement.data;
  const rows: LineRow[] = (data?.lines ?? []).map((l, n) => ({ ...l, id: n + 1 }));
  const [acting, setActing] = useState<Acting | null>(null);

  return (
    <section data-testid="assignee-statement">
      <h3>{t('assigneeStatement.title')}</h3>
      <div className="company-remittance-pick">
        <FormGroup label={t('assigneeStatement.from')} labelFor="assignee-statement-from">
          <DateTextInput id="assignee-statement-from" value={from} onChange={(v) => isIsoDay(v) && setFrom(v)} />
        </FormGroup>
        <FormGroup label={t('assigneeStatement.to')} labelFor="assignee-statement-to">
          <DateTextInput id="assignee-statement-to" value={to} onChange={(v) => isIsoDay(v) && setTo(v)} />
        </FormGroup>
      </div>
      {statement.error && <Callout intent="danger">{errorText(statement.error, t)}</Callout>}
      {data && (
        <p data-testid="assignee-statement-balances">
          {t('assigneeStatement.balances', { opening: formatCurrency(data.opening_balance), closing: formatCurrency(data.closing_balance) })}
        </p>
      )}
      {data && (
        <div className="assignee-pass-through" data-testid="assignee-pass-through">
          <h4>{t(q('title'))}</h4>
          <p data-testid="assignee-pass-through-summary">
            {t(q('summary'), {
              collected: formatCurrency(data.pass_through.collected),
              rate: formatRate(data.pass_through.fee_rate),
              fee: formatCurrency(data.pass_through.fee_due),
              net: formatCurrency(data.pass_through.net_due),
              transferred: formatCurrency(data.pass_through.transferred),
              kept: formatCurrency(data.pass_through.fees_kept),
              to: formatDate(data.to),
              open: formatCurrency(data.pass_through.open_payable),
            })}
          </p>
          <RoleGate roles={contract['assigneeStatement.transfer'].access}>
            <Button icon="send-message" onClick={() => setActing({ kind: 'transfer', key: newIdempotencyKey() })} data-testid="assignee-transfer-record">
              {t(q('record'))}
            </Button>
          </RoleGate>
        </div>
      )}
      {acting && data && (
        <TransferDialog accountId={accountId} today={today} acting={acting} net={data.pass_through.net_due} fee={data.pass_through.fee_due} onClose={() => setActing(null)} />
      )}
      <RecordsTable<LineRow>
        testId="assignee-statement-lines"
        loading={statement.isFetching && !data}
        rows={rows}
        columns={[
          { id: 'date', title: 'assigneeStatement.columns.date', width: 100, kind: 'date', text: (r) => formatDate(r.date) },
          { id: 'kind', title: 'assigneeStatement.columns.kind', width: 170, text: (r) => t(`assigneeStatement.kinds.${r.kind}`) },
          { id: 'operation', title: 'assigneeStatement.columns.operation', width: 130, kind: 'identifier', field: 'operation_number' },
          { id: 'installment', title: 'assigneeStatement.columns.installment', width: 80, kind: 'integer', field: 'installment_number' },
          { id: 'cession', title: 'assigneeStatement.columns.cession', width: 80, kind: 'integer', field: 'cession_number' },
          { id: 'amount', title: 'assigneeStatement.columns.amount', width: 120, kind: 'money', field: 'amount' },
          { id: 'balance', title: 'assigneeStatement.columns.balance', width: 120, kind: 'money', field: 'balance' },
        ]}
        actions={{
          title: t('assigneeStatement.columns.actions'),
          render: (r) =>
            r.kind !== 'transfer' || r.transfer_id === null ? null : r.reversed ? (
              <Tag minimal>{t(q('reversedTag'))}</Tag>
            ) : (
              <RoleGate roles={contract['assigneeStatement.reverseTransfer'].access}>
                <Button small minimal icon="undo" onClick={() => setActing({ kind: 'reverse', key: newIdempotencyKey(), transfer: r.transfer_id! })} data-testid={`assignee-transfer-reverse-${r.transfer_id}`}>
                  {t(q('reverse'))}
                </Button>
              </RoleGate>
            ),
        }}
      />
      {data && (
        <ul className="assignee-statement-totals" data-testid="assignee-statement-totals">
          {ASSIGNEE_STATEMENT_KINDS.map((kind) => (
            <li key={kind}>
              {t(`assigneeStatement.kinds.${kind}`)}: {formatCurrency(data.totals[kind])}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
