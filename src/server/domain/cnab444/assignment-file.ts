/**
 * The assignment remittance file: built from the installments ceded, every
 * line written from the tables and checked, then the whole file read back
 * with the same tables and compared with what was asked (record order,
 * sequences, the trailer's count, the totals). Never a partial file.
 *
 * The layout's trailer carries only its own sequence number, which is the
 * file's record count; it has no totals. So the totals are proved by reading
 * the details back and adding them up against the input's.
 */
import Decimal from 'decimal.js';
import { cnabText } from '../cnab/record';
import { DETAIL_444, HEADER_444, TRAILER_444 } from './layout';
import { LINE_LENGTH_444, type Table444 } from './field-table';
import { Cnab444FieldError, lineProblems444, readRecord444, writeRecord444 } from './record';

export interface AssignmentItem {
  /** Our reference of the installment (operation/number): named in problems, sent as the participant's control number. */
  readonly reference: string;
  /** Seu número (10). */
  readonly documentNumber: string;
  readonly cessionNumber: string;
  readonly dueDate: string;
  readonly issuedOn: string;
  readonly faceValue: string;
  readonly presentValue: string;
  readonly payer: { readonly name: string; readonly document: string; readonly address: string; readonly postalCode: string };
}

export interface AssignmentRemittanceInput {
  /** The cedente (the lender). */
  readonly assignor: { readonly name: string; readonly document: string; readonly originatorCode?: string };
  /** The custodian's bank number and name, for the header. */
  readonly custodian: { readonly bankCode: string; readonly bankName: string };
  readonly fileSequence: number;
  readonly writtenOn: string;
  /** Whether the assignor answers for the receivables (buys back by the agreement): coobrigação 01, else 02. */
  readonly coobligation: boolean;
  /** SCR modality of the operations (4 digits). */
  readonly modality: string;
  /** Espécie do título in the custodian's table (2 digits). */
  readonly titleKind: string;
  readonly items: readonly AssignmentItem[];
}

export interface AssignmentProblem {
  readonly line?: number;
  readonly record: string;
  readonly reference?: string;
  readonly field: string;
  readonly message: string;
}

export interface AssignmentFile {
  readonly lines: readonly string[];
  /** The lines joined by CR LF, ending with CR LF. */
  readonly content: string;
  readonly count: number;
  readonly faceTotal: string;
  readonly presentTotal: string;
}

export type AssignmentResult = { ok: true; file: AssignmentFile } | { ok: false; problems: AssignmentProblem[] };

const DIGITS = /^\d+$/;
const MONEY = /^\d+(\.\d{1,2})?$/;
/** The most details a file of 6-digit record sequences can hold (header and trailer take two). */
export const MAX_ITEMS_444 = 999_997;

function itemProblems(item: AssignmentItem): Array<Pick<AssignmentProblem, 'field' | 'message'>> {
  const problems: Array<Pick<AssignmentProblem, 'field' | 'message'>> = [];
  const doc = item.payer.document;
  if (!DIGITS.test(doc) || (doc.length !== 11 && doc.length !== 14)) problems.push({ field: 'payerDocument', message: `CPF/CNPJ do sacado com 11 ou 14 dígitos: '${doc}'` });
  if (!/^\d{8}$/.test(item.payer.postalCode)) problems.push({ field: 'payerPostalCode', message: `CEP do sacado com 8 dígitos: '${item.payer.postalCode}'` });
  if (!item.payer.name.trim()) problems.push({ field: 'payerName', message: 'nome do sacado em branco' });
  if (!MONEY.test(item.faceValue) || new Decimal(item.faceValue).lte(0)) problems.push({ field: 'faceValue', message: `valor de face positivo: '${item.faceValue}'` });
  if (!MONEY.test(item.presentValue) || new Decimal(item.presentValue).lte(0)) problems.push({ field: 'presentValue', message: `valor presente positivo: '${item.presentValue}'` });
  return problems;
}

