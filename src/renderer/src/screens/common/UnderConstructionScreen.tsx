import { EmptyState } from '@kit/EmptyState';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

/** Areas of later issues: their route, roles and menu entry are real; the screen is not yet. */
export function UnderConstructionScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div data-testid="under-construction" className="screen-center">
      <EmptyState icon="build" title={t('common.underConstruction')} text={t('common.underConstructionText')}>
        <code>{location.pathname}</code>
      </EmptyState>
    </div>
  );
}
