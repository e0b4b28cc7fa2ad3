/** Header: sandbox badge, connection state, language, the signed-in user with role label, profile link and sign-out. */
import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROLE_LABELS_PT } from '../../../shared/roles';
import { useSession } from '../app/session';
import { useSystem } from '../app/SystemState';
import { ConnectionTag } from './ConnectionTag';
import { LocaleSwitch } from './LocaleSwitch';
import { PreferencesButton } from '../screens/preferences/PreferencesDialog';

export function SandboxBadge() {
  const { t } = useTranslation();
  const { appInfo } = useSystem();
  if (!appInfo?.embedded) return null;
  return (
    <Tag intent="warning" icon="lab-test" data-testid="sandbox-badge" large htmlTitle={t('common.sandboxBadge')}>
      {t('common.sandboxBadge')}
    </Tag>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { user, signOut } = useSession();
  const { state } = useSystem();
  return (
    <header
      className={`app-header tone-${state.theme.headerNavTone}`}
      style={{ background: state.theme.headerNavColor }}
    >
      <SandboxBadge />
      <ConnectionTag />
      <div className="app-header-end">
        <LocaleSwitch />
        <PreferencesButton testId="header-preferences" />
        {user && (
          <span data-testid="header-user" className="header-user">
            <strong>{user.name}</strong> <span className="bp6-text-muted">· {ROLE_LABELS_PT[user.role_id]}</span>
          </span>
        )}
        <Link to="/app/profile" data-testid="header-profile" className="bp6-button bp6-minimal">
          {t('shell.header.profile')}
        </Link>
        <Button icon="log-out" variant="minimal" data-testid="sign-out" onClick={() => void signOut()}>
          {t('common.signOut')}
        </Button>
      </div>
    </header>
  );
}
