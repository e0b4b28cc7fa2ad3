/**
 * The figures of each letter, read only through the servicing areas' index
 * (collection: the schedule, its payments replayed as of a day, the
 * prepayments and the prepayment quote; servicing: the stored status) and
 * operations', borrowers' and company's. Nothing here writes but the
 * activity-log entry of each issue (handlers).
 *
 * - Paid: an installment whose replay owes nothing on the day and whose
 *   status is still decided by its payments (not renegotiated nor written
 *   off: those debts were not paid). Open: every other.
 * - The payoff amount is collection's prepayment quote for the day the letter
 *   is valid to (present value of the remaining installments at the contract
 *   rate pro rata die, CDC art. 52 §2º and Res. CMN 3.516/2007, plus the open
 *   installments with their charges on that day), asked as of that day.
 */
import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import { isDisbursed, MONEY_RELEASED_STATUSES, SETTLEMENT_MOVE, wasDisbursed } from '@shared/credit-operation-status';
import { operationNumber, PAYOFF_VALID_MAX_DAYS } from '@shared/contract/index';
import { INSTALLMENT_STATUS_LABELS_PT, paymentsDecide, type InstallmentStatus } from '@shared/installment-status';
import type { PrepaymentQuote, PrepaymentView } from '@shared/contract/servicing-prepayment';
import type { Db } from '../../db/connect';
import { badRequest, conflict } from '../../platform/http/errors';
import { fullBorrower } from '../borrowers';
import { companyOf } from '../company';
import { findOperation, frozenContractInForce, statusOf, STATUS_PT, type OperationRow } from '../operations';
import { creditOperations } from '../operations/schema';
import { listPrepayments, quotePrepayment, replayOf, scheduleOf, servicingContext, stateView, transactionsOf } from '../collection';
import { storedStatusesAsOf } from '../servicing';
import { addDays } from '../../domain/servicing/days';
import { brDay as dayPt } from '../../platform/pdf-table';

export const LETTER_MESSAGES = {
  neverReleased: (status: string) => `A operação não foi liberada (está ${status}): não há extrato nem cartas.`,
  beforeRelease: (field: string, day: string) => `Campo ${field}: a data não pode ser anterior à liberação (${dayPt(day)}).`,
  future: (field: string, today: string) => `Campo ${field}: a data não pode ser depois de hoje (${dayPt(today)}).`,
  validPast: (today: string) => `Campo valid_until: a carta não pode valer até uma data passada (hoje é ${dayPt(today)}).`,
  validTooFar: (last: string) => `Campo valid_until: a carta vale no máximo ${PAYOFF_VALID_MAX_DAYS} dias (até ${dayPt(last)}).`,
  notSettled: (status: string) => `A operação não está quitada (está ${status}): o termo de quitação só sai de operação quitada.`,
  stillOpen: (numbers: readonly number[]) => `A operação não está quitada: as parcelas nº ${numbers.join(', ')} estão em aberto. O termo de quitação só sai depois de pagas.`,
  yearNotOver: (year: number) => `Campo year: o ano de ${year} ainda não terminou; a declaração anual é do ano encerrado (Lei 12.007/2009, art. 3º).`,
  yearOpen: (year: number, items: readonly string[]) =>
    `Há débitos em aberto com vencimento até 31/12/${year} (${items.join('; ')}): a declaração anual é só de quem quitou todos os débitos do ano (Lei 12.007/2009, art. 2º §1º).`,
  nothingInYear: (year: number) => `Nenhuma parcela deste tomador venceu em ${year} e nenhuma foi quitada antecipadamente nele: não há o que declarar.`,
} as const;

const money = (d: Decimal.Value) => new Decimal(d).toFixed(2);

export interface Parties {
  /** the lender whose templates the letter is issued from */
  companyId: number;
  company: { name: string; cnpj: string; city: string; state: string };
  borrower: { id: number; name: string; document: string };
}

export interface OperationFacts extends Parties {
  op: OperationRow;
  number: string;
  /** the contract in force's number, else the operation's */
  contract: string;
  status: string;
  disbursedOn: string;
  principal: string;
  monthlyRate: string;
}

