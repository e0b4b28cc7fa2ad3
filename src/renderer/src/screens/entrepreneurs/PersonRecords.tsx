/** The person's simulations (GET /simulations/user/:id) and solicitations (GET /solicitations/user/:id), each opening its own page. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SolicitationListItem } from '@shared/contract';
import { errorText } from '../../api/errors';
import { useApiQuery } from '../../api/hooks';
import { simulationColumns } from '../simulations/columns';
import { RecordsTable } from '@kit/RecordsTable';

export function PersonSimulations({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useApiQuery('simulations.byUser', { id });
  return (
    <RecordsTable
      testId="entrepreneur-simulations"
      columns={simulationColumns({ person: false, sortable: false })}
      rows={query.data}
      loading={query.isFetching && !query.data}
      error={query.error ? errorText(query.error, t) : null}
      staleSince={query.stale ? (query.cachedAt ?? '') : null}
    />
  );
}

export function PersonSolicitations({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useApiQuery('solicitations.byUser', { id, page: 1, limit: 100 });
  return (
    <RecordsTable<SolicitationListItem>
      testId="entrepreneur-solicitations"
      columns={[
        { id: 'id', title: 'entrepreneurs.solicitationsColumns.id', width: 70, kind: 'identifier', field: 'id' },
        { id: 'created', title: 'entrepreneurs.solicitationsColumns.createdAt', width: 140, kind: 'datetime', field: 'created_at' },
        { id: 'type', title: 'entrepreneurs.solicitationsColumns.type', width: 60, kind: 'identifier', field: 'typeCredit' },
        { id: 'value', title: 'entrepreneurs.solicitationsColumns.value', width: 130, kind: 'money', field: 'lendingValue' },
        { id: 'plots', title: 'entrepreneurs.solicitationsColumns.plots', width: 90, kind: 'integer', field: 'lendingPlotsToPay' },
        { id: 'status', title: 'entrepreneurs.solicitationsColumns.status', width: 160, kind: 'status', field: 'status', labels: 'solicitations.status' },
      ]}
      rows={query.data?.items}
      loading={query.isFetching && !query.data}
      error={query.error ? errorText(query.error, t) : null}
      staleSince={query.stale ? (query.cachedAt ?? '') : null}
      onRowClick={(s) => navigate(`/app/solicitations/view/${s.id}`)}
    />
  );
}
