/**
 * The statement and the letters as PDFs: A4 portrait, the reports' table and
 * pagination (platform/pdf-table.ts: pdfkit, standard Helvetica, the header
 * repeated on each page, "Página N de M"). A letter is the company's
 * template of its kind filled at issue (the letterhead, the amounts and the
 * annual table frozen beside the text in issued_letters), the lender's
 * signature line; the PDF is drawn from that frozen letter only.
 */
import { formatCurrency, formatPercentage } from '@shared/format';
import { brDay, openPdf, pdfTable, type PdfColumn, type PdfDoc } from '../../platform/pdf-table';
import type { Annual, Discharge, Parties, Payoff, Statement } from './figures';
import { fillTemplate } from '@shared/contract/document-templates';
import type { TemplateInForce } from '../company';
import type { FrozenLetter } from './schema';

const brl = (v: string) => formatCurrency(v, 'pt-BR');
const STYLE = { rowHeight: 16, fontSize: 8, headerFill: '#e8ecf0' };
const GREY = '#5f6b7c';

function letterhead(doc: PdfDoc, company: Parties['company'], title: string): void {
  doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text(company.name);
  doc.font('Helvetica').fontSize(8).fillColor(GREY).text(`CNPJ ${company.cnpj}${company.city ? ` — ${company.city}/${company.state}` : ''}`);
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(14).fillColor('black').text(title, { align: 'center' });
  doc.moveDown(0.8);
}

function facts(doc: PdfDoc, lines: ReadonlyArray<[string, string]>): void {
  for (const [label, value] of lines) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('black').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  }
  doc.moveDown(0.8);
}

function section(doc: PdfDoc, title: string): void {
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(10).fillColor('black').text(title, doc.page.margins.left);
  doc.moveDown(0.3);
}

function signature(doc: PdfDoc, company: string): void {
  doc.moveDown(3);
  const left = doc.page.margins.left;
  const y = doc.y;
  doc.moveTo(left + 120, y).lineTo(left + 380, y).strokeColor('black').stroke();
  doc.font('Helvetica').fontSize(9).fillColor('black').text(company, left + 120, y + 4, { width: 260, align: 'center' });
}

function paragraphs(doc: PdfDoc, text: string): void {
  for (const p of text.split('\n\n')) {
    doc.font('Helvetica').fontSize(10).fillColor('black').text(p, doc.page.margins.left, undefined, { align: 'justify' });
    doc.moveDown(0.8);
  }
}

const STATEMENT_ROWS: PdfColumn[] = [
  { title: 'Nº', width: 28, align: 'left' },
  { title: 'Vencimento', width: 62, align: 'left' },
  { title: 'Valor', width: 68, align: 'right' },
  { title: 'Pago', width: 68, align: 'right' },
  { title: 'Encargos', width: 62, align: 'right' },
  { title: 'Em aberto', width: 68, align: 'right' },
  { title: 'Situação', width: 140, align: 'left' },
];

const MOVEMENTS: PdfColumn[] = [
  { title: 'Data', width: 60, align: 'left' },
  { title: 'Parcela', width: 40, align: 'left' },
  { title: 'Movimento', width: 160, align: 'left' },
  { title: 'Valor', width: 64, align: 'right' },
  { title: 'Principal', width: 58, align: 'right' },
  { title: 'Juros', width: 58, align: 'right' },
  { title: 'Encargos', width: 58, align: 'right' },
];

export function statementFileName(s: Statement): string {
  return `extrato-${s.number.toLowerCase()}-${s.date}.pdf`;
}

