/**
 * The cessions and reversals of the operation, newest first, with their
 * status; one waiting for its second person is decided here (approve with an
 * optional note, refuse with a reason), the server refusing the person who
 * asked for it.
 */
import { Button, ButtonGroup, H3, HTMLTable, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cession, CessionReversal, OperationCessions } from '@shared/contract/servicing-cession';
import { formatCurrency, formatDate } from '@shared/format';
import { contract } from '@shared/contract';
import { useApiMutation } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { RoleGate } from '@kit/RoleGate';
import type { MoneyRow } from '@kit/MoneyConfirmDialog';
import { decisionReasonRule, ReasonMoneyDialog } from '../ReasonMoneyDialog';
import { useRefreshServicing } from '../refresh';

const c = (key: string) => `servicing.cession.${key}`;

type Deciding = { kind: 'cession'; record: Cession; approve: boolean } | { kind: 'reversal'; record: CessionReversal; approve: boolean };

const INTENT = { effective: 'success', pending: 'warning', refused: 'none' } as const;

function DecideButtons({ testId, onDecide }: { testId: string; onDecide(approve: boolean): void }) {
  const { t } = useTranslation();
  return (
    <RoleGate roles={contract['cession.decide'].access}>
      <ButtonGroup>
        <Button small intent="primary" data-testid={`${testId}-approve`} onClick={() => onDecide(true)}>
          {t(c('approve'))}
        </Button>
        <Button small data-testid={`${testId}-refuse`} onClick={() => onDecide(false)}>
          {t(c('refuse'))}
        </Button>
      </ButtonGroup>
    </RoleGate>
  );
}

export function CessionRecords({ view }: { view: OperationCessions }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshServicing();
  const decide = useApiMutation('cession.decide');
  const decideReversal = useApiMutation('cession.decideReversal');
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  if (view.cessions.length === 0 && view.reversals.length === 0) return null;

  const rows = (d: Deciding): MoneyRow[] =>
    d.kind === 'cession'
      ? [
          { label: t('servicing.cession.totalFace'), amount: d.record.face_value, id: 'face' },
          { label: t('servicing.cession.totalPrice'), amount: d.record.price, strong: true, id: 'price' },
          { label: t('servicing.cession.carrying'), amount: d.record.carrying, id: 'carrying' },
          { label: t('servicing.cession.result'), amount: d.record.result, id: 'result' },
        ]
      : [{ label: t('servicing.cession.reverseTotal'), amount: d.record.price, strong: true, id: 'total' }];

  return (
    <section data-testid="cession-records">
      <H3 className="heading-as-h5 op-section-title">{t(c('recordsTitle'))}</H3>
      <div className="cession-table-scroll">
        <HTMLTable compact striped data-testid="cession-records-table">
        <thead>
          <tr>
            <th scope="col">{t(c('records.number'))}</th>
            <th scope="col">{t(c('records.date'))}</th>
            <th scope="col">{t(c('records.assignee'))}</th>
            <th scope="col" className="numeric">
              {t(c('records.count'))}
            </th>
            <th scope="col" className="numeric">
              {t(c('records.price'))}
            </th>
            <th scope="col">{t(c('records.status'))}</th>
            <th scope="col">{t(c('records.actions'))}</th>
          </tr>
        </thead>
        <tbody>
          {view.cessions.map((r) => (
            <tr key={`c-${r.id}`} data-testid={`cession-record-${r.number}`}>
              <td>{t(c('cessionNumber'), { number: r.number, date: formatDate(r.cession_date) })}</td>
              <td>{formatDate(r.cession_date)}</td>
              <td>{r.assignee_name}</td>
              <td className="numeric">{r.installments.length}</td>
              <td className="numeric">{formatCurrency(r.price)}</td>
              <td>
                <Tag minimal intent={INTENT[r.status]}>
                  {t(c(`statuses.${r.status}`))}
                </Tag>
              </td>
              <td>{r.status === 'pending' && <DecideButtons testId={`cession-record-${r.number}`} onDecide={(approve) => setDeciding({ kind: 'cession', record: r, approve })} />}</td>
            </tr>
          ))}
          {view.reversals.map((r) => (
            <tr key={`r-${r.id}`} data-testid={`cession-reversal-${r.id}`}>
              <td>{t(c('records.reversal'), { date: formatDate(r.reversed_on) })}</td>
              <td>{formatDate(r.reversed_on)}</td>
              <td>{r.reason}</td>
              <td className="numeric">{r.installment_count}</td>
              <td className="numeric">{formatCurrency(r.price)}</td>
              <td>
                <Tag minimal intent={INTENT[r.status]}>
                  {t(c(`statuses.${r.status}`))}
                </Tag>
              </td>
              <td>{r.status === 'pending' && <DecideButtons testId={`cession-reversal-${r.id}`} onDecide={(approve) => setDeciding({ kind: 'reversal', record: r, approve })} />}</td>
            </tr>
          ))}
        </tbody>
        </HTMLTable>
      </div>
      {deciding && (
        <ReasonMoneyDialog
          testPrefix="cession-decide"
          title={
            deciding.kind === 'cession'
              ? t(c(deciding.approve ? 'approveTitle' : 'refuseTitle'), { number: deciding.record.number })
              : t(c(deciding.approve ? 'approveReversalTitle' : 'refuseReversalTitle'))
          }
          consequence={t(c(deciding.kind === 'cession' ? (deciding.approve ? 'approveText' : 'refuseText') : deciding.approve ? 'approveReversalText' : 'refuseReversalText'))}
          rows={rows(deciding)}
          intent={deciding.approve ? 'primary' : 'none'}
          confirmText={t(c(deciding.approve ? 'approve' : 'refuse'))}
          reason={decisionReasonRule(deciding.approve, t)}
          send={async (reason, key): Promise<boolean> => {
            const after =
              deciding.kind === 'cession'
                ? await decide.mutateAsync({ cession: deciding.record.id, idempotency_key: key, approve: deciding.approve, reason })
                : await decideReversal.mutateAsync({ reversal: deciding.record.id, idempotency_key: key, approve: deciding.approve, reason });
            return after.status === 'pending';
          }}
          onDone={(stillWaiting) => {
            setDeciding(null);
            // Above the company's higher limit it takes two checks: the first leaves it waiting for an administrator.
            if (stillWaiting) toast.info(t('servicing.decide.firstCheck'));
            else toast.success(t(c('decided')));
            void refresh();
          }}
          onClose={() => setDeciding(null)}
        />
      )}
    </section>
  );
}
