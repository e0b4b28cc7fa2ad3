import { Breadcrumbs as BpBreadcrumbs, type BreadcrumbProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { breadcrumbTrail } from '../app/menu';

export function Breadcrumbs() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const items: BreadcrumbProps[] = breadcrumbTrail(location.pathname).map((c) => ({
    text: c.titleKey ? t(c.titleKey) : c.text,
    href: `#${c.href}`,
    onClick: (e) => {
      e.preventDefault();
      navigate(c.href);
    },
  }));
  return (
    <div data-testid="breadcrumb" className="breadcrumb">
      <BpBreadcrumbs items={items} />
    </div>
  );
}
