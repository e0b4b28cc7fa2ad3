/**
 * SCR Doc 3044 (Dados de Eventos em Operações de Crédito): the pure rules —
 * which journal posting is which event, the deadline, the IPOC, the JSON of a
 * remittance and the checks it passes before it is saved. Sources, and what
 * of the layout is not public, are in ../README.md (section "Doc 3044").
 */
import Decimal from 'decimal.js';
import { SCR_EVENT_KINDS, type ScrEventKindName } from '@shared/contract/regulatory-3044';
import { addBusinessDays } from '../../../domain/servicing/business-days';

/**
 * The journal's posting kinds an event or a correction comes from: a `reversal` of a payment excludes the payment's
 * record (acao 2), a `cession_reversal` the cession's, a `reallocation` of a payment alters its balance after (acao 3).
 */
export const EVENT_POSTING_KINDS = [
  'disbursement',
  'payment',
  'reversal',
  'prepayment',
  'cession',
  'cession_reversal',
  'renegotiation',
  'withdrawal',
  'reallocation',
  'renegotiation_payment',
  'renegotiation_payment_reversal',
] as const;
export type EventPostingKind = (typeof EVENT_POSTING_KINDS)[number];
/** The kinds that correct an earlier record rather than report an event of their own. */
export const CORRECTION_POSTING_KINDS = ['reversal', 'cession_reversal', 'reallocation', 'renegotiation_payment_reversal'] as const satisfies readonly EventPostingKind[];
export type CorrectionPostingKind = (typeof CORRECTION_POSTING_KINDS)[number];

export function isCorrection(kind: EventPostingKind): kind is CorrectionPostingKind {
  return (CORRECTION_POSTING_KINDS as readonly string[]).includes(kind);
}

/**
 * The events (Carta Circular 3.869 art. 2º-B, as changed for the 3044: concessões, pagamentos parciais, liquidações,
 * renegociações; cessões from 2026-05-01). A renegotiation is one event per operation of the agreement (each has its
 * own posting), worth what the agreement now receives of it (areas/renegotiation). A withdrawal (CDC art. 49,
 * areas/withdrawal) extinguishes the operation — its receivable closed, the principal returned — an event of its own,
 * worth what left the receivable (the amount financed), the balance after it zero.
 */
export { SCR_EVENT_KINDS };
export type ScrEventKind = ScrEventKindName;

/** Doc 3044 is due for events from this date (IN BCB 530/2024: obligation from November 2025). */
export const DOC3044_START = '2025-11-01';
/** Cessions enter the 3044 from this date (the Central Bank's schedule for the 3044, phase of cessions). */
export const DOC3044_CESSIONS_START = '2026-05-01';
/** The remittance is due by the fifth business day after the event (IN BCB 530/2024). */
export const DOC3044_BUSINESS_DAYS = 5;

/**
 * Tipo de ação of a record: 1 inclusão, 2 exclusão, 3 alteração — a remittance cannot be deleted once processed; a
 * record is corrected by a later remittance (TOTVS TDN pageId 1004662322, on IN BCB 530/2024's remittance; README).
 */
export const ACAO_INCLUSAO = 1;
export const ACAO_EXCLUSAO = 2;
export const ACAO_ALTERACAO = 3;
export const DOC3044_ACOES = [1, 2, 3] as const;

/** The deadline of an event dated `eventDate`: five business days after it (national and bank holidays, weekends). */
export function eventDeadline(eventDate: string): string {
  return addBusinessDays(eventDate, DOC3044_BUSINESS_DAYS);
}

/** Whether a posting of `kind` on `date` is an event the 3044 asks for. */
export function isReportable(kind: EventPostingKind, date: string): boolean {
  if (date < DOC3044_START) return false;
  if (kind === 'cession' || kind === 'cession_reversal') return date >= DOC3044_CESSIONS_START;
  return true;
}

/**
 * Money received on the operation: an installment's payment or prepayment, and an agreement installment's payment
 * (areas/renegotiation: one posting per operation of the agreement, its share) — a pagamento, or a liquidação when it
 * brings the operation's receivable to zero (the agreement paid off for that operation).
 */
export function isPaymentKind(kind: EventPostingKind): kind is 'payment' | 'prepayment' | 'renegotiation_payment' {
  return kind === 'payment' || kind === 'prepayment' || kind === 'renegotiation_payment';
}

