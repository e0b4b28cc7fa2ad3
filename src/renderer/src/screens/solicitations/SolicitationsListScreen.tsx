/**
 * /app/solicitations, /app/solicitations/pending (the open ones),
 * /app/solicitations/review-doc (documents awaiting approval) and
 * /app/solicitations/<status>: one list declaration parameterised by the
 * route (listScopeOf), filters and sort in the URL, the Excel export of the
 * same filters, delete behind a confirmation for administrators.
 */
import { Button, ButtonGroup, Callout, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { SolicitationFilter, SolicitationListItem } from '@shared/contract/solicitations';
import { SOLICITATION_COUNT_CAP, TYPE_CREDITS } from '@shared/contract/solicitations';
import { BRAZIL_STATES } from '@shared/contract/entrepreneurs';
import { formatCpfCnpj } from '@shared/documents';
import { formatDateTime, formatInteger } from '@shared/format';
import { AllAdmins, AllOperators, hasProfilePermission } from '@shared/roles';
import type { SolicitationStatus } from '@shared/solicitation-status';
import { errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useSession } from '../../app/session';
import { useToast } from '../../app/toaster';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { ListScreen } from '@kit/list/ListScreen';
import type { FilterDecl } from '@kit/list/filters';
import { joinParts, listScopeOf, OPEN_SEGMENT, REVIEW_DOCUMENTS_SEGMENT, statusIntent } from './model';
import './solicitations.css';

type Filter = FilterDecl<SolicitationFilter>;

const STATE_OPTIONS = BRAZIL_STATES.map((uf) => ({ value: uf, label: uf, raw: true }));

const TYPE_OPTIONS = TYPE_CREDITS.map((t) => ({ value: t, label: `solicitations.typeCredit.${t}` }));

/** The projects a solicitation may belong to (operators and administrators read the catalogue). */
function useProjectOptions(enabled: boolean) {
  const query = useApiQuery('projects.list', { page: 1, limit: 200, filter: {}, sort: { field: 'title', order: 'ASC' } }, { enabled, staleTime: 60_000 });
  return useMemo(() => (query.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.title, raw: true })), [query.data]);
}

function documentOf(row: SolicitationListItem): string {
  const doc = row.typeCredit === 'PJ' ? (row.cnpj ?? row.cpf) : (row.cpf ?? row.cnpj);
  return doc ? formatCpfCnpj(doc) : '';
}