function detailValues(input: AssignmentRemittanceInput, assignorName: string, item: AssignmentItem, sequence: number): Record<string, string> {
  return {
    coobligation: input.coobligation ? '01' : '02',
    modality: input.modality,
    participantControl: item.reference,
    documentNumber: item.documentNumber,
    dueDate: item.dueDate,
    faceValue: item.faceValue,
    titleKind: input.titleKind,
    issuedOn: item.issuedOn,
    assignorPersonType: input.assignor.document.length === 11 ? '01' : '02',
    cessionTerm: item.cessionNumber,
    presentValue: item.presentValue,
    payerDocumentType: item.payer.document.length === 11 ? '01' : '02',
    payerDocument: item.payer.document,
    payerName: item.payer.name,
    payerAddress: item.payer.address,
    payerPostalCode: item.payer.postalCode,
    assignorName,
    assignorDocument: input.assignor.document,
    recordSequence: String(sequence),
  };
}

/** Builds and checks the file; the problems name the installment (reference), the line and the field. */
export function buildAssignmentRemittance(input: AssignmentRemittanceInput): AssignmentResult {
  const problems: AssignmentProblem[] = [];
  if (input.items.length === 0) return { ok: false, problems: [{ record: 'detail', field: 'items', message: 'nenhuma parcela cedida para remeter' }] };
  if (input.items.length > MAX_ITEMS_444) return { ok: false, problems: [{ record: 'detail', field: 'items', message: `mais de ${MAX_ITEMS_444} parcelas num arquivo` }] };
  if (!/^\d{11}$|^\d{14}$/.test(input.assignor.document)) problems.push({ record: 'header', field: 'assignor.document', message: `CNPJ do cedente com 14 dígitos: '${input.assignor.document}'` });
  if (!/^\d{3}$/.test(input.custodian.bankCode)) problems.push({ record: 'header', field: 'custodian.bankCode', message: `número do banco com 3 dígitos: '${input.custodian.bankCode}'` });
  if (problems.length) return { ok: false, problems };

  const lines: string[] = new Array(input.items.length + 2);
  const write = (table: Table444, values: Record<string, string>, line: number, reference?: string): void => {
    try {
      // Every line is checked against its table by the read-back below (separate code from the writer), once.
      lines[line - 1] = writeRecord444(table, values);
    } catch (error) {
      if (!(error instanceof Cnab444FieldError)) throw error;
      problems.push({ line, record: table.record, ...(reference ? { reference } : {}), field: error.field, message: error.reason });
    }
  };

  write(
    HEADER_444,
    {
      originatorCode: input.assignor.originatorCode ?? input.assignor.document,
      originatorName: input.assignor.name,
      bankCode: input.custodian.bankCode,
      bankName: input.custodian.bankName,
      writtenOn: input.writtenOn,
      fileSequence: String(input.fileSequence),
      recordSequence: '1',
    },
    1,
  );
  let face = new Decimal(0);
  let present = new Decimal(0);
  // The same name on every detail: cleaned once (accents out) instead of once per line.
  const assignorName = cnabText(input.assignor.name);
  input.items.forEach((item, k) => {
    const line = k + 2;
    const own = itemProblems(item);
    for (const p of own) problems.push({ line, record: 'detail', reference: item.reference, ...p });
    if (own.length) return;
    face = face.plus(item.faceValue);
    present = present.plus(item.presentValue);
    write(DETAIL_444, detailValues(input, assignorName, item, line), line, item.reference);
  });
  write(TRAILER_444, { recordSequence: String(lines.length) }, lines.length);
  if (problems.length) return { ok: false, problems };

  const content = `${lines.join('\r\n')}\r\n`;
  const expected = { fileSequence: input.fileSequence, count: input.items.length, faceTotal: face.toFixed(2), presentTotal: present.toFixed(2) };
  // The builder keeps no detail values (a file of 10,000 would hold 10,000 objects of 55 fields for nothing).
  const reread = readAssignmentRemittance(content, { keepDetails: false });
  if (!reread.ok) return { ok: false, problems: reread.problems };
  const got = reread.file;
  const differences: AssignmentProblem[] = [];
  if (Number(got.header.fileSequence) !== expected.fileSequence) differences.push({ line: 1, record: 'header', field: 'fileSequence', message: `lido ${got.header.fileSequence}, esperado ${expected.fileSequence}` });
  if (got.detailCount !== expected.count) differences.push({ record: 'trailer', field: 'recordSequence', message: `${got.detailCount} detalhes lidos, ${expected.count} pedidos` });
  if (got.faceTotal !== expected.faceTotal) differences.push({ record: 'trailer', field: 'faceValue', message: `total de face lido ${got.faceTotal}, esperado ${expected.faceTotal}` });
  if (got.presentTotal !== expected.presentTotal) differences.push({ record: 'trailer', field: 'presentValue', message: `total presente lido ${got.presentTotal}, esperado ${expected.presentTotal}` });
  if (differences.length) return { ok: false, problems: differences };
  return { ok: true, file: { lines, content, count: expected.count, faceTotal: expected.faceTotal, presentTotal: expected.presentTotal } };
}

