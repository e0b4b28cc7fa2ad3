/** The activate/deactivate and delete buttons of a record's form (each action asks first, in the screen's dialog). */
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function RecordActions({ testId, active, onToggle, onDelete }: { testId: string; active: boolean; onToggle(): void; onDelete?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button icon={active ? 'disable' : 'confirm'} intent={active ? 'danger' : 'success'} data-testid={`${testId}-toggle`} onClick={onToggle}>
        {active ? t('catalogues.deactivate') : t('catalogues.activate')}
      </Button>
      {onDelete && (
        <Button icon="trash" intent="danger" data-testid={`${testId}-delete`} onClick={onDelete}>
          {t('common.delete')}
        </Button>
      )}
    </>
  );
}
