/**
 * The remittance report as a PDF (pdfkit, standard Helvetica: its WinAnsi
 * encoding has every Portuguese letter): a heading with the file's identity,
 * the lines as a table whose header repeats on every page, then the count and
 * total per instruction. Each page is numbered "página n de N" once the
 * whole document is laid out (buffered pages).
 */
import type PdfKitDocument from 'pdfkit';
import { formatCurrency } from '@shared/format';
import { lazyRequire } from '../../platform/lazy-require';
import { instructionText, reportTitle, type RemittanceReport } from './remittance-report';

/** pdfkit is loaded by the first PDF, not at every start of the server (platform/lazy-require.ts). */
const pdfDocument = lazyRequire<typeof PdfKitDocument>('pdfkit');

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' by text (a calendar date never passes through a zone). */
function day(value: string): string {
  const [y, m, d] = value.split('-');
  return `${d}/${m}/${y}`;
}

/** The instant as Brazil's wall clock (the report is read in Brazil, whatever the server's zone). */
function brasilia(instant: Date): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
    .format(instant)
    .replace(',', '');
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** Landscape A4 less the margins: 842 − 2 × 36 = 770 points. */
const COLUMNS: readonly Column[] = [
  { title: 'Instrução', width: 120, align: 'left' },
  { title: 'Nosso número', width: 120, align: 'left' },
  { title: 'Tomador', width: 200, align: 'left' },
  { title: 'Operação', width: 80, align: 'left' },
  { title: 'Parcela', width: 50, align: 'right' },
  { title: 'Vencimento', width: 85, align: 'right' },
  { title: 'Valor', width: 115, align: 'right' },
];

const ROW_HEIGHT = 14;

export function renderRemittanceReportPdf(report: RemittanceReport, generatedAt: Date): Promise<Buffer> {
  const title = reportTitle(report);
  const doc = new (pdfDocument())({ size: 'A4', layout: 'landscape', margin: 36, bufferPages: true, info: { Title: title, Author: 'Back-office de Crédito' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  // Room for the page number under the table.
  const bottom = () => doc.page.height - doc.page.margins.bottom - ROW_HEIGHT;

  doc.font('Helvetica-Bold').fontSize(14).fillColor('#1c2127').text(title, left);
  doc.font('Helvetica').fontSize(9).fillColor('#5f6b7c');
  doc.text(`${report.company_name} — agência ${report.agency}, conta ${report.account} — arquivo ${report.file_name}`, left);
  doc.text(`Gerada em ${day(report.generated_on)}, data de corte ${day(report.cutoff_date)} — relatório emitido em ${brasilia(generatedAt)} (horário de Brasília)`, left);
  doc.text(`SHA-256 do arquivo: ${report.sha256}`, left);
  doc.moveDown();
  doc.fillColor('#1c2127');

  const cells = (texts: readonly string[], bold: boolean) => {
    // Every cell at the same y: pdfkit moves doc.y after each text call.
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    texts.forEach((text, i) => {
      doc.text(text, x, y, { width: COLUMNS[i].width - 6, align: COLUMNS[i].align, lineBreak: false, ellipsis: true });
      x += COLUMNS[i].width;
    });
    doc.y = y + ROW_HEIGHT;
  };
  const header = () => cells(COLUMNS.map((c) => c.title), true);
  header();
  for (const line of report.lines) {
    if (doc.y + ROW_HEIGHT > bottom()) {
      doc.addPage();
      header();
    }
    cells([instructionText(line.instruction), line.our_number, line.borrower, line.operation, String(line.installment_number), day(line.due_date), formatCurrency(line.amount)], false);
  }

  const totals: Array<[string, string]> = [
    ...report.totals.map((t): [string, string] => [`${instructionText(t.instruction)}: ${t.count} título(s)`, formatCurrency(t.total)]),
    [`Total da remessa: ${report.lines.length} título(s)`, formatCurrency(report.total)],
  ];
  if (doc.y + ROW_HEIGHT * (totals.length + 2) > bottom()) doc.addPage();
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(10).text('Totais por instrução', left);
  for (const [label, value] of totals) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(9).text(label, left, y, { width: 300, lineBreak: false });
    doc.text(value, left + 300, y, { width: 120, align: 'right', lineBreak: false });
    doc.y = y + ROW_HEIGHT;
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - doc.page.margins.bottom - 10;
    // Writing under the bottom margin would make pdfkit start a page: lift the margin while numbering.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#5f6b7c').text(`Página ${i - range.start + 1} de ${range.count}`, left, y, { width: 770, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
