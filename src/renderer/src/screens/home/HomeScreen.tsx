/**
 * /app/home: the dashboard (the spec's call GET /home/all?year). The year lives in
 * the URL (?year=2025); without one the server picks it (2020 when it has
 * data, else the current year). Key figures as cards, received solicitations
 * by status, and monthly charts loaded on their own chunk (recharts).
 */
import { Callout, Card, FormGroup, H2, H3, HTMLSelect, HTMLTable, Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { DASHBOARD_MAX_YEAR, DASHBOARD_MIN_YEAR, type Dashboard } from '@shared/contract';
import { ROLE_LABELS_PT } from '@shared/roles';
import { SOLICITATION_STATUSES } from '@shared/solicitation-status';
import { formatCurrency, formatInteger, formatPercentage } from '@shared/format';
import { errorText } from '../../api/errors';
import { useApiQuery } from '../../api/hooks';
import { useSession } from '../../app/session';
import { StaleBanner } from '@kit/StaleBanner';

const DashboardCharts = lazy(() => import('./DashboardCharts'));
// The servicing portfolio (outstanding, disbursed in the month, arrears), with its own call and chart.
const PortfolioPanel = lazy(() => import('../collections/PortfolioPanel'));

/** The year of the URL when it is a plain year in range, else none (the server's default). */
export function yearFromSearch(value: string | null): number | undefined {
  if (!value || !/^\d{4}$/.test(value)) return undefined;
  const year = Number(value);
  return year >= DASHBOARD_MIN_YEAR && year <= DASHBOARD_MAX_YEAR ? year : undefined;
}

function Figure({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  return (
    <Card className="dashboard-figure-card" data-testid={`dashboard-figure-${id}`}>
      <div className="dashboard-figure-label">{label}</div>
      {/* An amount is read whole: it never wraps nor is cut (the cards are sized to hold R$ 999.999.999,99). */}
      <div className="dashboard-figure-value" data-testid={`dashboard-value-${id}`}>
        {value}
      </div>
      {hint && <div className="dashboard-figure-hint bp6-text-muted">{hint}</div>}
    </Card>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const totals = data.totals;
  return (
    <div className="dashboard-figures">
      <Figure id="received" label={t('dashboard.cards.received')} value={formatInteger(totals.received)} />
      <Figure id="requested" label={t('dashboard.cards.requested')} value={formatCurrency(totals.requestedValue)} />
      <Figure id="approved" label={t('dashboard.cards.approved')} value={formatInteger(totals.approved)} />
      <Figure id="approvedValue" label={t('dashboard.cards.approvedValue')} value={formatCurrency(totals.approvedValue)} />
      <Figure
        id="conversion"
        label={t('dashboard.cards.conversion')}
        value={totals.conversionRate === null ? '—' : formatPercentage(totals.conversionRate)}
        hint={t('dashboard.cards.conversionHint')}
      />
      <Figure id="ticket" label={t('dashboard.cards.ticket')} value={formatCurrency(totals.averageTicket)} />
    </div>
  );
}

export function HomeScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const notFound = (location.state as { notFound?: string } | null)?.notFound;
  const asked = yearFromSearch(search.get('year'));
  const query = useApiQuery('home.all', asked === undefined ? {} : { year: asked });
  const data = query.data;
  const year = data?.year ?? asked;
  const years = [...new Set([...(data?.years ?? []), ...(year ? [year] : []), new Date().getUTCFullYear()])].sort((a, b) => b - a);

  const pickYear = (value: string) => {
    const next = new URLSearchParams(search);
    next.set('year', value);
    setSearch(next);
  };

  return (
    <div className="screen dashboard" data-testid="dashboard">
      {notFound && (
        <Callout intent="warning" icon="warning-sign" data-testid="not-found-notice">
          {t('shell.notFound', { path: notFound })}
        </Callout>
      )}
      <div className="dashboard-head">
        <div>
          {/* A greeting, not a section: the page's sections start at the year's title (h2). */}
          <p className="dashboard-welcome" data-testid="home-welcome">
            {t('shell.home.welcome', { name: user?.name ?? '' })}
          </p>
          {user && (
            <p className="bp6-text-muted" data-testid="home-role">
              {t('shell.home.role', { role: ROLE_LABELS_PT[user.role_id] })}
            </p>
          )}
        </div>
        <FormGroup label={t('dashboard.year')} labelFor="dashboard-year" inline className="dashboard-year">
          <HTMLSelect
            id="dashboard-year"
            data-testid="dashboard-year"
            value={year ?? ''}
            onChange={(e) => pickYear(e.currentTarget.value)}
            options={years.map((y) => ({ value: y, label: String(y) }))}
          />
        </FormGroup>
      </div>
      {query.stale && <StaleBanner at={query.cachedAt} testId="dashboard-stale" />}
      {query.error && !data && (
        <Callout intent="danger" data-testid="dashboard-error">
          {errorText(query.error, t)}
        </Callout>
      )}
      {!data && !query.error && <Spinner />}
      {data && (
        <>
          <H2 className="dashboard-title" data-testid="dashboard-title" data-year={data.year}>
            {t('dashboard.title', { year: data.year })}
          </H2>
          {data.defaulted && (
            <p className="bp6-text-muted" data-testid="dashboard-defaulted">
              {t('dashboard.defaultedNote', { year: data.year })}
            </p>
          )}
          {data.totals.received === 0 && data.totals.approved === 0 && (
            <Callout icon="info-sign" data-testid="dashboard-empty">
              {t('dashboard.noData')}
            </Callout>
          )}
          <Figures data={data} />
          <Card className="dashboard-status" data-testid="dashboard-by-status">
            <H3 id="dashboard-by-status-title" className="dashboard-card-title">
              {t('dashboard.byStatus')}
            </H3>
            <HTMLTable compact aria-labelledby="dashboard-by-status-title" className="dashboard-status-table">
              <thead>
                <tr>
                  {SOLICITATION_STATUSES.map((s) => (
                    <th scope="col" key={s} className="numeric">
                      {t(`dashboard.status.${s}`)}
                    </th>
                  ))}
                  <th scope="col" className="numeric">{t('dashboard.charts.total')}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  {SOLICITATION_STATUSES.map((s) => (
                    <td key={s} className="numeric" data-testid={`dashboard-status-${s}`}>
                      {formatInteger(data.totals.byStatus[s] ?? 0)}
                    </td>
                  ))}
                  <td className="numeric">{formatInteger(data.totals.received)}</td>
                </tr>
              </tbody>
            </HTMLTable>
          </Card>
          <Suspense fallback={<Spinner />}>
            <DashboardCharts months={data.months} totals={data.totals} />
          </Suspense>
        </>
      )}
      <Suspense fallback={<Spinner />}>
        <PortfolioPanel />
      </Suspense>
    </div>
  );
}