export function renderStatement(s: Statement, today: string): Promise<Buffer> {
  const { doc, finish } = openPdf({ title: `Extrato da operação ${s.number} em ${brDay(s.date)}`, margin: 48 });
  letterhead(doc, s.company, `Extrato da operação ${s.number}`);
  facts(doc, [
    ['Tomador', `${s.borrower.name} (CPF/CNPJ ${s.borrower.document})`],
    ['Contrato', s.contract],
    ['Situação da operação', s.status],
    ['Valor financiado', `${brl(s.principal)}, liberado em ${brDay(s.disbursedOn)}, taxa de ${formatPercentage(s.monthlyRate, 'pt-BR')} ao mês`],
    ['Posição em', brDay(s.date)],
    ['Emitido em', brDay(today)],
  ]);
  section(doc, 'Parcelas');
  const rows = pdfTable(doc, STATEMENT_ROWS, STYLE);
  rows.header();
  for (const r of s.rows) rows.row([String(r.number), brDay(r.due_date), brl(r.value), brl(r.paid_total), brl(r.charges), brl(r.due_total), r.status]);
  rows.row(['Total', '', brl(s.totals.value), brl(s.totals.paid), brl(s.totals.charges_open), brl(s.totals.balance), ''], true);
  section(doc, 'Pagamentos e movimentos (com a divisão entre principal, juros e encargos de atraso)');
  const moves = pdfTable(doc, MOVEMENTS, STYLE);
  moves.header();
  if (!s.movements.length) moves.row(['Nenhum pagamento até esta data.']);
  for (const m of s.movements) moves.row([brDay(m.date), m.installment === null ? '—' : String(m.installment), m.what, brl(m.amount), m.principal && brl(m.principal), m.interest && brl(m.interest), m.charges && brl(m.charges)]);
  section(doc, `Saldo em ${brDay(s.date)}`);
  moves.room(80);
  facts(doc, [
    ['Principal em aberto', brl(s.totals.principal_open)],
    ['Juros das parcelas em aberto (valor nominal)', brl(s.totals.interest_open)],
    ['Encargos de atraso (multa e juros de mora)', brl(s.totals.charges_open)],
    ['Saldo em aberto', brl(s.totals.balance)],
  ]);
  doc.font('Helvetica').fontSize(8).fillColor(GREY).text('O saldo em aberto soma as parcelas pelo valor nominal; para quitar antes do vencimento, peça a carta de quitação antecipada (desconto dos juros a vencer, CDC art. 52 § 2º).');
  return finish();
}

function common(p: Parties, today: string): Record<string, string> {
  return {
    'empresa.nome': p.company.name,
    'empresa.cnpj': p.company.cnpj,
    'empresa.cidade': p.company.city || '—',
    'tomador.nome': p.borrower.name,
    'tomador.documento': p.borrower.document,
    'carta.data': brDay(today),
  };
}

/** A letter as issued: its template filled, and what the PDF prints beside the text (kept with it in issued_letters). */
export interface LetterText {
  title: string;
  body: string;
  frozen: FrozenLetter;
}

/** The company's template filled with the day's values, the letterhead and the appendix frozen beside it. */
function filled(template: TemplateInForce, parties: Parties, values: Record<string, string>, extra: Omit<FrozenLetter, 'letterhead'> = {}): LetterText {
  return { title: fillTemplate(template.title, values), body: fillTemplate(template.body, values), frozen: { letterhead: { ...parties.company }, ...extra } };
}

const ANNUAL_COLUMNS: PdfColumn[] = [
  { title: 'Operação', width: 70, align: 'left' },
  { title: 'Contrato', width: 90, align: 'left' },
  { title: 'Débito', width: 130, align: 'left' },
  { title: 'Vencimento', width: 65, align: 'left' },
  { title: 'Pago em', width: 65, align: 'left' },
  { title: 'Valor pago', width: 63, align: 'right' },
];

