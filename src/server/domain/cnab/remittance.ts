/**
 * A CNAB 240 cobrança remittance: file header, one lot (header, P and Q for
 * each boleto, R when the contract has a fine, trailer), file trailer. Nothing
 * is returned but problems unless every line passed its table and the
 * trailers' counts and totals add up (`checkRemittance` re-reads the lines),
 * so a caller never writes half a file.
 */
import Decimal from 'decimal.js';
import { ALPHANUMERIC_CNPJ_LAYOUTS, alphanumericCnpjRefusal, isAlphanumericCnpj } from './alphanumeric-cnpj';
import { cnabTables, type CnabBank } from './bank-tables';
import { FINE_CODES, INSTRUCTION_CODES, INTEREST_CODES, type RemittanceInstruction } from './codes';
import { fieldLength } from './field-table';
import { CnabFieldError, isRealDay, writeRecord, type RecordValues } from './record';
import { checkRemittance } from './remittance-check';
import { cnabProtestFields, NO_AFTER_DUE, type TitleAfterDue } from '../servicing/title-after-due';

export interface RemittanceAccount {
  readonly bank: CnabBank;
  readonly companyName: string;
  /** CPF (11 digits) or CNPJ (14 digits) of the company. */
  readonly companyDocument: string;
  readonly agency: string;
  readonly agencyDigit?: string;
  readonly account: string;
  readonly accountDigit?: string;
  /** Itaú: the DAC of agency and account. */
  readonly accountDac?: string;
  /** Banco do Brasil: convênio de cobrança; Caixa: código do beneficiário (6 digits). */
  readonly agreement?: string;
  /** Banco do Brasil: carteira (2 digits); Itaú: carteira (3 digits). */
  readonly wallet?: string;
  /** Banco do Brasil: variação da carteira (3 digits). */
  readonly walletVariation?: string;
}

export interface RemittancePayer {
  readonly name: string;
  /** CPF (11 digits) or CNPJ (14 digits). */
  readonly document: string;
  readonly address: string;
  readonly district: string;
  /** CEP, 8 digits. */
  readonly postalCode: string;
  readonly city: string;
  /** UF, two letters. */
  readonly state: string;
}

export interface LateCharges {
  /** Juros de mora: an amount per day, or a monthly rate in percent, from a date. */
  readonly interest?: { readonly kind: 'dailyAmount' | 'monthlyRate'; readonly value: string; readonly from: string };
  /** Multa: an amount or a percentage, from a date. */
  readonly fine?: { readonly kind: 'amount' | 'percent'; readonly value: string; readonly from: string };
  /**
   * Days after the due date the bank keeps the title before writing it off and returning it (P 38.3P código 1
   * "baixar/devolver", 39.3P the days, FEBRABAN C028/C029); absent: code 0, the bank's own term.
   */
  readonly keepDays?: number;
}

export interface RemittanceSlip {
  /** The installment's reference: named in every problem, and sent as the company's reference (P 196–220). */
  readonly reference: string;
  readonly instruction: RemittanceInstruction;
  /** The nosso número's digits as `nossoNumero()` of domain/boleto.ts lays them out (without a separate check digit). */
  readonly nossoNumero: string;
  /** Itaú: the nosso número's DAC. */
  readonly nossoNumeroDigit?: string;
  readonly documentNumber: string;
  readonly issuedOn: string;
  readonly dueDate: string;
  readonly amount: string;
  readonly payer: RemittancePayer;
  readonly lateCharges?: LateCharges;
  /** protest or negativação after the due date, as the title data says (none: "não protestar") */
  readonly afterDue?: TitleAfterDue;
}

export interface RemittanceInput {
  readonly account: RemittanceAccount;
  readonly slips: readonly RemittanceSlip[];
  /** NSA: this file's sequence number for the account. */
  readonly fileSequence: number;
  /** The NSA of the account's last remittance (null for the first): this one must be the next. */
  readonly previousFileSequence: number | null;
  /** The business date the file is generated on ('YYYY-MM-DD'). */
  readonly generatedOn: string;
  /** HHMMSS; zeros when not given (BB and Caixa accept zeros, the file's date is what they check). */
  readonly generatedAt?: string;
  /** A test file (BB "TS", Caixa "REMESSA-TESTE"). */
  readonly test?: boolean;
}

