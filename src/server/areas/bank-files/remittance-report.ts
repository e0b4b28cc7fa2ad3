/**
 * The remittance report: what a stored CNAB file carried, line by line (the
 * instruction, nosso número, borrower, operation, installment, the due date
 * the bank was told and the amount), with the count and total per
 * instruction, as PDF (remittance-report-pdf.ts) or Excel (the shared export
 * writer: info sheet with the totals, frozen header, typed cells).
 *
 * The lines are read from remittance_items, which were written in the same
 * transaction as the file: the report says what the file says, in the file's
 * order — the nosso número the bank registered (a newer slip standing for a
 * title names the title's) and the due date the line carried (the new one for
 * a due-date change). The remittance must belong to an account of the company named in the
 * path and to the bank named there, else 404 (nothing about another
 * company's files leaks).
 */
import { PassThrough } from 'node:stream';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { operationNumber } from '@shared/contract/credit-operations';
import { agreementNumber } from '@shared/agreement-number';
import type { RemittanceReportFormat } from '@shared/contract/company-remittance';
import type { ExcelColumn } from '@shared/contract';
import type { ExcelWriteInput } from '../../../node/excel-export';
import { REMITTANCE_INSTRUCTIONS, type RemittanceInstructionCode } from '@shared/enums';
import type { Db } from '../../db/connect';
import { notFound } from '../../platform/http/errors';
import { REMITTANCE_MESSAGES } from './remittance';
import { renderRemittanceReportPdf } from './remittance-report-pdf';
import { instructionText, reportTitle } from './remittance-report-text';

export { instructionText, reportTitle };

export interface RemittanceReportLine {
  instruction: RemittanceInstructionCode;
  our_number: string;
  borrower: string;
  operation: string;
  installment_number: number;
  due_date: string;
  amount: string;
}

export interface RemittanceReportTotal {
  instruction: RemittanceInstructionCode;
  count: number;
  total: string;
}

export interface RemittanceReport {
  id: number;
  bank_code: string;
  nsa: number;
  generated_on: string;
  cutoff_date: string;
  file_name: string;
  sha256: string;
  agency: string;
  account: string;
  company_name: string;
  lines: RemittanceReportLine[];
  /** one per instruction the file carried, in the enumeration's order */
  totals: RemittanceReportTotal[];
  total: string;
}

/** An instruction in the report's words (Portuguese, like every report). */

interface HeaderRow {
  id: number;
  bank_code: string;
  nsa: number;
  generated_on: string;
  cutoff_date: string;
  file_name: string;
  sha256: string;
  agency: string;
  account: string;
  account_digit: string | null;
  company_name: string;
}

