import { Callout, Card, H4 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ROLE_LABELS_PT } from '../../../../shared/roles';
import { useSession } from '../../app/session';

/** Home: a welcome and the user's role. The dashboard figures come in a later issue; none are invented here. */
export function HomeScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const notFound = (location.state as { notFound?: string } | null)?.notFound;
  return (
    <div className="screen">
      {notFound && (
        <Callout intent="warning" icon="warning-sign" data-testid="not-found-notice">
          {t('shell.notFound', { path: notFound })}
        </Callout>
      )}
      <Card>
        <H4 data-testid="home-welcome">{t('shell.home.welcome', { name: user?.name ?? '' })}</H4>
        {user && <p data-testid="home-role">{t('shell.home.role', { role: ROLE_LABELS_PT[user.role_id] })}</p>}
        <p className="bp6-text-muted">{t('shell.home.dashboardLater')}</p>
      </Card>
    </div>
  );
}
