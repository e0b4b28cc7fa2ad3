/**
 * The parameterized report (/app/company-operation/reports/parameterized):
 * the person ticks the columns of the contract's catalogue (kept in the order
 * ticked, moved up or down), runs the report over the operations report's
 * filters on the list kit, saves it as Excel or PDF through the main process
 * (the server writes the file, main streams it to disk), and saves the
 * definition under a name, shared with everyone who reads reports. The chosen
 * columns, the filters (several statuses at once) and the header sort live in
 * the URL, so opening a saved definition is writing its URL, and
 * back/forward and reload keep the report; the files follow the same filters
 * and sort.
 */
import { Button, Callout, Checkbox, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { OPERATIONS_REPORT_FILTERS } from '@shared/contract/company-reports';
import {
  PARAMETERIZED_COLUMNS,
  PARAMETERIZED_COLUMN_KEYS,
  isParameterizedSort,
  parameterizedColumnTitle,
  type ParameterizedColumn,
  type ParameterizedRow,
  type ParameterizedSort,
  type SavedReport,
} from '@shared/contract/company-report-parameterized';
import { formatDateTime } from '@shared/format';
import { filterDefsOf } from '@kit/list/filters';
import { ListScreen } from '@kit/list/ListScreen';
import { readListState, writeListState, type ListFilter } from '@kit/list/listState';
import { useOperationsReportFilters } from './operationsReportFilters';
import type { CellKind, ColumnDecl } from '@kit/list/columns';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { bridge } from '../../../api/client';
import { ApiError, errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import './parameterized.css';

/** The URL param of the applied columns (the filters keep the operations report's names). */
const COLUMNS_PARAM = 'columns';
const KNOWN = new Set<string>(PARAMETERIZED_COLUMN_KEYS);

const KIND: Partial<Record<ParameterizedColumn, CellKind>> = { id: 'identifier', borrower_document: 'document', status: 'status' };
function kindOf(key: ParameterizedColumn): CellKind {
  const explicit = KIND[key];
  if (explicit) return explicit;
  const format = PARAMETERIZED_COLUMNS.find((c) => c.key === key)!.format;
  return format === 'currency' ? 'money' : format === 'date' ? 'date' : format === 'integer' ? 'integer' : 'text';
}

function columnDecl(key: ParameterizedColumn): ColumnDecl<ParameterizedRow, ParameterizedColumn> {
  // A header sorts by its column on the server when the contract says it can.
  const base = { id: key, title: parameterizedColumnTitle(key), kind: kindOf(key), field: key, ...(isParameterizedSort(key) ? { sort: key } : {}) };
  if (key === 'status') return { ...base, labels: 'creditOperations.status' };
  if (key === 'product') return { ...base, text: (r, t) => (r.product ? t(`creditOperations.products.${String(r.product)}`) : '') };
  if (key === 'borrower_name' || key === 'assignee') return { ...base, width: 180 };
  return base;
}

/** The applied columns in the URL: known keys, once each, in order. */
function appliedColumns(params: URLSearchParams): ParameterizedColumn[] {
  const raw = (params.get(COLUMNS_PARAM) ?? '').split(',').filter((k) => KNOWN.has(k));
  return [...new Set(raw)] as ParameterizedColumn[];
}

/** The filters and sort as the list kit reads them from the URL (what it sends, so the files and a save match the table). */
function currentList(params: URLSearchParams, filters: Parameters<typeof filterDefsOf>[0], columns: readonly ParameterizedColumn[]): { filter: ListFilter; sort: ParameterizedSort | null } {
  // Sortable as the table's headers are: the chosen columns the contract can sort by.
  const state = readListState(params, filterDefsOf(filters), columns.filter(isParameterizedSort));
  const filter: ListFilter = {};
  for (const key of OPERATIONS_REPORT_FILTERS) if (state.filter[key] !== undefined) filter[key] = state.filter[key];
  const sort = state.sort && isParameterizedSort(state.sort.field) ? { field: state.sort.field, order: state.sort.order } : null;
  return { filter, sort };
}

export function ParameterizedReportScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const applied = appliedColumns(params);
  const appliedSig = applied.join(',');
  const [draft, setDraft] = useState<ParameterizedColumn[]>(applied);
  // A saved definition opened (or back/forward) changes the URL: the picker follows it.
  useEffect(() => setDraft(appliedSig ? (appliedSig.split(',') as ParameterizedColumn[]) : []), [appliedSig]);

  const filters = useOperationsReportFilters();

  const toggle = (key: ParameterizedColumn, on: boolean) => setDraft((d) => (on ? [...d, key] : d.filter((k) => k !== key)));
  const move = (index: number, step: -1 | 1) =>
    setDraft((d) => {
      const next = [...d];
      [next[index], next[index + step]] = [next[index + step], next[index]];
      return next;
    });
  const run = () => {
    const next = new URLSearchParams(params);
    next.set(COLUMNS_PARAM, draft.join(','));
    next.delete('page');
    setParams(next);
  };

  const columns = useMemo(() => (appliedSig ? (appliedSig.split(',') as ParameterizedColumn[]).map(columnDecl) : []), [appliedSig]);
  const baseFilter = useMemo(() => ({ columns: appliedSig.split(',') }), [appliedSig]);

  return (
    <div className="company-report-parameterized" data-testid="report-parameterized">
      <h2>{t('reports.parameterized.title')}</h2>
      <p className="bp6-text-muted">{t('reports.parameterized.intro')}</p>
      <SavedReports
        onOpen={(r) => {
          // Written by the list kit's own URL rule: several statuses open all selected, the sort as saved.
          const filter: ListFilter = {};
          for (const [key, value] of Object.entries(r.filter)) if (value !== undefined && value !== '') filter[key] = value;
          const next = writeListState({ page: 1, filter, sort: r.sort ?? undefined }, new URLSearchParams(), filterDefsOf(filters));
          next.set(COLUMNS_PARAM, r.columns.join(','));
          setParams(next);
        }}
      />
      <section className="report-parameterized-columns" aria-labelledby="report-parameterized-columns-title">
        <h3 id="report-parameterized-columns-title">{t('reports.parameterized.pickColumns')}</h3>
        <div className="report-parameterized-catalogue">
          {PARAMETERIZED_COLUMN_KEYS.map((key) => (
            <Checkbox key={key} data-testid={`report-parameterized-col-${key}`} checked={draft.includes(key)} label={t(parameterizedColumnTitle(key))} onChange={(e) => toggle(key, e.currentTarget.checked)} />
          ))}
        </div>
        <h4>{t('reports.parameterized.chosen')}</h4>
        {draft.length === 0 ? (
          <p className="bp6-text-muted">{t('reports.parameterized.none')}</p>
        ) : (
          <ol className="report-parameterized-order" data-testid="report-parameterized-order">
            {draft.map((key, i) => {
              const column = t(parameterizedColumnTitle(key));
              return (
                <li key={key}>
                  <span>{column}</span>
                  <Button size="small" variant="minimal" icon="arrow-up" disabled={i === 0} aria-label={t('reports.parameterized.moveUp', { column })} title={t('reports.parameterized.moveUp', { column })} onClick={() => move(i, -1)} />
                  <Button size="small" variant="minimal" icon="arrow-down" disabled={i === draft.length - 1} aria-label={t('reports.parameterized.moveDown', { column })} title={t('reports.parameterized.moveDown', { column })} onClick={() => move(i, 1)} />
                  <Button size="small" variant="minimal" icon="cross" aria-label={t('reports.parameterized.remove', { column })} title={t('reports.parameterized.remove', { column })} onClick={() => toggle(key, false)} />
                </li>
              );
            })}
          </ol>
        )}
        <Button intent="primary" icon="play" disabled={draft.length === 0} data-testid="report-parameterized-run" onClick={run}>
          {t('reports.parameterized.run')}
        </Button>
      </section>
      {columns.length > 0 && (
        <>
          <FilesAndSave columns={applied} {...currentList(params, filters, applied)} />
          <ListScreen
            testId="report-parameterized"
            emptyHint="emptyHints.reportParameterized"
            operation="report.parameterized"
            baseFilter={baseFilter}
            columns={columns}
            filters={filters}
            notice={(data) => (
              <p data-testid="report-parameterized-count">
                <strong>{t('reports.parameterized.count', { count: data.meta.totalItems })}</strong>
              </p>
            )}
            rowLink={(r) => `/app/clientOperation/analize/${r.id}`}
          />
        </>
      )}
    </div>
  );
}

/** Excel and PDF of the report on screen, and its definition saved under a name. */
function FilesAndSave({ columns, filter, sort }: { columns: ParameterizedColumn[]; filter: ListFilter; sort: ParameterizedSort | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const [savedPath, setSavedPath] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useApiMutation('report.saveReport', { invalidates: ['report.savedReports'] });

  const download = async (format: 'xlsx' | 'pdf') => {
    setBusy(format);
    setSavedPath(null);
    const args = { filter: { ...filter, columns }, sort };
    try {
      const result = format === 'xlsx' ? await bridge().files.download('report.parameterizedExcel', args, {}) : await bridge().files.download('report.parameterizedPdf', args, {});
      if (result.error) toast.failure(errorText(new ApiError(result), t));
      else if (result.data) setSavedPath(result.data.path);
    } catch {
      toast.failure();
    } finally {
      setBusy(null);
    }
  };

  const saveDefinition = () => {
    setNameError(null);
    save.mutate(
      { name, columns, filter, sort },
      {
        onSuccess: (answer) => toast.success(t(answer.replaced ? 'reports.parameterized.savedReplaced' : 'reports.parameterized.savedNew', { name: answer.report.name })),
        onError: (e) => (e.field === 'name' ? setNameError(e.message) : toast.failure(errorText(e, t))),
      },
    );
  };

  return (
    <section className="report-parameterized-actions">
      <div className="report-parameterized-files">
        <Button icon="th" loading={busy === 'xlsx'} disabled={busy !== null} data-testid="report-parameterized-xlsx" onClick={() => void download('xlsx')}>
          {t('reports.parameterized.excel')}
        </Button>
        <Button icon="document" loading={busy === 'pdf'} disabled={busy !== null} data-testid="report-parameterized-pdf" onClick={() => void download('pdf')}>
          {t('reports.parameterized.pdf')}
        </Button>
      </div>
      <form
        className="report-parameterized-save"
        onSubmit={(e) => {
          e.preventDefault();
          saveDefinition();
        }}
      >
        <FormGroup label={t('reports.parameterized.saveAs')} labelFor="report-parameterized-name" intent={nameError ? 'danger' : undefined} helperText={nameError ?? undefined}>
          <InputGroup id="report-parameterized-name" data-testid="report-parameterized-name" value={name} maxLength={80} intent={nameError ? 'danger' : undefined} onValueChange={setName} />
        </FormGroup>
        <Button type="submit" icon="floppy-disk" loading={save.isPending} disabled={name.trim() === ''} data-testid="report-parameterized-save">
          {t('reports.parameterized.save')}
        </Button>
      </form>
      {savedPath && (
        <Callout intent="success" icon="tick" data-testid="report-parameterized-saved-file" className="export-result">
          {t('reports.parameterized.fileSaved', { path: savedPath })}
        </Callout>
      )}
    </section>
  );
}

/** The company's saved definitions: open one (its URL), or delete it after a confirmation. */
function SavedReports({ onOpen }: { onOpen(report: SavedReport): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const saved = useApiQuery('report.savedReports', {});
  const remove = useApiMutation('report.deleteSavedReport', { invalidates: ['report.savedReports'] });
  const [deleting, setDeleting] = useState<SavedReport | null>(null);
  const list = saved.data ?? [];

  return (
    <section className="report-parameterized-saved" aria-labelledby="report-parameterized-saved-title" data-testid="report-parameterized-saved">
      <h3 id="report-parameterized-saved-title">{t('reports.parameterized.saved')}</h3>
      {list.length === 0 ? (
        <p className="bp6-text-muted">{t('reports.parameterized.noSaved')}</p>
      ) : (
        <ul>
          {list.map((r) => (
            <li key={r.id} data-testid={`report-parameterized-saved-${r.id}`}>
              <Button variant="minimal" intent="primary" icon="folder-open" data-testid={`report-parameterized-open-${r.id}`} onClick={() => onOpen(r)}>
                {r.name}
              </Button>
              <span className="bp6-text-muted">{t('reports.parameterized.savedBy', { name: r.updated_by_name ?? '—', at: formatDateTime(r.updated_at) })}</span>
              <Button size="small" variant="minimal" intent="danger" icon="trash" data-testid={`report-parameterized-delete-${r.id}`} onClick={() => setDeleting(r)}>
                {t('reports.parameterized.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('reports.parameterized.delete')}
        intent="danger"
        confirmText={t('reports.parameterized.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (!target) return;
          remove.mutate({ id: target.id }, { onSuccess: () => toast.success(t('reports.parameterized.deleted', { name: target.name })), onError: (e) => toast.failure(errorText(e, t)) });
        }}
      >
        {deleting && t('reports.parameterized.deleteConfirm', { name: deleting.name })}
      </ConfirmDialog>
    </section>
  );
}