async function partiesOf(db: Db, companyId: number, borrowerId: number): Promise<Parties> {
  const company = await companyOf(db, companyId);
  const borrower = await fullBorrower(db, borrowerId);
  return {
    companyId,
    company: { name: company.legal_name || company.trade_name, cnpj: company.cnpj ?? '', city: company.city ?? '', state: company.state ?? '' },
    borrower: { id: borrower.id, name: borrower.name, document: borrower.document },
  };
}

async function factsOf(db: Db, operationId: number): Promise<OperationFacts> {
  const op = await findOperation(db, operationId);
  const status = statusOf(op);
  if (!wasDisbursed(status)) throw conflict(LETTER_MESSAGES.neverReleased(STATUS_PT[status]), 'status');
  const ctx = await servicingContext(db, op);
  const contract = await frozenContractInForce(db, op.id);
  return {
    ...(await partiesOf(db, op.company_id, op.borrower_id)),
    op,
    number: operationNumber(op.id),
    contract: contract?.number ?? operationNumber(op.id),
    status: STATUS_PT[status],
    disbursedOn: ctx.disbursedOn,
    principal: money(op.principal),
    monthlyRate: op.monthly_rate,
  };
}

export interface StatementRow {
  number: number;
  due_date: string;
  value: string;
  principal: string;
  interest: string;
  paid_total: string;
  charges: string;
  due_total: string;
  status: string;
}

export interface StatementMovement {
  date: string;
  installment: number | null;
  what: string;
  amount: string;
  principal: string;
  interest: string;
  charges: string;
}

export interface Statement extends OperationFacts {
  date: string;
  rows: StatementRow[];
  movements: StatementMovement[];
  totals: { value: string; paid: string; principal_open: string; interest_open: string; charges_open: string; balance: string };
}

/** The statement on `date`: the current schedule as of that day, every payment, reversal and prepayment up to it. */
export async function statementOf(db: Db, operationId: number, date: string | undefined, today: string): Promise<Statement> {
  const facts = await factsOf(db, operationId);
  const day = date ?? today;
  if (day < facts.disbursedOn) throw badRequest(LETTER_MESSAGES.beforeRelease('date', facts.disbursedOn), 'date');
  if (day > today) throw badRequest(LETTER_MESSAGES.future('date', today), 'date');
  const ctx = await servicingContext(db, facts.op);
  const schedule = await scheduleOf(db, facts.op.id);
  const txs = await transactionsOf(db, schedule.map((i) => i.id));
  const stored = await storedStatusesAsOf(db, schedule.map((i) => i.id), day);
  const numberOf = new Map(schedule.map((i) => [i.id, i.number]));
  const totals = { value: new Decimal(0), paid: new Decimal(0), principal: new Decimal(0), interest: new Decimal(0), charges: new Decimal(0), balance: new Decimal(0) };
  const splits = new Map<string, { principal: Decimal; interest: Decimal; charges: Decimal }>();
  const rows = schedule.map((i) => {
    const own = txs.filter((t) => t.installment_id === i.id);
    const replay = replayOf(ctx, i, own, day);
    for (const a of replay.allocations) splits.set(a.id, { principal: a.split.principal, interest: a.split.interest, charges: a.split.lateFee.plus(a.split.defaultInterest) });
    const view = stateView(i, replay, stored.get(i.id) ?? null);
    const charges = new Decimal(view.due.late_fee).plus(view.due.default_interest);
    totals.value = totals.value.plus(view.value);
    totals.paid = totals.paid.plus(view.paid_total);
    totals.principal = totals.principal.plus(view.due.principal);
    totals.interest = totals.interest.plus(view.due.interest);
    totals.charges = totals.charges.plus(charges);
    totals.balance = totals.balance.plus(view.due_total);
    return {
      number: i.number,
      due_date: i.due_date,
      value: view.value,
      principal: view.principal,
      interest: view.interest,
      paid_total: view.paid_total,
      charges: money(charges),
      due_total: view.due_total,
      status: INSTALLMENT_STATUS_LABELS_PT[view.status as InstallmentStatus],
    };
  });
  const movements: StatementMovement[] = txs
    .filter((t) => t.paid_on <= day)
    .map((t) => {
      // A standing payment shows its split as the replay on the day allocates it; a reversed one, the split it was recorded with.
      const split = splits.get(String(t.id));
      const recorded = { principal: new Decimal(t.principal), interest: new Decimal(t.interest), charges: new Decimal(t.late_fee).plus(t.default_interest) };
      const s = split ?? recorded;
      const reversal = t.reverses_id !== null;
      const sign = reversal ? -1 : 1;
      return {
        date: t.paid_on,
        installment: numberOf.get(t.installment_id) ?? null,
        what: reversal ? 'Estorno de pagamento' : split ? 'Pagamento' : 'Pagamento (estornado)',
        amount: money(new Decimal(t.amount).times(sign)),
        principal: reversal ? '' : money(s.principal),
        interest: reversal ? '' : money(s.interest),
        charges: reversal ? '' : money(s.charges),
      };
    });
  const prepayments = (await listPrepayments(db, facts.op.id)).prepayments.filter((p) => p.paid_on <= day);
  for (const p of prepayments) movements.push(prepaymentMovement(p));
  movements.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return {
    ...facts,
    date: day,
    rows,
    movements,
    totals: {
      value: money(totals.value),
      paid: money(totals.paid.plus(prepayments.reduce((a, p) => a.plus(p.amount), new Decimal(0)))),
      principal_open: money(totals.principal),
      interest_open: money(totals.interest),
      charges_open: money(totals.charges),
      balance: money(totals.balance),
    },
  };
}