export interface RemittanceProblem {
  /** 1-based line of the file, when the problem is in a written line. */
  readonly line?: number;
  /** '0', '1', '3P', '3Q', '3R', '5', '9', or 'entrada' for the input itself. */
  readonly record: string;
  /** The installment the line belongs to. */
  readonly reference?: string;
  readonly field: string;
  readonly message: string;
}

export interface RemittanceFile {
  readonly lines: readonly string[];
  /** The file's text: CR LF after every line, as the banks' transfer channels expect. */
  readonly content: string;
  readonly slipCount: number;
  readonly total: string;
}

export type RemittanceResult = { readonly ok: true; readonly file: RemittanceFile } | { readonly ok: false; readonly problems: readonly RemittanceProblem[] };

interface BankProfile {
  readonly bankName: string;
  /** Espécie do título for a loan installment: nota promissória. */
  readonly species: string;
  readonly accountChecks: (account: RemittanceAccount) => RemittanceProblem[];
  readonly accountValues: (account: RemittanceAccount, input: RemittanceInput) => Record<string, string>;
  readonly slipValues: (account: RemittanceAccount, slip: RemittanceSlip) => Record<string, string>;
  readonly nossoNumeroLength: number;
}

const DIGITS = /^\d+$/;
const digitsProblem = (value: string | undefined, field: string, lengths: number[]): RemittanceProblem[] =>
  value !== undefined && DIGITS.test(value) && lengths.includes(value.length)
    ? []
    : [{ record: 'entrada', field, message: `informe ${lengths.join(' ou ')} dígitos` }];

/** A CPF or CNPJ: digits, or an alphanumeric CNPJ refused naming the bank and why (alphanumeric-cnpj.ts). */
const documentProblem = (bank: CnabBank, value: string, field: string): RemittanceProblem[] =>
  isAlphanumericCnpj(value) && !ALPHANUMERIC_CNPJ_LAYOUTS[bank].accepted
    ? [{ record: 'entrada', field, message: alphanumericCnpjRefusal(bank) }]
    : digitsProblem(value, field, [11, 14]);

