/** The activate/deactivate and delete buttons of a catalogue or project row, each asking through useCatalogueActions. */
import type { RowAction } from '@kit/list/ListScreen';
import type { ActionTarget } from './useCatalogueActions';

export function activationActions<T>(
  target: (row: T) => ActionTarget,
  ask: { askStatus(target: ActionTarget): void; askDelete(target: ActionTarget): void },
  /** told which row is asked about before the dialog opens */
  onAsk?: (row: T) => void,
): RowAction<T>[] {
  return [
    {
      id: 'toggle',
      label: (row) => (target(row).active ? 'catalogues.deactivate' : 'catalogues.activate'),
      icon: (row) => (target(row).active ? 'disable' : 'confirm'),
      onClick: (row) => {
        onAsk?.(row);
        ask.askStatus(target(row));
      },
    },
    { id: 'delete', label: () => 'common.delete', icon: () => 'trash', intent: 'danger', onClick: (row) => ask.askDelete(target(row)) },
  ];
}
