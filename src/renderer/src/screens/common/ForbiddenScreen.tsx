import { Button } from '@blueprintjs/core';
import { EmptyState } from '@kit/EmptyState';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { canOpen } from '../../app/palette';
import { useSession } from '../../app/session';

/**
 * The spec's forbidden screen: the exact text and a button back to home. A role that may open no page of the
 * app (home included) would go back to this same screen: it is offered sign-out instead.
 */
export function ForbiddenScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, signOut } = useSession();
  const hasArea = canOpen(user?.role_id, '/app/home');
  return (
    <div data-testid="forbidden-screen" className="screen-center">
      <EmptyState
        icon="lock"
        title={t('common.forbidden')}
        text={hasArea ? undefined : t('access.forbidden.noArea')}
        action={
          hasArea ? (
            <Button intent="primary" data-testid="forbidden-home" onClick={() => navigate('/app/home')}>
              {t('common.backHome')}
            </Button>
          ) : (
            <Button intent="primary" icon="log-out" data-testid="forbidden-sign-out" onClick={() => void signOut()}>
              {t('access.forbidden.signOut')}
            </Button>
          )
        }
      />
    </div>
  );
}
