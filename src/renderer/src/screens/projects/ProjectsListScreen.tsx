/**
 * /app/projects: projects with server paging, title and active filters and sort
 * in the URL, a quick search (GET /v1/projects/search, debounced 500 ms), and
 * activate/deactivate/delete from each row.
 */
import { Button, FormGroup, HTMLSelect, InputGroup, Menu, MenuItem, Tag } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PROJECT_SORTS, type Project } from '../../../../shared/contract';
import { formatDate } from '../../../../shared/format';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { listArgsOf, withFilter, type FilterDef } from '../../components/listParams';
import { ResourceTable, type ResourceColumn } from '../../components/ResourceTable';
import { tableStatusOf } from '../../components/tableStatus';
import { useListState } from '../../components/useListState';
import { useCatalogueActions } from '../catalogues/useCatalogueActions';
import { useDebounced } from './useDebounced';

export const PROJECT_LIST_FILTERS: readonly FilterDef[] = [
  { key: 'title', type: 'text' },
  { key: 'active', type: 'number' },
];

const INVALIDATES = ['projects.list', 'projects.byId', 'projects.search'] as const;

function QuickSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const results = useApiQuery('projects.search', { search }, { enabled: search.length > 0 });
  return (
    <div className="quick-search">
      <FormGroup label={t('catalogues.projects.quickSearch')} labelFor="projects-quick-search">
        <InputGroup
          id="projects-quick-search"
          data-testid="projects-quick-search"
          leftIcon="search"
          placeholder={t('catalogues.projects.quickSearchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </FormGroup>
      {search.length > 0 && results.data && (
        <Menu data-testid="projects-quick-results">
          {results.data.length === 0 && <MenuItem disabled text={t('catalogues.projects.noResults')} />}
          {results.data.map((p) => (
            <MenuItem key={p.id} data-testid={`projects-quick-result-${p.id}`} text={p.title || t('catalogues.projects.untitled')} onClick={() => navigate(`/app/projects/${p.id}`)} />
          ))}
        </Menu>
      )}
    </div>
  );
}

export function ProjectsListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, setState } = useListState(PROJECT_LIST_FILTERS, PROJECT_SORTS);
  const query = useApiQuery('projects.list', listArgsOf(state), { placeholderData: keepPreviousData });
  const update = useApiMutation('projects.update', { invalidates: INVALIDATES });
  const remove = useApiMutation('projects.delete', { invalidates: INVALIDATES });
  const rows = query.data?.items;
  const actions = useCatalogueActions({
    // Projects have no status call in the spec: activation is an edit of the whole project.
    setStatus: async (id, active) => {
      const project = rows?.find((p) => p.id === id);
      if (!project) return;
      await update.mutateAsync({ id, title: project.title, description: project.description, url: project.url, banner: project.banner, active });
    },
    remove: (id) => remove.mutateAsync({ id }),
  });

  const [title, setTitle] = useState(String(state.filter.title ?? ''));
  const filterKey = JSON.stringify(state.filter);
  // Back/forward changes the URL: the filter input follows it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setTitle(String(state.filter.title ?? '')), [filterKey]);
  const activeValue = state.filter.active === undefined ? '' : String(state.filter.active);
  const apply = (next: { title: string; active: string }) =>
    setState(withFilter(state, { title: next.title.trim(), ...(next.active ? { active: Number(next.active) } : {}) }));

  const labelOf = (p: Project) => p.title || t('catalogues.projects.untitled');
  const columns: ResourceColumn<Project>[] = [
    { id: 'title', title: t('catalogues.columns.title'), sortField: 'title', width: 260, render: labelOf },
    { id: 'url', title: t('catalogues.columns.url'), width: 240, render: (p) => p.url },
    {
      id: 'active',
      title: t('catalogues.columns.active'),
      sortField: 'active',
      width: 90,
      render: (p) => <Tag intent={p.active ? 'success' : 'none'}>{p.active ? t('common.yes') : t('common.no')}</Tag>,
    },
    { id: 'updated', title: t('catalogues.columns.updatedAt'), sortField: 'updated_at', width: 130, render: (p) => formatDate(p.updated_at) },
    {
      id: 'actions',
      title: t('catalogues.columns.actions'),
      width: 230,
      render: (p) => (
        <span className="row-actions" onClick={(e) => e.stopPropagation()}>
          <Button
            size="small"
            variant="minimal"
            icon={p.active ? 'disable' : 'confirm'}
            data-testid={`projects-toggle-${p.id}`}
            onClick={() => actions.askStatus({ id: p.id, label: labelOf(p), active: p.active })}
          >
            {p.active ? t('catalogues.deactivate') : t('catalogues.activate')}
          </Button>
          <Button
            size="small"
            variant="minimal"
            intent="danger"
            icon="trash"
            data-testid={`projects-delete-${p.id}`}
            onClick={() => actions.askDelete({ id: p.id, label: labelOf(p), active: p.active })}
          >
            {t('common.delete')}
          </Button>
        </span>
      ),
    },
  ];

  const activeOptions = [
    { value: '', label: t('common.all') },
    { value: '1', label: t('common.active') },
    { value: '2', label: t('common.inactive') },
  ];

  return (
    <div className="screen">
      <QuickSearch />
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          apply({ title, active: activeValue });
        }}
      >
        <FormGroup label={t('catalogues.projects.filterTitle')} labelFor="projects-filter-title">
          <InputGroup id="projects-filter-title" data-testid="projects-filter-title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        </FormGroup>
        <FormGroup label={t('catalogues.filterActive')} labelFor="projects-filter-active">
          <HTMLSelect
            id="projects-filter-active"
            data-testid="projects-filter-active"
            value={activeValue}
            options={activeOptions}
            onChange={(e) => apply({ title, active: e.currentTarget.value })}
          />
        </FormGroup>
        <div className="filter-actions">
          <Button type="submit" intent="primary" icon="filter" data-testid="projects-filter-apply">
            {t('catalogues.apply')}
          </Button>
          <Button
            icon="cross"
            data-testid="projects-filter-clear"
            onClick={() => {
              setTitle('');
              setState({ ...state, page: 1, filter: {} });
            }}
          >
            {t('common.clear')}
          </Button>
        </div>
      </form>
      <div className="toolbar">
        <Button intent="success" icon="add" data-testid="projects-new" onClick={() => navigate('/app/projects/new')}>
          {t('catalogues.projects.new')}
        </Button>
      </div>
      <ResourceTable
        testId="projects-table"
        columns={columns}
        rows={rows}
        {...tableStatusOf(query, t)}
        state={state}
        onStateChange={setState}
        rowTestId={(p) => `projects-row-${p.id}`}
        onRowClick={(p) => navigate(`/app/projects/${p.id}`)}
      />
      {actions.dialog}
    </div>
  );
}
