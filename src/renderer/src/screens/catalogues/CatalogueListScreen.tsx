/**
 * /app/situations, /app/how-did-find, /app/reasons: one list declaration for
 * the three catalogues (label and active filters, sort and paging in the URL),
 * with activate/deactivate/delete from each row.
 */
import type { CatalogueKind } from '@shared/contract';
import type { ColumnDecl } from '@kit/list/columns';
import { ListScreen } from '@kit/list/ListScreen';
import { useApiMutation } from '../../api/hooks';
import { CATALOGUE_SCREENS } from './config';
import { activationActions } from './rowActions';
import { useCatalogueActions } from './useCatalogueActions';
import { formatPercentage } from '@shared/format';

/** A row of any of the three catalogues (only situations have a percentage). */
interface Row {
  id: number;
  label: string;
  active: boolean;
  updated_at: string;
  percentage?: number;
}

const PERCENTAGE: ColumnDecl<Row, 'percentage'> = {
  id: 'percentage',
  title: 'catalogues.columns.percentage',
  sort: 'percentage',
  width: 110,
  // pt-BR like the form shows it: 12,35% (not 12.35%).
  text: (r) => formatPercentage(r.percentage ?? 0),
};

export function CatalogueListScreen({ kind }: { kind: CatalogueKind }) {
  const config = CATALOGUE_SCREENS[kind];
  const { ops, testId } = config;
  const invalidates = [ops.list, ops.byId, ops.listActives] as const;
  const setStatus = useApiMutation(ops.setStatus, { invalidates });
  const remove = useApiMutation(ops.delete, { invalidates });
  const actions = useCatalogueActions({
    setStatus: (id, active) => setStatus.mutateAsync({ id, active }),
    remove: (id) => remove.mutateAsync({ id }),
  });

  return (
    <ListScreen
      testId={testId}
      emptyHint={`emptyHints.${kind}`}
      operation={ops.list}
      columns={[
        { id: 'label', title: 'catalogues.columns.label', sort: 'label', width: 300, field: 'label' },
        ...(config.percentage ? [PERCENTAGE] : []),
        { id: 'active', title: 'catalogues.columns.active', sort: 'active', width: 90, kind: 'boolean', field: 'active' },
        { id: 'updated', title: 'catalogues.columns.updatedAt', sort: 'updated_at', width: 140, kind: 'date', field: 'updated_at' },
      ]}
      filters={[
        { kind: 'text', key: 'label', label: 'catalogues.filterLabel' },
        { kind: 'yesNo', key: 'active', label: 'catalogues.filterActive', wording: 'active' },
      ]}
      rowLink={(r) => `${config.base}/${r.id}`}
      rowActions={activationActions((r) => r, actions)}
      toolbar={[{ id: 'new', label: `catalogues.${kind}.new`, to: `${config.base}/new` }]}
    >
      {actions.dialog}
    </ListScreen>
  );
}