export interface ReadAssignmentFile {
  readonly header: Record<string, string>;
  readonly details: ReadonlyArray<Record<string, string>>;
  readonly detailCount: number;
  readonly trailer: Record<string, string>;
  readonly faceTotal: string;
  readonly presentTotal: string;
}

export type ReadAssignmentResult = { ok: true; file: ReadAssignmentFile } | { ok: false; problems: AssignmentProblem[] };

/**
 * Reads a CNAB 444 assignment remittance with the same tables: every line
 * checked, header first and trailer last, record sequences 1…n, the
 * trailer's sequence equal to the number of records. Any problem refuses
 * the whole file, naming the line (and the installment's reference when a
 * detail is at fault).
 */
export function readAssignmentRemittance(text: string, options: { keepDetails?: boolean } = {}): ReadAssignmentResult {
  const keep = options.keepDetails ?? true;
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  const problems: AssignmentProblem[] = [];
  if (lines.length < 3) return { ok: false, problems: [{ record: 'file', field: 'linha', message: `o arquivo tem ${lines.length} linha(s): header, detalhes e trailer são pelo menos 3` }] };
  const details: Array<Record<string, string>> = [];
  let detailCount = 0;
  let header: Record<string, string> = {};
  let trailer: Record<string, string> = {};
  let face = new Decimal(0);
  let present = new Decimal(0);
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k];
    const table = k === 0 ? HEADER_444 : k === lines.length - 1 ? TRAILER_444 : DETAIL_444;
    const values = line.length === LINE_LENGTH_444 ? readRecord444(table, line) : {};
    const reference = table === DETAIL_444 ? values.participantControl : undefined;
    for (const p of lineProblems444(table, line)) problems.push({ line: k + 1, record: table.record, ...(reference ? { reference } : {}), field: p.field, message: p.message });
    if (line.length !== LINE_LENGTH_444) continue;
    if (values.recordSequence !== String(k + 1).padStart(6, '0'))
      problems.push({ line: k + 1, record: table.record, field: 'recordSequence', message: `sequência ${values.recordSequence}, esperada ${k + 1}` });
    if (table === HEADER_444) header = values;
    else if (table === TRAILER_444) trailer = values;
    else {
      detailCount++;
      if (keep) details.push(values);
      if (/^\d+\.\d{2}$/.test(values.faceValue)) face = face.plus(values.faceValue);
      if (/^\d+\.\d{2}$/.test(values.presentValue)) present = present.plus(values.presentValue);
    }
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, file: { header, details, detailCount, trailer, faceTotal: face.toFixed(2), presentTotal: present.toFixed(2) } };
}