const PROFILES: Readonly<Record<CnabBank, BankProfile>> = {
  '001': {
    bankName: 'BANCO DO BRASIL S.A.',
    species: '12',
    nossoNumeroLength: 17,
    accountChecks: (a) => [
      ...digitsProblem(a.agreement, 'account.agreement', [7]),
      ...digitsProblem(a.wallet, 'account.wallet', [2]),
      ...digitsProblem(a.walletVariation, 'account.walletVariation', [3]),
      ...digitsProblem(a.agency, 'account.agency', [4, 5]),
      ...digitsProblem(a.account, 'account.account', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
    ],
    accountValues: (a, input) => ({
      agreement: a.agreement ?? '',
      wallet: a.wallet ?? '',
      walletVariation: a.walletVariation ?? '',
      testFlag: input.test ? 'TS' : '',
      agency: a.agency,
      agencyDigit: a.agencyDigit ?? '',
      account: a.account,
      accountDigit: a.accountDigit ?? '',
    }),
    slipValues: (a, slip) => ({
      nossoNumero: slip.nossoNumero,
      // 7 for wallet 17 in the simple modality, 1 for 11/12 (BB's note on 14.3P).
      wallet: a.wallet === '17' ? '7' : '1',
      registration: '1',
      documentType: '2',
      slipIssuer: '2', // the company prints the boleto
      slipDelivery: '2',
    }),
  },
  '104': {
    bankName: 'CAIXA ECONOMICA FEDERAL',
    species: '12',
    nossoNumeroLength: 17,
    accountChecks: (a) => [...digitsProblem(a.agreement, 'account.agreement', [6]), ...digitsProblem(a.agency, 'account.agency', [4, 5])],
    accountValues: (a, input) => ({
      agency: a.agency,
      agencyDigit: a.agencyDigit ?? '',
      beneficiaryCode: a.agreement ?? '',
      beneficiaryCodeAgain: a.agreement ?? '',
      fileSituation: input.test ? 'REMESSA-TESTE' : 'REMESSA-PRODUCAO',
    }),
    slipValues: (_a, slip) => ({
      nossoNumero: slip.nossoNumero,
      wallet: '1',
      registration: '1',
      documentType: '2', // Caixa: "Preencher '2' - Escritural"
      slipIssuer: '2',
      slipDelivery: '0',
      collectingAgencyDigit: '0',
    }),
  },
  '341': {
    bankName: 'BANCO ITAU SA',
    species: '02', // Itaú's own table (nota 11): 02 nota promissória
    nossoNumeroLength: 8,
    accountChecks: (a) => [
      ...digitsProblem(a.wallet, 'account.wallet', [3]),
      ...digitsProblem(a.agency, 'account.agency', [4]),
      ...digitsProblem(a.account, 'account.account', [5]),
      ...digitsProblem(a.accountDac, 'account.accountDac', [1]),
    ],
    accountValues: (a) => ({ agency: a.agency, account: a.account, accountDac: a.accountDac ?? '' }),
    slipValues: (a, slip) => ({
      wallet: a.wallet ?? '',
      nossoNumero: slip.nossoNumero,
      nossoNumeroDigit: slip.nossoNumeroDigit ?? '',
      collectingAgencyDigit: '0',
    }),
  },
};

function documentType(document: string): string {
  return document.length === 14 ? '2' : '1';
}

function positiveAmount(value: string): boolean {
  try {
    const amount = new Decimal(value);
    return amount.isFinite() && amount.greaterThan(0) && amount.decimalPlaces() <= 2;
  } catch {
    return false;
  }
}

function isDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

function inputProblems(input: RemittanceInput, profile: BankProfile): RemittanceProblem[] {
  const problems: RemittanceProblem[] = [];
  const add = (field: string, message: string, reference?: string) => problems.push({ record: 'entrada', field, message, reference });
  if (input.slips.length === 0) add('slips', 'nenhuma parcela para remeter: o arquivo não é gerado vazio');
  if (!Number.isInteger(input.fileSequence) || input.fileSequence < 1 || input.fileSequence > 999_999) {
    add('fileSequence', 'número sequencial do arquivo (NSA) ausente ou fora de 1 a 999999');
  } else if (input.previousFileSequence !== null && input.fileSequence !== input.previousFileSequence + 1) {
    add('fileSequence', `o NSA deve ser ${input.previousFileSequence + 1}, o seguinte ao da última remessa da conta`);
  }
  if (!isDay(input.generatedOn)) add('generatedOn', 'data de geração inválida');
  if (input.generatedAt !== undefined && !/^([01]\d|2[0-3])[0-5]\d[0-5]\d$/.test(input.generatedAt)) add('generatedAt', 'hora de geração inválida (HHMMSS)');
  if (input.account.companyName.trim() === '') add('account.companyName', 'nome da empresa ausente');
  problems.push(...documentProblem(input.account.bank, input.account.companyDocument, 'account.companyDocument'));
  problems.push(...profile.accountChecks(input.account));
  const seen = new Set<string>();
  const documentField = cnabTables(input.account.bank).segmentP.fields.find((f) => f.name === 'documentNumber');
  const documentWidth = documentField ? fieldLength(documentField) : 15;
  for (const slip of input.slips) {
    const r = slip.reference;
    // Cut, the bank would hold another number than the slip prints: refused, naming the room this bank's layout has.
    if (slip.documentNumber.trim().length > documentWidth) add('documentNumber', `número do documento com mais de ${documentWidth} caracteres para este banco: '${slip.documentNumber}'`, r);
    if (!DIGITS.test(slip.nossoNumero) || slip.nossoNumero.length !== profile.nossoNumeroLength) {
      add('nossoNumero', `o nosso número deve ter ${profile.nossoNumeroLength} dígitos`, r);
    } else if (seen.has(slip.nossoNumero)) {
      add('nossoNumero', 'nosso número repetido no arquivo', r);
    }
    seen.add(slip.nossoNumero);
    if (input.account.bank === '341' && !/^\d$/.test(slip.nossoNumeroDigit ?? '')) add('nossoNumeroDigit', 'DAC do nosso número ausente', r);
    if (!positiveAmount(slip.amount)) add('amount', 'valor deve ser positivo, com até duas casas', r);
    if (!isDay(slip.dueDate)) add('dueDate', 'vencimento inválido', r);
    if (!isDay(slip.issuedOn)) add('issuedOn', 'data de emissão inválida', r);
    problems.push(...documentProblem(input.account.bank, slip.payer.document, 'payer.document').map((p) => ({ ...p, reference: r })));
    problems.push(...digitsProblem(slip.payer.postalCode, 'payer.postalCode', [8]).map((p) => ({ ...p, reference: r })));
    if (!/^[A-Za-z]{2}$/.test(slip.payer.state)) add('payer.state', 'UF com duas letras', r);
    if (slip.payer.name.trim() === '') add('payer.name', 'nome do pagador ausente', r);
    const interest = slip.lateCharges?.interest;
    if (interest !== undefined) {
      if (!positiveAmount(interest.value)) add('lateCharges.interest.value', 'juros deve ser positivo, com até duas casas', r);
      if (!isDay(interest.from)) add('lateCharges.interest.from', 'data dos juros inválida', r);
      if (input.account.bank === '341' && interest.kind !== 'dailyAmount') add('lateCharges.interest.kind', 'o Itaú recebe juros só como valor por dia', r);
    }
    const fine = slip.lateCharges?.fine;
    if (fine !== undefined) {
      if (!positiveAmount(fine.value)) add('lateCharges.fine.value', 'multa deve ser positiva, com até duas casas', r);
      if (!isDay(fine.from)) add('lateCharges.fine.from', 'data da multa inválida', r);
    }
    const keep = slip.lateCharges?.keepDays;
    if (keep !== undefined && (!Number.isInteger(keep) || keep < 1 || keep > MAX_KEEP_DAYS[input.account.bank])) {
      add('lateCharges.keepDays', `prazo para baixa/devolução de 1 a ${MAX_KEEP_DAYS[input.account.bank]} dias`, r);
    }
  }
  return problems;
}

/** The most days each bank's P 39.3P holds (Itaú 225–226, two positions; FEBRABAN and Caixa 225–227, three). */
const MAX_KEEP_DAYS: Readonly<Record<CnabBank, number>> = { '001': 999, '104': 999, '341': 99 };

/**
 * P 38–39.3P: baixa/devolução after the days given (code 1), or the bank's own term (code 0). FEBRABAN's 39.3P is
 * alphanumeric (BB keeps it): the days go as three digits; Caixa's and Itaú's are numeric and pad themselves.
 */
function keepValues(bank: CnabBank, slip: RemittanceSlip): Record<string, string> {
  const days = slip.lateCharges?.keepDays;
  if (days === undefined) return { writeOffCode: '0' };
  return { writeOffCode: '1', writeOffDays: bank === '001' ? String(days).padStart(3, '0') : String(days) };
}

function interestValues(slip: RemittanceSlip): Record<string, string> {
  const interest = slip.lateCharges?.interest;
  if (interest === undefined) return { interestCode: INTEREST_CODES.exempt };
  return { interestCode: INTEREST_CODES[interest.kind], interestFrom: interest.from, interest: interest.value };
}

/** Lay out, validate and return the remittance, or every problem found (input, fields and totals). */
export function buildRemittance(input: RemittanceInput): RemittanceResult {
  const { account } = input;
  const profile = PROFILES[account.bank];
  const problems = inputProblems(input, profile);
  if (problems.length > 0) return { ok: false, problems };

  const tables = cnabTables(account.bank);
  const lines: string[] = [];
  const common: Record<string, string> = {
    bank: account.bank,
    companyDocumentType: documentType(account.companyDocument),
    companyDocument: account.companyDocument,
    companyName: account.companyName,
    ...profile.accountValues(account, input),
  };
  const write = (table: (typeof tables)[keyof typeof tables], values: RecordValues, reference?: string) => {
    try {
      lines.push(writeRecord(table, values));
    } catch (error) {
      if (!(error instanceof CnabFieldError)) throw error;
      problems.push({ line: lines.length + 1, record: error.record, reference, field: error.field, message: error.reason });
      lines.push('');
    }
  };

  write(tables.fileHeader, {
    ...common,
    bankName: profile.bankName,
    direction: '1',
    generatedOn: input.generatedOn,
    generatedAt: input.generatedAt ?? '000000',
    fileSequence: String(input.fileSequence),
  });
  write(tables.lotHeader, { ...common, lot: '1', operation: 'R', remittanceNumber: String(input.fileSequence), recordedOn: input.generatedOn });

  let sequence = 0;
  let total = new Decimal(0);
  for (const slip of input.slips) {
    const detail = { bank: account.bank, lot: '1', movement: INSTRUCTION_CODES[slip.instruction] };
    const payer = slip.payer;
    write(
      tables.segmentP,
      {
        ...common,
        ...detail,
        sequence: String(++sequence),
        ...profile.slipValues(account, slip),
        documentNumber: slip.documentNumber,
        dueDate: slip.dueDate,
        amount: slip.amount,
        collectingAgency: '0',
        species: profile.species,
        accepted: 'N',
        issuedOn: slip.issuedOn,
        ...interestValues(slip),
        discount1Code: '0',
        companyReference: slip.reference,
        // The title's own choice, the same the slip prints (domain/servicing/title-after-due.ts).
        ...cnabProtestFields(slip.afterDue ?? NO_AFTER_DUE),
        ...keepValues(account.bank, slip),
      },
      slip.reference,
    );
    write(
      tables.segmentQ,
      {
        ...detail,
        sequence: String(++sequence),
        payerDocumentType: documentType(payer.document),
        payerDocument: payer.document,
        payerName: payer.name,
        payerAddress: payer.address,
        payerDistrict: payer.district,
        payerPostalCode: payer.postalCode.slice(0, 5),
        payerPostalCodeSuffix: payer.postalCode.slice(5),
        payerCity: payer.city,
        payerState: payer.state,
        guarantorDocumentType: '0',
      },
      slip.reference,
    );
    const fine = slip.lateCharges?.fine;
    if (fine !== undefined && slip.instruction === 'entry') {
      write(
        tables.segmentR,
        { ...detail, sequence: String(++sequence), fineCode: FINE_CODES[fine.kind], fineFrom: fine.from, fine: fine.value },
        slip.reference,
      );
    }
    total = total.plus(slip.amount);
  }

  write(tables.lotTrailer, {
    bank: account.bank,
    lot: '1',
    recordCount: String(sequence + 2),
    simpleCount: String(input.slips.length),
    simpleTotal: total.toFixed(2),
  });
  write(tables.fileTrailer, { bank: account.bank, lotCount: '1', recordCount: String(lines.length + 1) });
  if (problems.length > 0) return { ok: false, problems };

  const references = lineReferences(input, lines.length);
  const checked = checkRemittance(account.bank, lines).map((p) => ({ ...p, reference: p.line === undefined ? undefined : references[p.line - 1] }));
  if (checked.length > 0) return { ok: false, problems: checked };
  return {
    ok: true,
    file: { lines, content: lines.map((l) => `${l}\r\n`).join(''), slipCount: input.slips.length, total: total.toFixed(2) },
  };
}

/** Which installment each line of the file belongs to (undefined for headers and trailers). */
function lineReferences(input: RemittanceInput, count: number): (string | undefined)[] {
  const references: (string | undefined)[] = [undefined, undefined];
  for (const slip of input.slips) {
    const segments = slip.lateCharges?.fine !== undefined && slip.instruction === 'entry' ? 3 : 2;
    for (let i = 0; i < segments; i++) references.push(slip.reference);
  }
  while (references.length < count) references.push(undefined);
  return references;
}