function prepaymentMovement(p: PrepaymentView): StatementMovement {
  return {
    date: p.paid_on,
    installment: null,
    what: `Liquidação antecipada ${p.kind === 'full' ? 'total' : 'parcial'} (desconto de ${money(p.discount)})`,
    amount: money(p.amount),
    principal: money(p.principal),
    interest: money(p.interest),
    charges: money(0),
  };
}

export interface Payoff extends OperationFacts {
  today: string;
  validUntil: string;
  quote: PrepaymentQuote;
  /** the quote for today, when the letter is valid to a later day */
  quoteToday: PrepaymentQuote | null;
}

/** The payoff quote letter's figures: the prepayment quote for the day it is valid to (and for today, when later). */
export async function payoffOf(db: Db, operationId: number, validUntil: string | undefined, today: string): Promise<Payoff> {
  const facts = await factsOf(db, operationId);
  const day = validUntil ?? today;
  const last = addDays(today, PAYOFF_VALID_MAX_DAYS);
  if (day < today) throw badRequest(LETTER_MESSAGES.validPast(today), 'valid_until');
  if (day > last) throw badRequest(LETTER_MESSAGES.validTooFar(last), 'valid_until');
  // The quote refuses a day after its `today`: asked as of the day the letter is valid to, it is the amount that settles on that day.
  const quote = await quotePrepayment(db, facts.op.id, day, day);
  const quoteToday = day === today ? null : await quotePrepayment(db, facts.op.id, today, today);
  return { ...facts, today, validUntil: day, quote, quoteToday };
}

export interface Discharge extends OperationFacts {
  settledOn: string;
  totalPaid: string;
  how: 'prepayment' | 'installments';
}

/** A settled operation's discharge: by a full prepayment, or every installment of a released one paid. */
export async function dischargeOf(db: Db, operationId: number, today: string): Promise<Discharge> {
  const facts = await factsOf(db, operationId);
  const status = statusOf(facts.op);
  const ctx = await servicingContext(db, facts.op);
  const schedule = await scheduleOf(db, facts.op.id);
  const txs = await transactionsOf(db, schedule.map((i) => i.id));
  const stored = await storedStatusesAsOf(db, schedule.map((i) => i.id), today);
  const prepayments = (await listPrepayments(db, facts.op.id)).prepayments;
  let paid = prepayments.reduce((a, p) => a.plus(p.amount), new Decimal(0));
  let lastDay = prepayments.reduce((m, p) => (p.paid_on > m ? p.paid_on : m), '');
  const open: number[] = [];
  for (const i of schedule) {
    const replay = replayOf(ctx, i, txs.filter((t) => t.installment_id === i.id), today);
    const settled = replay.state.dueTotal.isZero() && paymentsDecide(stored.get(i.id) ?? null);
    if (!settled) open.push(i.number);
    paid = paid.plus(replay.state.paidTotal);
    if (replay.state.paidOn && replay.state.paidOn > lastDay) lastDay = replay.state.paidOn;
  }
  if (status !== SETTLEMENT_MOVE.to) {
    if (!isDisbursed(status)) throw conflict(LETTER_MESSAGES.notSettled(STATUS_PT[status]), 'status');
    if (open.length) throw conflict(LETTER_MESSAGES.stillOpen(open), 'installments');
  }
  return { ...facts, settledOn: lastDay || today, totalPaid: money(paid), how: status === SETTLEMENT_MOVE.to ? 'prepayment' : 'installments' };
}

