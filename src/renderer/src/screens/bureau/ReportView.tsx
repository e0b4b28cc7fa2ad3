/** One bureau report: the score and key figures, then each section of the provider's answer as a table. */
import { Card, H2, H3, HTMLTable, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BureauReport } from '@shared/contract';
import { formatCurrency, formatDateTime, formatPercentage } from '@shared/format';
import { ScoreGauge } from './ScoreGauge';

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' by text: a calendar date never passes through a zone. */
export function dayText(value: string): string {
  const [y, m, d] = value.split('-');
  return `${d}/${m}/${y}`;
}

const BAND_INTENT = { A: 'success', B: 'success', C: 'warning', D: 'warning', E: 'danger' } as const;

function Section({ id, title, headers, rows, numeric = [] }: { id: string; title: string; headers: string[]; rows: ReactNode[][]; numeric?: number[] }) {
  const { t } = useTranslation();
  const headingId = `bureau-section-${id}-title`;
  return (
    <section className="bureau-section" data-testid={`bureau-section-${id}`} aria-labelledby={headingId}>
      <H3 id={headingId} className="heading-as-h4">
        {title} <Tag minimal round>{rows.length}</Tag>
      </H3>
      {rows.length === 0 ? (
        <p className="bp6-text-muted">{t('bureau.nothing')}</p>
      ) : (
        <HTMLTable compact striped className="bureau-table" aria-labelledby={headingId}>
          <thead>
            <tr>
              {headers.map((h, i) => (
                <th key={h} scope="col" className={numeric.includes(i) ? 'numeric' : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, r) => (
              <tr key={r}>
                {cells.map((cell, i) => (
                  <td key={i} className={numeric.includes(i) ? 'numeric' : undefined}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}

export function ReportView({ report }: { report: BureauReport }) {
  const { t } = useTranslation();
  const r = report.result;
  const c = (key: string) => t(`bureau.columns.${key}`);
  return (
    <Card className="bureau-report" data-testid="bureau-report" data-report-id={report.id}>
      <H2 className="heading-as-h3">{t('bureau.latest')}</H2>
      <p data-testid="bureau-report-subject">{t('bureau.subject', { name: r.name, document: r.document })}</p>
      <p className="bp6-text-muted" data-testid="bureau-report-meta">
        {t('bureau.showing', {
          id: report.id,
          date: formatDateTime(report.created_at),
          model: report.model_label ?? t('bureau.unknownModel'),
          by: report.requested_by_name ?? t('bureau.unknownRequester'),
        })}
      </p>
      <div className="bureau-summary">
        <ScoreGauge score={r.score} band={r.riskBand} label={t('bureau.gaugeLabel', { score: r.score, band: r.riskBand })} />
        <dl className="bureau-figures">
          <dt>{t('bureau.score')}</dt>
          <dd data-testid="bureau-score">{t('bureau.scoreOf', { score: r.score })}</dd>
          <dt>{t('bureau.riskBand')}</dt>
          <dd>
            <Tag intent={BAND_INTENT[r.riskBand]} data-testid="bureau-band">
              {t(`bureau.risk.${r.riskBand}`)}
            </Tag>
          </dd>
          <dt>{t('bureau.defaultProbability')}</dt>
          <dd>{formatPercentage(r.defaultProbability)}</dd>
          <dt>{t('bureau.negativeTotal')}</dt>
          <dd>{formatCurrency(r.totals.negativeRecords)}</dd>
          <dt>{t('bureau.protestTotal')}</dt>
          <dd>{formatCurrency(r.totals.protests)}</dd>
        </dl>
      </div>
      <Section
        id="negative"
        title={t('bureau.sections.negativeRecords')}
        headers={[c('kind'), c('creditor'), c('contract'), c('amount'), c('date')]}
        numeric={[3]}
        rows={r.negativeRecords.map((n) => [n.kind.toUpperCase(), n.creditor, n.contract, formatCurrency(n.amount), dayText(n.date)])}
      />
      <Section
        id="protests"
        title={t('bureau.sections.protests')}
        headers={[c('notary'), c('city'), c('amount'), c('date')]}
        numeric={[2]}
        rows={r.protests.map((p) => [p.notary, `${p.city}/${p.state}`, formatCurrency(p.amount), dayText(p.date)])}
      />
      <Section
        id="inquiries"
        title={t('bureau.sections.inquiries')}
        headers={[c('company'), c('segment'), c('date')]}
        rows={r.inquiries.map((q) => [q.company, q.segment, dayText(q.date)])}
      />
      <Section
        id="cheques"
        title={t('bureau.sections.returnedCheques')}
        headers={[c('bank'), c('agency'), c('reason'), c('count'), c('date')]}
        numeric={[3]}
        rows={r.returnedCheques.map((ch) => [ch.bank, ch.agency, ch.reason, String(ch.count), dayText(ch.date)])}
      />
    </Card>
  );
}
