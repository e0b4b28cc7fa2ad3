/**
 * The operation's repurchase marks on its repurchase screen: for each cause
 * (fraud, the contract cancelled or rescinded) whether it is in force, since
 * when, why and by whom; a person of the roles the contract allows sets or
 * clears it behind a confirmation with the reason; and every set and clear
 * as a history (rows are never changed). While a mark stands the agreement
 * makes every assigned installment of the operation repurchasable.
 */
import { Button, Card, H3, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@shared/contract';
import type { RepurchasableList, RepurchaseCauseMark, RepurchaseCauses } from '@shared/contract/servicing-repurchase';
import { formatDate } from '@shared/format';
import { REPURCHASE_MARK_CAUSES, type RepurchaseMarkCause } from '@shared/servicing';
import { useApiMutation } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { RecordsTable } from '@kit/RecordsTable';
import { RoleGate } from '@kit/RoleGate';
import { moveReasonRule, ReasonMoneyDialog } from '../ReasonMoneyDialog';
import { useRefreshServicing } from '../refresh';
import { markRows, r } from './model';
import '../servicing.css';
import { operationNumber } from '@shared/contract/credit-operations';

interface Pending {
  cause: RepurchaseMarkCause;
  action: 'set' | 'clear';
}

export function RepurchaseCausesCard(props: { operationId: number; causes: RepurchaseCauses | undefined; loading: boolean; assigned: RepurchasableList | undefined }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshServicing();
  const setCause = useApiMutation('repurchase.setCause');
  const clearCause = useApiMutation('repurchase.clearCause');
  const [pending, setPending] = useState<Pending | null>(null);
  const causes = props.causes;
  const inForce = (cause: RepurchaseMarkCause) => causes?.in_force.find((m) => m.cause === cause) ?? null;
  return (
    <Card compact data-testid="repurchase-causes">
      <H3 className="heading-as-h5 op-section-title">{t(r('marks.title'))}</H3>
      <p className="bp6-text-muted">{t(r('marks.note'))}</p>
      {causes && (
        <ul className="repurchase-marks">
          {REPURCHASE_MARK_CAUSES.map((cause) => {
            const mark = inForce(cause);
            return (
              <li key={cause} data-testid={`repurchase-cause-${cause}`}>
                <Tag intent={mark ? 'danger' : 'none'} data-testid={`repurchase-cause-state-${cause}`}>
                  {t(r(`marks.${mark ? 'inForce' : 'notSet'}`), { cause: t(r(`causes.${cause}`)) })}
                </Tag>
                {mark && <span className="repurchase-mark-facts">{t(r('marks.since'), { date: formatDate(mark.marked_on), reason: mark.reason, actor: mark.actor_name ?? '—' })}</span>}
                <RoleGate roles={contract[mark ? 'repurchase.clearCause' : 'repurchase.setCause'].access}>
                  <Button
                    small
                    intent={mark ? 'none' : 'danger'}
                    icon={mark ? 'eraser' : 'flag'}
                    disabled={!mark && !causes.markable}
                    data-testid={`repurchase-cause-${mark ? 'clear' : 'set'}-${cause}`}
                    onClick={() => setPending({ cause, action: mark ? 'clear' : 'set' })}
                  >
                    {t(r(`marks.${mark ? 'clear' : 'set'}`), { cause: t(r(`causes.${cause}`)) })}
                  </Button>
                </RoleGate>
              </li>
            );
          })}
        </ul>
      )}
      {causes && !causes.markable && (
        <p className="bp6-text-muted" data-testid="repurchase-causes-not-markable">
          {t(r('marks.notMarkable'))}
        </p>
      )}
      {(props.loading || (causes?.history.length ?? 0) > 0) && (
        <RecordsTable<RepurchaseCauseMark>
          testId="repurchase-causes-history"
          loading={props.loading}
          rows={causes?.history}
          columns={[
            { id: 'marked_on', title: r('marks.columns.date'), kind: 'date', field: 'marked_on' },
            { id: 'cause', title: r('marks.columns.cause'), kind: 'status', field: 'cause', labels: r('causes') },
            { id: 'action', title: r('marks.columns.action'), kind: 'status', field: 'action', labels: r('marks.actions') },
            { id: 'reason', title: r('marks.columns.reason'), width: 3, field: 'reason' },
            { id: 'actor', title: r('marks.columns.actor'), width: 2, text: (m) => m.actor_name ?? '—' },
          ]}
        />
      )}
      {pending && (
        <ReasonMoneyDialog
          testPrefix="repurchase-cause"
          title={t(r(`marks.${pending.action}Title`), { cause: t(r(`causes.${pending.cause}`)), operation: operationNumber(props.operationId) })}
          consequence={t(r(`marks.${pending.action}Consequence`))}
          rows={markRows(pending.cause, props.assigned, t)}
          intent={pending.action === 'set' ? 'danger' : 'primary'}
          confirmText={t(r(`marks.${pending.action}Confirm`))}
          reason={{ ...moveReasonRule(t), hint: t(r('marks.reasonHint')) }}
          send={(text, key) =>
            (pending.action === 'set' ? setCause : clearCause).mutateAsync({ id: props.operationId, cause: pending.cause, idempotency_key: key, reason: text ?? '' })
          }
          onDone={() => {
            toast.success(t(r(`marks.${pending.action}Done`), { cause: t(r(`causes.${pending.cause}`)) }));
            setPending(null);
            void refresh({ operationId: props.operationId });
          }}
          onClose={() => setPending(null)}
        />
      )}
    </Card>
  );
}
