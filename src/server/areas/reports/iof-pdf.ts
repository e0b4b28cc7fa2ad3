/**
 * The IOF report as PDF bytes: a pure renderer, report in and bytes out.
 * A4 portrait with the standard Helvetica (its WinAnsi encoding has every
 * Portuguese letter); the table header is drawn again at the top of every
 * page the rows run onto, and each page says "Página N de M".
 */
import type PdfKitDocument from 'pdfkit';
import type { IofReport } from '@shared/contract/company-reports';
import { formatCurrency } from '@shared/format';
import { lazyRequire } from '../../platform/lazy-require';

/** pdfkit is loaded by the first PDF, not at every start of the server (platform/lazy-require.ts). */
const pdfDocument = lazyRequire<typeof PdfKitDocument>('pdfkit');
type Doc = InstanceType<typeof PdfKitDocument>;

const MARGIN = 40;
const ROW_HEIGHT = 18;
const GREY = '#555555';
const PAYER_NAMES: Record<string, string> = { PF: 'Pessoa física', PJ: 'Pessoa jurídica' };

/** 'YYYY-MM-DD' as DD/MM/YYYY, by its digits (never through a time zone). */
const br = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

const COLUMNS: Column[] = [
  { title: 'Decêndio', width: 130, align: 'left' },
  { title: 'Contribuinte', width: 95, align: 'left' },
  { title: 'Código DARF', width: 65, align: 'left' },
  { title: 'Operações', width: 60, align: 'right' },
  { title: 'IOF', width: 85, align: 'right' },
  { title: 'Vencimento', width: 80, align: 'right' },
];

function drawRow(doc: Doc, y: number, cells: string[], bold = false): void {
  let x = MARGIN;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor('black');
  COLUMNS.forEach((c, i) => {
    doc.text(cells[i] ?? '', x + 3, y + 5, { width: c.width - 6, align: c.align, lineBreak: false });
    x += c.width;
  });
}

function drawHeader(doc: Doc, y: number): number {
  const width = COLUMNS.reduce((w, c) => w + c.width, 0);
  doc.save().rect(MARGIN, y, width, ROW_HEIGHT).fill('#e8e8e8').restore();
  drawRow(doc, y, COLUMNS.map((c) => c.title), true);
  return y + ROW_HEIGHT;
}

export interface IofPdfInput {
  report: IofReport;
  companyName: string;
  /** the business date the report was made on */
  issuedOn: string;
}

export async function renderIofReportPdf({ report, companyName, issuedOn }: IofPdfInput): Promise<Buffer> {
  const title = 'Relatório de IOF por decêndio';
  const doc = new (pdfDocument())({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: title, Author: 'Back-office de Crédito' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(14).text(title, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(10).fillColor(GREY);
  doc.text(companyName);
  doc.text(`Período: ${br(report.from)} a ${br(report.to)} · emitido em ${br(issuedOn)}`);
  doc.text('Códigos de receita do DARF: 7893 (pessoa física), 1150 (pessoa jurídica). Vencimento: 3º dia útil após o decêndio.');
  const bottom = doc.page.height - MARGIN - ROW_HEIGHT;
  let y = drawHeader(doc, doc.y + 10);
  const line = (cells: string[], bold = false) => {
    if (y > bottom) {
      doc.addPage();
      y = drawHeader(doc, MARGIN);
    }
    drawRow(doc, y, cells, bold);
    y += ROW_HEIGHT;
  };

  if (report.decendios.length === 0) line(['Nenhum IOF cobrado no período.', '', '', '', '', '']);
  for (const d of report.decendios) {
    const period = `${br(d.start)} a ${br(d.end)}`;
    for (const l of d.lines) line([period, PAYER_NAMES[l.payer_type] ?? l.payer_type, l.darf_code, String(l.operation_count), formatCurrency(l.total), br(d.due_date)]);
    line([period, 'Total do decêndio', '', String(d.operation_count), formatCurrency(d.total), br(d.due_date)], true);
  }
  line(['Total do período', '', '', String(report.operation_count), formatCurrency(report.total), ''], true);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(GREY);
    doc.text(`Página ${i - range.start + 1} de ${range.count}`, MARGIN, doc.page.height - MARGIN + 10, { width: doc.page.width - 2 * MARGIN, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