/**
 * An agreement broken (areas/renegotiation, the break rule: vencimento antecipado) posts nothing, but the operations it
 * covers change their terms: one event per operation of the agreement, dated the break day, worth what the operation
 * owes then (its receivable, which falls due whole), the balance after unchanged. Whether the 3044's event table asks
 * for it under its own code is not confirmed (README: the leiaute is not public here).
 */
export const BREAK_EVENT_KIND = 'renegotiation_break' as const satisfies ScrEventKind;

/** What a correction does to the record it names: an undoing excludes it (2), a re-allocation alters it (3). */
export function correctionAcao(kind: CorrectionPostingKind): typeof ACAO_EXCLUSAO | typeof ACAO_ALTERACAO {
  return kind === 'reallocation' ? ACAO_ALTERACAO : ACAO_EXCLUSAO;
}

/**
 * How a correction goes out, given the record it corrects: that record never left (no file carried it, not sent)
 * → both are void, neither is sent (an exclusão); an alteração waits for it. Left (in a file or sent) → a record of
 * its own, sent once the corrected one is sent (an exclusão or alteração of a record the Central Bank does not have
 * would be refused).
 */
export function correctionOutcome(acao: typeof ACAO_EXCLUSAO | typeof ACAO_ALTERACAO, corrected: { inFile: boolean; sent: boolean }): 'void' | 'record' {
  return acao === ACAO_EXCLUSAO && !corrected.inFile && !corrected.sent ? 'void' : 'record';
}

/**
 * The event a posting is: a payment or prepayment that brings the receivable to zero is a settlement
 * (liquidação: the last installment paid, a prepayment that settles); one that does not, a payment (pagamento
 * parcial). A payment to an assignee moves no receivable of ours: a payment, never a settlement.
 */
export function eventKindOf(kind: Exclude<EventPostingKind, 'reallocation' | 'renegotiation_payment_reversal'>, receivableMoved: Decimal.Value, balanceAfter: Decimal.Value): ScrEventKind {
  if (isPaymentKind(kind)) {
    return !new Decimal(receivableMoved).isZero() && new Decimal(balanceAfter).isZero() ? 'settlement' : 'payment';
  }
  return kind;
}

export interface IpocParts {
  /** the lender's CNPJ base, 8 digits */
  cnpj: string;
  /** the SCR modality (Doc 3040 leiaute, Anexo 3), 4 digits */
  modality: string;
  /** 1 PF (CPF), 2 PJ (CNPJ) */
  clientType: string;
  /** CPF (11 digits) or CNPJ base (8 digits) */
  clientCode: string;
  /** the contract number */
  contract: string;
}

/**
 * The modality of an operation. working_capital: capital de giro up to / over 365 days (0215 / 0216); the other
 * products as outros empréstimos (0299) until the Doc 3040's modality table (its own helper) replaces this.
 */
export function modalityOf(product: string, installments: number): string {
  if (product === 'working_capital') return installments <= 12 ? '0215' : '0216';
  return '0299';
}

const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');

/** The IPOC's parts from the lender's CNPJ, the borrower's document and type, the product and the contract. */
export function ipocParts(input: { companyCnpj: string | null; personType: string; document: string; product: string; installments: number; contract: string }): IpocParts {
  const doc = digits(input.document);
  return {
    cnpj: digits(input.companyCnpj).slice(0, 8),
    modality: modalityOf(input.product, input.installments),
    clientType: input.personType === 'PJ' ? '2' : '1',
    clientCode: input.personType === 'PJ' ? doc.slice(0, 8) : doc,
    contract: input.contract.replace(/\s/g, ''),
  };
}

/** IPOC: CNPJ base + modality + client type + client code + contract (Doc 3040 filling instructions, Op/IPOC). */
export function ipocOf(p: IpocParts): string {
  return `${p.cnpj}${p.modality}${p.clientType}${p.clientCode}${p.contract}`;
}

/** One record of the remittance. Fields beyond acao, ipoc and saldoDevedor are the app's names (see the README). */
export interface Doc3044Operacao {
  acao: number;
  ipoc: string;
  /** the balance after the event, two decimal places */
  saldoDevedor: string;
  /** the event's business date, AAAA-MM-DD */
  dataEvento: string;
  /** what happened (the app's code, the README's table) */
  tipoEvento: ScrEventKind;
  /** the event's amount, two decimal places */
  valorEvento: string;
}

