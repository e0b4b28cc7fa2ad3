/**
 * The company's remittance report over a period: the CNAB 240 files generated
 * in the period (of one bank when asked), each read as its own remittance
 * report (servicing's, so a file's lines and totals are the same here as in
 * the per-file report), gathered into one workbook or one PDF.
 */
import Decimal from 'decimal.js';
import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { REMITTANCE_REPORT_MAX_DAYS, REMITTANCE_REPORT_MAX_FILES } from '@shared/contract/company-reports';
import type { ExcelColumn } from '@shared/contract';
import type { RemittanceBankCode } from '@shared/contract/company-remittance';
import { REMITTANCE_INSTRUCTIONS } from '@shared/enums';
import { formatCurrency } from '@shared/format';
import type { Db } from '../../db/connect';
import { daysBetween } from '../../domain/credit/calendar';
import { badRequest } from '../../platform/http/errors';
import { brDay, pdfTable, type PdfColumn } from '../../platform/pdf-table';
import { companyBankAccounts } from '../company/schema';
import { brasilia, drawRemittanceSection, instructionText, openRemittancePdf, remittanceReport, workbookBytes, type RemittanceReport } from '../bank-files';
import { remittances } from '../bank-files/schema-remittance';

export interface RemittancePeriod {
  from: string;
  to: string;
  bank?: RemittanceBankCode;
}

export const REMITTANCE_PERIOD_MESSAGES = {
  tooLong: (days: number) => `O período do relatório de remessas não pode passar de ${days} dias.`,
  tooMany: (max: number) => `O período tem mais de ${max} remessas: encurte o período ou escolha um banco.`,
};

/** The files of the period, oldest first, each with its lines and totals. */
export async function remittancesOfPeriod(db: Db, period: RemittancePeriod): Promise<RemittanceReport[]> {
  if (daysBetween(period.from, period.to) > REMITTANCE_REPORT_MAX_DAYS) throw badRequest(REMITTANCE_PERIOD_MESSAGES.tooLong(REMITTANCE_REPORT_MAX_DAYS), 'filter.to');
  const parts: SQL[] = [gte(remittances.generated_on, period.from), lte(remittances.generated_on, period.to)];
  if (period.bank) parts.push(eq(remittances.bank_code, period.bank));
  const files = await db
    .select({ id: remittances.id, bank_code: remittances.bank_code, company_id: companyBankAccounts.company_id })
    .from(remittances)
    .innerJoin(companyBankAccounts, eq(companyBankAccounts.id, remittances.bank_account_id))
    .where(and(...parts))
    .orderBy(asc(remittances.generated_on), asc(remittances.bank_code), asc(remittances.nsa), asc(remittances.id))
    .limit(REMITTANCE_REPORT_MAX_FILES + 1);
  if (files.length > REMITTANCE_REPORT_MAX_FILES) throw badRequest(REMITTANCE_PERIOD_MESSAGES.tooMany(REMITTANCE_REPORT_MAX_FILES), 'filter.to');
  const reports: RemittanceReport[] = [];
  // One file at a time: a period's report is read while other people work.
  for (const f of files) reports.push(await remittanceReport(db, f.company_id, f.bank_code, f.id));
  return reports;
}

export function periodTitle(period: RemittancePeriod): string {
  const bank = period.bank ? ` — banco ${period.bank}` : '';
  return `Relatório de remessas CNAB 240 de ${brDay(period.from)} a ${brDay(period.to)}${bank}`;
}

export function periodFileName(period: RemittancePeriod, extension: 'pdf' | 'xlsx'): string {
  return `relatorio-remessas-${period.from}-a-${period.to}${period.bank ? `-banco-${period.bank}` : ''}.${extension}`;
}

/** The count and total per instruction over every file, in the enumeration's order. */
function totalsOf(reports: readonly RemittanceReport[]) {
  const totals = REMITTANCE_INSTRUCTIONS.map((instruction) => {
    const of = reports.flatMap((r) => r.totals.filter((t) => t.instruction === instruction));
    return { instruction, count: of.reduce((n, t) => n + t.count, 0), total: of.reduce((sum, t) => sum.plus(t.total), new Decimal(0)).toFixed(2) };
  }).filter((t) => t.count > 0);
  const total = reports.reduce((sum, r) => sum.plus(r.total), new Decimal(0)).toFixed(2);
  const lines = reports.reduce((n, r) => n + r.lines.length, 0);
  return { totals, total, lines };
}

