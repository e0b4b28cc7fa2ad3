/**
 * The pure decisions of settling a return file: which of the company's
 * accounts a header names, which slip sequence a nosso número stands for, and
 * what a line does. No I/O: the caller reads the accounts and slips.
 */
import { cnabTables, type CnabBank } from './bank-tables';
import type { MovementKind } from './codes';
import { readRecord } from './record';

/**
 * What identifies the account in a return header: BB's convênio, Caixa's
 * beneficiary code, the agency and account (Caixa's header has no account
 * number), and the company's document (CNPJ) the bank registered it to.
 */
export interface HeaderAccountKey {
  readonly agreement: string | null;
  readonly agency: string;
  readonly agencyDigit?: string;
  readonly account: string;
  readonly accountDigit?: string;
  /** the header's company document (positions 19–32), digits as written; '' or zeros: none */
  readonly companyDocument?: string;
}

/** The parts of a collecting account the header and the nosso número are compared with. */
export interface CollectingAccount {
  readonly agreement: string | null;
  readonly wallet: string | null;
  readonly agency: string;
  readonly account: string;
}

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');
/** Numeric fields compare as numbers: the header pads with zeros, the registration may not. */
const sameNumber = (a: string | null | undefined, b: string | null | undefined) => {
  const x = digits(a).replace(/^0+/, '');
  const y = digits(b).replace(/^0+/, '');
  return x !== '' && x === y;
};
/** A numeric header field the bank filled (not blank, not all zeros). */
const carries = (value: string | null | undefined) => digits(value).replace(/^0+/, '') !== '';

export function headerAccountKey(bank: CnabBank, headerLine: string): HeaderAccountKey {
  const values = readRecord(cnabTables(bank).fileHeader, headerLine);
  return {
    agreement: bank === '001' ? (values.agreement ?? null) : bank === '104' ? (values.beneficiaryCode ?? null) : null,
    agency: values.agency ?? '',
    agencyDigit: (values.agencyDigit ?? '').trim(),
    account: bank === '104' ? '' : (values.account ?? ''),
    accountDigit: bank === '104' ? '' : (values.accountDac ?? values.accountDigit ?? '').trim(),
    companyDocument: values.companyDocument ?? '',
  };
}

/**
 * Whether a header names this account of the bank (the bank itself is checked
 * line by line by the reader): Itaú by agency and account; BB by convênio and
 * Caixa by beneficiary code, and then every other part the header carries
 * (agency, and BB's account) must be the account's too — a header with our
 * convênio and someone else's agency or account is not ours.
 */
export function headerNamesAccount(bank: CnabBank, key: HeaderAccountKey, account: CollectingAccount): boolean {
  if (bank === '341') return sameNumber(key.agency, account.agency) && sameNumber(key.account, account.account);
  if (!sameNumber(key.agreement, account.agreement)) return false;
  if (carries(key.agency) && !sameNumber(key.agency, account.agency)) return false;
  return !(bank === '001' && carries(key.account) && !sameNumber(key.account, account.account));
}

/**
 * Whether the header's company document names the company whose CNPJ is
 * `companyCnpj`: true when the header carries none or the company has no
 * numeric CNPJ registered (an alphanumeric one cannot be in a numeric field),
 * so only a document that is positively another's refuses the file.
 */
export function headerNamesCompany(key: HeaderAccountKey, companyCnpj: string | null): boolean {
  const ours = (companyCnpj ?? '').replace(/[./\-\s]/g, '');
  if (!carries(key.companyDocument) || !/^\d{14}$/.test(ours)) return true;
  return sameNumber(key.companyDocument, ours);
}

/**
 * The account's slip sequence a nosso número stands for, or null when it
 * cannot be one of the account's: BB's 17 digits are the convênio and the
 * sequence, Caixa's the wallet, 4 and the sequence, Itaú's the sequence.
 */
export function slipSequenceOf(bank: CnabBank, account: CollectingAccount, nossoNumero: string): number | null {
  if (!/^\d+$/.test(nossoNumero)) return null;
  let rest: string;
  if (bank === '001') {
    const agreement = digits(account.agreement);
    if (!agreement || !nossoNumero.startsWith(agreement)) return null;
    rest = nossoNumero.slice(agreement.length);
  } else if (bank === '104') {
    const prefix = `${digits(account.wallet)}4`;
    if (nossoNumero.length !== 17 || !nossoNumero.startsWith(prefix)) return null;
    rest = nossoNumero.slice(prefix.length);
  } else {
    rest = nossoNumero;
  }
  const sequence = Number(rest);
  return Number.isSafeInteger(sequence) && sequence >= 1 ? sequence : null;
}

export type LineOutcome = 'settled' | 'rejected' | 'confirmed' | 'written_off' | 'recorded' | 'unmatched' | 'already_paid' | 'duplicate' | 'refused';

export interface LineFacts {
  readonly kind: MovementKind;
  /** amount paid, decimal text */
  readonly paid: string;
  /** a slip of the account has the nosso número */
  readonly matched: boolean;
  /** the installment is paid, replaced or out of collection */
  readonly installmentClosed: boolean;
  /** the line's identity was applied by a file imported before (or earlier in this one) */
  readonly appliedBefore: boolean;
}

/** What settling does with a line (before the payment rules, which may still refuse a settlement). */
export function lineOutcome(facts: LineFacts): LineOutcome {
  if (!facts.matched) return 'unmatched';
  if (facts.appliedBefore) return 'duplicate';
  switch (facts.kind) {
    case 'settled':
      if (facts.installmentClosed) return 'already_paid';
      return Number(facts.paid) > 0 ? 'settled' : 'recorded';
    case 'rejected':
      return 'rejected';
    case 'entryConfirmed':
      return 'confirmed';
    case 'writtenOff':
      return 'written_off';
    default:
      return 'recorded';
  }
}

/** Outcomes that apply a line (its identity then belongs to the account for good). */
export const APPLIED_OUTCOMES: readonly LineOutcome[] = ['settled', 'rejected', 'confirmed', 'written_off', 'recorded'];
