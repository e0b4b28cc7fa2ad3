/**
 * /app/projects: projects (title and active filters, sort and paging in the
 * URL), a quick search (GET /v1/projects/search, debounced 500 ms), and
 * activate/deactivate/delete from each row.
 */
import { FormGroup, InputGroup, Menu, MenuItem } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Project } from '@shared/contract';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ListScreen } from '@kit/list/ListScreen';
import { activationActions } from '../catalogues/rowActions';
import { useCatalogueActions } from '../catalogues/useCatalogueActions';
import { useDebounced } from '@kit/list/useDebounced';

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
  const update = useApiMutation('projects.update', { invalidates: INVALIDATES });
  const remove = useApiMutation('projects.delete', { invalidates: INVALIDATES });
  // The project whose status is being changed: the spec has no status call, activation is an edit of the whole project.
  const asked = useRef<Project | null>(null);
  const actions = useCatalogueActions({
    setStatus: async (id, active) => {
      const p = asked.current;
      if (!p || p.id !== id) return;
      await update.mutateAsync({ id, title: p.title, description: p.description, url: p.url, banner: p.banner, active });
    },
    remove: (id) => remove.mutateAsync({ id }),
  });
  const target = (p: Project) => ({ id: p.id, label: p.title || t('catalogues.projects.untitled'), active: p.active });

  return (
    <ListScreen
      testId="projects"
      emptyHint="emptyHints.projects"
      operation="projects.list"
      header={<QuickSearch />}
      columns={[
        { id: 'title', title: 'catalogues.columns.title', sort: 'title', width: 260, text: (p, tr) => p.title || tr('catalogues.projects.untitled') },
        { id: 'url', title: 'catalogues.columns.url', width: 220, field: 'url' },
        { id: 'active', title: 'catalogues.columns.active', sort: 'active', width: 90, kind: 'boolean', field: 'active' },
        { id: 'updated', title: 'catalogues.columns.updatedAt', sort: 'updated_at', width: 140, kind: 'date', field: 'updated_at' },
      ]}
      filters={[
        { kind: 'text', key: 'title', label: 'catalogues.projects.filterTitle' },
        { kind: 'yesNo', key: 'active', label: 'catalogues.filterActive', wording: 'active' },
      ]}
      rowLink={(p) => `/app/projects/${p.id}`}
      rowActions={activationActions(target, actions, (p) => {
        asked.current = p;
      })}
      toolbar={[{ id: 'new', label: 'catalogues.projects.new', to: '/app/projects/new' }]}
    >
      {actions.dialog}
    </ListScreen>
  );
}