export const REMITTANCE_PERIOD_COLUMNS: readonly ExcelColumn[] = [
  { key: 'generated_on', header: 'remittance.columns.generatedOn', format: 'date' },
  { key: 'bank_code', header: 'reports.remittances.bank', format: 'text' },
  { key: 'account', header: 'remittance.columns.account', format: 'text' },
  { key: 'nsa', header: 'remittance.columns.nsa', format: 'integer' },
  { key: 'file_name', header: 'remittance.columns.file', format: 'text' },
  { key: 'instruction', header: 'remittance.columns.instruction', format: 'text' },
  { key: 'our_number', header: 'remittance.columns.ourNumber', format: 'text' },
  { key: 'borrower', header: 'remittance.columns.borrower', format: 'text' },
  { key: 'operation', header: 'remittance.columns.operation', format: 'text' },
  { key: 'installment_number', header: 'remittance.columns.installmentNumber', format: 'integer' },
  { key: 'due_date', header: 'remittance.columns.dueDate', format: 'date' },
  { key: 'amount', header: 'remittance.columns.amount', format: 'currency' },
];

export function remittancePeriodWorkbook(period: RemittancePeriod, reports: readonly RemittanceReport[], generatedAt: Date): Promise<Buffer> {
  const { totals, total } = totalsOf(reports);
  return workbookBytes({
    title: periodTitle(period),
    date: generatedAt,
    columns: REMITTANCE_PERIOD_COLUMNS,
    rows: reports.flatMap((r) =>
      r.lines.map((l) => ({ generated_on: r.generated_on, bank_code: r.bank_code, account: `${r.agency} / ${r.account}`, nsa: r.nsa, file_name: r.file_name, ...l, instruction: instructionText(l.instruction) })),
    ),
    info: [
      { label: 'Período', value: `${brDay(period.from)} a ${brDay(period.to)}` },
      { label: 'Banco', value: period.bank ?? 'Todos' },
      { label: 'Remessas', value: reports.length, format: 'integer' },
      ...totals.flatMap((t) => [
        { label: `${instructionText(t.instruction)} — títulos`, value: t.count, format: 'integer' as const },
        { label: `${instructionText(t.instruction)} — total`, value: t.total, format: 'currency' as const },
      ]),
      { label: 'Total das remessas', value: total, format: 'currency' },
    ],
  });
}

/** Landscape A4 less the margins: 770 points. */
const ROW = 14;
const SUMMARY_COLUMNS: readonly PdfColumn[] = [
  { title: 'Gerada em', width: 80, align: 'left' },
  { title: 'Banco', width: 50, align: 'left' },
  { title: 'Conta', width: 120, align: 'left' },
  { title: 'NSA', width: 50, align: 'right' },
  { title: 'Arquivo', width: 250, align: 'left' },
  { title: 'Títulos', width: 70, align: 'right' },
  { title: 'Total', width: 150, align: 'right' },
];

export function remittancePeriodPdf(period: RemittancePeriod, reports: readonly RemittanceReport[], generatedAt: Date): Promise<Buffer> {
  const title = periodTitle(period);
  const { doc, finish } = openRemittancePdf(title);
  const left = doc.page.margins.left;
  const { totals, total, lines } = totalsOf(reports);
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#1c2127').text(title, left);
  doc.font('Helvetica').fontSize(9).fillColor('#5f6b7c').text(`Emitido em ${brasilia(generatedAt)} (horário de Brasília)`, left);
  doc.moveDown();
  const summary = pdfTable(doc, SUMMARY_COLUMNS, { rowHeight: ROW, fontSize: 8.5, headerFill: '#e8e8e8' });
  summary.header();
  if (reports.length === 0) summary.row(['Nenhuma remessa gerada no período.']);
  for (const r of reports) summary.row([brDay(r.generated_on), r.bank_code, `${r.agency} / ${r.account}`, String(r.nsa), r.file_name, String(r.lines.length), formatCurrency(r.total)]);
  const totalLines: Array<[string, string]> = [
    ...totals.map((t): [string, string] => [`${instructionText(t.instruction)}: ${t.count} título(s)`, formatCurrency(t.total)]),
    [`Total: ${reports.length} remessa(s), ${lines} título(s)`, formatCurrency(total)],
  ];
  summary.room(ROW * (totalLines.length + 2));
  doc.moveDown();
  for (const [label, value] of totalLines) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#1c2127').text(label, left, y, { width: 300, lineBreak: false });
    doc.text(value, left + 300, y, { width: 120, align: 'right', lineBreak: false });
    doc.y = y + ROW;
  }
  for (const r of reports) {
    doc.addPage();
    drawRemittanceSection(doc, r, generatedAt);
  }
  return finish();
}
