/**
 * A manual CNAB 240 remittance of one company account
 * (/app/company-operation/remittance-operation/manual/:bankId, :bankId the
 * account): the boletos issued on it and never sent (remittanceManual.list,
 * always page 1, so the filters — due date, borrower, operation, hidden —
 * live in the URL and the screen says when more match than it shows), a
 * checkbox per installment with the running count and total, hiding an
 * installment from the list or showing it again, "Gerar remessa manual"
 * behind a confirmation stating the count and total (one idempotency key per
 * confirmed intent), then the file saved by the main process; below, the
 * manual files made, each downloaded again (remittance.file).
 */
import { Button, Callout, Checkbox, NonIdealState, Spinner } from '@blueprintjs/core';
import Decimal from 'decimal.js';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { contract, type ArgsOf } from '@shared/contract';
import type { RemittanceBankCode, RemittanceSummary } from '@shared/contract/company-remittance';
import { MANUAL_REMITTANCE_LIST_MAX, type ManualRemittanceInstallment } from '@shared/contract/servicing-remittance-manual';
import { formatCurrency, formatDate, formatDateTime } from '@shared/format';
import { bridge } from '../../../api/client';
import { ApiError, errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { COMPANY_ID } from '../../../app/company';
import { resourceColumnOf } from '@kit/cells';
import type { ColumnDecl } from '@kit/list/columns';
import { FilterBar } from '@kit/list/FilterBar';
import { filterDefsOf, type FilterDecl } from '@kit/list/filters';
import { useListFilters } from '@kit/list/useListFilters';
import { MoneyConfirmDialog } from '@kit/MoneyConfirmDialog';
import { RecordsTable } from '@kit/RecordsTable';
import { ResourceTable, type ResourceColumn } from '@kit/ResourceTable';
import { RoleGate } from '@kit/RoleGate';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { useListState } from '@kit/useListState';

type Row = ManualRemittanceInstallment;
type ListFilter = ArgsOf<'remittanceManual.list'>['filter'];

const FILTERS: readonly FilterDecl[] = [
  { kind: 'dateRange', key: 'due_from', to: 'due_to', label: 'remittanceManual.filters.due' },
  { kind: 'text', key: 'borrower', label: 'remittanceManual.filters.borrower' },
  { kind: 'text', key: 'operation', label: 'remittanceManual.filters.operation' },
  { kind: 'yesNo', key: 'hidden', label: 'remittanceManual.filters.hidden' },
];
const FILTER_DEFS = filterDefsOf(FILTERS);
const NO_SORTS: readonly string[] = [];
const ONE_PAGE = { page: 1, filter: {} };

const COLUMNS: ColumnDecl<Row>[] = [
  { id: 'reference', title: 'remittanceManual.columns.reference', kind: 'identifier', field: 'reference', link: (r) => `/app/clientOperation/payments/${r.installment_id}/${r.credit_operation_id}` },
  { id: 'borrower', title: 'remittanceManual.columns.borrower', width: 200, field: 'borrower_name' },
  { id: 'document', title: 'remittanceManual.columns.document', kind: 'document', field: 'borrower_document' },
  { id: 'our_number', title: 'remittanceManual.columns.ourNumber', kind: 'identifier', field: 'our_number' },
  { id: 'due_date', title: 'remittanceManual.columns.dueDate', kind: 'date', field: 'due_date' },
  { id: 'amount', title: 'remittanceManual.columns.amount', kind: 'money', field: 'amount', testId: (r) => `manual-remittance-amount-${r.id}` },
];

export function ManualRemittanceScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const bankIdText = useParams().bankId ?? '';
  const bankId = /^[1-9]\d{0,9}$/.test(bankIdText) ? Number(bankIdText) : null;
  const banks = useApiQuery('company.banks', { id: COMPANY_ID });
  const account = banks.data?.find((b) => b.id === bankId);

  const { state, setState } = useListState(FILTER_DEFS, NO_SORTS);
  const inputs = useListFilters(FILTERS, state, setState);
  // The URL's filter values as the list encoding sends them (yes/no 1/2 become true/false, which the contract reads).
  const filter = { ...state.filter, bank_account_id: bankId ?? 0 } as unknown as ListFilter;
  const list = useApiQuery('remittanceManual.list', { page: 1, limit: MANUAL_REMITTANCE_LIST_MAX, filter }, { enabled: bankId !== null });
  const history = useApiQuery('remittanceManual.history', { bank_account_id: bankId ?? undefined }, { enabled: bankId !== null });
  const hide = useApiMutation('remittanceManual.hide', { invalidates: ['remittanceManual.list'] });
  const unhide = useApiMutation('remittanceManual.unhide', { invalidates: ['remittanceManual.list'] });
  const create = useApiMutation('remittanceManual.create', { invalidates: ['remittanceManual.list', 'remittanceManual.history', 'remittance.overview'] });

  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [saving, setSaving] = useState<number | null>(null);

  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  // Only what is listed now counts: a pick filtered away or sent meanwhile is not carried.
  const chosen = rows.filter((r) => picked.has(r.id));
  const total = chosen.reduce((sum, r) => sum.plus(r.amount), new Decimal(0)).toFixed(2);

  const toggle = (id: number, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const save = async (summary: Pick<RemittanceSummary, 'id' | 'bank_code'>) => {
    setSaving(summary.id);
    try {
      // Manual files are of the banks with CNAB 240 layouts only (the server refuses others), so the code is one of them.
      const result = await bridge().files.download('remittance.file', { bankCode: summary.bank_code as RemittanceBankCode, remittanceId: summary.id }, {});
      if (result.error) toast.failure(errorText(new ApiError(result), t));
      else if (result.data) setSaved(result.data.path);
    } catch {
      toast.failure();
    } finally {
      setSaving(null);
    }
  };

  const toggleHidden = async (row: Row) => {
    try {
      await (row.hidden ? unhide : hide).mutateAsync({ id: row.credit_operation_id, id2: row.installment_id });
      toggle(row.id, false);
      toast.success(t(row.hidden ? 'remittanceManual.unhiddenDone' : 'remittanceManual.hiddenDone', { reference: row.reference }));
    } catch (error) {
      toast.failure(errorText(error, t));
    }
  };

  const columns: ResourceColumn<Row>[] = [
    {
      id: 'select',
      title: t('remittanceManual.columns.select'),
      fit: 'actions',
      render: (r) => (
        <Checkbox
          className="manual-remittance-check"
          checked={picked.has(r.id)}
          aria-label={t('remittanceManual.select', { reference: r.reference })}
          data-testid={`manual-remittance-pick-${r.id}`}
          onChange={(e) => toggle(r.id, e.currentTarget.checked)}
        />
      ),
    },
    ...COLUMNS.map((c) => resourceColumnOf(c, t)),
    {
      id: 'actions',
      title: t('remittanceManual.actions'),
      fit: 'actions',
      render: (r) => (
        <RoleGate roles={contract['remittanceManual.hide'].access}>
          <Button
            small
            icon={r.hidden ? 'eye-open' : 'eye-off'}
            title={r.hidden && r.hidden_by_name && r.hidden_at ? t('remittanceManual.hiddenBy', { name: r.hidden_by_name, at: formatDateTime(r.hidden_at) }) : undefined}
            data-testid={`manual-remittance-${r.hidden ? 'unhide' : 'hide'}-${r.id}`}
            onClick={() => void toggleHidden(r)}
          >
            {t(r.hidden ? 'remittanceManual.unhide' : 'remittanceManual.hide')}
          </Button>
        </RoleGate>
      ),
    },
  ];

  if (bankId === null || (banks.data && !account)) {
    return (
      <div className="company-remittance" data-testid="manual-remittance">
        <h2>{t('shell.crumbs.manualRemittance')}</h2>
        <NonIdealState icon="bank-account" description={t('remittanceManual.noAccount')} />
      </div>
    );
  }

  const data = list.data;
  return (
    <div className="company-remittance" data-testid="manual-remittance">
      <h2>{account ? t('remittanceManual.title', { bank: account.bank_code, agency: account.agency, account: `${account.account}${account.account_digit ? `-${account.account_digit}` : ''}` }) : t('shell.crumbs.manualRemittance')}</h2>
      <p className="bp6-text-muted">{t('remittanceManual.intro')}</p>
      <FilterBar testId="manual-remittance" filters={FILTERS} draft={inputs.draft} errors={inputs.errors} onChange={inputs.change} onApply={inputs.applyNow} onClear={inputs.clear} />
      {list.error && <Callout intent="danger">{errorText(list.error, t)}</Callout>}
      {saved && (
        <Callout intent="success" icon="tick" data-testid="manual-remittance-saved" className="export-result">
          {t('remittanceManual.saved', { path: saved })}
        </Callout>
      )}
      {!data && !list.error && <Spinner />}
      {data && (
        <>
          {/* Agreement slips are not picked by hand (the contract's design choices): the screen says why and how many wait. */}
          <Callout icon="info-sign" data-testid="manual-remittance-agreements" data-count={data.agreement_entries}>
            {t('remittanceManual.agreementsWhy')}
            {data.agreement_entries > 0 && ` ${t('remittanceManual.agreementsWaiting', { count: data.agreement_entries })}`}
          </Callout>
          <p data-testid="manual-remittance-count">
            {data.meta.totalItems > data.items.length ? t('remittanceManual.shown', { shown: data.items.length, total: data.meta.totalItems }) : t('remittanceManual.count', { total: data.meta.totalItems })}
          </p>
          <div className="company-remittance-pick">
            <Button small icon="tick" disabled={rows.length === 0} data-testid="manual-remittance-pick-all" onClick={() => setPicked(new Set(rows.map((r) => r.id)))}>
              {t('remittanceManual.selectAll')}
            </Button>
            <Button small icon="cross" disabled={chosen.length === 0} data-testid="manual-remittance-pick-none" onClick={() => setPicked(new Set())}>
              {t('remittanceManual.clearSelection')}
            </Button>
            <strong data-testid="manual-remittance-selection" aria-live="polite">
              {t('remittanceManual.selection', { count: chosen.length, total: formatCurrency(total) })}
            </strong>
          </div>
          <ResourceTable<Row>
            testId="manual-remittance-list"
            columns={columns}
            rows={rows}
            meta={{ currentPage: 1, totalPages: 1, totalItems: rows.length, pageSize: Math.max(rows.length, 1) }}
            loading={list.isFetching && !data}
            state={ONE_PAGE}
            onStateChange={() => undefined}
            rowTestId={(r) => `manual-remittance-list-row-${r.id}`}
            pager={false}
          />
          <RoleGate roles={contract['remittanceManual.create'].access}>
            <Button intent="primary" icon="export" data-testid="manual-remittance-generate" disabled={chosen.length === 0} onClick={() => setConfirming(newIdempotencyKey())}>
              {t('remittanceManual.generate')}
            </Button>
          </RoleGate>
          {confirming && bankId !== null && (
            <MoneyConfirmDialog
              title={t('remittanceManual.confirmTitle', { nsa: data.next_nsa })}
              consequence={t('remittanceManual.confirmConsequence')}
              amountsTestId="manual-remittance-confirm-amounts"
              rows={[
                { label: t('remittanceManual.confirmCount', { count: chosen.length }), amount: total, id: 'count' },
                { label: t('remittanceManual.confirmTotal'), amount: total, strong: true, id: 'total' },
              ]}
              confirmText={t('remittanceManual.confirm')}
              busyText={t('remittanceManual.generating')}
              confirmTestId="manual-remittance-confirm"
              busy={create.isPending}
              onConfirm={async () => {
                try {
                  const summary = await create.mutateAsync({ bank_account_id: bankId, installment_ids: chosen.map((r) => r.installment_id), idempotency_key: confirming });
                  setConfirming(null);
                  setPicked(new Set());
                  await save(summary);
                } catch (error) {
                  toast.failure(errorText(error, t));
                }
              }}
              onClose={() => setConfirming(null)}
            />
          )}
        </>
      )}
      <h3>{t('remittanceManual.historyTitle')}</h3>
      <RecordsTable<RemittanceSummary>
        testId="manual-remittance-history"
        loading={history.isFetching && !history.data}
        error={history.error ? errorText(history.error, t) : null}
        rows={history.data}
        columns={[
          { id: 'nsa', title: 'remittanceManual.columns.nsa', kind: 'integer', field: 'nsa' },
          { id: 'generated_on', title: 'remittanceManual.columns.generatedOn', kind: 'date', text: (r) => formatDate(r.generated_on) },
          { id: 'slips', title: 'remittanceManual.columns.slips', kind: 'integer', field: 'slip_count' },
          { id: 'total', title: 'remittanceManual.columns.total', kind: 'money', field: 'total' },
          { id: 'actor', title: 'remittanceManual.columns.actor', width: 140, text: (r) => r.actor_name ?? '' },
          { id: 'file', title: 'remittanceManual.columns.file', kind: 'identifier', field: 'file_name' },
        ]}
        actions={{
          title: t('common.actions'),
          render: (r) => (
            <Button small icon="download" loading={saving === r.id} data-testid={`manual-remittance-download-${r.id}`} onClick={() => void save(r)}>
              {t('remittanceManual.download')}
            </Button>
          ),
        }}
      />
    </div>
  );
}
