/**
 * /app/simulations: what prospective borrowers simulated, with the person's
 * name, value range and period filters, sort and paging kept in the URL, the
 * Excel export, and delete behind a confirmation (operators and
 * administrators; the spec's zero rule for the value range lives in the
 * contract's filter schema, not here).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Simulation } from '@shared/contract';
import { formatCurrency } from '@shared/format';
import { AllOperators } from '@shared/roles';
import { errorText } from '../../api/errors';
import { useApiMutation } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { ListScreen } from '@kit/list/ListScreen';
import { simulationColumns } from './columns';

export function SimulationsListScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const [deleting, setDeleting] = useState<Simulation | null>(null);
  const remove = useApiMutation('simulations.delete', { invalidates: ['simulations.all', 'simulations.byUser'] });

  return (
    <ListScreen
      testId="simulations"
      emptyHint="emptyHints.simulations"
      operation="simulations.all"
      columns={simulationColumns({ person: true, sortable: true })}
      filters={[
        { kind: 'text', key: 'name', label: 'simulations.filters.name' },
        { kind: 'moneyRange', key: 'valueStart', to: 'valueEnd', label: 'simulations.filters.value' },
        { kind: 'dateRange', key: 'from', to: 'to', label: 'simulations.filters.period' },
      ]}
      rowActions={[
        { id: 'delete', label: () => 'simulations.delete.action', icon: () => 'trash', intent: 'danger', roles: AllOperators, onClick: setDeleting },
      ]}
      export={{ operation: 'simulations.export', title: 'simulations.exportTitle', fileName: 'simulacoes' }}
    >
      {deleting && (
        <ConfirmDialog
          isOpen
          title={t('simulations.delete.title')}
          intent="danger"
          confirmText={t('simulations.delete.action')}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ id: deleting.id });
              toast.success(t('simulations.delete.done'));
            } catch (e) {
              toast.failure(errorText(e, t));
            }
            setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
        >
          {t('simulations.delete.confirm', { name: deleting.name, value: formatCurrency(deleting.value), plots: deleting.plots })}
        </ConfirmDialog>
      )}
    </ListScreen>
  );
}
