/** /app/lgpd: erasure requests (who, when, status) with the status filter in the URL, and registering a request from another channel. */
import { Button, FormGroup, HTMLSelect, Tag } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LGPD_SORTS, LGPD_STATUSES, type LgpdRequest } from '../../../../shared/contract';
import { formatDateTime } from '../../../../shared/format';
import { useApiQuery } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { listArgsOf, withFilter, type FilterDef } from '../../components/listParams';
import { ResourceTable, type ResourceColumn } from '../../components/ResourceTable';
import { tableStatusOf } from '../../components/tableStatus';
import { useListState } from '../../components/useListState';
import { RegisterRequestDialog } from './RegisterRequestDialog';
import { statusIntent } from './status';

const FILTERS: readonly FilterDef[] = [{ key: 'status', type: 'text' }];

export function LgpdListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const [registering, setRegistering] = useState(false);
  const { state, setState } = useListState(FILTERS, LGPD_SORTS);
  const query = useApiQuery('lgpd.list', listArgsOf(state), { placeholderData: keepPreviousData });

  const columns: ResourceColumn<LgpdRequest>[] = [
    { id: 'id', title: t('lgpd.columns.id'), width: 70, render: (r) => String(r.id) },
    { id: 'subject', title: t('lgpd.columns.subject'), width: 220, render: (r) => r.subject_name },
    { id: 'email', title: t('lgpd.columns.email'), width: 240, render: (r) => r.subject_email ?? '' },
    { id: 'channel', title: t('lgpd.columns.channel'), width: 120, render: (r) => t(`lgpd.channel.${r.channel}`) },
    { id: 'received', title: t('lgpd.columns.receivedAt'), sortField: 'received_at', width: 160, render: (r) => formatDateTime(r.received_at) },
    {
      id: 'status',
      title: t('lgpd.columns.status'),
      sortField: 'status',
      width: 120,
      render: (r) => <Tag intent={statusIntent(r.status)}>{t(`lgpd.status.${r.status}`)}</Tag>,
    },
    { id: 'closed', title: t('lgpd.columns.closedAt'), sortField: 'closed_at', width: 160, render: (r) => (r.closed_at ? formatDateTime(r.closed_at) : '') },
  ];

  return (
    <div className="screen">
      <div className="filters">
        <FormGroup label={t('lgpd.filterStatus')} labelFor="lgpd-filter-status">
          <HTMLSelect
            id="lgpd-filter-status"
            data-testid="lgpd-filter-status"
            value={String(state.filter.status ?? '')}
            options={[{ value: '', label: t('common.all') }, ...LGPD_STATUSES.map((s) => ({ value: s, label: t(`lgpd.status.${s}`) }))]}
            onChange={(e) => setState(withFilter(state, { status: e.currentTarget.value }))}
          />
        </FormGroup>
      </div>
      <div className="toolbar">
        <Button intent="success" icon="add" data-testid="lgpd-register" onClick={() => setRegistering(true)}>
          {t('lgpd.register.open')}
        </Button>
      </div>
      <ResourceTable
        testId="lgpd-table"
        columns={columns}
        rows={query.data?.items}
        {...tableStatusOf(query, t)}
        state={state}
        onStateChange={setState}
        rowTestId={(r) => `lgpd-row-${r.id}`}
        onRowClick={(r) => navigate(`/app/lgpd/view/${r.id}`)}
      />
      {registering && (
        <RegisterRequestDialog
          isOpen
          onClose={() => setRegistering(false)}
          onSaved={(created) => {
            setRegistering(false);
            toast.success(t('lgpd.register.saved'));
            navigate(`/app/lgpd/view/${created.id}`);
          }}
        />
      )}
    </div>
  );
}
