/** /app/users: staff accounts with server paging, filters and sort in the URL, and the Excel export. */
import { Button, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ADMIN_USER_SORTS, type AdminUser } from '../../../../shared/contract';
import { formatDate } from '../../../../shared/format';
import { AllPanelUsers, ROLE_LABELS_PT } from '../../../../shared/roles';
import { useApiQuery } from '../../api/hooks';
import { ExportExcelButton } from '../../components/ExportExcelButton';
import { listArgsOf, withFilter, type FilterDef } from '../../components/listParams';
import { ResourceTable, type ResourceColumn } from '../../components/ResourceTable';
import { tableStatusOf } from '../../components/tableStatus';
import { useListState } from '../../components/useListState';

/** role_id travels as text: the numeric 1/2 convention would turn role 1 into 'true'. */
export const USER_FILTERS: readonly FilterDef[] = [
  { key: 'name', type: 'text' },
  { key: 'email', type: 'text' },
  { key: 'role_id', type: 'text' },
  { key: 'active', type: 'number' },
];

interface Draft {
  name: string;
  email: string;
  role_id: string;
  active: string;
}

function draftOf(filter: Record<string, string | number>): Draft {
  return {
    name: String(filter.name ?? ''),
    email: String(filter.email ?? ''),
    role_id: String(filter.role_id ?? ''),
    active: String(filter.active ?? ''),
  };
}

function filterOf(d: Draft): Record<string, string | number> {
  return { name: d.name.trim(), email: d.email.trim(), role_id: d.role_id, ...(d.active ? { active: Number(d.active) } : {}) };
}

export function UsersListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, setState } = useListState(USER_FILTERS, ADMIN_USER_SORTS);
  const query = useApiQuery('users.admins', listArgsOf(state), { placeholderData: keepPreviousData });
  const [draft, setDraft] = useState<Draft>(() => draftOf(state.filter));
  const filterKey = JSON.stringify(state.filter);
  // Back/forward changes the URL: the filter inputs follow it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setDraft(draftOf(state.filter)), [filterKey]);

  const apply = (d: Draft = draft) => setState(withFilter(state, filterOf(d)));
  const clear = () => {
    const empty = draftOf({});
    setDraft(empty);
    // Clearing filters keeps the chosen sort.
    setState({ ...state, page: 1, filter: {} });
  };

  const columns: ResourceColumn<AdminUser>[] = [
    { id: 'name', title: t('users.columns.name'), sortField: 'name', width: 220, render: (u) => u.name },
    { id: 'email', title: t('users.columns.email'), sortField: 'email', width: 260, render: (u) => u.email },
    { id: 'role', title: t('users.columns.role'), sortField: 'role_id', width: 180, render: (u) => ROLE_LABELS_PT[u.role_id] },
    {
      id: 'active',
      title: t('users.columns.active'),
      sortField: 'active',
      width: 100,
      render: (u) => <Tag intent={u.active ? 'success' : 'none'}>{u.active ? t('common.yes') : t('common.no')}</Tag>,
    },
    { id: 'created', title: t('users.columns.createdAt'), sortField: 'created_at', width: 130, render: (u) => formatDate(u.created_at) },
  ];

  const roleOptions = [
    { value: '', label: t('common.all') },
    ...AllPanelUsers.map((r) => ({ value: String(r), label: ROLE_LABELS_PT[r] })),
  ];
  const activeOptions = [
    { value: '', label: t('common.all') },
    { value: '1', label: t('common.active') },
    { value: '2', label: t('common.inactive') },
  ];

  return (
    <div className="screen">
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <FormGroup label={t('shell.users.filterName')} labelFor="users-filter-name">
          <InputGroup id="users-filter-name" data-testid="users-filter-name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
        </FormGroup>
        <FormGroup label={t('shell.users.filterEmail')} labelFor="users-filter-email">
          <InputGroup id="users-filter-email" data-testid="users-filter-email" value={draft.email} onChange={(e) => setDraft({ ...draft, email: e.currentTarget.value })} />
        </FormGroup>
        <FormGroup label={t('shell.users.filterRole')} labelFor="users-filter-role">
          <HTMLSelect
            id="users-filter-role"
            data-testid="users-filter-role"
            value={draft.role_id}
            options={roleOptions}
            onChange={(e) => {
              const next = { ...draft, role_id: e.currentTarget.value };
              setDraft(next);
              apply(next);
            }}
          />
        </FormGroup>
        <FormGroup label={t('shell.users.filterActive')} labelFor="users-filter-active">
          <HTMLSelect
            id="users-filter-active"
            data-testid="users-filter-active"
            value={draft.active}
            options={activeOptions}
            onChange={(e) => {
              const next = { ...draft, active: e.currentTarget.value };
              setDraft(next);
              apply(next);
            }}
          />
        </FormGroup>
        <div className="filter-actions">
          <Button type="submit" intent="primary" icon="filter" data-testid="users-filter-apply">
            {t('shell.users.apply')}
          </Button>
          <Button icon="cross" data-testid="users-filter-clear" onClick={clear}>
            {t('common.clear')}
          </Button>
        </div>
      </form>
      <div className="toolbar">
        <Button intent="success" icon="add" data-testid="users-new" onClick={() => navigate('/app/users/new')}>
          {t('shell.users.newUser')}
        </Button>
        <div className="app-header-spacer" />
        <ExportExcelButton
          operation="users.export"
          args={{ filter: state.filter, sort: state.sort ?? null }}
          title={t('users.exportTitle')}
          fileName="usuarios"
        />
      </div>
      <ResourceTable
        testId="users-table"
        columns={columns}
        rows={query.data?.items}
        {...tableStatusOf(query, t)}
        state={state}
        onStateChange={setState}
        rowTestId={(u) => `users-row-${u.id}`}
        onRowClick={(u) => navigate(`/app/users/${u.id}`)}
      />
    </div>
  );
}
