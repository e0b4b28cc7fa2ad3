/**
 * The breadcrumb: a nav landmark with an ordered list of pages (ol > li only,
 * Blueprint's look), built from the route configuration's titles. Pages above
 * the current one are links; the current page is marked aria-current.
 */
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { breadcrumbTrail } from '../app/menu';
import { useSystem } from '../app/SystemState';

export function Breadcrumbs() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const trail = breadcrumbTrail(location.pathname);
  const { state } = useSystem();
  return (
    <nav aria-label={t('shell.crumbs.label')} data-testid="breadcrumb" className="breadcrumb">
      <ol className="bp6-breadcrumbs">
        {trail.map((c, i) => {
          const last = i === trail.length - 1;
          // The screen may name the current page by its record's state ("Operação" once an operation is decided).
          const text = last && state.page.crumb ? state.page.crumb : c.titleKey ? t(c.titleKey) : c.text;
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