export function SolicitationsListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useSession();
  const { status: segment } = useParams();
  const scope = listScopeOf(segment);
  const canSeeProjects = hasProfilePermission(user?.role_id, AllOperators);
  const projects = useProjectOptions(canSeeProjects);
  const remove = useApiMutation('solicitations.delete', { invalidates: ['solicitations.list', 'solicitations.reviewDocuments'] });
  const [deleting, setDeleting] = useState<SolicitationListItem | null>(null);

  if (!scope) return <Navigate to="/app/solicitations" replace />;

  const statusFilter: Filter[] =
    scope.statuses.length > 0 ? [{ kind: 'status', key: 'status', label: 'solicitations.filters.status', statuses: scope.statuses, labels: 'solicitations.status' }] : [];
  const projectFilter: Filter[] = canSeeProjects ? [{ kind: 'select', key: 'project', label: 'solicitations.filters.project', options: projects }] : [];
  const filters: Filter[] = [
    ...statusFilter,
    { kind: 'select', key: 'typeCredit', label: 'solicitations.filters.typeCredit', options: TYPE_OPTIONS },
    { kind: 'dateRange', key: 'created_from', to: 'created_to', label: 'solicitations.filters.period' },
    { kind: 'moneyRange', key: 'lendingValue_min', to: 'lendingValue_max', label: 'solicitations.filters.lendingValue' },
    ...projectFilter,
    { kind: 'select', key: 'state', label: 'solicitations.filters.state', options: STATE_OPTIONS },
    { kind: 'text', key: 'city', label: 'solicitations.filters.city' },
    { kind: 'text', key: 'document', label: 'solicitations.filters.document' },
    { kind: 'text', key: 'name', label: 'solicitations.filters.name' },
  ];

  // Navigation between the lists (links, not tab panels: each is its own route).
  const go = (id: string) => navigate(`/app/solicitations${id === 'all' ? '' : id === 'open' ? `/${OPEN_SEGMENT}` : `/${id}`}`);
  const views: Array<{ id: string; label: string; testId: string }> = [
    { id: 'all', label: t('solicitations.tabs.all'), testId: 'solicitations-tab-all' },
    { id: 'open', label: t('solicitations.tabs.open'), testId: 'solicitations-tab-open' },
    { id: REVIEW_DOCUMENTS_SEGMENT, label: t('solicitations.tabs.reviewDocuments'), testId: 'solicitations-tab-review-doc' },
    ...(scope.statuses.length === 0
      ? [{ id: scope.tab, label: t('solicitations.tabs.byStatus', { status: t(`solicitations.status.${scope.tab}`) }), testId: 'solicitations-tab-status' }]
      : []),
  ];
  const tabs = (
    <nav className="solicitation-tabs" aria-label={t('menu.solicitationsGroup')}>
      <ButtonGroup variant="minimal">
        {views.map((v) => (
          <Button key={v.id} active={v.id === scope.tab} aria-current={v.id === scope.tab ? 'page' : undefined} data-testid={v.testId} onClick={() => go(v.id)}>
            {v.label}
          </Button>
        ))}
      </ButtonGroup>
      {scope.tab === 'open' && <span className="bp6-text-muted">{t('solicitations.openHint')}</span>}
      {scope.tab === 'review-doc' && <span className="bp6-text-muted">{t('solicitations.reviewHint')}</span>}
    </nav>
  );

  return (
    <ListScreen
      // A new declaration per scope: switching tabs starts with that list's own state.
      key={scope.tab}
      testId="solicitations"
      emptyHint="emptyHints.solicitations"
      operation={scope.operation}
      baseFilter={scope.baseFilter}
      header={tabs}
      columns={[
        { id: 'id', title: 'solicitations.columns.id', sort: 'id', width: 62, kind: 'integer', field: 'id' },
        // The local calendar day of the timestamp (a 23:30 request is not shown as the next day).
        { id: 'created', title: 'solicitations.columns.receivedShort', sort: 'created_at', width: 108, kind: 'date', text: (r) => formatDateTime(r.created_at).slice(0, 10) },
        { id: 'name', title: 'solicitations.columns.name', sort: 'name', width: 140, text: (r) => (r.typeCredit === 'PJ' && r.companyName ? `${r.companyName} — ${r.name}` : r.name) },
        { id: 'document', title: 'solicitations.columns.typeAndDocument', sort: 'typeCredit', width: 170, kind: 'document', text: (r) => joinParts([r.typeCredit, documentOf(r)], ' · ') },
        { id: 'city', title: 'solicitations.columns.city', sort: 'city', width: 100, text: (r) => joinParts([r.city, r.state], ' / ') },
        { id: 'value', title: 'solicitations.columns.valueShort', sort: 'lendingValue', width: 135, kind: 'money', field: 'lendingValue' },
        { id: 'plots', title: 'solicitations.columns.plotsShort', sort: 'lendingPlotsToPay', width: 62, kind: 'integer', field: 'lendingPlotsToPay' },
        {
          id: 'status',
          title: 'solicitations.columns.status',
          sort: 'status',
          width: 185,
          kind: 'status',
          field: 'status',
          labels: 'solicitations.status',
          intent: (s) => statusIntent(s as SolicitationStatus),
          testId: (r) => `solicitations-status-${r.id}`,
        },
        {
          id: 'documents',
          title: 'solicitations.columns.toReview',
          width: 95,
          kind: 'integer',
          text: (r, tr) => tr('solicitations.documentsCell', { sent: r.documentsSent, awaiting: r.documentsAwaiting }),
        },
      ]}
      filters={filters}
      rowLink={(r) => `/app/solicitations/${scope.viewPath}/${r.id}`}
      rowActions={[{ id: 'delete', label: () => 'solicitations.delete.action', icon: () => 'trash', intent: 'danger', roles: AllAdmins, compact: true, onClick: setDeleting }]}
      export={{ operation: 'solicitations.export', title: 'solicitations.exportTitle', fileName: 'solicitacoes' }}
      notice={(data) =>
        data.capped && (
          <Callout intent="primary" icon="info-sign" data-testid="solicitations-capped">
            {t('solicitations.capped', { count: formatInteger(SOLICITATION_COUNT_CAP) })}
          </Callout>
        )
      }
    >
      {deleting && (
        <ConfirmDialog
          isOpen
          title={t('solicitations.delete.action')}
          intent="danger"
          confirmText={t('common.delete')}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ id: deleting.id });
              toast.success(t('solicitations.delete.done'));
            } catch (e) {
              toast.failure(errorText(e, t));
            }
            setDeleting(null);
          }}
        >
          <p>{t('solicitations.delete.confirm', { id: deleting.id, name: deleting.name })}</p>
          <Tag intent={statusIntent(deleting.status)}>{t(`solicitations.status.${deleting.status}`)}</Tag>
        </ConfirmDialog>
      )}
    </ListScreen>
  );
}
