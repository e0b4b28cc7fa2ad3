/**
 * /app/clientOperation/suspense: valores a identificar — money the bank
 * credited that no installment took (a return line paid above what was
 * owed, an installment already paid…), with who paid, when, how much and why,
 * and the open total (the ledger's suspense account). A person applies an
 * open item to an installment of the same borrower or refunds it to the
 * borrower's bank account (four eyes above the reversal limit); each move is
 * confirmed in a dialog before money moves.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@shared/contract';
import { SUSPENSE_STATES, type SuspenseItem } from '@shared/contract/servicing-suspense';
import { formatCurrency, formatDate } from '@shared/format';
import { ListScreen } from '@kit/list/ListScreen';
import { SUSPENSE_COLUMNS } from './columns';
import { ApplyDialog, DecideRefundDialog, RefundDialog } from './SuspenseDialogs';
import { SuspenseHistoryDialog } from './SuspenseHistory';

type Open = { kind: 'apply' | 'refund' | 'decide' | 'history'; item: SuspenseItem } | null;

function OpenTotal({ total, date }: { total: string; date: string }) {
  const { t } = useTranslation();
  return (
    <p data-testid="suspense-open-total">
      <strong>{t('suspense.openTotal', { total: formatCurrency(total), date: formatDate(date) })}</strong>
    </p>
  );
}

const isOpen = (row: SuspenseItem) => row.state === 'open' && row.pending_refund_id === null;

export function SuspenseScreen() {
  const [open, setOpen] = useState<Open>(null);
  return (
    <ListScreen
      testId="suspense"
      emptyHint="emptyHints.suspense"
      operation="suspense.list"
      columns={SUSPENSE_COLUMNS}
      filters={[{ kind: 'status', key: 'state', label: 'suspense.filters.state', statuses: [...SUSPENSE_STATES, 'all'], labels: 'suspense.states' }]}
      notice={(data) => <OpenTotal total={data.open_total} date={data.as_of} />}
      rowActions={[
        {
          id: 'apply',
          label: () => 'suspense.actions.apply',
          icon: () => 'tick',
          intent: 'primary',
          roles: contract['suspense.apply'].access,
          shown: isOpen,
          onClick: (item) => setOpen({ kind: 'apply', item }),
        },
        {
          id: 'refund',
          label: () => 'suspense.actions.refund',
          icon: () => 'undo',
          roles: contract['suspense.refund'].access,
          shown: (row) => isOpen(row) && row.borrower_id !== null && row.credit_operation_id !== null,
          onClick: (item) => setOpen({ kind: 'refund', item }),
        },
        {
          id: 'decide',
          label: () => 'suspense.actions.decide',
          icon: () => 'people',
          intent: 'warning',
          roles: contract['suspense.decideRefund'].access,
          // The person who asked waits for another: the server refuses them (four eyes), so the button is not theirs.
          shown: (row) => row.pending_refund_id !== null && !row.pending_refund_asked_by_me,
          onClick: (item) => setOpen({ kind: 'decide', item }),
        },
        {
          id: 'history',
          label: () => 'suspense.actions.history',
          icon: () => 'history',
          roles: contract['suspense.get'].access,
          shown: (row) => row.moves.length > 0,
          onClick: (item) => setOpen({ kind: 'history', item }),
        },
      ]}
    >
      {open?.kind === 'apply' && <ApplyDialog item={open.item} onClose={() => setOpen(null)} />}
      {open?.kind === 'refund' && <RefundDialog item={open.item} onClose={() => setOpen(null)} />}
      {open?.kind === 'decide' && <DecideRefundDialog item={open.item} onClose={() => setOpen(null)} />}
      {open?.kind === 'history' && <SuspenseHistoryDialog item={open.item} onClose={() => setOpen(null)} />}
    </ListScreen>
  );
}
