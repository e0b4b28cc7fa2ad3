import { Card, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { SandboxBadge } from './Header';
import { KeychainWarning } from './KeychainWarning';
import { LocaleSwitch } from './LocaleSwitch';

/** The plain layout of the /auth area. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="auth-shell">
      <div className="auth-top">
        <SandboxBadge />
        <div className="app-header-spacer" />
        <LocaleSwitch />
      </div>
      <KeychainWarning />
      <Card className="auth-card" elevation={2}>
        <H2 className="auth-brand">{t('common.appName')}</H2>
        <Outlet />
      </Card>
    </div>
  );
}
