/**
 * An issued contract as a PDF (pdfkit, standard Helvetica: its WinAnsi
 * encoding has every Portuguese letter), drawn only from what was frozen at
 * issue. The text comes first; then a summary of the amounts (financed, IOF,
 * fees, released, rates, interest, total payable, CET) and the whole payment
 * schedule as a table (a 360-plot contract runs over several pages with the
 * header repeated) — the same summary and table for a CCB and an MPO, so both
 * carry the same amounts whatever their templates say —, the MPO's
 * orientation, and the signature lines of the issuer, the guarantors, the
 * lender's representatives and the witnesses.
 */
import type PdfKitDocument from 'pdfkit';
import { lazyRequire } from '../../platform/lazy-require';
import { formatCurrency, formatPercentage } from '@shared/format';
import type { FrozenContract } from './schema';
import { dayPt } from './contracts';
import { lateChargesSummaryPt, lateDaysClausePt } from './late-charge-terms';

/** pdfkit is loaded by the first PDF, not at every start of the server (platform/lazy-require.ts). */
const pdfDocument = lazyRequire<typeof PdfKitDocument>('pdfkit');

export interface ContractPdfInput {
  number: string;
  title: string;
  body: string;
  cancelled: boolean;
  orientationMessage: string | null;
  amounts: FrozenContract['amounts'];
  lateCharges: FrozenContract['late_charges'];
  schedule: FrozenContract['schedule'];
  signatories: { borrower: string; guarantors: string[]; representatives: string[]; witnesses: string[] };
}

const AMORTIZATION_PT: Record<FrozenContract['amounts']['amortization'], string> = { price: 'Tabela Price', sac: 'SAC' };
const PAYMENT_PT: Record<FrozenContract['amounts']['payment_method'], string> = { boleto: 'boleto bancário', pix: 'Pix', debit: 'débito em conta' };

/** The summary's lines, label and value, in the order the PDF shows them. */
export function summaryLines(amounts: FrozenContract['amounts'], schedule: FrozenContract['schedule'], lateCharges?: FrozenContract['late_charges']): Array<[string, string]> {
  const fees = amounts.fees.length ? `${amounts.fees.map((f) => `${f.name} ${formatCurrency(f.amount)}`).join('; ')} (total ${formatCurrency(amounts.fees_total)})` : 'nenhuma';
  const last = schedule[schedule.length - 1]?.due_date ?? amounts.first_due_date;
  return [
    ['Valor financiado', formatCurrency(amounts.principal)],
    ['IOF', formatCurrency(amounts.iof_total)],
    ['Tarifas', fees],
    ['Valor liberado ao emitente', formatCurrency(amounts.released)],
    ['Data da liberação', dayPt(amounts.disbursement_date)],
    ['Taxa de juros', `${formatPercentage(amounts.monthly_rate)} ao mês (${formatPercentage(amounts.yearly_rate)} ao ano)`],
    ['Total de juros', formatCurrency(amounts.total_interest)],
    ['Valor total a pagar', formatCurrency(amounts.total_payable)],
    ['Custo Efetivo Total (CET)', `${formatPercentage(amounts.cet_monthly)} ao mês; ${formatPercentage(amounts.cet_yearly)} ao ano`],
    ['Parcelas', `${amounts.installments_count} (${AMORTIZATION_PT[amounts.amortization]}), de ${dayPt(amounts.first_due_date)} a ${dayPt(last)}`],
    ['Pagamento', PAYMENT_PT[amounts.payment_method]],
    ...(lateCharges
      ? ([
          ['Encargos de atraso', lateChargesSummaryPt(lateCharges)],
          ['Vencimento em dia não útil', lateDaysClausePt(lateCharges)],
        ] as Array<[string, string]>)
      : []),
  ];
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
  const doc = new (pdfDocument())({ size: 'A4', margin: 48, bufferPages: false, info: { Title: `${input.title} — ${input.number}`, Author: 'Back-office de Crédito' } });
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

  doc.moveDown().font('Helvetica-Bold').fontSize(11).text('Quadro-resumo da operação', left);
  doc.moveDown(0.3);
  const labelWidth = 170;
  const valueWidth = doc.page.width - doc.page.margins.left - doc.page.margins.right - labelWidth;
  for (const [label, value] of summaryLines(input.amounts, input.schedule, input.lateCharges)) {
    const height = Math.max(doc.font('Helvetica').fontSize(9.5).heightOfString(value, { width: valueWidth }), 12);
    if (doc.y + height > bottom()) doc.addPage();
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9.5).text(label, left, y, { width: labelWidth - 8 });
    doc.font('Helvetica').fontSize(9.5).text(value, left + labelWidth, y, { width: valueWidth });
    doc.y = Math.max(doc.y, y + height) + 2;
  }
  doc.x = left;

  // The schedule as a table; the header repeats on each new page.
  doc.moveDown().font('Helvetica-Bold').fontSize(11).text('Cronograma de pagamento', left);
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

  if (input.orientationMessage) {
    doc.moveDown().font('Helvetica-Bold').fontSize(11).text('Orientação ao empreendedor (Lei 13.636/2018)', left);
    doc.font('Helvetica').fontSize(10).text(input.orientationMessage, left, doc.y, { align: 'justify' });
  }

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
