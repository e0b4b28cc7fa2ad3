/**
 * The custodian's CNAB 444 return, on the assignment remittance page of the
 * chosen assignee account, through the kit's return-file steps (useReturnFile):
 * choose the file, preview what the custodian said of
 * each title and what applying would do (custodianReturn.preview, nothing
 * written), apply it behind a confirmation (custodianReturn.apply, one
 * idempotency key per confirmed intent), and the account's applied returns
 * with their lines (custodianReturn.history / custodianReturn.get).
 */
import { Button, Callout, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { contract } from '@shared/contract';
import type { CustodianReturnImport, CustodianReturnLine, CustodianReturnPreview, CustodianReturnResult, CustodianReturnSummary } from '@shared/contract/company-custodian-return';
import { formatCurrency, formatDate } from '@shared/format';
import { errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { RecordsTable } from '@kit/RecordsTable';
import { RoleGate } from '@kit/RoleGate';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { useReturnFile } from '@kit/useReturnFile';
import type { ColumnDecl } from '@kit/list/columns';

type LineRow = CustodianReturnLine & { id: number };

const RESULT_INTENT: Record<CustodianReturnResult, Intent> = {
  acquired: 'success',
  refused_undone: 'danger',
  refused_blocked: 'warning',
  refused_kept: 'none',
  repeated: 'none',
  not_found: 'warning',
  no_effect: 'none',
};

const LINE_COLUMNS: readonly ColumnDecl<LineRow>[] = [
  { id: 'line', title: 'custodianReturn.columns.line', width: 50, kind: 'integer', field: 'line' },
  { id: 'reference', title: 'custodianReturn.columns.reference', width: 130, kind: 'identifier', field: 'reference' },
  { id: 'cession', title: 'custodianReturn.columns.cession', width: 70, kind: 'identifier', text: (r) => (r.cession_number !== null ? String(r.cession_number) : r.cession_term) },
  { id: 'borrower', title: 'custodianReturn.columns.borrower', width: 150, text: (r) => r.borrower_name ?? '—' },
  { id: 'face', title: 'custodianReturn.columns.face', width: 100, kind: 'money', text: (r) => (r.face_value !== null ? formatCurrency(r.face_value) : '—') },
  { id: 'kind', title: 'custodianReturn.columns.kind', width: 110, kind: 'status', field: 'kind', labels: 'custodianReturn.kinds', intent: (v) => (v === 'refused' ? 'danger' : v === 'acquired' ? 'success' : 'none') },
  {
    id: 'result',
    title: 'custodianReturn.columns.result',
    width: 150,
    kind: 'status',
    field: 'result',
    labels: 'custodianReturn.results',
    intent: (v) => RESULT_INTENT[v as CustodianReturnResult] ?? 'none',
    testId: (r) => `custodian-return-result-${r.line}`,
  },
  { id: 'reasons', title: 'custodianReturn.columns.reasons', width: 260, text: (r) => [...r.reasons.map((x) => `${x.code} ${x.words}`), ...(r.message ? [r.message] : [])].join(' · ') || '—' },
];

const rowsOf = (lines: readonly CustodianReturnLine[]): LineRow[] => lines.map((l) => ({ ...l, id: l.line }));

export function CustodianReturnPanel({ bankCode, accountId }: { bankCode: string; accountId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const history = useApiQuery('custodianReturn.history', { bankCode, assignment_account_id: accountId });
  const previewCall = useApiMutation('custodianReturn.preview');
  const apply = useApiMutation('custodianReturn.apply', { invalidates: ['custodianReturn.history', 'assignmentRemittance.overview'] });
  const flow = useReturnFile<CustodianReturnPreview, CustodianReturnImport>((opened) =>
    previewCall.mutateAsync({ bankCode, assignment_account_id: accountId, file_name: opened.name, content: opened.text }),
  );
  const { file, preview, confirming, viewing } = flow;
  const detail = useApiQuery('custodianReturn.get', { bankCode, returnId: viewing ?? 0 }, { enabled: viewing !== null });

  const shown = viewing !== null ? (detail.data ?? null) : flow.result;

  return (
    <section className="custodian-return" data-testid="custodian-return" aria-label={t('custodianReturn.title')}>
      <h3>{t('custodianReturn.title')}</h3>
      <p className="bp6-text-muted">{t('custodianReturn.intro')}</p>
      <RoleGate roles={contract['custodianReturn.preview'].access}>
        <Button icon="document-open" data-testid="custodian-return-choose" loading={flow.choosing || previewCall.isPending} onClick={() => void flow.choose()}>
          {t('custodianReturn.choose')}
        </Button>
      </RoleGate>
      {flow.problem && (
        <Callout intent="danger" data-testid="custodian-return-problem" className="export-result">
          {flow.problem}
        </Callout>
      )}
      {file && preview && (
        <section aria-label={t('custodianReturn.previewTitle')}>
          <h4>{t('custodianReturn.previewTitle')}</h4>
          <p data-testid="custodian-return-file">
            {t('custodianReturn.file', { name: file.name, nsa: preview.file_sequence, date: preview.written_on ? formatDate(preview.written_on) : '—' })}
          </p>
          {preview.imported_as !== null && (
            <Callout intent="warning" data-testid="custodian-return-already">
              {t('custodianReturn.already')}
            </Callout>
          )}
          <p data-testid="custodian-return-totals">{t('custodianReturn.totals', { lines: preview.line_count, acquired: preview.acquired_count, undone: preview.undone_count })}</p>
          <RecordsTable<LineRow> testId="custodian-return-preview" loading={false} rows={rowsOf(preview.lines)} columns={LINE_COLUMNS} />
          <RoleGate roles={contract['custodianReturn.apply'].access}>
            <Button intent="primary" icon="tick-circle" data-testid="custodian-return-apply" disabled={preview.imported_as !== null} onClick={flow.askConfirmation}>
              {t('custodianReturn.apply')}
            </Button>
          </RoleGate>
          <ConfirmDialog
            isOpen={confirming !== null}
            title={t('custodianReturn.confirmTitle', { name: file.name })}
            confirmText={t('custodianReturn.confirm')}
            intent="warning"
            onConfirm={async () => {
              try {
                const done = await apply.mutateAsync({ bankCode, assignment_account_id: accountId, file_name: file.name, content: file.text, idempotency_key: confirming ?? newIdempotencyKey() });
                flow.done(done);
              } catch (error) {
                toast.failure(errorText(error, t));
              }
            }}
            onClose={flow.closeConfirmation}
          >
            <p data-testid="custodian-return-confirm-text">{t('custodianReturn.confirmText', { acquired: preview.acquired_count, undone: preview.undone_count })}</p>
          </ConfirmDialog>
        </section>
      )}
      {shown && (
        <section aria-label={t('custodianReturn.resultTitle', { name: shown.file_name })}>
          <h4>{t('custodianReturn.resultTitle', { name: shown.file_name })}</h4>
          {viewing === null && (
            <Callout intent={shown.replayed ? 'warning' : 'success'} icon="tick" data-testid="custodian-return-result" className="export-result">
              {shown.replayed ? t('custodianReturn.replayed') : t('custodianReturn.applied', { acquired: shown.acquired_count, undone: shown.undone_count })}
            </Callout>
          )}
          <RecordsTable<LineRow> testId="custodian-return-lines" loading={false} rows={rowsOf(shown.lines)} columns={LINE_COLUMNS} />
        </section>
      )}
      <h4>{t('custodianReturn.historyTitle')}</h4>
      <RecordsTable<CustodianReturnSummary>
        testId="custodian-return-history"
        loading={history.isFetching && !history.data}
        error={history.error ? errorText(history.error, t) : null}
        rows={history.data}
        columns={[
          { id: 'file', title: 'custodianReturn.columns.fileName', width: 160, kind: 'identifier', field: 'file_name' },
          { id: 'applied_on', title: 'custodianReturn.columns.appliedOn', width: 100, kind: 'date', text: (r) => formatDate(r.applied_on) },
          { id: 'lines', title: 'custodianReturn.columns.lines', width: 60, kind: 'integer', field: 'line_count' },
          { id: 'acquired', title: 'custodianReturn.columns.acquired', width: 90, kind: 'integer', field: 'acquired_count' },
          { id: 'undone', title: 'custodianReturn.columns.undone', width: 90, kind: 'integer', field: 'undone_count' },
          { id: 'actor', title: 'custodianReturn.columns.actor', width: 140, text: (r) => r.actor_name ?? '' },
        ]}
        actions={{
          title: t('custodianReturn.actions'),
          render: (r) => (
            <Button small icon="eye-open" data-testid={`custodian-return-view-${r.id}`} onClick={() => flow.view(r.id)}>
              {t('custodianReturn.view')}
            </Button>
          ),
        }}
      />
    </section>
  );
}