interface LineRow {
  instruction: RemittanceInstructionCode;
  our_number: string;
  borrower: string;
  credit_operation_id: number;
  number: number;
  agreement_id: number | null;
  due_date: string;
  amount: string;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function remittanceReport(db: Db, companyId: number, bankCode: string, remittanceId: number): Promise<RemittanceReport> {
  const [head] = rowsOf<HeaderRow>(
    await db.execute(sql`
      SELECT r.id, r.bank_code, r.nsa, r.generated_on::text AS generated_on, r.cutoff_date::text AS cutoff_date, r.file_name, r.sha256,
             a.agency, a.account, a.account_digit, c.legal_name AS company_name
        FROM remittances r
        JOIN company_bank_accounts a ON a.id = r.bank_account_id
        JOIN companies c ON c.id = a.company_id
       WHERE r.id = ${remittanceId} AND r.bank_code = ${bankCode} AND a.company_id = ${companyId}
    `),
  );
  if (!head) throw notFound(REMITTANCE_MESSAGES.remittanceNotFound);
  const lines = rowsOf<LineRow>(
    await db.execute(sql`
      SELECT ri.instruction, t.our_number, b.name AS borrower, s.credit_operation_id, COALESCE(i.number, ai.number) AS number, ai.agreement_id,
             s.due_date::text AS due_date, ri.amount::text AS amount
        FROM remittance_items ri
        JOIN boleto_slips s ON s.id = ri.boleto_slip_id
        JOIN boleto_slips t ON t.id = COALESCE(ri.title_slip_id, ri.boleto_slip_id)
        -- an operation's installment, or an agreement's (its slip's operation: the agreement's first, of the same borrower)
        LEFT JOIN credit_operation_installments i ON i.id = ri.installment_id
        LEFT JOIN renegotiation_installments ai ON ai.id = ri.agreement_installment_id
        JOIN credit_operations o ON o.id = s.credit_operation_id
        JOIN borrowers b ON b.id = o.borrower_id
       WHERE ri.remittance_id = ${remittanceId}
       ORDER BY ri.id
    `),
  ).map(
    (r): RemittanceReportLine => ({
      instruction: r.instruction,
      our_number: r.our_number,
      borrower: r.borrower,
      operation: r.agreement_id == null ? operationNumber(Number(r.credit_operation_id)) : agreementNumber(Number(r.agreement_id)),
      installment_number: Number(r.number),
      due_date: r.due_date,
      amount: new Decimal(r.amount).toFixed(2),
    }),
  );
  const totals = REMITTANCE_INSTRUCTIONS.map((instruction) => {
    const of = lines.filter((l) => l.instruction === instruction);
    return { instruction, count: of.length, total: of.reduce((sum, l) => sum.plus(l.amount), new Decimal(0)).toFixed(2) };
  }).filter((t) => t.count > 0);
  return {
    id: Number(head.id),
    bank_code: head.bank_code,
    nsa: Number(head.nsa),
    generated_on: head.generated_on,
    cutoff_date: head.cutoff_date,
    file_name: head.file_name,
    sha256: head.sha256,
    agency: head.agency,
    account: head.account_digit ? `${head.account}-${head.account_digit}` : head.account,
    company_name: head.company_name,
    lines,
    totals,
    total: lines.reduce((sum, l) => sum.plus(l.amount), new Decimal(0)).toFixed(2),
  };
}

/** The report's title, on the PDF's first line and the workbook's info sheet. */

/** The saved file's base name: the remittance file's, so the two sit side by side. */
export function reportFileName(report: Pick<RemittanceReport, 'file_name'>, format: RemittanceReportFormat): string {
  return `${report.file_name.replace(/\.rem$/i, '')}-relatorio.${format}`;
}

export const REPORT_COLUMNS: readonly ExcelColumn[] = [
  { key: 'instruction', header: 'remittance.columns.instruction' },
  { key: 'our_number', header: 'remittance.columns.ourNumber' },
  { key: 'borrower', header: 'remittance.columns.borrower' },
  { key: 'operation', header: 'remittance.columns.operation' },
  { key: 'installment_number', header: 'remittance.columns.installmentNumber', format: 'integer' },
  { key: 'due_date', header: 'remittance.columns.dueDate', format: 'date' },
  { key: 'amount', header: 'remittance.columns.amount', format: 'currency' },
];

/** A workbook written in memory by the shared export writer (a report is answered as bytes). */
export async function workbookBytes(input: Omit<ExcelWriteInput, 'stream' | 'filePath'>): Promise<Buffer> {
  // exceljs is loaded by the first workbook, not at every start of the server.
  const { writeExcelFile } = await import('../../../node/excel-export');
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  await writeExcelFile({ ...input, stream: sink });
  await ended;
  return Buffer.concat(chunks);
}

function reportWorkbook(report: RemittanceReport, generatedAt: Date): Promise<Buffer> {
  return workbookBytes({
    title: reportTitle(report),
    date: generatedAt,
    columns: REPORT_COLUMNS,
    rows: report.lines.map((l) => ({ ...l, instruction: instructionText(l.instruction) })),
    info: [
      { label: 'Arquivo', value: report.file_name },
      { label: 'Conta', value: `${report.agency} / ${report.account}` },
      { label: 'Gerada em', value: report.generated_on, format: 'date' },
      { label: 'Data de corte', value: report.cutoff_date, format: 'date' },
      { label: 'SHA-256', value: report.sha256 },
      ...report.totals.flatMap((t) => [
        { label: `${instructionText(t.instruction)} — títulos`, value: t.count, format: 'integer' as const },
        { label: `${instructionText(t.instruction)} — total`, value: t.total, format: 'currency' as const },
      ]),
      { label: 'Total da remessa', value: report.total, format: 'currency' },
    ],
  });
}

export const REPORT_MIME: Record<RemittanceReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The report file in the format asked; `generatedAt` is the instant printed on it (not a business date). */
export async function remittanceReportFile(report: RemittanceReport, format: RemittanceReportFormat, generatedAt: Date): Promise<{ bytes: Buffer; name: string; mime: string }> {
  const bytes = format === 'pdf' ? await renderRemittanceReportPdf(report, generatedAt) : await reportWorkbook(report, generatedAt);
  return { bytes, name: reportFileName(report, format), mime: REPORT_MIME[format] };
}
