/**
 * Page header: the page's one h1, a title (default 'Home') and optionally
 * 'title > subtitle'. It also names the window (document title), which is
 * what a screen reader announces first.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { pageHeading } from '../app/menu';
import { useSystem } from '../app/SystemState';

export function PageHeader() {
  const { t } = useTranslation();
  const location = useLocation();
  const { state } = useSystem();
  const heading = pageHeading(location.pathname);
  const title = state.page.title ?? (heading.titleKey ? t(heading.titleKey) : 'Home');
  const subtitle = state.page.subtitle ?? (heading.subtitleKey ? t(heading.subtitleKey) : undefined);
  const text = subtitle ? `${title} > ${subtitle}` : title;
  const appName = t('common.appName');
  useEffect(() => {
    document.title = `${text} — ${appName}`;
  }, [text, appName]);
  return (
    <h1 data-testid="page-header-title" className="bp6-heading page-header">
      {text}
    </h1>
  );
}
