/**
 * The confession of debt (instrumento particular de confissão de dívida) of
 * an agreement: the company's template of kind 'confession' (edited on
 * "Modelos de contrato", its placeholders CONFESSION_ALIASES), filled when the
 * agreement is carried out and kept (frozen) in renegotiation_documents with
 * the template's id and version; the PDF is always that text, whatever
 * changes after (the template, the borrower's data, the company's
 * parameters). The default text (migration 0069) states the debt
 * renegotiated, the discounts, the new schedule, the late charges of the
 * original contract, and the break rule with the company's days then in force
 * (vencimento antecipado: the balance falls due without future interest).
 * An extrajudicial enforceable title needs two witnesses' signatures (CPC
 * art. 784 III): the document has their lines.
 */
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { formatCurrency } from '@shared/format';
import type { Db } from '../../db/connect';
import { borrowers } from '../borrowers/schema';
import { fillTemplate } from '@shared/contract/document-templates';
import { companyOf, parametersOf, templateOf } from '../company';
import { brDay, openPdf } from '../../platform/pdf-table';
import { conflict } from '../../platform/http/errors';
import { renegotiationDocuments, renegotiationInstallments, renegotiationItems, type RenegotiationAgreementRow } from './schema';

const brl = (v: Decimal.Value) => formatCurrency(new Decimal(v).toFixed(2), 'pt-BR');
const pct = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2).replace('.', ',');

/** Fills and keeps the agreement's confession of debt (called when the agreement is carried out). */
export async function freezeDocument(tx: Db, row: RenegotiationAgreementRow, lateFeePercent: string, moraPercent: string): Promise<void> {
  const company = await companyOf(tx, row.company_id);
  const params = await parametersOf(tx, row.company_id);
  const [borrower] = await tx.select({ name: borrowers.name, document: borrowers.document }).from(borrowers).where(eq(borrowers.id, row.borrower_id));
  const items = await tx.select().from(renegotiationItems).where(eq(renegotiationItems.agreement_id, row.id));
  const schedule = await tx.select().from(renegotiationInstallments).where(eq(renegotiationInstallments.agreement_id, row.id));
  const values: Record<string, string> = {
    'acordo.numero': String(row.id),
    'credora.nome': company.legal_name || company.trade_name,
    'credora.cnpj': company.cnpj ?? '',
    'devedor.nome': borrower?.name ?? '',
    'devedor.documento': borrower?.document ?? '',
    'acordo.data': brDay(row.agreement_date),
    'acordo.saldo': brl(row.renegotiated_balance),
    'acordo.parcelas_renegociadas': items
      .sort((a, b) => a.credit_operation_id - b.credit_operation_id || a.number - b.number)
      .map((i) => `operação ${i.credit_operation_id}, parcela ${i.number}`)
      .join('; '),
    'acordo.principal_aberto': brl(row.open_principal),
    'acordo.juros_abertos': brl(row.open_interest),
    'acordo.encargos_abertos': brl(row.open_late_charges),
    'acordo.desconto': brl(row.discount),
    'acordo.entrada': brl(row.down_payment),
    // The down payment is the agreement's installment 0 (migration 0064), due on its own day.
    'acordo.entrada_vencimento': schedule.filter((r) => r.number === 0).map((r) => `, com vencimento em ${brDay(r.due_date)}`).join(''),
    'acordo.iof': brl(row.iof_total),
    'acordo.valor_parcelado': brl(row.principal),
    'acordo.prazo': String(row.term),
    'acordo.sistema': row.amortization === 'sac' ? 'SAC' : 'Price',
    'acordo.taxa': pct(row.monthly_rate),
    'acordo.cet_mensal': pct(row.cet_monthly),
    'acordo.cet_anual': pct(row.cet_yearly),
    'acordo.total': brl(row.total_payable),
    'acordo.cronograma': schedule
      .filter((r) => r.number > 0)
      .sort((a, b) => a.number - b.number)
      .map((r) => `   ${r.number}ª parcela: ${brl(r.payment)}, vencimento ${brDay(r.due_date)}`)
      .join('\n'),
    'encargos.multa': pct(lateFeePercent),
    'encargos.mora': pct(moraPercent),
    'acordo.dias_rompimento': String(params.renegotiation_break_days),
  };
  const template = await templateOf(tx, row.company_id, 'confession');
  await tx.insert(renegotiationDocuments).values({
    agreement_id: row.id,
    template: template.body,
    body: fillTemplate(template.body, values),
    template_id: template.id,
    template_version: template.version,
  });
}

export const DOCUMENT_MESSAGES = { none: 'Campo id: o acordo não tem confissão de dívida (só um acordo fechado a tem).' } as const;

/** The frozen text of the agreement's confession of debt (409 when it has none: not carried out). */
export async function documentText(db: Db, id: number): Promise<string> {
  const [row] = await db.select().from(renegotiationDocuments).where(eq(renegotiationDocuments.agreement_id, id));
  if (!row) throw conflict(DOCUMENT_MESSAGES.none, 'id');
  return row.body;
}

/** The PDF of the frozen text, with the parties' and two witnesses' signature lines. */
export async function documentPdf(text: string, id: number): Promise<Buffer> {
  const { doc, finish } = openPdf({ title: `Confissão de dívida — acordo ${id}`, margin: 56 });
  const [title, ...rest] = text.split('\n\n');
  doc.font('Helvetica-Bold').fontSize(12).text(title, { align: 'center' });
  doc.moveDown(1);
  for (const p of rest) {
    doc.font('Helvetica').fontSize(10).text(p, { align: 'justify' });
    doc.moveDown(0.7);
  }
  doc.moveDown(2);
  for (const who of ['CREDORA', 'DEVEDOR(A)', 'TESTEMUNHA 1', 'TESTEMUNHA 2']) {
    doc.moveDown(1.5);
    doc.font('Helvetica').fontSize(9).text(`______________________________________  ${who}`);
  }
  return finish();
}
