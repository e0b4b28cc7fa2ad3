/**
 * /boavista/boa-vista/:id (id = solicitation): the solicitation's latest
 * bureau lookup, the person's lookup history, a new (billable) lookup behind
 * a confirmation, and the report saved as a PDF by the main process.
 */
import { Button, Callout, Card, Dialog, DialogBody, DialogFooter, FormGroup, H2, HTMLSelect, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { BureauReport } from '@shared/contract';
import { formatCurrency, formatDateTime } from '@shared/format';
import { bridge } from '../../api/client';
import { ApiError, errorText, isApiError } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { StaleBanner } from '@kit/StaleBanner';
import { DocumentLookupDialog } from './DocumentLookupDialog';
import { ReportView } from './ReportView';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { useBureauLookup } from './useBureauLookup';

/**
 * The main process words every 5xx the same way (an internal error is no
 * business of the user's); a bureau that is down (502) or too slow (504) is
 * news the user can act on, so it gets its own message.
 */
function lookupErrorText(e: unknown, t: (key: string) => string): string {
  if (isApiError(e) && e.status === 502) return t('bureau.unavailable');
  if (isApiError(e) && e.status === 504) return t('bureau.timeout');
  return errorText(e, t);
}

function SavePdfButton({ report }: { report: BureauReport }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setSaved(null);
    try {
      const result = await bridge().files.download('bureau.pdf', { id: report.id }, { fileName: `consulta-biro-${report.id}` });
      if (result.error) toast.failure(errorText(new ApiError(result), t));
      else if (result.data) setSaved(result.data.path);
    } catch {
      toast.failure();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon="document" data-testid="bureau-save-pdf" loading={busy} onClick={() => void save()}>
        {t('bureau.savePdf')}
      </Button>
      {saved && (
        <Callout intent="success" icon="tick" data-testid="bureau-pdf-saved" className="export-result">
          {t('bureau.saved', { path: saved })}
        </Callout>
      )}
    </>
  );
}

export function BureauLookupScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const lookup = useBureauLookup(id);
  const userId = lookup.data?.solicitation.user_id ?? 0;
  const history = useApiQuery('bureau.person', { id: userId }, { enabled: userId > 0 });
  const models = useApiQuery('bureau.models', {});
  const [selected, setSelected] = useState<number | null>(null);
  const chosen = useApiQuery('bureau.report', { id: selected ?? 0 }, { enabled: selected !== null });
  const run = useApiMutation('bureau.newReport', { invalidates: ['bureau.bySolicitation', 'bureau.person'] });
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState('');
  const [modelId, setModelId] = useState<number | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  // Set synchronously on the first click: a double click's second event comes before React re-renders with isPending.
  const running = useRef(false);
  const [other, setOther] = useState(false);

  if (!valid) return <Callout intent="danger" data-testid="bureau-error">{t('bureau.invalidId')}</Callout>;
  if (lookup.error) return <Callout intent="danger" data-testid="bureau-error">{errorText(lookup.error, t)}</Callout>;
  if (!lookup.data) return <Spinner />;
  const { solicitation, person, latest } = lookup.data;
  const report = selected !== null ? (chosen.data ?? null) : latest;
  const activeModels = (models.data ?? []).filter((m) => m.active);
  const kind = solicitation.document && solicitation.document.replace(/\W/g, '').length === 14 ? 'PJ' : 'PF';
  const defaultModel = activeModels.find((m) => m.label.includes(kind)) ?? activeModels[0];

  const openConfirm = () => {
    // One key per confirmation: repeating this confirmation never runs a second, billed lookup.
    setKey(newIdempotencyKey());
    setModelId(defaultModel?.id ?? null);
    setRunError(null);
    setConfirming(true);
  };
  const confirm = async () => {
    if (running.current) return;
    running.current = true;
    setRunError(null);
    try {
      const answer = await run.mutateAsync({ solicitation_id: solicitation.id, idempotency_key: key, ...(modelId ? { model_id: modelId } : {}) });
      setConfirming(false);
      setSelected(null);
      toast.success(answer.replayed ? t('bureau.replayed', { id: answer.report.id }) : t('bureau.done', { id: answer.report.id }));
    } catch (e) {
      setRunError(lookupErrorText(e, t));
    } finally {
      running.current = false;
    }
  };

  return (
    <div className="screen" data-testid="bureau-screen">
      {lookup.stale && <StaleBanner at={lookup.cachedAt} testId="bureau-stale" />}
      <div className="toolbar">
        <Button icon="arrow-left" onClick={() => navigate(-1)}>
          {t('bureau.back')}
        </Button>
        <div className="app-header-spacer" />
        {report && <SavePdfButton key={report.id} report={report} />}
        <Button icon="search-template" data-testid="bureau-other" disabled={run.isPending} onClick={() => setOther(true)}>
          {t('bureau.other')}
        </Button>
        <Button intent="primary" icon="search" data-testid="bureau-new" disabled={!solicitation.document || run.isPending} onClick={openConfirm}>
          {t('bureau.newLookup')}
        </Button>
      </div>
      <Card>
        <H2 className="heading-as-h3" data-testid="bureau-solicitation">{t('bureau.solicitation', { id: solicitation.id })}</H2>
        <HTMLTable compact className="bureau-facts">
          <tbody>
            <tr>
              <th scope="row">{t('bureau.applicant')}</th>
              <td data-testid="bureau-applicant">{solicitation.name}</td>
            </tr>
            <tr>
              <th scope="row">{t('bureau.document')}</th>
              <td data-testid="bureau-document">{solicitation.document ?? t('bureau.noDocument')}</td>
            </tr>
            <tr>
              <th scope="row">{t('bureau.requestedValue')}</th>
              <td>{formatCurrency(solicitation.lending_value)}</td>
            </tr>
            <tr>
              <th scope="row">{t('bureau.status')}</th>
              <td>
                <Tag minimal>{t(`dashboard.status.${solicitation.status}`)}</Tag>
              </td>
            </tr>
          </tbody>
        </HTMLTable>
      </Card>

      {report ? (
        <ReportView report={report} />
      ) : selected !== null ? (
        <Spinner />
      ) : (
        <Callout intent="primary" icon="info-sign" data-testid="bureau-no-report">
          {t('bureau.noReport')}
        </Callout>
      )}

      {person && (
        <Card data-testid="bureau-history">
          <H2 className="heading-as-h3">{t('bureau.history', { name: person.name })}</H2>
          {history.data && history.data.items.length === 0 && <p>{t('bureau.historyEmpty')}</p>}
          {history.data && history.data.items.length > 0 && (
            <HTMLTable compact striped interactive className="bureau-table">
              <thead>
                <tr>
                  <th scope="col">{t('bureau.columns.report')}</th>
                  <th scope="col">{t('bureau.columns.date')}</th>
                  <th scope="col" className="numeric">{t('bureau.score')}</th>
                  <th scope="col">{t('bureau.columns.model')}</th>
                  <th scope="col">{t('bureau.columns.origin')}</th>
                  <th scope="col">{t('bureau.columns.requestedBy')}</th>
                  <th scope="col"><span className="bp6-text-muted">{t('bureau.view')}</span></th>
                </tr>
              </thead>
              <tbody>
                {history.data.items.map((item) => {
                  const showing = report?.id === item.id;
                  return (
                    <tr key={item.id} data-testid="bureau-history-row" data-report-id={item.id}>
                      <td>nº {item.id}</td>
                      <td>{formatDateTime(item.created_at)}</td>
                      <td className="numeric">{item.score ?? ''}</td>
                      <td>{item.model_label ?? ''}</td>
                      <td>{item.solicitation_id ? t('bureau.originSolicitation', { id: item.solicitation_id }) : t('bureau.originDocument')}</td>
                      <td>{item.requested_by_name ?? ''}</td>
                      <td>
                        {showing ? (
                          <Tag minimal intent="primary">{t('bureau.viewing')}</Tag>
                        ) : (
                          <Button small minimal icon="eye-open" aria-label={`${t('bureau.view')} nº ${item.id}`} onClick={() => setSelected(item.id === latest?.id ? null : item.id)}>
                            {t('bureau.view')}
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          )}
        </Card>
      )}

      <DocumentLookupDialog
        isOpen={other}
        models={models.data ?? []}
        onClose={() => setOther(false)}
        onDone={(made, replayed) => {
          setOther(false);
          setSelected(made.id);
          toast.success(replayed ? t('bureau.replayed', { id: made.id }) : t('bureau.done', { id: made.id }));
        }}
      />

      <Dialog isOpen={confirming} title={t('bureau.confirmTitle')} onClose={run.isPending ? undefined : () => setConfirming(false)} canOutsideClickClose={!run.isPending}>
        <DialogBody>
          <Callout intent="warning" icon="dollar" data-testid="bureau-billable">
            {t('bureau.billable')}
          </Callout>
          <FormGroup label={t('bureau.model')} labelFor="bureau-model" className="bureau-model">
            <HTMLSelect
              id="bureau-model"
              data-testid="bureau-model"
              value={modelId ?? ''}
              disabled={run.isPending}
              onChange={(e) => setModelId(Number(e.currentTarget.value))}
              options={activeModels.map((m) => ({ value: m.id, label: m.label }))}
            />
          </FormGroup>
          {runError && (
            <Callout intent="danger" data-testid="bureau-run-error">
              {runError}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button data-testid="confirm-dialog-cancel" disabled={run.isPending} onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
              <Button intent="primary" data-testid="bureau-confirm" loading={run.isPending} disabled={run.isPending} onClick={() => void confirm()}>
                {run.isPending ? t('bureau.running') : t('bureau.confirm')}
              </Button>
            </>
          }
        />
      </Dialog>
    </div>
  );
}
