/**
 * A CNAB 240 cobrança return file (retorno) read into one entry per boleto
 * movement: the T segment (movement, nosso número, title amount, fee, reasons)
 * joined with the U segment that follows it (amounts paid and credited, the
 * occurrence and credit dates).
 *
 * The file is refused as a whole, naming the line, when a line is not 240
 * long, a line is of another bank, a record is out of place, a T has no U, an
 * amount is above what the app stores (MAX_MONEY), or a trailer's counts
 * disagree with the lines: settling half of a broken file is worse than
 * settling none. Lines whose nosso número names no installment
 * are the caller's to show; nothing here drops a line.
 */
import Decimal from 'decimal.js';
import { MAX_MONEY } from '@shared/contract/money';
import { formatCurrency } from '@shared/format';
import { cnabTables, type CnabBank } from './bank-tables';
import { movementKind, movementWords, reasonsInWords, type MovementKind, type Reason } from './codes';
import type { FileProblem } from './remittance-check';
import { readRecord } from './record';
import { lineProblems } from './validate';

export interface ReturnHeader {
  readonly bank: CnabBank;
  readonly companyDocument: string;
  readonly agency: string;
  /** The account as the bank's header carries it (BB account, Caixa beneficiary code, Itaú account). */
  readonly account: string;
  readonly fileSequence: string;
  readonly generatedOn: string;
}

export interface ReturnEntry {
  /** 1-based line of the T segment. */
  readonly line: number;
  readonly movement: string;
  readonly movementWords: string;
  readonly kind: MovementKind;
  /** The nosso número's digits as the remittance sent them (BB 17, Caixa 17, Itaú 8), to find the installment. */
  readonly nossoNumero: string;
  readonly documentNumber: string;
  readonly companyReference: string;
  readonly dueDate: string;
  readonly titleAmount: string;
  readonly fee: string;
  readonly reasons: readonly Reason[];
  readonly paid: string;
  readonly net: string;
  readonly lateCharges: string;
  readonly discount: string;
  readonly rebate: string;
  readonly otherExpenses: string;
  readonly occurredOn: string;
  readonly creditedOn: string;
  /** Stable identity of the movement, so a line imported twice settles once. */
  readonly identity: string;
}

export interface ReturnFile {
  readonly header: ReturnHeader;
  readonly entries: readonly ReturnEntry[];
}

export type ReturnResult = { readonly ok: true; readonly file: ReturnFile } | { readonly ok: false; readonly problems: readonly FileProblem[] };

/** Lines of a file as banks send them: CR LF or LF, maybe a final newline or an end-of-file mark. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const END_OF_FILE = String.fromCharCode(0x1a); // DOS end-of-file mark some bank channels still append
  while (lines.length > 0 && (lines[lines.length - 1] ?? '').replaceAll(END_OF_FILE, '').trim() === '') lines.pop();
  return lines;
}

const money = (value: string | undefined) => (value === undefined || value === '' ? '0.00' : value);

/**
 * The amounts a movement carries. Their fields hold 13 integer digits, one
 * more than any amount the app stores (MAX_MONEY, numeric(14,2)): a line
 * above it is refused naming the line, so the preview never shows what
 * settling could not store.
 */
const AMOUNT_FIELDS = { T: ['amount', 'fee'], U: ['lateCharges', 'discount', 'rebate', 'paid', 'net', 'otherExpenses'] } as const;
const [MAX_UNITS, MAX_CENTS] = MAX_MONEY.split('.') as [string, string];
const AMOUNT_TEXT = /^(\d+)\.(\d{2})$/;
/**
 * Compared as text when the reader gave the amount as it does ('123.45', no leading zeros: readRecord), the rest
 * through Decimal: a Decimal for each of 40,000 amount fields was a third of reading a 10,000-line file.
 */
function aboveMaximum(value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  const match = AMOUNT_TEXT.exec(value);
  if (!match || (match[1].length > 1 && match[1].startsWith('0'))) return new Decimal(value).gt(MAX_MONEY);
  const [, units, cents] = match;
  if (units.length !== MAX_UNITS.length) return units.length > MAX_UNITS.length;
  return units > MAX_UNITS || (units === MAX_UNITS && cents > MAX_CENTS);
}

