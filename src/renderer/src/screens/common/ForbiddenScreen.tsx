import { Button } from '@blueprintjs/core';
import { EmptyState } from '@kit/EmptyState';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** The spec's forbidden screen: the exact text and a button back to home. */
export function ForbiddenScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="forbidden-screen" className="screen-center">
      <EmptyState
        icon="lock"
        title={t('common.forbidden')}
        action={
          <Button intent="primary" data-testid="forbidden-home" onClick={() => navigate('/app/home')}>
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}
