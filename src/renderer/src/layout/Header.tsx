/**
 * Header: sandbox badge, connection state, language, the signed-in user with
 * role label, profile link and sign-out. One row at any width from 1024 px:
 * below 1200 px the buttons show their icon only (their name stays their
 * accessible name and tooltip) and the role label gives way to the name.
 */
import { Button, Icon, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isRoleId } from '@shared/roles';
import { canOpen } from '../app/palette';
import { useSession } from '../app/session';
import { useShellKeys } from '../app/ShellKeys';
import { useSystem } from '../app/SystemState';
import { ConnectionTag } from './ConnectionTag';
import { DownloadsButton } from './DownloadsButton';
import { LocaleSwitch } from './LocaleSwitch';
import { PreferencesButton } from '../screens/preferences/PreferencesDialog';

export function SandboxBadge() {
  const { t } = useTranslation();
  const { appInfo } = useSystem();
  if (!appInfo?.embedded) return null;
  return (
    // A short word that fits at any width; the whole sentence on hover.
    <Tag intent="warning" icon="lab-test" data-testid="sandbox-badge" large htmlTitle={t('common.sandboxBadge')}>
      {t('common.sandboxBadgeShort')}
    </Tag>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { user, signOut } = useSession();
  const { state } = useSystem();
  const keys = useShellKeys();
  return (
    <header
      className={`app-header tone-${state.theme.headerNavTone}`}
      style={{ background: state.theme.headerNavColor }}
    >
      <SandboxBadge />
      <ConnectionTag />
      <div className="app-header-end">
        <Button
          icon="search"
          variant="minimal"
          data-testid="header-palette"
          aria-label={t('shell.palette.label')}
          title={`${t('shell.palette.label')} (Ctrl+K)`}
          aria-keyshortcuts="Control+K Meta+K"
          onClick={keys.openPalette}
        />
        <Button
          icon="key-command"
          variant="minimal"
          data-testid="header-shortcuts"
          aria-label={t('shell.shortcuts.open')}
          title={`${t('shell.shortcuts.open')} (?)`}
          onClick={keys.openHelp}
        />
        <DownloadsButton />
        <LocaleSwitch />
        <PreferencesButton testId="header-preferences" compact />
        {user && (
          <span data-testid="header-user" className="header-user" title={`${user.name} · ${t(`access.roles.${user.role_id}`)}`}>
            <strong>{user.name}</strong> <span className="bp6-text-muted header-role">· {t(`access.roles.${user.role_id}`)}</span>
          </span>
        )}
        {/* A role with no page of the app (role 2) would only reach the forbidden screen through it. */}
        {canOpen(user && isRoleId(user.role_id) ? user.role_id : null, '/app/profile') && (
          <Link
            to="/app/profile"
            data-testid="header-profile"
            className="bp6-button bp6-minimal"
            aria-label={t('shell.header.profile')}
            title={t('shell.header.profile')}
          >
            <Icon icon="person" />
            <span className="header-label">{t('shell.header.profile')}</span>
          </Link>
        )}
        <Button icon="log-out" variant="minimal" data-testid="sign-out" aria-label={t('common.signOut')} title={t('common.signOut')} onClick={() => void signOut()}>
          <span className="header-label">{t('common.signOut')}</span>
        </Button>
      </div>
    </header>
  );
}
