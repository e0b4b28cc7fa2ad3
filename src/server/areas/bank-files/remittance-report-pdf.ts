/**
 * The remittance report as a PDF (landscape A4): a heading with the file's
 * identity, the lines as a table whose header repeats on every page, then the
 * count and total per instruction. The table and the page numbers are
 * platform/pdf-table.ts's. A report over a period (the company's remittance
 * report) draws one such section per file, each from a new page.
 */
import { formatCurrency } from '@shared/format';
import { brDay as day, openPdf, pdfTable, type PdfColumn, type PdfDoc } from '../../platform/pdf-table';
import type { RemittanceReport } from './remittance-report';
import { instructionText, reportTitle } from './remittance-report-text';

const MARGIN = 36;
const GREY = '#5f6b7c';

/** The instant as Brazil's wall clock (the report is read in Brazil, whatever the server's zone). */
export function brasilia(instant: Date): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
    .format(instant)
    .replace(',', '');
}

/** Landscape A4 less the margins: 842 − 2 × 36 = 770 points. */
const COLUMNS: readonly PdfColumn[] = [
  { title: 'Instrução', width: 120, align: 'left' },
  { title: 'Nosso número', width: 120, align: 'left' },
  { title: 'Tomador', width: 200, align: 'left' },
  { title: 'Operação', width: 80, align: 'left' },
  { title: 'Parcela', width: 50, align: 'right' },
  { title: 'Vencimento', width: 85, align: 'right' },
  { title: 'Valor', width: 115, align: 'right' },
];

const ROW_HEIGHT = 14;

/** One file's section from the current position: its title and identity, its lines, its totals. */
export function drawRemittanceSection(doc: PdfDoc, report: RemittanceReport, generatedAt: Date): void {
  const left = doc.page.margins.left;
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#1c2127').text(reportTitle(report), left);
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  doc.text(`${report.company_name} — agência ${report.agency}, conta ${report.account} — arquivo ${report.file_name}`, left);
  doc.text(`Gerada em ${day(report.generated_on)}, data de corte ${day(report.cutoff_date)} — relatório emitido em ${brasilia(generatedAt)} (horário de Brasília)`, left);
  doc.text(`SHA-256 do arquivo: ${report.sha256}`, left);
  doc.moveDown();

  const table = pdfTable(doc, COLUMNS, { rowHeight: ROW_HEIGHT, fontSize: 8.5 });
  table.header();
  for (const line of report.lines) {
    table.row([instructionText(line.instruction), line.our_number, line.borrower, line.operation, String(line.installment_number), day(line.due_date), formatCurrency(line.amount)]);
  }

  const totals: Array<[string, string]> = [
    ...report.totals.map((t): [string, string] => [`${instructionText(t.instruction)}: ${t.count} título(s)`, formatCurrency(t.total)]),
    [`Total da remessa: ${report.lines.length} título(s)`, formatCurrency(report.total)],
  ];
  table.room(ROW_HEIGHT * (totals.length + 2));
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#1c2127').text('Totais por instrução', left);
  for (const [label, value] of totals) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(9).text(label, left, y, { width: 300, lineBreak: false });
    doc.text(value, left + 300, y, { width: 120, align: 'right', lineBreak: false });
    doc.y = y + ROW_HEIGHT;
  }
}

/** A landscape document for remittance reports. */
export function openRemittancePdf(title: string): ReturnType<typeof openPdf> {
  return openPdf({ title, margin: MARGIN, layout: 'landscape' });
}

export function renderRemittanceReportPdf(report: RemittanceReport, generatedAt: Date): Promise<Buffer> {
  const { doc, finish } = openRemittancePdf(reportTitle(report));
  drawRemittanceSection(doc, report, generatedAt);
  return finish();
}
