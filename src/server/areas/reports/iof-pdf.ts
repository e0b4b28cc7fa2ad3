/**
 * The IOF report as PDF bytes: a pure renderer, report in and bytes out.
 * A4 portrait; the table and its pagination are platform/pdf-table.ts's.
 */
import type { IofReport } from '@shared/contract/company-reports';
import { formatCurrency } from '@shared/format';
import { brDay as br, openPdf, pdfTable, type PdfColumn } from '../../platform/pdf-table';

const MARGIN = 40;
const GREY = '#555555';
const PAYER_NAMES: Record<string, string> = { PF: 'Pessoa física', PJ: 'Pessoa jurídica' };

const COLUMNS: readonly PdfColumn[] = [
  { title: 'Decêndio', width: 130, align: 'left' },
  { title: 'Contribuinte', width: 95, align: 'left' },
  { title: 'Código DARF', width: 65, align: 'left' },
  { title: 'Operações', width: 60, align: 'right' },
  { title: 'IOF', width: 85, align: 'right' },
  { title: 'Vencimento', width: 80, align: 'right' },
];

export interface IofPdfInput {
  report: IofReport;
  companyName: string;
  /** the business date the report was made on */
  issuedOn: string;
}

export async function renderIofReportPdf({ report, companyName, issuedOn }: IofPdfInput): Promise<Buffer> {
  const title = 'Relatório de IOF por decêndio';
  const { doc, finish } = openPdf({ title, margin: MARGIN });

  doc.font('Helvetica-Bold').fontSize(14).text(title, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(10).fillColor(GREY);
  doc.text(companyName);
  doc.text(`Período: ${br(report.from)} a ${br(report.to)} · emitido em ${br(issuedOn)}`);
  doc.text('Códigos de receita do DARF: 7893 (pessoa física), 1150 (pessoa jurídica). Vencimento: 3º dia útil após o decêndio.');
  doc.y += 10;
  const table = pdfTable(doc, COLUMNS, { rowHeight: 18, fontSize: 9, headerFill: '#e8e8e8' });
  table.header();

  if (report.decendios.length === 0) table.row(['Nenhum IOF cobrado no período.', '', '', '', '', '']);
  for (const d of report.decendios) {
    const period = `${br(d.start)} a ${br(d.end)}`;
    for (const l of d.lines) table.row([period, PAYER_NAMES[l.payer_type] ?? l.payer_type, l.darf_code, String(l.operation_count), formatCurrency(l.total), br(d.due_date)]);
    table.row([period, 'Total do decêndio', '', String(d.operation_count), formatCurrency(d.total), br(d.due_date)], true);
  }
  table.row(['Total do período', '', '', String(report.operation_count), formatCurrency(report.total), ''], true);
  return finish();
}