export interface Doc3044 {
  cnpjIF: string;
  /** the instant the remittance was made, ISO 8601 with the zone */
  dataHoraRemessa: string;
  operacoes: Doc3044Operacao[];
}

export interface Doc3044Problem {
  /** the rule's name */
  rule: string;
  /** where: 'cnpjIF', 'dataHoraRemessa' or operacoes[i].field */
  path: string;
  message: string;
}

/**
 * The checks a remittance passes before it is saved, each with its source. The Central Bank's validator is not
 * public; these are the rules the public texts state (README, "Doc 3044").
 */
export const DOC3044_RULES = {
  cnpjIF: 'cnpjIF: the CNPJ base of the reporting institution, 8 digits (SCR: the institution is identified by its CNPJ base, Circular 3.870)',
  dataHoraRemessa: 'dataHoraRemessa: a date and time with its zone (the remittance is timed: JSON layout, IN BCB 530/2024)',
  operacoesNotEmpty: 'operacoes: at least one record (a remittance carries events; nothing to send is no file)',
  acao: 'acao: 1 inclusão, 2 exclusão or 3 alteração (filling instructions: corrections by later remittances)',
  ipoc: 'ipoc: CNPJ base (8) + modality (4) + client type (1: 1 or 2) + client code (CPF 11 / CNPJ base 8) + contract (IPOC of the Doc 3040)',
  saldoDevedor: 'saldoDevedor: the balance after the event, not negative, two decimal places (money as decimal text, DEVELOPERS.md)',
  dataEvento: 'dataEvento: a calendar date from 2025-11-01 (start of the 3044, IN BCB 530/2024) up to the remittance date',
  cessionStart: 'a cession is an event only from 2026-05-01 (the 3044 schedule)',
} as const;
export type Doc3044Rule = keyof typeof DOC3044_RULES;

const isDay = (s: string) => /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
const TWO_PLACES = /^-?\d{1,12}\.\d{2}$/;

/** An IPOC read back into its parts: 8 + 4 digits, the client type, its code's digits (11 for 1, 8 for 2), a contract. */
export function isIpoc(ipoc: string): boolean {
  const head = /^(\d{8})(\d{4})([12])/.exec(ipoc);
  if (!head) return false;
  const codeLength = head[3] === '1' ? 11 : 8;
  const code = ipoc.slice(13, 13 + codeLength);
  const contract = ipoc.slice(13 + codeLength);
  return /^\d+$/.test(code) && code.length === codeLength && /^[A-Za-z0-9./-]{1,40}$/.test(contract);
}

/** Every problem of `doc` against the rules above (none: it may be saved). */
export function checkDoc3044(doc: Doc3044): Doc3044Problem[] {
  const problems: Doc3044Problem[] = [];
  const fail = (rule: Doc3044Rule, path: string) => problems.push({ rule, path, message: DOC3044_RULES[rule] });
  if (!/^\d{8}$/.test(doc.cnpjIF)) fail('cnpjIF', 'cnpjIF');
  const remittanceDay = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/.exec(doc.dataHoraRemessa);
  if (!remittanceDay || !isDay(remittanceDay[1])) fail('dataHoraRemessa', 'dataHoraRemessa');
  if (doc.operacoes.length === 0) fail('operacoesNotEmpty', 'operacoes');
  doc.operacoes.forEach((op, i) => {
    const at = (field: string) => `operacoes[${i}].${field}`;
    if (!(DOC3044_ACOES as readonly number[]).includes(op.acao)) fail('acao', at('acao'));
    if (!isIpoc(op.ipoc)) fail('ipoc', at('ipoc'));
    if (!TWO_PLACES.test(op.saldoDevedor) || new Decimal(op.saldoDevedor).isNegative()) fail('saldoDevedor', at('saldoDevedor'));
    const remitted = remittanceDay?.[1];
    if (!isDay(op.dataEvento) || op.dataEvento < DOC3044_START || (remitted !== undefined && op.dataEvento > remitted)) fail('dataEvento', at('dataEvento'));
    else if ((op.tipoEvento === 'cession' || op.tipoEvento === 'cession_reversal') && op.dataEvento < DOC3044_CESSIONS_START) fail('cessionStart', at('tipoEvento'));
  });
  return problems;
}

/** The file's text: the document as JSON, UTF-8, two-space indented, a final newline. */
export function doc3044Text(doc: Doc3044): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
