/**
 * The breadcrumb: a nav landmark with an ordered list of pages (ol > li only,
 * Blueprint's look), built from the route configuration's titles. Pages above
 * the current one are links; the current page is marked aria-current.
 */
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { breadcrumbTrail } from '../app/menu';

export function Breadcrumbs() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const trail = breadcrumbTrail(location.pathname);
  return (
    <nav aria-label={t('shell.crumbs.label')} data-testid="breadcrumb" className="breadcrumb">
      <ol className="bp6-breadcrumbs">
        {trail.map((c, i) => {
          const text = c.titleKey ? t(c.titleKey) : c.text;
          const last = i === trail.length - 1;
          return (
            <li key={`${i}-${c.href ?? ''}`}>
              {c.href && !last ? (
                <a
                  className="bp6-breadcrumb"
                  href={`#${c.href}`}
                  data-testid={`crumb-${i}`}
                  onClick={(e) => {
                    e.preventDefault();
                    navigate(c.href!);
                  }}
                >
                  {text}
                </a>
              ) : (
                <span
                  className={`bp6-breadcrumb${last ? ' bp6-breadcrumb-current' : ''}`}
                  data-testid={`crumb-${i}`}
                  aria-current={last ? 'page' : undefined}
                >
                  {text}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
