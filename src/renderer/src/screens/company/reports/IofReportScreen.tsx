/**
 * The IOF report (/app/company-operation/reports/iof): pick the period, see
 * the IOF per decêndio and payer type with the DARF code and due date
 * (report.iof), and save it as PDF (report.iofPdf, rendered by the server)
 * or Excel (report.iofExcel, written by the main process with the info
 * sheet), on the report kit (@kit/ReportKit). The period shown is the one the server answers: widened to whole
 * decêndios. It opens on the current decêndio of the server's business date
 * (report.iofCurrentPeriod), not the workstation's clock.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IofReport } from '@shared/contract/company-reports';
import { formatCurrency, formatDate } from '@shared/format';
import { useApiQuery } from '../../../api/hooks';
import { RecordsTable } from '@kit/RecordsTable';
import { PeriodFields, ReportScreen } from '@kit/ReportKit';

interface LineRow {
  id: number;
  period: string;
  payer: string;
  darf_code: string;
  operation_count: number;
  total: string;
  due_date: string;
  isTotal: boolean;
}

function rowsOf(report: IofReport, payerName: (p: string) => string, totalLabel: string): LineRow[] {
  const rows: LineRow[] = [];
  for (const d of report.decendios) {
    const period = `${formatDate(d.start)} – ${formatDate(d.end)}`;
    for (const l of d.lines) rows.push({ id: rows.length + 1, period, payer: payerName(l.payer_type), darf_code: l.darf_code, operation_count: l.operation_count, total: l.total, due_date: d.due_date, isTotal: false });
    rows.push({ id: rows.length + 1, period, payer: totalLabel, darf_code: '', operation_count: d.operation_count, total: d.total, due_date: d.due_date, isTotal: true });
  }
  return rows;
}

export function IofReportScreen() {
  const { t } = useTranslation();
  // Until the person types or asks, the inputs and the report are the business date's decêndio.
  const current = useApiQuery('report.iofCurrentPeriod', {}).data;
  const [typedFrom, setFrom] = useState<string | null>(null);
  const [typedTo, setTo] = useState<string | null>(null);
  const [picked, setAsked] = useState<{ from: string; to: string } | null>(null);
  const from = typedFrom ?? current?.from ?? '';
  const to = typedTo ?? current?.to ?? '';
  const asked = picked ?? (current ? { from: current.from, to: current.to } : null);
  const args = { filter: asked ?? { from: '', to: '' } };
  const report = useApiQuery('report.iof', args, { enabled: asked !== null });

  const data = report.data;
  const rows = data ? rowsOf(data, (p) => t(`reports.iof.payer.${p}`), t('reports.iof.decendioTotal')) : undefined;

  return (
    <ReportScreen
      testId="report-iof"
      className="company-report-iof"
      title={t('reports.iof.title')}
      intro={t('reports.iof.intro')}
      fields={<PeriodFields idPrefix="report-iof" from={from} to={to} onFrom={setFrom} onTo={setTo} fromLabel={t('reports.iof.from')} toLabel={t('reports.iof.to')} />}
      showLabel={t('reports.iof.show')}
      onShow={() => setAsked({ from, to })}
      asked={asked !== null}
      error={report.error}
      files={
        data && asked
          ? {
              pdf: { operation: 'report.iofPdf', args: { filter: asked }, fileName: `relatorio-iof-${asked.from}-a-${asked.to}` },
              pdfLabel: t('reports.iof.savePdf'),
              excel: { operation: 'report.iofExcel', args: { filter: { from: data.from, to: data.to } }, title: t('reports.iof.title'), fileName: `relatorio-iof-${data.from}-a-${data.to}` },
              savedText: (path) => t('reports.iof.saved', { path }),
            }
          : null
      }
    >
      {data && rows ? (
        <>
          <p data-testid="report-iof-period">{t('reports.iof.period', { from: formatDate(data.from), to: formatDate(data.to) })}</p>
          {rows.length === 0 ? (
            <p data-testid="report-iof-empty">{t('reports.iof.empty')}</p>
          ) : (
            <RecordsTable<LineRow>
              testId="report-iof-table"
              loading={report.isFetching && !data}
              rows={rows}
              columns={[
                { id: 'period', title: 'reports.iof.columns.decendio', width: 180, field: 'period' },
                { id: 'payer', title: 'reports.iof.columns.payerType', width: 150, field: 'payer' },
                { id: 'darf_code', title: 'reports.iof.columns.darfCode', width: 100, kind: 'identifier', field: 'darf_code' },
                { id: 'operation_count', title: 'reports.iof.columns.operationCount', width: 90, kind: 'integer', field: 'operation_count' },
                { id: 'total', title: 'reports.iof.columns.total', width: 120, kind: 'money', field: 'total' },
                { id: 'due_date', title: 'reports.iof.columns.dueDate', width: 110, kind: 'date', text: (r) => formatDate(r.due_date) },
              ]}
            />
          )}
          <p data-testid="report-iof-total">
            <strong>{t('reports.iof.periodTotal', { total: formatCurrency(data.total), count: data.operation_count })}</strong>
          </p>
        </>
      ) : null}
    </ReportScreen>
  );
}
