/**
 * An issued contract as a PDF (pdfkit, standard Helvetica: its WinAnsi
 * encoding has every Portuguese letter). The text is the one stored at issue;
 * after it come the payment schedule as a table (every installment, so a
 * 360-plot contract runs over several pages with the header repeated) and the
 * signature lines of the borrower, the guarantors, the lender's
 * representatives and the witnesses.
 */
import PDFDocument from 'pdfkit';
import { formatCurrency } from '../../shared/format';
import { dayPt } from './contracts';

export interface ContractPdfInput {
  number: string;
  title: string;
  body: string;
  cancelled: boolean;
  orientationMessage: string | null;
  schedule: Array<{ number: number; due_date: string; payment: string; interest: string; amortization: string; balance: string }>;
  signatories: { borrower: string; guarantors: string[]; representatives: string[]; witnesses: string[] };
}

export function contractFileName(number: string): string {
  return `contrato-${number.toLowerCase()}.pdf`;
}

const COLUMNS = [
  { title: 'Nº', width: 40, align: 'left' as const },
  { title: 'Vencimento', width: 80, align: 'left' as const },
  { title: 'Parcela', width: 95, align: 'right' as const },
  { title: 'Juros', width: 95, align: 'right' as const },
  { title: 'Amortização', width: 95, align: 'right' as const },
  { title: 'Saldo devedor', width: 94, align: 'right' as const },
];

export function renderContractPdf(input: ContractPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, bufferPages: false, info: { Title: `${input.title} — ${input.number}`, Author: 'Back-office de Crédito' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc.font('Helvetica-Bold').fontSize(14).fillColor('#1c2127').text(input.title, { align: 'center' });
  doc.font('Helvetica').fontSize(9).fillColor('#5f6b7c').text(`Contrato ${input.number}`, { align: 'center' });
  if (input.cancelled) doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).fillColor('#ac2f33').text('CONTRATO CANCELADO', { align: 'center' });
  doc.moveDown();
  doc.font('Helvetica').fontSize(10).fillColor('#1c2127').text(input.body, { align: 'justify', lineGap: 2 });

  if (input.orientationMessage) {
    doc.moveDown().font('Helvetica-Bold').fontSize(11).text('Orientação ao empreendedor (Lei 13.636/2018)');
    doc.font('Helvetica').fontSize(10).text(input.orientationMessage, { align: 'justify' });
  }

  // The schedule as a table; the header repeats on each new page.
  doc.moveDown().font('Helvetica-Bold').fontSize(11).text('Cronograma de pagamento');
  doc.moveDown(0.3);
  const rowHeight = 14;
  const header = () => {
    let x = left;
    // Every cell at the same y: pdfkit moves doc.y after each text call.
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(8.5);
    for (const c of COLUMNS) {
      doc.text(c.title, x, y, { width: c.width - 6, align: c.align, lineBreak: false });
      x += c.width;
    }
    doc.y = y + rowHeight;
    doc.font('Helvetica').fontSize(8.5);
  };
  header();
  for (const row of input.schedule) {
    if (doc.y + rowHeight > bottom()) {
      doc.addPage();
      header();
    }
    const cells = [String(row.number), dayPt(row.due_date), formatCurrency(row.payment), formatCurrency(row.interest), formatCurrency(row.amortization), formatCurrency(row.balance)];
    let x = left;
    const y = doc.y;
    cells.forEach((text, i) => {
      doc.text(text, x, y, { width: COLUMNS[i].width - 6, align: COLUMNS[i].align, lineBreak: false });
      x += COLUMNS[i].width;
    });
    doc.y = y + rowHeight;
  }
  doc.x = left;

  const sign = (label: string, who: string) => {
    if (doc.y + 60 > bottom()) doc.addPage();
    doc.moveDown(2);
    doc.font('Helvetica').fontSize(9).text('_______________________________________________', left);
    doc.text(`${label}: ${who}`, left);
  };
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(11).text('Assinaturas', left);
  sign('Emitente', input.signatories.borrower);
  for (const g of input.signatories.guarantors) sign('Avalista / devedor solidário', g);
  for (const r of input.signatories.representatives) sign('Pela credora', r);
  for (const w of input.signatories.witnesses) sign('Testemunha', w);

  doc.end();
  return done;
}
