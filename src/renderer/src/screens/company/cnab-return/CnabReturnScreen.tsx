/**
 * A bank's CNAB 240 return files (/app/company-operation/cnab-integration/:bankId,
 * bankId = the bank code), through the kit's return-file steps (useReturnFile):
 * choose the file, preview what each line says and
 * what settling would do (cnabReturn.preview, nothing written), settle it
 * behind a confirmation that states the amounts (cnabReturn.settle, one
 * idempotency key per confirmed intent), see the result, and the files
 * imported before with their lines (cnabReturn.history / cnabReturn.get).
 * Declarations on the kit: RecordsTable columns and MoneyConfirmDialog rows.
 */
import { Button, Callout, type Intent } from '@blueprintjs/core';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { contract } from '@shared/contract';
import type { RemittanceBankCode } from '@shared/contract/company-remittance';
import type { ReturnFileSummary, ReturnLine, ReturnLineOutcome, ReturnPreview, ReturnSettlement } from '@shared/contract/company-cnab-return';
import { formatCurrency, formatDate } from '@shared/format';
import { errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { MoneyConfirmDialog } from '@kit/MoneyConfirmDialog';
import { RecordsTable } from '@kit/RecordsTable';
import { RoleGate } from '@kit/RoleGate';
import { useReturnFile } from '@kit/useReturnFile';
import type { ColumnDecl } from '@kit/list/columns';

type LineRow = ReturnLine & { id: number };

const OUTCOME_INTENT: Record<ReturnLineOutcome, Intent> = {
  settled: 'success',
  rejected: 'danger',
  confirmed: 'primary',
  written_off: 'none',
  recorded: 'none',
  unmatched: 'warning',
  already_paid: 'warning',
  duplicate: 'none',
  refused: 'danger',
};

const LINE_COLUMNS: readonly ColumnDecl<LineRow>[] = [
  { id: 'line', title: 'cnabReturn.columns.line', width: 50, kind: 'integer', field: 'line' },
  // The code alone (the outcome tag says what it did, the bank's words close the row), so the amounts and dates fit at 1024 px.
  { id: 'movement', title: 'cnabReturn.columns.movement', kind: 'identifier', field: 'movement' },
  {
    id: 'outcome',
    title: 'cnabReturn.columns.outcome',
    width: 130,
    kind: 'status',
    field: 'outcome',
    labels: 'cnabReturn.outcomes',
    intent: (v) => OUTCOME_INTENT[v as ReturnLineOutcome] ?? 'none',
    testId: (r) => `cnab-return-outcome-${r.line}`,
  },
  { id: 'our_number', title: 'cnabReturn.columns.ourNumber', width: 130, kind: 'identifier', field: 'our_number' },
  { id: 'reference', title: 'cnabReturn.columns.reference', width: 120, kind: 'identifier', text: (r) => r.reference ?? '—' },
  { id: 'borrower', title: 'cnabReturn.columns.borrower', width: 170, text: (r) => r.borrower_name ?? '—' },
  { id: 'paid', title: 'cnabReturn.columns.paid', width: 100, kind: 'money', field: 'paid' },
  { id: 'fee', title: 'cnabReturn.columns.fee', width: 80, kind: 'money', field: 'fee' },
  { id: 'occurred', title: 'cnabReturn.columns.occurredOn', width: 100, kind: 'date', text: (r) => (r.occurred_on ? formatDate(r.occurred_on) : '—') },
  { id: 'credited', title: 'cnabReturn.columns.creditedOn', width: 100, kind: 'date', text: (r) => (r.credited_on ? formatDate(r.credited_on) : '—') },
  {
    id: 'reasons',
    title: 'cnabReturn.columns.reasons',
    width: 260,
    text: (r) => [`${r.movement} ${r.movement_words}`, ...r.reasons.map((x) => `${x.code} ${x.words}`), ...(r.message ? [r.message] : [])].join(' · '),
  },
];

const rowsOf = (lines: readonly ReturnLine[]): LineRow[] => lines.map((l) => ({ ...l, id: l.line }));

export function CnabReturnScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const bankCode = useParams().bankId ?? '';
  // The route's code as the contract types it; another code is answered by the server with a 400 naming bankCode.
  const bank = bankCode as RemittanceBankCode;
  const history = useApiQuery('cnabReturn.history', { bankCode: bank });
  const previewCall = useApiMutation('cnabReturn.preview');
  const settle = useApiMutation('cnabReturn.settle', { invalidates: ['cnabReturn.history'] });
  const flow = useReturnFile<ReturnPreview, ReturnSettlement>((opened) => previewCall.mutateAsync({ bankCode: bank, file_name: opened.name, content: opened.text }));
  const { file, preview, confirming, viewing } = flow;
  const detail = useApiQuery('cnabReturn.get', { bankCode: bank, returnId: viewing ?? 0 }, { enabled: viewing !== null });

  const totals = preview?.totals;
  const shown = viewing !== null ? (detail.data ?? null) : flow.result;

  return (
    <div className="company-cnab-return" data-testid="cnab-return">
      <h2>{t('cnabReturn.title', { bank: bankCode })}</h2>
      <p className="bp6-text-muted">
        {t('cnabReturn.intro')} <Link to={`/app/company-operation/banks/${bankCode}/remessa`}>{t('shell.crumbs.remittance')}</Link>
      </p>
      <Button icon="document-open" data-testid="cnab-return-choose" loading={flow.choosing || previewCall.isPending} onClick={() => void flow.choose()}>
        {t('cnabReturn.choose')}
      </Button>
      {flow.problem && (
        <Callout intent="danger" data-testid="cnab-return-problem" className="export-result">
          {flow.problem}
        </Callout>
      )}
      {file && preview && totals && (
        <section aria-label={t('cnabReturn.previewTitle')}>
          <h3>{t('cnabReturn.previewTitle')}</h3>
          <p data-testid="cnab-return-file">{t('cnabReturn.file', { name: file.name, account: preview.account_label, nsa: Number(preview.file_sequence) })}</p>
          {preview.imported_as !== null && (
            <Callout intent="warning" data-testid="cnab-return-already">
              {t('cnabReturn.alreadyImported')}
            </Callout>
          )}
          <p data-testid="cnab-return-totals">
            {t('cnabReturn.totals', {
              lines: totals.line_count,
              settled: totals.settled_count,
              settledTotal: formatCurrency(totals.settled_total),
              fees: formatCurrency(totals.fee_total),
              rejected: totals.rejected_count,
              unmatched: totals.unmatched_count,
              notSettled: totals.not_settled_count,
            })}
          </p>
          <RecordsTable<LineRow> testId="cnab-return-preview" loading={false} rows={rowsOf(preview.lines)} columns={LINE_COLUMNS} />
          <RoleGate roles={contract['cnabReturn.settle'].access}>
            <Button intent="primary" icon="tick-circle" data-testid="cnab-return-settle" disabled={preview.imported_as !== null} onClick={flow.askConfirmation}>
              {t('cnabReturn.settle')}
            </Button>
          </RoleGate>
          {confirming && (
            <MoneyConfirmDialog
              title={t('cnabReturn.confirmTitle', { name: file.name })}
              consequence={
                <>
                  <p>{t('cnabReturn.confirmConsequence')}</p>
                  <p>{t('cnabReturn.confirmRejected', { count: totals.rejected_count })}</p>
                </>
              }
              amountsTestId="cnab-return-confirm-amounts"
              rows={[
                { label: t('cnabReturn.confirmSettled', { count: totals.settled_count }), amount: totals.settled_total, id: 'settled', strong: true },
                { label: t('cnabReturn.confirmFees'), amount: totals.fee_total, id: 'fees' },
              ]}
              confirmText={t('cnabReturn.confirm')}
              busyText={t('cnabReturn.settling')}
              confirmTestId="cnab-return-confirm"
              busy={settle.isPending}
              onConfirm={async () => {
                try {
                  const done = await settle.mutateAsync({ bankCode: bank, file_name: file.name, content: file.text, idempotency_key: confirming });
                  flow.done(done);
                } catch (error) {
                  toast.failure(errorText(error, t));
                }
              }}
              onClose={flow.closeConfirmation}
            />
          )}
        </section>
      )}
      {shown && (
        <section aria-label={t('cnabReturn.resultTitle', { name: shown.file.file_name })}>
          <h3>{t('cnabReturn.resultTitle', { name: shown.file.file_name })}</h3>
          {viewing === null && (
            <Callout intent={shown.already_imported ? 'warning' : 'success'} icon="tick" data-testid="cnab-return-result" className="export-result">
              {shown.already_imported
                ? t('cnabReturn.resultAgain', { date: formatDate(shown.file.imported_on) })
                : t('cnabReturn.result', {
                    settled: shown.totals.settled_count,
                    settledTotal: formatCurrency(shown.totals.settled_total),
                    fees: formatCurrency(shown.totals.fee_total),
                    rejected: shown.totals.rejected_count,
                  })}
            </Callout>
          )}
          <RecordsTable<LineRow> testId="cnab-return-lines" loading={false} rows={rowsOf(shown.lines)} columns={LINE_COLUMNS} />
        </section>
      )}
      <h3>{t('cnabReturn.historyTitle')}</h3>
      <RecordsTable<ReturnFileSummary>
        testId="cnab-return-history"
        loading={history.isFetching && !history.data}
        error={history.error ? errorText(history.error, t) : null}
        rows={history.data}
        columns={[
          { id: 'file', title: 'cnabReturn.columns.fileName', width: 160, kind: 'identifier', field: 'file_name' },
          { id: 'imported_on', title: 'cnabReturn.columns.importedOn', width: 100, kind: 'date', text: (r) => formatDate(r.imported_on) },
          { id: 'lines', title: 'cnabReturn.columns.lines', width: 60, kind: 'integer', field: 'line_count' },
          { id: 'settled', title: 'cnabReturn.columns.settled', width: 80, kind: 'integer', field: 'settled_count' },
          { id: 'total', title: 'cnabReturn.columns.total', width: 110, kind: 'money', field: 'settled_total' },
          { id: 'fees', title: 'cnabReturn.columns.fees', width: 90, kind: 'money', field: 'fee_total' },
          { id: 'actor', title: 'cnabReturn.columns.actor', width: 140, text: (r) => r.actor_name ?? '' },
        ]}
        actions={{
          title: t('cnabReturn.actions'),
          render: (r) => (
            <Button small icon="eye-open" data-testid={`cnab-return-view-${r.id}`} onClick={() => flow.view(r.id)}>
              {t('cnabReturn.view')}
            </Button>
          ),
        }}
      />
    </div>
  );
}
