/**
 * The dashboard's portfolio figures on the business date (home.portfolio):
 * outstanding principal, what was disbursed in the month, and the portfolio
 * in arrears by 15, 30, 60 and 90 days as a chart with its table alternative
 * ("Ver como tabela", the same figures). Loaded on its own chunk with
 * recharts (React.lazy in HomeScreen). Amounts arrive as decimal strings;
 * the chart reads them as numbers only to draw bars, the text never does.
 */
import { Button, Callout, Card, Colors, H2, H3, HTMLTable, Spinner } from '@blueprintjs/core';
import Decimal from 'decimal.js';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Portfolio } from '@shared/contract';
import { formatCurrency, formatDate, formatInteger, formatPercentage } from '@shared/format';
import { errorText } from '../../api/errors';
import { useApiQuery } from '../../api/hooks';

const AXIS = { stroke: Colors.GRAY3, tick: { fill: Colors.DARK_GRAY5, fontSize: 12 } };

function compactMoney(locale: string, value: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 }).format(value).replace(/[\u00a0\u202f]/g, ' ');
}

/** Share of the outstanding principal, percent with two places ("—" when there is none). */
function shareOf(part: string, whole: string): string {
  const total = new Decimal(whole);
  return total.isZero() ? '—' : formatPercentage(new Decimal(part).div(total).mul(100).toFixed(2));
}

function Figure({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  return (
    <Card className="dashboard-figure-card" data-testid={`portfolio-figure-${id}`}>
      <div className="dashboard-figure-label">{label}</div>
      <div className="dashboard-figure-value" data-testid={`portfolio-value-${id}`}>
        {value}
      </div>
      {hint && <div className="dashboard-figure-hint bp6-text-muted">{hint}</div>}
    </Card>
  );
}

function AtRisk({ data }: { data: Portfolio }) {
  const { t, i18n } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const locale = i18n.language;
  const label = (days: number) => t('collections.portfolio.atRiskDays', { days });
  const rows = data.at_risk.map((r) => ({ name: label(r.days), outstanding: Number(r.outstanding), principal: Number(r.overdue_principal) }));
  const summary = data.at_risk.map((r) => `${label(r.days)}: ${formatCurrency(r.outstanding)}`).join('; ');
  return (
    <Card className="dashboard-chart" data-testid="portfolio-at-risk">
      <div className="dashboard-chart-header">
        <H3 id={titleId} className="dashboard-card-title">
          {t('collections.portfolio.atRiskTitle')}
        </H3>
        <Button size="small" variant="minimal" icon={asTable ? 'timeline-bar-chart' : 'th'} aria-pressed={asTable} data-testid="portfolio-toggle" onClick={() => setAsTable((v) => !v)}>
          {asTable ? t('dashboard.charts.showChart') : t('dashboard.charts.showTable')}
        </Button>
      </div>
      {asTable ? (
        <HTMLTable compact striped className="dashboard-table" aria-labelledby={titleId} data-testid="portfolio-table">
          <thead>
            <tr>
              <th scope="col">{t('collections.portfolio.threshold')}</th>
              <th scope="col" className="numeric">{t('collections.portfolio.atRiskOperations')}</th>
              <th scope="col" className="numeric">{t('collections.portfolio.atRiskInstallments')}</th>
              <th scope="col" className="numeric">{t('collections.portfolio.atRiskPrincipal')}</th>
              <th scope="col" className="numeric">{t('collections.portfolio.atRiskOutstanding')}</th>
              <th scope="col" className="numeric">{t('collections.portfolio.share')}</th>
            </tr>
          </thead>
          <tbody>
            {data.at_risk.map((r) => (
              <tr key={r.days} data-testid={`portfolio-row-${r.days}`}>
                <th scope="row">{label(r.days)}</th>
                <td className="numeric">{formatInteger(r.operations)}</td>
                <td className="numeric">{formatInteger(r.installments)}</td>
                <td className="numeric">{formatCurrency(r.overdue_principal)}</td>
                <td className="numeric">{formatCurrency(r.outstanding)}</td>
                <td className="numeric">{shareOf(r.outstanding, data.outstanding)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : (
        <figure className="dashboard-figure" aria-labelledby={titleId}>
          <div role="img" aria-label={`${t('collections.portfolio.atRiskTitle')}. ${summary}`} className="dashboard-plot">
            <ResponsiveContainer width="100%" height={240}>
              <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 16 }} barGap={2} accessibilityLayer={false}>
                <CartesianGrid stroke={Colors.LIGHT_GRAY2} vertical={false} />
                <XAxis dataKey="name" {...AXIS} tickLine={false} />
                <YAxis {...AXIS} tickLine={false} axisLine={false} width={72} tickFormatter={(v: number) => compactMoney(locale, v)} />
                <Tooltip
                  cursor={{ fill: Colors.LIGHT_GRAY4 }}
                  formatter={(value, name) => [formatCurrency(value as number), name]}
                  contentStyle={{ borderRadius: 4, borderColor: Colors.LIGHT_GRAY1, fontSize: 13 }}
                />
                <Legend wrapperStyle={{ fontSize: 13 }} iconType="square" />
                <Bar dataKey="outstanding" name={t('collections.portfolio.atRiskOutstanding')} fill={Colors.RED3} radius={[2, 2, 0, 0]} maxBarSize={28} isAnimationActive={false} />
                <Bar dataKey="principal" name={t('collections.portfolio.atRiskPrincipal')} fill={Colors.ORANGE3} radius={[2, 2, 0, 0]} maxBarSize={28} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </figure>
      )}
      <Link to="/app/collections" data-testid="portfolio-open-list">
        {t('collections.portfolio.openList')}
      </Link>
    </Card>
  );
}

export default function PortfolioPanel() {
  const { t, i18n } = useTranslation();
  const query = useApiQuery('home.portfolio', {});
  const data = query.data;
  if (query.error && !data) {
    return (
      <Callout intent="warning" data-testid="portfolio-error">
        {t('collections.portfolio.error')} {errorText(query.error, t)}
      </Callout>
    );
  }
  if (!data) return <Spinner size={20} />;
  const month = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en' : 'pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${data.disbursed_month.month}-01T00:00:00Z`));
  return (
    <section className="portfolio" data-testid="portfolio" aria-labelledby="portfolio-title">
      <H2 id="portfolio-title" className="dashboard-title">
        {t('collections.portfolio.title', { date: formatDate(data.as_of) })}
      </H2>
      <div className="dashboard-figures">
        <Figure id="outstanding" label={t('collections.portfolio.outstanding')} value={formatCurrency(data.outstanding)} hint={t('collections.portfolio.operations', { count: formatInteger(data.operations) })} />
        <Figure
          id="disbursed"
          label={t('collections.portfolio.disbursedMonth')}
          value={formatCurrency(data.disbursed_month.released)}
          hint={t('collections.portfolio.disbursedHint', { count: formatInteger(data.disbursed_month.count), month })}
        />
        {data.at_risk.map((r) => (
          <Figure key={r.days} id={`risk-${r.days}`} label={t('collections.portfolio.atRiskCard', { days: r.days })} value={formatCurrency(r.outstanding)} hint={shareOf(r.outstanding, data.outstanding)} />
        ))}
      </div>
      <AtRisk data={data} />
    </section>
  );
}
