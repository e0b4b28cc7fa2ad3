/**
 * SCR — Doc 3040 (/app/company-operation/books/regulatory/doc3040): pick a
 * data-base month, "Verificar" runs every offline rule over the month's file
 * (doc3040.check) and lists what fails by client and operation with the rule,
 * what to fix and its source; "Gerar e salvar" (enabled once the month passes)
 * asks to confirm, then saves each part through the main process, which
 * streams the server's answer to disk (files.download of doc3040.file, one
 * call per part). The files saved in this session are listed with their
 * folder.
 */
import { Button, Callout, FormGroup, HTMLSelect, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedDownload } from '@shared/bridge';
import type { Doc3040Check, Doc3040Failure } from '@shared/contract/regulatory-3040';
import { formatDate } from '@shared/format';
import { bridge, callApi } from '../../../api/client';
import { ApiError, errorText } from '../../../api/errors';
import { useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { RecordsTable } from '@kit/RecordsTable';

/** How many months back from the business date's the picker offers. */
const MONTHS_BACK = 24;

/** The months offered, newest first (the business date's month first), named in the screen's language. */
function monthOptions(current: string, language: string): Array<{ value: string; label: string }> {
  const [year, month] = current.split('-').map(Number);
  const name = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return Array.from({ length: MONTHS_BACK + 1 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - i, 1));
    return { value: d.toISOString().slice(0, 7), label: name.format(d) };
  });
}

type FailureRow = Doc3040Failure & { id: number };

const FILE_PREFIX = 'Doc3040_';

export function Doc3040Screen() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  // The business date's month: the balancete's answer when no month is sent (both are the administrators').
  const current = useApiQuery('ledger.balancete', {}).data?.month;
  const [typed, setTyped] = useState<string | null>(null);
  const month = typed ?? (current ? monthOptions(current, i18n.language)[1].value : '');
  const [checking, setChecking] = useState(false);
  const [check, setCheck] = useState<Doc3040Check | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedDownload[]>([]);

  const refreshSaved = async () => {
    try {
      setSaved((await bridge().files.downloads()).filter((d) => d.name.startsWith(FILE_PREFIX)));
    } catch {
      setSaved([]);
    }
  };
  useEffect(() => {
    void refreshSaved();
  }, []);

  const runCheck = async () => {
    if (!month) return;
    setChecking(true);
    setError(null);
    setCheck(null);
    try {
      setCheck(await callApi('doc3040.check', { month }));
    } catch (e) {
      setError(e instanceof ApiError ? errorText(e, t) : t('errors.server'));
    } finally {
      setChecking(false);
    }
  };

  const generate = async () => {
    if (!check) return;
    setConfirming(false);
    try {
      for (let part = 1; part <= check.parts; part++) {
        setProgress(t('scr3040.saving', { part, parts: check.parts }));
        const result = await bridge().files.download('doc3040.file', { month: check.month, part }, { fileName: `${FILE_PREFIX}${check.month}_P${part}` });
        if (result.error) {
          toast.failure(errorText(new ApiError(result), t));
          break;
        }
        if (!result.data) break; // the person cancelled the save dialog
        toast.success(t('scr3040.saved', { part, path: result.data.path }));
      }
    } catch {
      toast.failure();
    } finally {
      setProgress(null);
      await refreshSaved();
    }
  };

  const rows: FailureRow[] | undefined = check?.failures.map((f, i) => ({ ...f, id: i + 1 }));
  const options = current ? monthOptions(current, i18n.language) : [];

  return (
    <div className="screen books-doc3040" data-testid="doc3040">
      <h2>{t('scr3040.title')}</h2>
      <p className="bp6-text-muted">{t('scr3040.intro')}</p>
      <form
        className="company-remittance-pick"
        onSubmit={(e) => {
          e.preventDefault();
          void runCheck();
        }}
      >
        <FormGroup label={t('scr3040.month')} labelFor="doc3040-month">
          <HTMLSelect
            id="doc3040-month"
            value={month}
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setCheck(null);
              setError(null);
            }}
            data-testid="doc3040-month"
            options={options}
          />
        </FormGroup>
        <Button type="submit" intent="primary" icon="search" loading={checking} disabled={!month} data-testid="doc3040-check">
          {t('scr3040.check')}
        </Button>
        <Button
          icon="floppy-disk"
          disabled={!check || check.failures.length > 0 || progress !== null}
          title={check && check.failures.length > 0 ? t('scr3040.generateAnyway') : undefined}
          loading={progress !== null}
          onClick={() => setConfirming(true)}
          data-testid="doc3040-generate"
        >
          {t('scr3040.generate')}
        </Button>
      </form>
      {checking && <Spinner />}
      {error && (
        <Callout intent="danger" data-testid="doc3040-error">
          {error}
        </Callout>
      )}
      {progress && <p data-testid="doc3040-progress">{progress}</p>}
      {check && (
        <>
          <p data-testid="doc3040-summary">
            {t('scr3040.summary', {
              closedOn: formatDate(check.closed_on),
              baseDate: formatDate(check.base_date),
              clients: check.clients,
              aggregated: check.aggregated_clients,
              operations: check.operations,
              parts: check.parts,
            })}
          </p>
          <Callout intent={check.failures.length ? 'danger' : 'success'} icon={check.failures.length ? 'error' : 'tick'} data-testid="doc3040-result">
            {check.failures.length ? t('scr3040.failed', { count: check.failures.length }) : t('scr3040.passed')}
            {check.truncated && <> {t('scr3040.truncated')}</>}
          </Callout>
          {rows && rows.length > 0 && (
            // Each failure says what to fix: its cells wrap instead of being cut (list.css, rt-wrap).
            <div className="rt-wrap">
              <RecordsTable<FailureRow>
                testId="doc3040-failures"
                loading={false}
                rows={rows}
                columns={[
                  { id: 'client', title: 'scr3040.columns.client', text: (r) => (r.client ? `${r.client_name ?? ''} (${r.client})` : '—') },
                  { id: 'operation', title: 'scr3040.columns.operation', text: (r) => r.operation ?? '—' },
                  { id: 'rule', title: 'scr3040.columns.rule', text: (r, tr) => tr(`scr3040.rules.${r.rule}.title`) },
                  { id: 'where', title: 'scr3040.columns.where', text: (r) => `${r.element}${r.attribute ? `@${r.attribute}` : ''}${r.value !== null ? ` = ${r.value}` : ''}` },
                  { id: 'fix', title: 'scr3040.columns.fix', width: 2, text: (r, tr) => tr(`scr3040.rules.${r.rule}.fix`) },
                  { id: 'source', title: 'scr3040.columns.source', width: 2, field: 'source' },
                ]}
              />
            </div>
          )}
        </>
      )}
      <h3>{t('scr3040.savedTitle')}</h3>
      {saved.length === 0 ? (
        <p className="bp6-text-muted" data-testid="doc3040-none-saved">
          {t('scr3040.noneSaved')}
        </p>
      ) : (
        <ul data-testid="doc3040-saved">
          {saved.map((d) => (
            <li key={d.id}>
              {d.name} — {d.folder}{' '}
              <Button small minimal icon="folder-open" onClick={() => void bridge().files.showInFolder(d.id)}>
                {t('scr3040.showInFolder')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={confirming}
        title={t('scr3040.confirmTitle')}
        confirmText={t('scr3040.confirm')}
        onConfirm={generate}
        onClose={() => setConfirming(false)}
      >
        {check && t('scr3040.confirmBody', { parts: check.parts, month: check.month, operations: check.operations })}
      </ConfirmDialog>
    </div>
  );
}
