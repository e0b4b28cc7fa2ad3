/**
 * An installment's moves besides payments, on its payments screen: the
 * statuses a person may ask for now (the server's `next_statuses`: mark as
 * renegotiated, ask for a write-off, undo a write-off), a write-off awaiting
 * the second person with its answer, the write-offs and their undoing, and
 * the title data for the bank. Every move confirms with the amounts and a
 * reason, waits for the server and says what it answered; agents read.
 */
import { Button, Callout, Card, H2, H3 } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstallmentMoves } from '@shared/contract/servicing-moves';
import type { ManualInstallmentStatus } from '@shared/installment-status';
import { formatCurrency, formatDateTime } from '@shared/format';
import { AllOperators } from '@shared/roles';
import { errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import type { ColumnDecl } from '@kit/list/columns';
import { RecordsTable } from '@kit/RecordsTable';
import { RoleGate } from '@kit/RoleGate';
import { decisionReasonRule, moveReasonRule, ReasonMoneyDialog } from '../ReasonMoneyDialog';
import { useRefreshServicing } from '../refresh';
import { moveKind, moveRows, openRows } from './model';
import { TitleForm } from './TitleForm';

type WriteOffRecord = InstallmentMoves['write_offs'][number];
type Dialog = { kind: 'move'; to: ManualInstallmentStatus } | { kind: 'decide'; approve: boolean };

const h = (key: string) => `servicing.moves.history.${key}`;

function historyColumns(): ColumnDecl<WriteOffRecord>[] {
  return [
    { id: 'id', title: 'servicing.payments.columns.id', kind: 'identifier', text: (r) => `#${r.id}` },
    { id: 'date', title: h('columns.date'), kind: 'date', field: 'written_off_on' },
    {
      id: 'kind',
      title: h('columns.kind'),
      text: (r, t) => (r.undoes_id !== null ? t(h('undo'), { id: r.undoes_id }) : r.undone_by !== null ? t(h('undone'), { id: r.undone_by }) : t(h('writeOff'))),
      testId: (r) => `write-off-kind-${r.id}`,
    },
    { id: 'principal', title: h('columns.principal'), kind: 'money', text: (r) => formatCurrency(r.principal) },
    { id: 'reason', title: h('columns.reason'), text: (r) => r.reason },
    { id: 'who', title: h('columns.who'), text: (r) => `${r.actor_name ?? '—'} · ${formatDateTime(r.created_at)}` },
  ];
}

function MoveDialog({ moves, to, operationId, onClose, onDone }: { moves: InstallmentMoves; to: ManualInstallmentStatus; operationId: number; onClose(): void; onDone(after: InstallmentMoves): void }) {
  const { t } = useTranslation();
  const setStatus = useApiMutation('servicingMoves.setStatus');
  const kind = moveKind(to);
  const number = moves.installment.number;
  const d = (key: string) => `servicing.moves.dialog.${key}`;
  return (
    <ReasonMoneyDialog
      testPrefix="move"
      title={t(d(`${kind}Title`), { number })}
      consequence={t(d(`${kind}Text`), { number, status: t(`servicing.status.${to}`) })}
      rows={moveRows(kind, moves, t)}
      intent={kind === 'undo' ? 'primary' : kind === 'written_off' ? 'danger' : 'warning'}
      confirmText={t(d(`confirm.${kind}`))}
      busyText={t(d('working'))}
      reason={moveReasonRule(t)}
      send={(reason, key) => setStatus.mutateAsync({ id: operationId, installment: moves.installment.id, idempotency_key: key, status: to, reason: reason ?? '' })}
      onDone={onDone}
      onClose={onClose}
    />
  );
}

function DecideDialog({ moves, approve, operationId, onClose, onDone }: { moves: InstallmentMoves; approve: boolean; operationId: number; onClose(): void; onDone(after: InstallmentMoves): void }) {
  const { t } = useTranslation();
  const decide = useApiMutation('servicingMoves.decideWriteOff');
  const request = moves.write_off_request;
  const k = approve ? 'approve' : 'refuse';
  const number = moves.installment.number;
  return (
    <ReasonMoneyDialog
      testPrefix="write-off-decide"
      title={t(`servicing.moves.decide.${k}Title`, { number })}
      consequence={t(`servicing.moves.decide.${k}Text`, { amount: formatCurrency(request?.amount ?? '0.00') })}
      rows={[{ label: t('servicing.moves.rows.requested'), amount: request?.amount ?? '0.00', strong: true, id: 'requested' }, ...openRows(moves.installment, t)]}
      intent={approve ? 'danger' : 'primary'}
      confirmText={t(`servicing.moves.decide.${k}`)}
      reason={decisionReasonRule(approve, t)}
      send={(reason, key) => decide.mutateAsync({ id: operationId, installment: moves.installment.id, idempotency_key: key, approve, reason })}
      onDone={onDone}
      onClose={onClose}
    />
  );
}

/** A pending write-off, said whole, with the second person's buttons. */
export function PendingWriteOff({
  text,
  testId,
  onDecide,
}: {
  text: string;
  testId: string;
  onDecide(approve: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <Callout intent="warning" icon="people" data-testid={testId}>
      <p>{text}</p>
      <RoleGate roles={AllOperators}>
        <div className="op-actions">
          <Button intent="danger" icon="tick" data-testid={`${testId}-approve`} onClick={() => onDecide(true)}>
            {t('servicing.moves.decide.approve')}
          </Button>
          <Button icon="cross" data-testid={`${testId}-refuse`} onClick={() => onDecide(false)}>
            {t('servicing.moves.decide.refuse')}
          </Button>
        </div>
      </RoleGate>
    </Callout>
  );
}

export function InstallmentMovesCard({ operationId, installmentId }: { operationId: number; installmentId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshServicing();
  const query = useApiQuery('servicingMoves.installment', { id: operationId, installment: installmentId });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const moves = query.data;
  if (!moves) return query.error ? <Callout intent="danger" data-testid="installment-moves-error">{errorText(query.error, t)}</Callout> : null;
  const number = moves.installment.number;
  const request = moves.write_off_request;

  /** `sent`: the move now waits for another person. */
  const done = async (text: string, after: InstallmentMoves, sent = false) => {
    setDialog(null);
    if (sent) toast.sentForApproval(text);
    else toast.success(text);
    await refresh({ operationId, answer: { name: 'servicingMoves.installment', args: { id: operationId, installment: installmentId }, data: after } });
  };
  const statusWords = (s: string) => t(`servicing.status.${s}`);

  return (
    <>
      <Card data-testid="installment-moves">
        <H2 className="heading-as-h5">{t('servicing.moves.title')}</H2>
        {request && (
          <PendingWriteOff
            testId="installment-write-off-pending"
            text={t('servicing.moves.pending', { amount: formatCurrency(request.amount), who: request.maker_name ?? '—', when: formatDateTime(request.made_at), reason: request.reason ?? '—' })}
            onDecide={(approve) => setDialog({ kind: 'decide', approve })}
          />
        )}
        <RoleGate roles={AllOperators} fallback={<p className="bp6-text-muted" data-testid="installment-moves-only-operators">{t('servicing.moves.onlyOperators')}</p>}>
          {moves.next_statuses.length > 0 ? (
            <div className="op-actions">
              {moves.next_statuses.map((to) => (
                <Button
                  key={to}
                  intent={to === 'written_off' ? 'danger' : 'none'}
                  icon={to === 'written_off' ? 'remove' : to === 'renegotiated' ? 'refresh' : 'undo'}
                  data-testid={`installment-move-${moveKind(to)}`}
                  onClick={() => setDialog({ kind: 'move', to })}
                >
                  {t(`servicing.moves.actions.${to}`)}
                </Button>
              ))}
            </div>
          ) : (
            !request && (
              <p className="bp6-text-muted" data-testid="installment-moves-none">
                {t('servicing.moves.readOnlyStatus', { status: statusWords(moves.installment.status) })}
              </p>
            )
          )}
        </RoleGate>
        {moves.write_offs.length > 0 && (
          <>
            <H3 className="heading-as-h5">{t(h('title'))}</H3>
            <RecordsTable testId="installment-write-offs" columns={historyColumns()} rows={moves.write_offs} loading={false} />
          </>
        )}
      </Card>
      <TitleForm moves={moves} operationId={operationId} />

      {dialog?.kind === 'move' && (
        <MoveDialog
          moves={moves}
          to={dialog.to}
          operationId={operationId}
          onClose={() => setDialog(null)}
          onDone={(after) => {
            const kind = moveKind(dialog.to);
            // A write-off always waits for another person (it is only asked for here).
            void done(t(`servicing.moves.done.${kind}`, { number, status: statusWords(after.installment.status) }), after, kind === 'written_off');
          }}
        />
      )}
      {dialog?.kind === 'decide' && (
        <DecideDialog
          moves={moves}
          approve={dialog.approve}
          operationId={operationId}
          onClose={() => setDialog(null)}
          onDone={(after) =>
            // Above the company's higher limit a write-off takes two checks: the first leaves it waiting.
            void done(dialog.approve && after.write_off_request ? t('servicing.decide.firstCheck') : t(`servicing.moves.done.${dialog.approve ? 'approved' : 'refused'}`, { number, amount: formatCurrency(request?.amount ?? '0.00') }), after)
          }
        />
      )}
    </>
  );
}
