import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session';

/** Persistent while the OS keychain cannot be reached: the session ends with the app. */
export function KeychainWarning() {
  const { t } = useTranslation();
  const { state } = useSession();
  if (state?.keychain !== 'unavailable') return null;
  return (
    <Callout intent="warning" icon="key" data-testid="keychain-warning" className="keychain-warning">
      {t('common.keychainUnavailable')}
    </Callout>
  );
}
