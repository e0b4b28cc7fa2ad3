/**
 * The monthly close (/app/company-operation/books/close): pick a month (the
 * next one to close by default: the month after the latest closed, else the
 * one before the business date's), "Pré-visualizar" (ledger.closePreview:
 * totals by stage and portfolio, the allowance now against the last close's
 * and its change, the operations with the largest provisions), "Pedir
 * fechamento" after a confirmation (ledger.closeAsk, four eyes: another
 * administrator approves or refuses it here, ledger.closeDecide; the approvals
 * inbox sends ledger.close requests to this screen), the history of closes
 * (ledger.closeHistory) with "Desfazer" on the latest closed month
 * (ledger.closeUndo) and any closed month shown again as it was recorded
 * (ledger.closeMonth). Rules: the ledger's README, "Monthly close".
 */
import { Button, Callout, FormGroup, HTMLSelect, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOSE_CLOSED, PORTFOLIOS } from '@shared/books/close';
import { PREVIEW_POSITIONS, type ClosePositionView, type CloseRecordView, type CloseView } from '@shared/contract/ledger-close';
import { operationNumber } from '@shared/contract/credit-operations';
import { RISK_STAGES } from '@shared/risk-classification';
import { formatCurrency, formatDate, formatDateTime, formatInteger, formatPercentage } from '@shared/format';
import { ApiError, errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { RecordsTable } from '@kit/RecordsTable';
import { ReportScreen } from '@kit/ReportKit';

/** A month YYYY-MM as MM/AAAA (never through a time zone). */
export function monthText(month: string): string {
  const [year, mm] = month.split('-');
  return `${mm}/${year}`;
}

/** The month after (delta 1) or before (delta -1) a YYYY-MM month. */
export function shiftMonth(month: string, delta: number): string {
  const [year, mm] = month.split('-').map(Number);
  const index = year * 12 + (mm - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The next month to close: the one after the latest closed, else the one before the business date's month. */
export function nextMonthToClose(history: readonly CloseRecordView[], businessMonth: string): string {
  const closed = history.filter((c) => c.status === CLOSE_CLOSED).map((c) => c.month);
  if (closed.length === 0) return shiftMonth(businessMonth, -1);
  return shiftMonth(closed.reduce((a, b) => (a > b ? a : b)), 1);
}

/** The latest closed month (the only one that may be undone), or null. */
export function latestClosed(history: readonly CloseRecordView[]): string | null {
  const closed = history.filter((c) => c.status === CLOSE_CLOSED).map((c) => c.month);
  return closed.length === 0 ? null : closed.reduce((a, b) => (a > b ? a : b));
}

/** How many months back from the business date's the picker offers (five years). */
const MONTHS_BACK = 60;

interface GroupRow {
  id: number;
  group: string;
  operations: number;
  balance: string;
  provision: string;
}

type PositionRow = ClosePositionView & { id: number };
type Deciding = { kind: 'approve' | 'refuse' | 'withdraw' } | null;

function groupRows(view: CloseView, t: (k: string, v?: Record<string, unknown>) => string) {
  const byStage: GroupRow[] = RISK_STAGES.map((s, i) => ({ id: i + 1, group: t('close.stage', { stage: s }), ...view.totals.by_stage[s] }));
  const byPortfolio: GroupRow[] = PORTFOLIOS.map((p, i) => ({ id: i + 1, group: t(`close.portfolio.${p}`), ...view.totals.by_portfolio[p] }));
  return { byStage, byPortfolio };
}

const GROUP_COLUMNS = [
  { id: 'group', title: 'close.columns.group', field: 'group' },
  { id: 'operations', title: 'close.columns.operations', kind: 'integer', field: 'operations' },
  { id: 'balance', title: 'close.columns.balance', kind: 'money', field: 'balance' },
  { id: 'provision', title: 'close.columns.provision', kind: 'money', field: 'provision' },
] as const;

function CloseView({ view, onRecorded }: { view: CloseView; onRecorded(month: string): void }) {
  const { t } = useTranslation();
  const { byStage, byPortfolio } = groupRows(view, t);
  const positions: PositionRow[] = view.positions.map((p) => ({ ...p, id: p.credit_operation_id }));
  const change = view.totals.change;
  return (
    <>
      <p data-testid="close-source">{t(`close.source.${view.source}`, { month: monthText(view.month), asOf: formatDate(view.as_of) })}</p>
      {view.source === 'preview' && view.close && (
        <Callout intent="success" icon="lock" data-testid="close-closed">
          {t('close.closedCallout', { month: monthText(view.month), approver: view.close.approved_by_name ?? '' })}{' '}
          <Button small icon="eye-open" data-testid="close-show-recorded" onClick={() => onRecorded(view.month)}>
            {t('close.showRecorded')}
          </Button>
        </Callout>
      )}
      <table className="bp6-html-table bp6-compact close-totals" data-testid="close-totals">
        <tbody>
          <tr>
            <th>{t('close.totals.operations')}</th>
            <td className="numeric" data-testid="close-total-operations">{formatInteger(view.totals.operations)}</td>
          </tr>
          <tr>
            <th>{t('close.totals.balance')}</th>
            <td className="numeric" data-testid="close-total-balance">{formatCurrency(view.totals.balance)}</td>
          </tr>
          <tr>
            <th>{t('close.totals.allowance')}</th>
            <td className="numeric" data-testid="close-total-allowance">{formatCurrency(view.totals.allowance)}</td>
          </tr>
          <tr>
            <th>{t('close.totals.previous')}</th>
            <td className="numeric" data-testid="close-total-previous">{formatCurrency(view.totals.previous_allowance)}</td>
          </tr>
          <tr>
            <th>{t('close.totals.change')}</th>
            <td className="numeric" data-testid="close-total-change">
              {change.startsWith('-') ? `− ${formatCurrency(change.slice(1))}` : formatCurrency(change)}
            </td>
          </tr>
          <tr>
            {/* Written off as a loss and standing on the as-of day, by the Doc 3040's buckets (not provisioned: off the books). */}
            <th>{t('close.totals.writtenOff')}</th>
            <td className="numeric" data-testid="close-total-written-off">
              {formatCurrency(view.totals.written_off.amount)}
              {view.totals.written_off.operations > 0 && (
                <div className="bp6-text-muted">
                  {t('close.totals.writtenOffDetail', {
                    count: view.totals.written_off.operations,
                    v310: formatCurrency(view.totals.written_off.v310),
                    v320: formatCurrency(view.totals.written_off.v320),
                    v330: formatCurrency(view.totals.written_off.v330),
                  })}
                </div>
              )}
            </td>
          </tr>
        </tbody>
      </table>
      <h3>{t('close.byStage')}</h3>
      <RecordsTable<GroupRow> testId="close-by-stage" loading={false} rows={byStage} columns={GROUP_COLUMNS} />
      <h3>{t('close.byPortfolio')}</h3>
      <RecordsTable<GroupRow> testId="close-by-portfolio" loading={false} rows={byPortfolio} columns={GROUP_COLUMNS} />
      <h3>{t('close.positions', { count: PREVIEW_POSITIONS })}</h3>
      <RecordsTable<PositionRow>
        testId="close-positions"
        loading={false}
        rows={positions}
        emptyHint={t('close.noPositions')}
        columns={[
          { id: 'operation', title: 'close.columns.operation', kind: 'identifier', text: (r) => operationNumber(r.credit_operation_id) },
          { id: 'borrower', title: 'close.columns.borrower', field: 'borrower_name' },
          { id: 'stage', title: 'close.columns.stage', kind: 'identifier', field: 'stage' },
          { id: 'portfolio', title: 'close.columns.portfolio', kind: 'identifier', field: 'portfolio' },
          { id: 'days_late', title: 'close.columns.daysLate', kind: 'integer', field: 'days_late' },
          { id: 'balance', title: 'close.columns.balance', kind: 'money', field: 'balance' },
          { id: 'rate', title: 'close.columns.rate', kind: 'identifier', text: (r) => formatPercentage(r.provision_rate) },
          { id: 'provision', title: 'close.columns.provision', kind: 'money', field: 'provision' },
          { id: 'previous', title: 'close.columns.previousProvision', kind: 'money', text: (r) => (r.previous_provision === null ? '' : formatCurrency(r.previous_provision)) },
        ]}
      />
    </>
  );
}

export function CloseScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const history = useApiQuery('ledger.closeHistory', {});
  // The business date's month: the balancete's answer when no month is sent (the server's clock).
  const businessMonth = useApiQuery('ledger.balancete', {}).data?.month;
  const [typed, setTyped] = useState<string | null>(null);
  const [asked, setAsked] = useState<{ month: string; recorded: boolean } | null>(null);
  const [confirming, setConfirming] = useState<'ask' | { undo: string } | null>(null);
  const [deciding, setDeciding] = useState<Deciding>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);

  const fallback = businessMonth && history.data ? nextMonthToClose(history.data, businessMonth) : '';
  const month = typed ?? asked?.month ?? fallback;
  const preview = useApiQuery('ledger.closePreview', { filter: { month: asked?.month ?? '' } }, { enabled: !!asked && !asked.recorded });
  const recorded = useApiQuery('ledger.closeMonth', { filter: { month: asked?.month ?? '' } }, { enabled: !!asked?.recorded });
  const current = asked ? (asked.recorded ? recorded : preview) : null;
  const view = current?.data;

  const invalidates = ['ledger.closePreview', 'ledger.closeMonth', 'ledger.closeHistory', 'approvals.inbox'] as const;
  const ask = useApiMutation('ledger.closeAsk', { invalidates });
  const decide = useApiMutation('ledger.closeDecide', { invalidates });
  const undo = useApiMutation('ledger.closeUndo', { invalidates });

  const options = businessMonth
    ? Array.from({ length: MONTHS_BACK + 1 }, (_, i) => {
        const m = shiftMonth(businessMonth, -i);
        return { value: m, label: monthText(m) };
      })
    : [];
  const latest = history.data ? latestClosed(history.data) : null;

  const fail = (e: unknown) => toast.failure(e instanceof ApiError ? errorText(e, t) : undefined);

  const confirmAsk = async () => {
    if (!view) return;
    try {
      await ask.mutateAsync({ month: view.month });
      toast.success(t('close.asked'));
      setConfirming(null);
    } catch (e) {
      fail(e);
    }
  };

  const confirmUndo = async () => {
    if (!confirming || confirming === 'ask') return;
    try {
      await undo.mutateAsync({ month: confirming.undo });
      toast.success(t('close.undoneOk', { month: monthText(confirming.undo) }));
      setConfirming(null);
    } catch (e) {
      fail(e);
    }
  };

  const confirmDecide = async () => {
    if (!view || !deciding) return;
    const approve = deciding.kind === 'approve';
    if (deciding.kind === 'refuse' && reason.trim() === '') {
      setReasonError(true);
      return;
    }
    try {
      await decide.mutateAsync({ month: view.month, approve, reason: approve ? undefined : reason.trim() || undefined });
      toast.success(approve ? t('close.approved', { month: monthText(view.month) }) : deciding.kind === 'refuse' ? t('close.refused') : t('close.withdrawn'));
      setDeciding(null);
      if (approve) setAsked({ month: view.month, recorded: false });
    } catch (e) {
      fail(e);
    }
  };

  const openDecide = (kind: 'approve' | 'refuse' | 'withdraw') => {
    setReason('');
    setReasonError(false);
    setDeciding({ kind });
  };

  const pending = view?.pending ?? null;

  return (
    <ReportScreen
      testId="books-close"
      idPrefix="close"
      className="books-close"
      title={t('close.title')}
      intro={t('close.intro')}
      fields={
        <FormGroup label={t('close.month')} labelFor="close-month">
          <HTMLSelect id="close-month" value={month} onChange={(e) => setTyped(e.currentTarget.value)} data-testid="close-month" options={options} />
        </FormGroup>
      }
      showLabel={t('close.preview')}
      onShow={() => {
        if (month) setAsked({ month, recorded: false });
      }}
      asked={asked !== null}
      error={current?.error}
      files={null}
    >
      <>
        {view ? (
          <>
            {pending && (
              <Callout intent="warning" icon="people" data-testid="close-pending">
                <p>{t('close.pending', { month: monthText(view.month), maker: pending.maker_name ?? '', since: formatDateTime(pending.made_at) })}</p>
                {pending.asked_by_you && <p>{t('close.pendingYours')}</p>}
                {pending.can_check && (
                  <>
                    <Button intent="success" icon="tick" data-testid="close-approve" onClick={() => openDecide('approve')}>
                      {t('close.approve')}
                    </Button>{' '}
                    <Button intent="danger" icon="cross" data-testid="close-refuse" onClick={() => openDecide('refuse')}>
                      {t('close.refuse')}
                    </Button>
                  </>
                )}
                {pending.asked_by_you && (
                  <Button icon="undo" data-testid="close-withdraw" onClick={() => openDecide('withdraw')}>
                    {t('close.withdraw')}
                  </Button>
                )}
              </Callout>
            )}
            {view.source === 'preview' && !pending && !view.close && view.refusal && (
              <Callout intent="primary" icon="info-sign" data-testid="close-refusal">
                {view.refusal}
              </Callout>
            )}
            {view.source === 'preview' && (
              <div className="company-remittance-pick">
                <Button intent="primary" icon="lock" disabled={view.refusal !== null} data-testid="close-ask" onClick={() => setConfirming('ask')}>
                  {t('close.ask')}
                </Button>
              </div>
            )}
            <CloseView view={view} onRecorded={(m) => setAsked({ month: m, recorded: true })} />
          </>
        ) : null}
        <h3>{t('close.history')}</h3>
        <RecordsTable<CloseRecordView>
          testId="close-history"
          loading={history.isFetching && !history.data}
          rows={history.data}
          emptyHint={t('close.noHistory')}
          columns={[
            { id: 'month', title: 'close.columns.month', kind: 'identifier', text: (r) => monthText(r.month), testId: (r) => `close-history-month-${r.id}` },
            {
              id: 'status',
              title: 'close.columns.status',
              kind: 'status',
              field: 'status',
              text: (r) => t(`close.status.${r.status}`),
              intent: (v) => (v === CLOSE_CLOSED ? 'success' : 'none'),
              testId: (r) => `close-history-status-${r.id}`,
            },
            { id: 'allowance', title: 'close.columns.allowance', kind: 'money', field: 'allowance' },
            { id: 'asked', title: 'close.columns.askedBy', field: 'requested_by_name' },
            { id: 'approved', title: 'close.columns.approvedBy', field: 'approved_by_name' },
            { id: 'when', title: 'close.columns.when', kind: 'datetime', field: 'created_at' },
          ]}
          actions={{
            title: '',
            render: (r) =>
              r.status !== CLOSE_CLOSED ? null : (
                <>
                  <Button small icon="eye-open" data-testid={`close-view-${r.id}`} onClick={() => setAsked({ month: r.month, recorded: true })}>
                    {t('close.view')}
                  </Button>{' '}
                  {r.month === latest && (
                    <Button small intent="danger" icon="undo" data-testid={`close-undo-${r.id}`} onClick={() => setConfirming({ undo: r.month })}>
                      {t('close.undo')}
                    </Button>
                  )}
                </>
              ),
          }}
        />
      </>
      <ConfirmDialog isOpen={confirming === 'ask'} title={t('close.askTitle')} confirmText={t('close.ask')} onClose={() => setConfirming(null)} onConfirm={confirmAsk}>
        <p data-testid="close-ask-text">{view ? t('close.askText', { month: monthText(view.month) }) : ''}</p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={confirming !== null && confirming !== 'ask'}
        title={t('close.undoTitle')}
        confirmText={t('close.undo')}
        intent="danger"
        onClose={() => setConfirming(null)}
        onConfirm={confirmUndo}
      >
        <p data-testid="close-undo-text">{confirming && confirming !== 'ask' ? t('close.undoText', { month: monthText(confirming.undo) }) : ''}</p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={deciding !== null}
        title={deciding ? t(`close.${deciding.kind}Title`) : ''}
        confirmText={deciding ? t(`close.${deciding.kind}`) : undefined}
        intent={deciding?.kind === 'approve' ? 'success' : 'danger'}
        onClose={() => setDeciding(null)}
        onConfirm={confirmDecide}
      >
        {deciding?.kind === 'approve' ? (
          <p data-testid="close-approve-text">{view ? t('close.approveText', { month: monthText(view.month) }) : ''}</p>
        ) : (
          <FormGroup label={t('close.reason')} labelFor="close-reason" intent={reasonError ? 'danger' : 'none'} helperText={reasonError ? t('close.reasonRequired') : undefined}>
            <TextArea id="close-reason" data-testid="close-reason" fill value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          </FormGroup>
        )}
      </ConfirmDialog>
    </ReportScreen>
  );
}
