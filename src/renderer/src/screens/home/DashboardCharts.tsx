/**
 * The dashboard's monthly charts (recharts, in Blueprint's colours and type).
 * Loaded on its own when the dashboard first draws (React.lazy in
 * HomeScreen), so recharts never weighs on the sign-in route. Each chart has
 * a table alternative behind "Ver como tabela" with the same figures.
 */
import { Button, Card, Colors, H3, HTMLTable } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dashboard, DashboardMonth } from '@shared/contract';
import { formatCurrency, formatInteger } from '@shared/format';

const AXIS = { stroke: Colors.GRAY3, tick: { fill: Colors.DARK_GRAY5, fontSize: 12 } };

interface Series {
  key: 'received' | 'approved' | 'requestedValue' | 'approvedValue';
  label: string;
  colour: string;
  /** the year's total as the server summed it (money as a decimal string) */
  total: number | string;
}

function monthLabel(locale: string, month: number, style: 'short' | 'long'): string {
  return new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 1))).replace('.', '');
}

/** Whole reais for an axis: "R$ 12 mil" reads better than every cent on a tick. */
function compactMoney(locale: string, value: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 }).format(value).replace(/[\u00a0\u202f]/g, ' ');
}

function ChartCard({
  id,
  title,
  months,
  series,
  money,
}: {
  id: string;
  title: string;
  months: readonly DashboardMonth[];
  series: Series[];
  money: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const locale = i18n.language;
  const show = (value: number | string) => (money ? formatCurrency(value) : formatInteger(Number(value)));
  const data = months.map((m) => ({
    name: monthLabel(locale, m.month, 'short'),
    full: monthLabel(locale, m.month, 'long'),
    ...Object.fromEntries(series.map((s) => [s.key, Number(m[s.key])])),
  }));
  const summary = series.map((s) => `${s.label}: ${show(s.total)}`).join('; ');
  return (
    <Card className="dashboard-chart" data-testid={`dashboard-chart-${id}`}>
      <div className="dashboard-chart-header">
        <H3 id={titleId} className="dashboard-card-title">
          {title}
        </H3>
        <Button
          small
          minimal
          icon={asTable ? 'timeline-bar-chart' : 'th'}
          aria-pressed={asTable}
          data-testid={`dashboard-toggle-${id}`}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? t('dashboard.charts.showChart') : t('dashboard.charts.showTable')}
        </Button>
      </div>
      {asTable ? (
        <HTMLTable compact striped className="dashboard-table" aria-labelledby={titleId} data-testid={`dashboard-table-${id}`}>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.charts.month')}</th>
              {series.map((s) => (
                <th scope="col" key={s.key} className="numeric">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(locale, m.month, 'long')}</th>
                {series.map((s) => (
                  <td key={s.key} className="numeric">
                    {show(m[s.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : (
        <figure className="dashboard-figure" aria-labelledby={titleId}>
          <div role="img" aria-label={`${title}. ${summary}`} className="dashboard-plot">
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: money ? 16 : 0 }} barGap={2} accessibilityLayer={false}>
                <CartesianGrid stroke={Colors.LIGHT_GRAY2} vertical={false} />
                <XAxis dataKey="name" {...AXIS} tickLine={false} />
                <YAxis
                  {...AXIS}
                  tickLine={false}
                  axisLine={false}
                  allowDecimals={false}
                  width={money ? 72 : 40}
                  tickFormatter={(v: number) => (money ? compactMoney(locale, v) : formatInteger(v))}
                />
                <Tooltip
                  cursor={{ fill: Colors.LIGHT_GRAY4 }}
                  formatter={(value, name) => [show(value as number), name]}
                  labelFormatter={(_, payload) => (payload?.[0]?.payload as { full?: string } | undefined)?.full ?? ''}
                  contentStyle={{ borderRadius: 4, borderColor: Colors.LIGHT_GRAY1, fontSize: 13 }}
                />
                <Legend wrapperStyle={{ fontSize: 13 }} iconType="square" />
                {series.map((s) => (
                  <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.colour} radius={[2, 2, 0, 0]} maxBarSize={28} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        </figure>
      )}
    </Card>
  );
}

export default function DashboardCharts({ months, totals }: { months: readonly DashboardMonth[]; totals: Dashboard['totals'] }) {
  const { t } = useTranslation();
  return (
    <div className="dashboard-charts">
      <ChartCard
        id="counts"
        title={t('dashboard.charts.counts')}
        months={months}
        money={false}
        series={[
          { key: 'received', label: t('dashboard.charts.received'), colour: Colors.BLUE3, total: totals.received },
          { key: 'approved', label: t('dashboard.charts.approved'), colour: Colors.GREEN3, total: totals.approved },
        ]}
      />
      <ChartCard
        id="values"
        title={t('dashboard.charts.values')}
        months={months}
        money
        series={[
          { key: 'requestedValue', label: t('dashboard.charts.requestedValue'), colour: Colors.INDIGO3, total: totals.requestedValue },
          { key: 'approvedValue', label: t('dashboard.charts.approvedValue'), colour: Colors.TURQUOISE3, total: totals.approvedValue },
        ]}
      />
    </div>
  );
}