/** The PDF of a letter from its frozen text only: printed again, it reads as it was issued. */
export function renderLetter(letter: LetterText): Promise<Buffer> {
  const { doc, finish } = openPdf({ title: letter.title, margin: 56 });
  letterhead(doc, letter.frozen.letterhead, letter.title);
  paragraphs(doc, letter.body);
  if (letter.frozen.facts) facts(doc, letter.frozen.facts);
  const table = letter.frozen.table;
  if (table) {
    const rows = pdfTable(doc, ANNUAL_COLUMNS, STYLE);
    rows.header();
    for (const r of table.rows) rows.row(r);
    rows.row(['Total', '', '', '', '', table.total], true);
    rows.room(120);
  }
  signature(doc, letter.frozen.letterhead.name);
  return finish();
}

/** The values of the payoff letter's placeholders (PAYOFF_ALIASES). */
export function payoffValues(p: Payoff): Record<string, string> {
  const q = p.quote;
  const overdue = Number(q.overdue_total) > 0
    ? `O valor inclui as parcelas vencidas em aberto (nº ${q.overdue.map((o) => o.number).join(', ')}), com seus encargos de atraso até ${brDay(p.validUntil)}: ${brl(q.overdue_total)}.`
    : '';
  return {
    ...common(p, p.today),
    'operacao.numero': p.number,
    'contrato.numero': p.contract,
    'operacao.liberacao': brDay(p.disbursedOn),
    'operacao.taxa': formatPercentage(q.monthly_rate, 'pt-BR'),
    'carta.validade': brDay(p.validUntil),
    'quitacao.valor': brl(q.settlement_total),
    'quitacao.nominal': brl(q.nominal),
    'quitacao.desconto': brl(q.discount),
    'quitacao.vencidas': overdue,
  };
}

export function payoffFileName(p: Payoff): string {
  return `quitacao-antecipada-${p.number.toLowerCase()}-${p.validUntil}.pdf`;
}

export function payoffLetter(p: Payoff, template: TemplateInForce): LetterText {
  const lines: Array<[string, string]> = [];
  if (p.quoteToday) lines.push([`Para pagamento hoje, ${brDay(p.today)}`, brl(p.quoteToday.settlement_total)]);
  lines.push([`Para pagamento em ${brDay(p.validUntil)}`, brl(p.quote.settlement_total)]);
  lines.push(['Principal a vencer', brl(p.quote.principal)]);
  lines.push(['Juros corridos desde o último vencimento', brl(p.quote.accrued_interest)]);
  return filled(template, p, payoffValues(p), { facts: lines });
}

/** The values of the discharge letter's placeholders (DISCHARGE_ALIASES). */
export function dischargeValues(d: Discharge, today: string): Record<string, string> {
  return {
    ...common(d, today),
    'operacao.numero': d.number,
    'contrato.numero': d.contract,
    'operacao.principal': brl(d.principal),
    'operacao.liberacao': brDay(d.disbursedOn),
    'quitacao.forma': d.how === 'prepayment' ? 'por liquidação antecipada' : 'pelo pagamento de todas as parcelas',
    'quitacao.total_pago': brl(d.totalPaid),
    'quitacao.data': brDay(d.settledOn),
  };
}

export function dischargeFileName(d: Discharge): string {
  return `termo-de-quitacao-${d.number.toLowerCase()}.pdf`;
}

export function dischargeLetter(d: Discharge, today: string, template: TemplateInForce): LetterText {
  return filled(template, d, dischargeValues(d, today));
}

export function annualFileName(a: Annual): string {
  return `declaracao-anual-quitacao-${a.year}-tomador-${a.borrower.id}.pdf`;
}

/** The annual declaration: ANNUAL_ALIASES' values, and the year's table frozen beside the text. */
export function annualLetter(a: Annual, today: string, template: TemplateInForce): LetterText {
  const values = { ...common(a, today), ano: String(a.year), total: brl(a.total) };
  const rows = a.lines.map((l) => [l.operation, l.contract, l.what, l.due_date ? brDay(l.due_date) : '—', l.paid_on ? brDay(l.paid_on) : '—', brl(l.amount)]);
  return filled(template, a, values, { table: { rows, total: brl(a.total) } });
}