export function readReturnFile(bank: CnabBank, text: string): ReturnResult {
  const tables = cnabTables(bank);
  const lines = splitLines(text);
  const problems: FileProblem[] = [];
  const at = (index: number, record: string, field: string, message: string) => problems.push({ line: index + 1, record, field, message });

  if (lines.length < 4) return { ok: false, problems: [{ record: 'arquivo', field: 'linhas', message: 'arquivo vazio ou incompleto' }] };
  lines.forEach((line, index) => {
    if (line.length !== 240) at(index, line.slice(7, 8) || '?', 'linha', `a linha tem ${line.length} posições, não 240`);
    else if (line.slice(0, 3) !== bank) at(index, line.slice(7, 8), 'bank', `linha do banco ${line.slice(0, 3)}, esperado ${bank}`);
  });
  if (problems.length > 0) return { ok: false, problems };

  const headerValues = readRecord(tables.fileHeader, lines[0] ?? '');
  if (lines[0]?.[7] !== '0') at(0, '0', 'recordType', 'a primeira linha deve ser o header de arquivo');
  if (headerValues.direction !== '2') at(0, '0', 'direction', 'não é um arquivo retorno (código 2)');
  const lastIndex = lines.length - 1;
  if (lines[lastIndex]?.[7] !== '9') at(lastIndex, '9', 'recordType', 'a última linha deve ser o trailer de arquivo');
  for (const problem of lineProblems(tables.fileHeader, lines[0] ?? '', { lenient: true })) at(0, '0', problem.field, problem.message);

  const entries: ReturnEntry[] = [];
  let lotCount = 0;
  let lotStart = -1;
  for (let index = 1; index < lastIndex; index++) {
    const line = lines[index] ?? '';
    const type = line[7];
    if (type === '1') {
      if (lotStart !== -1) at(index, '1', 'recordType', 'lote aberto sem trailer');
      lotStart = index;
      lotCount += 1;
      continue;
    }
    if (type === '5') {
      const values = readRecord(tables.lotTrailer, line);
      if (lotStart === -1) at(index, '5', 'recordType', 'trailer de lote sem header');
      else if (Number(values.recordCount) !== index - lotStart + 1) {
        at(index, '5', 'recordCount', `quantidade de registros ${Number(values.recordCount)}, o lote tem ${index - lotStart + 1}`);
      }
      lotStart = -1;
      continue;
    }
    if (type !== '3' || lotStart === -1) {
      at(index, type ?? '?', 'recordType', 'registro fora de lugar');
      continue;
    }
    const segment = line[13];
    if (segment === 'U') continue; // read with its T
    if (segment !== 'T') continue; // other segments (Y and the like) carry nothing to settle
    const next = lines[index + 1] ?? '';
    if (next[7] !== '3' || next[13] !== 'U') {
      at(index, '3T', 'segment', 'segmento T sem o segmento U que o acompanha');
      continue;
    }
    const lineIssues = [
      ...lineProblems(tables.segmentT, line, { lenient: true }).map((p) => ({ ...p, i: index, r: '3T' })),
      ...lineProblems(tables.segmentU, next, { lenient: true }).map((p) => ({ ...p, i: index + 1, r: '3U' })),
    ];
    for (const issue of lineIssues) at(issue.i, issue.r, issue.field, issue.message);
    if (lineIssues.length > 0) continue;
    const t = readRecord(tables.segmentT, line);
    const u = readRecord(tables.segmentU, next);
    const tooLarge = [
      ...AMOUNT_FIELDS.T.filter((f) => aboveMaximum(t[f])).map((f) => ({ i: index, r: '3T', f, v: t[f] ?? '' })),
      ...AMOUNT_FIELDS.U.filter((f) => aboveMaximum(u[f])).map((f) => ({ i: index + 1, r: '3U', f, v: u[f] ?? '' })),
    ];
    for (const big of tooLarge) at(big.i, big.r, big.f, `valor de ${formatCurrency(big.v)} acima do máximo de ${formatCurrency(MAX_MONEY)} que a empresa registra`);
    if (tooLarge.length > 0) continue;
    const movement = t.movement ?? '';
    const nossoNumero = (t.nossoNumero ?? '').trim();
    entries.push({
      line: index + 1,
      movement,
      movementWords: movementWords(bank, movement),
      kind: movementKind(bank, movement),
      nossoNumero,
      documentNumber: t.documentNumber ?? '',
      companyReference: t.companyReference ?? '',
      dueDate: t.dueDate ?? '',
      titleAmount: money(t.amount),
      fee: money(t.fee),
      reasons: reasonsInWords(bank, movement, t.reasons ?? ''),
      paid: money(u.paid),
      net: money(u.net),
      lateCharges: money(u.lateCharges),
      discount: money(u.discount),
      rebate: money(u.rebate),
      otherExpenses: money(u.otherExpenses),
      occurredOn: u.occurredOn ?? '',
      creditedOn: u.creditedOn ?? '',
      identity: [bank, nossoNumero, movement, u.occurredOn ?? '', money(u.paid)].join('|'),
    });
  }
  if (lotStart !== -1) at(lastIndex, '9', 'recordType', 'lote aberto sem trailer');
  const trailer = readRecord(tables.fileTrailer, lines[lastIndex] ?? '');
  if (Number(trailer.lotCount) !== lotCount) at(lastIndex, '9', 'lotCount', `quantidade de lotes ${Number(trailer.lotCount)}, o arquivo tem ${lotCount}`);
  if (Number(trailer.recordCount) !== lines.length) {
    at(lastIndex, '9', 'recordCount', `quantidade de registros ${Number(trailer.recordCount)}, o arquivo tem ${lines.length}`);
  }
  if (problems.length > 0) return { ok: false, problems };

  return {
    ok: true,
    file: {
      header: {
        bank,
        companyDocument: headerValues.companyDocument ?? '',
        agency: headerValues.agency ?? '',
        account: headerValues.account ?? headerValues.beneficiaryCode ?? '',
        fileSequence: headerValues.fileSequence ?? '',
        generatedOn: headerValues.generatedOn ?? '',
      },
      entries,
    },
  };
}
