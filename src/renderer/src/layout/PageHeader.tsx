/** Page header: a title (default 'Home') and optionally 'title > subtitle'. */
import { H3 } from '@blueprintjs/core';
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
  return (
    <H3 data-testid="page-header-title" className="page-header">
      {subtitle ? `${title} > ${subtitle}` : title}
    </H3>
  );
}
