/**
 * What was done with one valores-a-identificar item, oldest first: each
 * application or refund with its amount, date and who did it. An application
 * whose payment was later reversed stays listed, tagged "estornada": its
 * money is back in the item (the server counts it no more), and the history
 * must still show that it happened.
 */
import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { SuspenseItem } from '@shared/contract/servicing-suspense';
import { operationNumber } from '@shared/contract/credit-operations';
import { formatCurrency, formatDate, formatDateTime } from '@shared/format';

export function SuspenseHistoryDialog({ item, onClose }: { item: SuspenseItem; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen title={t('suspense.history.title', { amount: formatCurrency(item.amount), date: formatDate(item.received_on) })} onClose={onClose} style={{ width: 720 }}>
      <DialogBody>
        {item.moves.length === 0 ? (
          <NonIdealState icon="history" title={t('suspense.history.empty')} />
        ) : (
          <HTMLTable compact striped style={{ width: '100%' }} data-testid="suspense-history">
            <thead>
              <tr>
                <th>{t('suspense.history.when')}</th>
                <th>{t('suspense.history.what')}</th>
                <th style={{ textAlign: 'right' }}>{t('suspense.history.amount')}</th>
                <th>{t('suspense.history.who')}</th>
              </tr>
            </thead>
            <tbody>
              {item.moves.map((move) => (
                <tr key={move.id} data-testid={`suspense-move-${move.id}`}>
                  <td title={formatDateTime(move.created_at)}>{formatDate(move.moved_on)}</td>
                  <td>
                    {t(`suspense.history.kinds.${move.kind}`)}
                    {move.installment_number !== null && item.credit_operation_id !== null && (
                      <>
                        {' '}
                        {t('suspense.history.installment', { number: move.installment_number })}{' '}
                        {/* an identifier reads whole: never broken at its hyphen */}
                        <span style={{ whiteSpace: 'nowrap' }}>{operationNumber(item.credit_operation_id)}</span>
                      </>
                    )}
                    {move.note && ` · ${move.note}`}{' '}
                    {move.reversed && (
                      <Tag intent="warning" data-testid={`suspense-move-reversed-${move.id}`} title={t('suspense.history.reversedHint')}>
                        {t('suspense.history.reversed')}
                      </Tag>
                    )}
                  </td>
                  <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatCurrency(move.amount)}</td>
                  <td>{move.actor_name ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('suspense.history.close')} onClick={onClose} />} />
    </Dialog>
  );
}
