/**
 * The monthly balancete as PDF bytes: a pure renderer, balancete in and bytes
 * out. A4 landscape; the table and its pagination are platform/pdf-table.ts's.
 */
import type { Balancete } from '@shared/contract/ledger-books';
import { formatCurrency } from '@shared/format';
import { brDay as br, openPdf, pdfTable, type PdfColumn } from '../../platform/pdf-table';

const MARGIN = 36;
const GREY = '#555555';

const COLUMNS: readonly PdfColumn[] = [
  { title: 'Código COSIF', width: 95, align: 'left' },
  { title: 'Conta', width: 290, align: 'left' },
  { title: 'Saldo inicial', width: 95, align: 'right' },
  { title: 'Débitos', width: 95, align: 'right' },
  { title: 'Créditos', width: 95, align: 'right' },
  { title: 'Saldo final', width: 95, align: 'right' },
];

export interface BalancetePdfInput {
  balancete: Balancete;
  companyName: string;
  /** the business date the balancete was made on */
  issuedOn: string;
}

/** A signed balance (debits − credits) as the amount and its side: "1.234,56 D", "80,00 C". */
function sided(balance: string): string {
  if (Number(balance) === 0) return formatCurrency('0.00');
  return balance.startsWith('-') ? `${formatCurrency(balance.slice(1))} C` : `${formatCurrency(balance)} D`;
}

export async function renderBalancetePdf({ balancete, companyName, issuedOn }: BalancetePdfInput): Promise<Buffer> {
  const [year, month] = balancete.month.split('-');
  const title = `Balancete mensal por conta COSIF — ${month}/${year}`;
  const { doc, finish } = openPdf({ title, margin: MARGIN, layout: 'landscape' });

  doc.font('Helvetica-Bold').fontSize(14).text(title, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(10).fillColor(GREY);
  doc.text(companyName);
  doc.text(`Período: ${br(balancete.from)} a ${br(balancete.to)} · emitido em ${br(issuedOn)}`);
  doc.text('Saldos: D devedor, C credor. Plano Contábil das Instituições do Sistema Financeiro Nacional (COSIF); (*) subtítulo de uso interno.');
  const t = balancete.totals;
  doc.text(t.difference === '0.00' ? 'Débitos e créditos do mês conferem.' : `Débitos e créditos do mês diferem em ${formatCurrency(t.difference)}.`);
  doc.y += 8;
  const table = pdfTable(doc, COLUMNS, { rowHeight: 18, fontSize: 8.5, headerFill: '#e8e8e8' });
  table.header();
  for (const a of balancete.accounts) {
    table.row([a.cosif_code, `${a.cosif_title}${a.cosif_internal ? ' (*)' : ''}`, sided(a.opening), formatCurrency(a.debits), formatCurrency(a.credits), sided(a.closing)]);
  }
  table.row(['', 'Total', sided(t.opening), formatCurrency(t.debits), formatCurrency(t.credits), sided(t.closing)], true);
  return finish();
}
