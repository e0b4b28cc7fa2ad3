/**
 * /app/approvals: every request waiting for a second person (contract
 * 'approvals.inbox'), oldest first — what, about which operation, the
 * borrower, how much, who asked and since when, the checks given of those
 * needed, and whether the reader may approve it. Read-only: a row opens the
 * record's own screen, where the approval is given or refused (the
 * operation's installments, cession or management tab; the company's
 * parameters; the money to identify; the monthly close).
 */
import { Callout, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { APPROVAL_INBOX_MINE, APPROVAL_KIND_NAMES, operationNumber, type ApprovalKind, type PendingApproval } from '@shared/contract';
import { formatCurrency } from '@shared/format';
import type { ColumnDecl } from '@kit/list/columns';
import type { SortOf } from '@kit/list/contractTypes';
import { ListScreen } from '@kit/list/ListScreen';

type Sort = SortOf<'approvals.inbox'>;

/** The tab of the operation's screen where each kind of request is decided. */
const TAB_OF: Partial<Record<ApprovalKind, string>> = {
  'credit_operation.approve': 'management',
  'cession.assign': 'cession',
  'cession.reverse': 'cession',
};

/** Where a request is decided: the record's own screen. */
export function decisionPath(row: Pick<PendingApproval, 'kind' | 'credit_operation_ids' | 'entity_id'>): string {
  if (row.kind === 'company.parameters' || row.kind === 'renegotiation.limits') return '/app/company-operation?tab=parameters';
  // The monthly close is decided on its screen (the pending request of the next month to close).
  if (row.kind === 'ledger.close') return '/app/company-operation/books/close';
  // A write-off of a cession price's difference is decided on the cession screen's price panel.
  if (row.kind === 'cession.price_write_off') return '/app/clientOperation/cession';
  // A renegotiation agreement waiting is decided on the agreement's own view (entity_id: the agreement).
  // So is an agreement payment's reversal waiting (entity_id: the agreement too).
  if (row.kind === 'renegotiation.agree' || row.kind === 'renegotiation.reverse_payment') return `/app/clientOperation/renegotiation/agreement/${row.entity_id}`;
  const [op] = row.credit_operation_ids;
  if (op === undefined) return '/app/clientOperation/suspense';
  return `/app/clientOperation/analize/${op}?tab=${TAB_OF[row.kind] ?? 'installments'}`;
}

function operationsText(row: PendingApproval, t: (key: string, vars?: Record<string, unknown>) => string): string {
  const [first, ...more] = row.credit_operation_ids;
  if (first === undefined) return '';
  return more.length === 0 ? operationNumber(first) : t('desk.inbox.moreOperations', { number: operationNumber(first), count: more.length });
}

export const INBOX_COLUMNS: ColumnDecl<PendingApproval, Sort>[] = [
  { id: 'kind', title: 'desk.inbox.columns.kind', width: 200, text: (r, t) => t(`desk.inbox.kinds.${r.kind}`), testId: (r) => `approvals-kind-${r.id}` },
  { id: 'operation', title: 'desk.inbox.columns.operation', kind: 'identifier', text: operationsText },
  { id: 'borrower', title: 'desk.inbox.columns.borrower', width: 180, field: 'borrower_name' },
  // A change of the parameters moves no money: its amount is none, not R$ 0,00.
  {
    id: 'amount',
    title: 'desk.inbox.columns.amount',
    kind: 'money',
    text: (r) => (r.kind === 'company.parameters' || r.kind === 'renegotiation.limits' ? '' : formatCurrency(r.amount)),
    sort: 'amount',
    testId: (r) => `approvals-amount-${r.id}`,
  },
  { id: 'maker', title: 'desk.inbox.columns.maker', width: 140, field: 'maker_name', testId: (r) => `approvals-maker-${r.id}` },
  { id: 'since', title: 'desk.inbox.columns.since', kind: 'datetime', field: 'made_at', sort: 'made_at' },
  { id: 'checks', title: 'desk.inbox.columns.checks', kind: 'identifier', text: (r, t) => t('desk.inbox.checks', { given: r.checks_given, required: r.required_checks }) },
  {
    id: 'state',
    title: 'desk.inbox.columns.state',
    kind: 'status',
    labels: 'desk.inbox.state',
    value: (r) => (r.can_check ? 'check' : r.asked_by_me ? 'asked' : 'other'),
    intent: (v) => (v === 'check' ? 'primary' : 'none'),
    testId: (r) => `approvals-state-${r.id}`,
  },
];

export function ApprovalsInboxScreen() {
  const { t } = useTranslation();
  return (
    <ListScreen
      testId="approvals"
      emptyHint="emptyHints.approvals"
      operation="approvals.inbox"
      columns={INBOX_COLUMNS}
      filters={[
        { kind: 'status', key: 'mine', label: 'desk.inbox.filters.mine', statuses: APPROVAL_INBOX_MINE, labels: 'desk.inbox.mine' },
        { kind: 'status', key: 'kind', label: 'desk.inbox.filters.kind', statuses: APPROVAL_KIND_NAMES, labels: 'desk.inbox.kinds' },
      ]}
      rowLink={decisionPath}
      notice={(data) =>
        data.meta.totalItems === 0 ? (
          <NonIdealState icon="inbox" description={t('desk.inbox.empty')} data-testid="approvals-empty" />
        ) : (
          <Callout intent="primary" icon="info-sign" data-testid="approvals-intro">
            {t('desk.inbox.intro')}
          </Callout>
        )
      }
    />
  );
}
