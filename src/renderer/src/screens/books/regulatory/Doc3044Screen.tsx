/**
 * SCR — Doc 3044 (eventos) (/app/company-operation/books/regulatory/doc3044): the queue of
 * events the Central Bank must receive within five business days
 * (doc3044.list: status tags, late ones in red with their days, the queue's
 * totals), "Gerar arquivo" (doc3044.generate, then doc3044.file saved by the
 * main process), and "Marcar como enviado" per event or per remittance after
 * a confirmation (doc3044.markSent). The remittances made are listed
 * (doc3044.files). Drawn on the report kit (ReportScreen: title, intro, the
 * filter row with "Mostrar" and the screen's "Gerar arquivo", the answer).
 */
import { Button, Callout, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { PeriodFields, ReportScreen } from '@kit/ReportKit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Doc3044File, ScrEvent, ScrEventStatus } from '@shared/contract/regulatory-3044';
import { operationNumber } from '@shared/contract/credit-operations';
import { formatDateTime } from '@shared/format';
import { bridge, callApi } from '../../../api/client';
import { ApiError, errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { RecordsTable } from '@kit/RecordsTable';
import { newIdempotencyKey } from '@kit/idempotencyKey';

type Filter = { status?: ScrEventStatus; from?: string; to?: string };
type Confirming = { kind: 'event'; event: ScrEvent } | { kind: 'file'; file: Doc3044File };

const STATUS_INTENT = { pending: 'warning', late: 'danger', sent: 'success', void: 'none' } as const;

export function Doc3044Screen() {
  const { t } = useTranslation();
  const toast = useToast();
  const [typed, setTyped] = useState<Filter>({});
  const [filter, setFilter] = useState<Filter>({});
  const events = useApiQuery('doc3044.list', { filter, limit: 500 });
  const files = useApiQuery('doc3044.files', {});
  const [generating, setGenerating] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const mark = useApiMutation('doc3044.markSent', { invalidates: ['doc3044.list', 'doc3044.files'] });
  const data = events.data;

  const generate = async () => {
    setGenerating(true);
    setSaved(null);
    try {
      const file = await callApi('doc3044.generate', { idempotency_key: newIdempotencyKey() });
      await Promise.all([events.refetch(), files.refetch()]);
      const result = await bridge().files.download('doc3044.file', { fileId: file.id }, { fileName: `doc3044-${file.generated_on}-${String(file.id).padStart(4, '0')}` });
      if (result.error) toast.failure(errorText(new ApiError(result), t));
      else if (result.data) setSaved(t('doc3044.generated', { id: file.id, count: file.event_count, path: result.data.path }));
    } catch (e) {
      toast.failure(e instanceof ApiError ? errorText(e, t) : undefined);
    } finally {
      setGenerating(false);
    }
  };

  const download = async (file: Doc3044File) => {
    const result = await bridge().files.download('doc3044.file', { fileId: file.id }, { fileName: `doc3044-${file.generated_on}-${String(file.id).padStart(4, '0')}` });
    if (result.error) toast.failure(errorText(new ApiError(result), t));
    else if (result.data) setSaved(result.data.path);
  };

  const confirmMark = async () => {
    if (!confirming) return;
    try {
      const args = confirming.kind === 'event' ? { event_ids: [confirming.event.id] } : { file_id: confirming.file.id };
      const answer = await mark.mutateAsync({ idempotency_key: newIdempotencyKey(), ...args });
      toast.success(t('doc3044.marked', { count: answer.marked }));
      setConfirming(null);
    } catch (e) {
      toast.failure(e instanceof ApiError ? errorText(e, t) : undefined);
    }
  };

  const statusText = (e: ScrEvent) => (e.status === 'late' ? t('doc3044.lateDays', { count: e.days_late }) : t(`doc3044.status.${e.status}`));

  return (
    <ReportScreen
      testId="doc3044"
      className="books-doc3044"
      title={t('doc3044.title')}
      intro={t('doc3044.intro')}
      fields={
        <>
          <FormGroup label={t('doc3044.filters.status')} labelFor="doc3044-status">
            <HTMLSelect
              id="doc3044-status"
              data-testid="doc3044-status"
              value={typed.status ?? ''}
              onChange={(e) => setTyped({ ...typed, status: (e.currentTarget.value || undefined) as ScrEventStatus | undefined })}
              options={[
                { value: '', label: t('doc3044.filters.all') },
                ...(['pending', 'late', 'sent', 'void'] as const).map((s) => ({ value: s, label: t(`doc3044.status.${s}`) })),
              ]}
            />
          </FormGroup>
          <PeriodFields
            idPrefix="doc3044"
            from={typed.from ?? ''}
            to={typed.to ?? ''}
            onFrom={(v) => setTyped({ ...typed, from: v || undefined })}
            onTo={(v) => setTyped({ ...typed, to: v || undefined })}
            fromLabel={t('doc3044.filters.from')}
            toLabel={t('doc3044.filters.to')}
          />
        </>
      }
      showLabel={t('doc3044.filters.show')}
      onShow={() => setFilter(typed)}
      actions={
        <Button icon="export" loading={generating} disabled={!data || data.totals.pending === 0} data-testid="doc3044-generate" onClick={() => void generate()}>
          {t('doc3044.generate')}
        </Button>
      }
      asked
      error={events.error}
      files={null}
    >
      {data ? (
        <>
          <Callout intent={data.totals.late > 0 ? 'danger' : 'primary'} icon={data.totals.late > 0 ? 'warning-sign' : 'info-sign'} data-testid="doc3044-totals">
            {t('doc3044.totals', data.totals)}
          </Callout>
          {saved && (
            <Callout intent="success" icon="tick" data-testid="doc3044-saved" className="export-result">
              {saved}
            </Callout>
          )}
          <RecordsTable<ScrEvent>
            testId="doc3044-table"
            loading={events.isFetching && !data}
            rows={data.items}
            emptyHint={t('doc3044.empty')}
            columns={[
              { id: 'event_date', title: 'doc3044.columns.eventDate', kind: 'date', field: 'event_date' },
              // A correction reads with its tipo de ação: "Pagamento — exclusão".
              { id: 'kind', title: 'doc3044.columns.kind', text: (r) => (r.acao > 1 ? t('doc3044.correction', { kind: t(`doc3044.kind.${r.kind}`), acao: t(`doc3044.acao.${r.acao}`) }) : t(`doc3044.kind.${r.kind}`)) },
              { id: 'operation', title: 'doc3044.columns.operation', kind: 'identifier', text: (r) => operationNumber(r.credit_operation_id) },
              { id: 'borrower', title: 'doc3044.columns.borrower', field: 'borrower_name' },
              { id: 'amount', title: 'doc3044.columns.amount', kind: 'money', field: 'amount' },
              { id: 'balance', title: 'doc3044.columns.balance', kind: 'money', field: 'balance_after' },
              { id: 'deadline', title: 'doc3044.columns.deadline', kind: 'date', field: 'deadline' },
              {
                id: 'status',
                title: 'doc3044.columns.status',
                kind: 'status',
                field: 'status',
                text: statusText,
                intent: (v) => STATUS_INTENT[v as ScrEventStatus] ?? 'none',
                testId: (r) => `doc3044-status-${r.id}`,
              },
            ]}
            actions={{
              title: '',
              render: (r) =>
                r.status === 'sent' || r.status === 'void' ? null : (
                  // Icon only, named for the screen reader and on hover: the row's kind and status read whole at 1280.
                  <Button
                    small
                    icon="tick"
                    aria-label={t('doc3044.markSent')}
                    title={t('doc3044.markSent')}
                    data-testid={`doc3044-mark-${r.id}`}
                    onClick={() => setConfirming({ kind: 'event', event: r })}
                  />
                ),
            }}
          />
          <h3>{t('doc3044.files')}</h3>
          <RecordsTable<Doc3044File>
            testId="doc3044-files"
            loading={files.isFetching && !files.data}
            rows={files.data?.items}
            emptyHint={t('doc3044.noFiles')}
            columns={[
              { id: 'id', title: 'doc3044.columns.file', kind: 'integer', field: 'id' },
              { id: 'generated_on', title: 'doc3044.columns.generatedOn', kind: 'date', field: 'generated_on' },
              { id: 'events', title: 'doc3044.columns.events', kind: 'integer', field: 'event_count' },
              { id: 'sent_at', title: 'doc3044.columns.sentAt', text: (f) => (f.sent_at ? `${formatDateTime(f.sent_at)} — ${f.sent_by_name ?? ''}` : '') },
            ]}
            actions={{
              title: '',
              render: (f) => (
                <>
                  <Button small icon="download" data-testid={`doc3044-download-${f.id}`} onClick={() => void download(f)}>
                    {t('doc3044.download')}
                  </Button>{' '}
                  {f.sent_at === null && f.pending_count > 0 && (
                    <Button small icon="tick" data-testid={`doc3044-mark-file-${f.id}`} onClick={() => setConfirming({ kind: 'file', file: f })}>
                      {t('doc3044.markFileSent')}
                    </Button>
                  )}
                </>
              ),
            }}
          />
          <ConfirmDialog
            isOpen={confirming !== null}
            title={t('doc3044.confirmTitle')}
            confirmText={t('doc3044.markSent')}
            onClose={() => setConfirming(null)}
            onConfirm={confirmMark}
          >
            <p data-testid="doc3044-confirm-text">
              {confirming?.kind === 'event'
                ? t('doc3044.confirmEvents', { count: 1 })
                : confirming?.kind === 'file'
                  ? t('doc3044.confirmFile', { count: confirming.file.pending_count, id: confirming.file.id })
                  : ''}
            </p>
          </ConfirmDialog>
        </>
      ) : null}
    </ReportScreen>
  );
}