export interface AnnualLine {
  operation: string;
  contract: string;
  what: string;
  due_date: string;
  paid_on: string;
  amount: string;
}

export interface Annual extends Parties {
  year: number;
  lines: AnnualLine[];
  total: string;
}

/**
 * The annual declaration (Lei 12.007/2009): the borrower's installments due in the year, every one paid (art. 2º §1º;
 * and none open from an earlier year, since art. 4º has it stand for the earlier years too), with the full
 * prepayments made in the year that settled installments due in it or later.
 */
export async function annualOf(db: Db, borrowerId: number, year: number, today: string): Promise<Annual> {
  const borrower = await fullBorrower(db, borrowerId);
  if (year >= Number(today.slice(0, 4))) throw badRequest(LETTER_MESSAGES.yearNotOver(year), 'year');
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const ops = await db
    .select({ id: creditOperations.id })
    .from(creditOperations)
    .where(and(eq(creditOperations.borrower_id, borrower.id), inArray(creditOperations.status, [...MONEY_RELEASED_STATUSES])))
    .orderBy(creditOperations.id);
  const lines: AnnualLine[] = [];
  const open: string[] = [];
  let companyId = 1;
  for (const { id } of ops) {
    const op = await findOperation(db, id);
    companyId = op.company_id;
    const ctx = await servicingContext(db, op);
    const contract = (await frozenContractInForce(db, op.id))?.number ?? operationNumber(op.id);
    const schedule = (await scheduleOf(db, op.id)).filter((i) => i.due_date <= to);
    const txs = await transactionsOf(db, schedule.map((i) => i.id));
    const stored = await storedStatusesAsOf(db, schedule.map((i) => i.id), today);
    for (const i of schedule) {
      const replay = replayOf(ctx, i, txs.filter((t) => t.installment_id === i.id), today);
      const settled = replay.state.dueTotal.isZero() && paymentsDecide(stored.get(i.id) ?? null);
      if (!settled) {
        open.push(`operação ${operationNumber(op.id)}, parcela nº ${i.number} de ${dayPt(i.due_date)}`);
        continue;
      }
      if (i.due_date >= from) {
        lines.push({ operation: operationNumber(op.id), contract, what: `Parcela nº ${i.number}`, due_date: i.due_date, paid_on: replay.state.paidOn ?? '', amount: money(replay.state.paidTotal) });
      }
    }
    for (const p of (await listPrepayments(db, op.id)).prepayments) {
      if (p.paid_on < from || p.paid_on > to) continue;
      lines.push({ operation: operationNumber(op.id), contract, what: `Liquidação antecipada ${p.kind === 'full' ? 'total' : 'parcial'}`, due_date: '', paid_on: p.paid_on, amount: money(p.amount) });
    }
  }
  if (open.length) throw conflict(LETTER_MESSAGES.yearOpen(year, open), 'year');
  if (!lines.length) throw conflict(LETTER_MESSAGES.nothingInYear(year), 'year');
  lines.sort((a, b) => (a.operation === b.operation ? ((a.due_date || a.paid_on) < (b.due_date || b.paid_on) ? -1 : 1) : a.operation < b.operation ? -1 : 1));
  const parties = await partiesOf(db, companyId, borrower.id);
  return { ...parties, year, lines, total: money(lines.reduce((a, l) => a.plus(l.amount), new Decimal(0))) };
}
