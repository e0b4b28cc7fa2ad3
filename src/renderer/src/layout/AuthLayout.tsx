import { Card } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { SandboxBadge } from './Header';
import { KeychainWarning } from './KeychainWarning';
import { LocaleSwitch } from './LocaleSwitch';

/**
 * The plain layout of the /auth area: a banner with the sandbox badge and the
 * language, and the card in the main landmark, headed by the app's name as
 * the page's one h1 (each screen titles its form below it).
 */
export function AuthLayout() {
  const { t } = useTranslation();
  const appName = t('common.appName');
  useEffect(() => {
    document.title = appName;
  }, [appName]);
  return (
    <div className="auth-shell">
      <header className="auth-top">
        <SandboxBadge />
        <div className="app-header-spacer" />
        <LocaleSwitch />
      </header>
      <main className="auth-main">
        <KeychainWarning />
        <Card className="auth-card" elevation={2}>
          <h1 className="bp6-heading auth-brand">{appName}</h1>
          <Outlet />
        </Card>
      </main>
    </div>
  );
}
