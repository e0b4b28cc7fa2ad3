/**
 * The borrower's seven-day withdrawal (CDC art. 49) on the installments tab:
 * a rare action for operators and administrators ("Desistência (art. 49
 * CDC)"), disabled with the server's reason when the withdrawal is not
 * accepted today, and the confirmation stating the amount the borrower
 * returns and the window's last day; once withdrawn, the record.
 */
import { Button, Callout, Tooltip } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@shared/contract';
import type { WithdrawalQuote } from '@shared/contract/withdrawal';
import { formatCurrency, formatDate } from '@shared/format';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { RoleGate } from '@kit/RoleGate';
import type { MoneyRow } from '@kit/MoneyConfirmDialog';
import { ReasonMoneyDialog } from '../ReasonMoneyDialog';
import { useRefreshServicing } from '../refresh';

const ACCESS = contract['withdrawal.withdraw'].access;

type T = (key: string, options?: Record<string, unknown>) => string;

function rows(q: WithdrawalQuote, t: T): MoneyRow[] {
  return [
    { label: t('withdrawal.amountToReturn'), amount: q.amount_to_return ?? '0.00', strong: true, id: 'return' },
    { label: t('withdrawal.financed'), amount: q.financed ?? '0.00', id: 'financed' },
    { label: t('withdrawal.iof'), amount: q.iof ?? '0.00', id: 'iof' },
    { label: t('withdrawal.fees'), amount: q.fees ?? '0.00', id: 'fees' },
  ];
}

/** The quote, read only by those who may withdraw (agents are not asked: 403). */
function useQuote(operationId: number, enabled: boolean) {
  return useApiQuery('withdrawal.quote', { id: operationId }, { enabled, retry: false }).data;
}

/** The button (and its dialog) while the operation is released. */
export function WithdrawalButton({ operationId, operationNumber, version }: { operationId: number; operationNumber: string; version: number }) {
  return (
    <RoleGate roles={ACCESS}>
      <WithdrawalButtonInner operationId={operationId} operationNumber={operationNumber} version={version} />
    </RoleGate>
  );
}

function WithdrawalButtonInner({ operationId, operationNumber, version }: { operationId: number; operationNumber: string; version: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshServicing();
  const withdraw = useApiMutation('withdrawal.withdraw');
  const [open, setOpen] = useState(false);
  const q = useQuote(operationId, true);
  if (!q || q.withdrawn) return null;
  const last = q.last_day ? formatDate(q.last_day) : '—';
  const button = (
    <Button icon="undo" disabled={!q.allowed} data-testid="withdrawal-open" onClick={() => setOpen(true)}>
      {t('withdrawal.open')}
    </Button>
  );
  return (
    <>
      {q.allowed ? (
        <Tooltip content={t('withdrawal.window', { last, from: q.counted_from ? formatDate(q.counted_from) : '—' })}>{button}</Tooltip>
      ) : (
        <Tooltip content={t('withdrawal.notAllowed', { reason: q.refusal ?? '' })}>
          <span data-testid="withdrawal-refusal" aria-label={t('withdrawal.notAllowed', { reason: q.refusal ?? '' })}>
            {button}
          </span>
        </Tooltip>
      )}
      {open && (
        <ReasonMoneyDialog
          testPrefix="withdrawal"
          title={t('withdrawal.title', { operation: operationNumber })}
          consequence={t('withdrawal.text', { amount: formatCurrency(q.amount_to_return), last })}
          rows={rows(q, t)}
          intent="warning"
          confirmText={t('withdrawal.confirm')}
          busyText={t('servicing.moves.dialog.working')}
          reason={{ label: t('withdrawal.reason'), hint: t('withdrawal.reasonHint'), minLength: 0, tooShort: '' }}
          send={(reason, key) => withdraw.mutateAsync({ id: operationId, version, idempotency_key: key, expected_return: q.amount_to_return ?? '0.00', reason })}
          onDone={(after) => {
            setOpen(false);
            toast.success(t('withdrawal.done', { amount: formatCurrency(after.withdrawn?.returned ?? q.amount_to_return) }));
            void refresh({ operationId, answer: { name: 'withdrawal.quote', args: { id: operationId }, data: after } });
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** The withdrawal recorded, on a cancelled operation that had been released. */
export function WithdrawnNotice({ operationId }: { operationId: number }) {
  return (
    <RoleGate roles={ACCESS}>
      <WithdrawnNoticeInner operationId={operationId} />
    </RoleGate>
  );
}

function WithdrawnNoticeInner({ operationId }: { operationId: number }) {
  const { t } = useTranslation();
  const w = useQuote(operationId, true)?.withdrawn;
  if (!w) return null;
  return (
    <Callout intent="warning" icon="undo" data-testid="withdrawal-recorded">
      {t('withdrawal.withdrawn', { date: formatDate(w.withdrawn_on), who: w.actor_name ?? '—', amount: formatCurrency(w.returned) })}
    </Callout>
  );
}
