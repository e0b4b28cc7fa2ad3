/**
 * Collecting an agreement's installments: the book (each installment's
 * replay on the business date, its status, the payments), a payment against
 * one installment, its reversal, and the break rule. The money is
 * domain/renegotiation/collection.ts's; the journal is the ledger's post().
 *
 * One agreement at a time: every write takes the agreement's advisory lock
 * first (the agreement's rows are append-only, never row-locked), then reads.
 * A payment is never dated before the installment's last standing payment,
 * and only an installment's last standing payment is reversed: so no stored
 * split ever needs re-allocating (the servicing area's re-allocation of
 * back-dated payments is not repeated here).
 *
 * Four eyes on a reversal: weighed as the installment reversal is (operations'
 * weighMove, kind renegotiation.reverse_payment, counted as a `reversal` with
 * the same person's installment reversals on the same operations within the
 * company's window), under the agreement's lock and then its operations' row
 * locks (that order, the only one this area takes them in). Up to the
 * company's reversal_approval_above it is posted at once; above it a request
 * waits (entity: the agreement, one at a time) and the installment takes no
 * payment meanwhile, so the payment stays its last; another person's approval
 * posts it, dated that day.
 */
import Decimal from 'decimal.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { checkNewPayment, replayInstallment, type InstallmentFigures, type PaymentRecord, type Replay, type Split } from '../../domain/servicing/allocation';
import type { LateChargeTerms } from '../../domain/servicing/late-charges';
import { agreementInstallmentStatus, figuresOf, paymentPostings, reversalPostings, type OperationWeight } from '../../domain/renegotiation/collection';
import { roundingPosting } from '../../domain/servicing/postings';
import { suspenseInPosting } from '../../domain/servicing/suspense-postings';
import { agreementPostings } from '../../domain/renegotiation/postings';
import { AGREEMENT_INSTALLMENT_STATUSES, RENEGOTIATION_OUTCOMES, type AgreementInstallmentStatus } from '@shared/renegotiation';
import type { AgreementCollection } from '@shared/contract/renegotiation';
import { lateChargeTerms, servicingContext } from '../collection';
import { closeApproval, giveCheck, isPending, lockOperations, nextCheckRoles, openMoveApproval, pendingApproval, recordMoveAlone, weighMove, type Actor } from '../operations';
import { parametersOf } from '../company';
import { users } from '../access/schema';
import { companyBankAccounts } from '../company/schema';
import { post, type JournalItem } from '../ledger';
import { creditOperations } from '../operations/schema';
import { logActivity } from '../../platform/activity';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import {
  renegotiationAgreements,
  renegotiationBreaks,
  renegotiationDecisions,
  renegotiationInstallments,
  renegotiationItems,
  renegotiationPayments,
  type RenegotiationAgreementRow,
  type RenegotiationPaymentRow,
} from './schema';

const ZERO = new Decimal(0);
const PAID = AGREEMENT_INSTALLMENT_STATUSES[3];
const AGREED = RENEGOTIATION_OUTCOMES[0];

/** The four-eyes kind of an agreement payment's reversal above the company's limit (entity_id: the agreement). */
export const REVERSAL_APPROVAL_KIND = 'renegotiation.reverse_payment' as const;

export const COLLECTION_MESSAGES = {
  notFound: 'Acordo de renegociação não encontrado.',
  notAgreed: 'Campo id: só um acordo fechado recebe pagamentos.',
  installment: 'Campo installment_id: parcela não encontrada neste acordo.',
  paymentNotFound: 'Campo payment_id: pagamento não encontrado neste acordo.',
  beforeAgreement: (day: string) => `Campo paid_on: o pagamento não pode ser anterior ao acordo (${day}).`,
  future: 'Campo paid_on: o pagamento não pode ser posterior à data de hoje.',
  beforeLast: (day: string) => `Campo paid_on: a parcela tem pagamento em ${day}; registre os pagamentos em ordem de data (estorne o posterior antes).`,
  above: (due: string) => `Campo amount: o valor passa do devido na data (R$ ${due}).`,
  paid: 'Campo installment_id: a parcela já está paga.',
  bankAccount: 'Campo bank_account_id: conta bancária da empresa não encontrada ou inativa.',
  alreadyReversed: 'Campo payment_id: este pagamento já foi estornado.',
  notLast: 'Campo payment_id: estorne primeiro o pagamento mais recente desta parcela.',
  reversalPending: 'Campo payment_id: um estorno deste acordo já aguarda aprovação de outra pessoa.',
  payReversalPending: 'Campo installment_id: o estorno do último pagamento desta parcela aguarda aprovação; decida-o antes de registrar outro pagamento.',
  noPendingReversal: 'Campo id: nenhum estorno deste acordo aguarda aprovação: recarregue a tela.',
  breakReason: (n: number, days: number, limit: number) =>
    `Parcela ${n} do acordo com ${days} dias de atraso, mais que os ${limit} dias do parâmetro da empresa: o acordo foi rompido e o saldo restante venceu antecipadamente.`,
} as const;

export interface BookInstallment {
  id: number;
  number: number;
  dueDate: string;
  /** due date in force (the break day for one not yet due when the agreement broke) */
  dueNow: string;
  payment: string;
  interest: string;
  amortization: string;
  replay: Replay;
  status: AgreementInstallmentStatus;
  standing: RenegotiationPaymentRow[];
  figures: InstallmentFigures;
}

export interface Book {
  agreement: RenegotiationAgreementRow;
  agreed: boolean;
  terms: LateChargeTerms;
  brokenOn: string | null;
  installments: BookInstallment[];
  payments: RenegotiationPaymentRow[];
  rows: ScheduleRowDb[];
}

async function agreementRow(db: Db, id: number): Promise<RenegotiationAgreementRow> {
  const [row] = await db.select().from(renegotiationAgreements).where(eq(renegotiationAgreements.id, id));
  if (!row) throw notFound(COLLECTION_MESSAGES.notFound);
  return row;
}

/**
 * The late-charge terms of an agreement: the frozen terms of the original contract (its first operation's, the
 * operations of one borrower and company carry the company's clause of their issue), the agreement's rate as the
 * contract rate during delay, no legacy stretch (the agreement is new).
 */
async function termsOf(db: Db, agreement: RenegotiationAgreementRow): Promise<LateChargeTerms> {
  const [item] = await db.select({ op: renegotiationItems.credit_operation_id }).from(renegotiationItems).where(eq(renegotiationItems.agreement_id, agreement.id)).orderBy(asc(renegotiationItems.credit_operation_id)).limit(1);
  if (!item) throw notFound(COLLECTION_MESSAGES.notFound);
  const [op] = await db.select().from(creditOperations).where(eq(creditOperations.id, item.op));
  const ctx = await servicingContext(db, op);
  return { ...lateChargeTerms(ctx.terms), contractMonthlyPercent: agreement.monthly_rate, legacyUntil: null };
}

const records = (rows: readonly RenegotiationPaymentRow[]): PaymentRecord[] => rows.map((p) => ({ id: String(p.id), date: p.paid_on, amount: p.amount }));

type ScheduleRowDb = typeof renegotiationInstallments.$inferSelect;

/** Each installment's replay of its standing payments on `asOf`, with the break (if any) applied. */
function replayed(rows: readonly ScheduleRowDb[], payments: readonly RenegotiationPaymentRow[], terms: LateChargeTerms, brokenOn: string | null, asOf: string): BookInstallment[] {
  const reversed = new Set(payments.filter((p) => p.reverses_id !== null).map((p) => p.reverses_id));
  return rows.map((r) => {
    const standing = payments.filter((p) => p.installment_id === r.id && p.kind === 'payment' && !reversed.has(p.id));
    const paidInterestBefore = standing.filter((p) => brokenOn !== null && p.paid_on <= brokenOn).reduce((s, p) => s.plus(p.interest), ZERO);
    const figures = figuresOf({ dueDate: r.due_date, amortization: r.amortization, interest: r.interest }, brokenOn, paidInterestBefore);
    const replay = replayInstallment(figures, terms, records(standing), asOf);
    return { id: r.id, number: r.number, dueDate: r.due_date, dueNow: figures.dueDate, payment: r.payment, interest: r.interest, amortization: r.amortization, replay, status: agreementInstallmentStatus(replay.state), standing, figures };
  });
}

/** The agreement's book on `asOf`: each installment's replay of its standing payments, its status; every payment row. */
export async function bookOf(db: Db, id: number, asOf: string): Promise<Book> {
  const agreement = await agreementRow(db, id);
  const [decision] = await db.select({ outcome: renegotiationDecisions.outcome }).from(renegotiationDecisions).where(eq(renegotiationDecisions.agreement_id, id));
  const [broken] = await db.select({ on: renegotiationBreaks.broken_on }).from(renegotiationBreaks).where(eq(renegotiationBreaks.agreement_id, id));
  const terms = await termsOf(db, agreement);
  const rows = await db.select().from(renegotiationInstallments).where(eq(renegotiationInstallments.agreement_id, id)).orderBy(asc(renegotiationInstallments.number));
  const payments = await db.select().from(renegotiationPayments).where(eq(renegotiationPayments.agreement_id, id)).orderBy(asc(renegotiationPayments.id));
  const brokenOn = broken?.on ?? null;
  const installments = replayed(rows, payments, terms, brokenOn, asOf);
  return { agreement, agreed: decision?.outcome === AGREED, terms, brokenOn, installments, payments, rows };
}

/** The receivable the agreement debited per operation (the weights its collections' postings split by). */
async function weightsOf(db: Db, agreement: RenegotiationAgreementRow): Promise<OperationWeight[]> {
  const items = await db.select().from(renegotiationItems).where(eq(renegotiationItems.agreement_id, agreement.id));
  const ids = [...new Set(items.map((i) => i.credit_operation_id))].sort((a, b) => a - b);
  const shares = ids.map((operationId) => {
    const mine = items.filter((i) => i.credit_operation_id === operationId);
    const sum = (f: (i: (typeof items)[number]) => string) => mine.reduce((s, i) => s.plus(f(i)), ZERO);
    return { operationId, principal: sum((i) => i.principal), interest: sum((i) => i.interest), lateCharges: sum((i) => i.late_charges) };
  });
  const postings = agreementPostings(shares, { lateChargesDiscount: new Decimal(agreement.late_charges_discount), interestDiscount: new Decimal(agreement.interest_discount), iof: new Decimal(agreement.iof_total) });
  return postings.map((p) => ({ operationId: p.operationId, weight: p.posting.lines.filter((l) => l.side === 'debit').reduce((s, l) => s.plus(l.amount), ZERO) }));
}

export async function lockAgreement(tx: Db, id: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('renegotiation_agreement'), ${id})`);
}

const splitOf = (p: Pick<RenegotiationPaymentRow, 'late_fee' | 'default_interest' | 'interest' | 'principal'>): Split => ({
  lateFee: new Decimal(p.late_fee),
  defaultInterest: new Decimal(p.default_interest),
  interest: new Decimal(p.interest),
  principal: new Decimal(p.principal),
});

export interface PayInput {
  id: number;
  installment_id: number;
  amount: string;
  paid_on: string;
  bank_account_id: number;
  reference?: string | null;
}

/** Where a payment's money came from, when not simply the bank (migration 0074): what its reversal gives back. */
export interface PaymentSource {
  /** the settlement tolerance's difference (due − credited) a provider's payment posts to rounding differences */
  rounding?: Decimal;
  /** a suspense item applied: the reversal gives the money back to suspense */
  fromSuspense?: boolean;
}

/** Records a payment of one of the agreement's installments, allocated, posted; answers the payment's id. */
export async function payInstallment(tx: Db, actorId: number, input: PayInput, today: string, source: PaymentSource = {}): Promise<number> {
  await lockAgreement(tx, input.id);
  const book = await bookOf(tx, input.id, today);
  if (!book.agreed) throw conflict(COLLECTION_MESSAGES.notAgreed, 'id');
  const target = book.installments.find((i) => i.id === input.installment_id);
  if (!target) throw conflict(COLLECTION_MESSAGES.installment, 'installment_id');
  if (input.paid_on > today) throw badRequest(COLLECTION_MESSAGES.future, 'paid_on');
  if (input.paid_on < book.agreement.agreement_date) throw badRequest(COLLECTION_MESSAGES.beforeAgreement(book.agreement.agreement_date), 'paid_on');
  const last = target.standing.reduce<string | null>((d, p) => (d === null || p.paid_on > d ? p.paid_on : d), null);
  if (last !== null && input.paid_on < last) throw conflict(COLLECTION_MESSAGES.beforeLast(last), 'paid_on');
  if (target.status === PAID) throw conflict(COLLECTION_MESSAGES.paid, 'installment_id');
  const waiting = await pendingApproval(tx, REVERSAL_APPROVAL_KIND, input.id);
  if (waiting && target.standing.some((p) => String(p.id) === waiting.amounts.payment_id)) throw conflict(COLLECTION_MESSAGES.payReversalPending, 'installment_id');
  const [account] = await tx
    .select({ id: companyBankAccounts.id })
    .from(companyBankAccounts)
    .where(and(eq(companyBankAccounts.id, input.bank_account_id), eq(companyBankAccounts.company_id, book.agreement.company_id), eq(companyBankAccounts.active, true)));
  if (!account) throw conflict(COLLECTION_MESSAGES.bankAccount, 'bank_account_id');
  const check = checkNewPayment(target.figures, book.terms, records(target.standing), { id: 'new', date: input.paid_on, amount: input.amount }, today);
  if (!check.ok) throw conflict(COLLECTION_MESSAGES.above(check.amountDue.toFixed(2)), 'amount');
  const split = check.allocation.split;
  const [inserted] = await tx
    .insert(renegotiationPayments)
    .values({
      agreement_id: input.id,
      installment_id: target.id,
      kind: 'payment',
      paid_on: input.paid_on,
      amount: new Decimal(input.amount).toFixed(2),
      late_fee: split.lateFee.toFixed(2),
      default_interest: split.defaultInterest.toFixed(2),
      interest: split.interest.toFixed(2),
      principal: split.principal.toFixed(2),
      bank_account_id: account.id,
      reference: input.reference?.trim() || null,
      actor_id: actorId,
      rounding_difference: (source.rounding ?? ZERO).toFixed(2),
      from_suspense: source.fromSuspense ?? false,
    })
    .returning({ id: renegotiationPayments.id });
  const weights = await weightsOf(tx, book.agreement);
  const rounding = roundingItems(source.rounding ?? ZERO, weights, today);
  await post(tx, [...paymentPostings(split, weights).map((p) => ({ posting: p.posting, link: { operationId: p.operationId, businessDate: today } })), ...rounding]);
  const tolerated: Record<string, string> = rounding.length > 0 ? { bank_paid: new Decimal(input.amount).minus(source.rounding!).toFixed(2), rounding_difference: source.rounding!.toFixed(2) } : {};
  await logActivity(tx, {
    actorId,
    action: 'renegotiation.pay',
    entity: 'renegotiation',
    entityId: input.id,
    after: { payment_id: inserted.id, installment: target.number, amount: new Decimal(input.amount).toFixed(2), paid_on: input.paid_on, ...tolerated, ...(source.fromSuspense ? { from_suspense: true } : {}) },
  });
  return inserted.id;
}

/**
 * The settlement tolerance's rounding posting (`short`: due − credited; none when zero), on the agreement's first
 * operation (the one whose contract terms it follows, as its slips and suspense's applications are linked).
 */
function roundingItems(short: Decimal, weights: readonly OperationWeight[], businessDate: string): JournalItem[] {
  return short.isZero() ? [] : [{ posting: roundingPosting(short), link: { operationId: weights[0].operationId, businessDate } }];
}

interface ReversalTarget {
  book: Book;
  payment: RenegotiationPaymentRow;
}

/** The payment to reverse, under the agreement's lock: standing, and its installment's last standing payment. */
async function reversalTarget(tx: Db, id: number, paymentId: number, today: string): Promise<ReversalTarget> {
  const book = await bookOf(tx, id, today);
  const payment = book.payments.find((p) => p.id === paymentId && p.kind === 'payment');
  if (!payment) throw conflict(COLLECTION_MESSAGES.paymentNotFound, 'payment_id');
  if (book.payments.some((p) => p.reverses_id === payment.id)) throw conflict(COLLECTION_MESSAGES.alreadyReversed, 'payment_id');
  const target = book.installments.find((i) => i.id === payment.installment_id)!;
  const latest = [...target.standing].sort((a, b) => (a.paid_on === b.paid_on ? a.id - b.id : a.paid_on < b.paid_on ? -1 : 1)).at(-1);
  if (latest?.id !== payment.id) throw conflict(COLLECTION_MESSAGES.notLast, 'payment_id');
  return { book, payment };
}

export interface AgreementReversalOutcome {
  reversalId: number | null;
  approvalId: number | null;
}

/**
 * Asks for the reversal of an installment's last standing payment (inside the caller's transaction): up to the
 * company's reversal_approval_above (with the asker's other reversals on the operations in the window) it is posted at
 * once; above it a request waits for another person (`decideReversal`).
 */
export async function reversePayment(tx: Db, actor: Actor, input: { id: number; payment_id: number; reason: string }, today: string): Promise<AgreementReversalOutcome> {
  await lockAgreement(tx, input.id);
  const { book, payment } = await reversalTarget(tx, input.id, input.payment_id, today);
  if (await pendingApproval(tx, REVERSAL_APPROVAL_KIND, input.id, true)) throw conflict(COLLECTION_MESSAGES.reversalPending, 'payment_id');
  const weights = await weightsOf(tx, book.agreement);
  // Each operation's share of the payment: the bank line its posting had.
  const shares = paymentPostings(splitOf(payment), weights).map((p) => ({
    operationId: p.operationId,
    amount: p.posting.lines.filter((l) => l.side === 'debit').reduce((sum, l) => sum.plus(l.amount), ZERO),
  }));
  await lockOperations(
    tx,
    shares.map((x) => x.operationId),
  );
  const weighed = await weighMove(tx, { kind: REVERSAL_APPROVAL_KIND, companyId: book.agreement.company_id, makerId: actor.id, businessDate: today, shares });
  const reason = input.reason.trim();
  if (weighed.needsApproval) {
    const number = book.installments.find((i) => i.id === payment.installment_id)?.number ?? 0;
    const request = await openMoveApproval(tx, weighed, {
      entityId: input.id,
      amounts: { amount: payment.amount, payment_id: String(payment.id), paid_on: payment.paid_on, installment: String(number), reason },
    });
    await logActivity(tx, { actorId: actor.id, action: 'renegotiation.ask-reversal', entity: 'renegotiation', entityId: input.id, after: { payment_id: payment.id, approval_request_id: request.id, amount: payment.amount, reason } });
    return { reversalId: null, approvalId: request.id };
  }
  await recordMoveAlone(tx, weighed);
  return { reversalId: await postReversal(tx, actor.id, book, payment, reason, today), approvalId: null };
}

/**
 * Another person's answer to the agreement's reversal waiting: approved (all its checks given), the reversal is
 * posted on `today` by the checker; refused with a reason (or withdrawn by its maker), nothing moves.
 */
export async function decideReversal(tx: Db, checker: Actor, input: { id: number; approve: boolean; reason?: string | null }, today: string): Promise<void> {
  await lockAgreement(tx, input.id);
  await agreementRow(tx, input.id);
  const request = await pendingApproval(tx, REVERSAL_APPROVAL_KIND, input.id, true);
  if (!request) throw conflict(COLLECTION_MESSAGES.noPendingReversal, 'id');
  const at = new Date();
  if (!input.approve) {
    const reason = input.reason?.trim() || null;
    const withdrawn = request.maker_id === checker.id;
    await closeApproval(tx, request, { withdrawn, by: checker.id, reason, at });
    await logActivity(tx, { actorId: checker.id, action: withdrawn ? 'renegotiation.withdraw-reversal' : 'renegotiation.refuse-reversal', entity: 'renegotiation', entityId: input.id, after: { approval_request_id: request.id, reason } });
    return;
  }
  // The first of two checks (above the company's higher limit) leaves it waiting for the second.
  if (isPending(await giveCheck(tx, request, checker, at))) return;
  const { book, payment } = await reversalTarget(tx, input.id, Number(request.amounts.payment_id), today);
  await postReversal(tx, checker.id, book, payment, request.amounts.reason ?? '', today);
}

/** Posts the reversal of `payment` on `today`: a row of its own, its lines swapped in the journal. */
async function postReversal(tx: Db, actorId: number, book: Book, payment: RenegotiationPaymentRow, reason: string, today: string): Promise<number> {
  const [inserted] = await tx
    .insert(renegotiationPayments)
    .values({
      agreement_id: book.agreement.id,
      installment_id: payment.installment_id,
      kind: 'reversal',
      paid_on: today,
      amount: payment.amount,
      late_fee: payment.late_fee,
      default_interest: payment.default_interest,
      interest: payment.interest,
      principal: payment.principal,
      bank_account_id: payment.bank_account_id,
      reverses_id: payment.id,
      reference: reason,
      actor_id: actorId,
      rounding_difference: payment.rounding_difference,
      from_suspense: payment.from_suspense,
    })
    .returning({ id: renegotiationPayments.id });
  const weights = await weightsOf(tx, book.agreement);
  // What the payment carried beside its lines goes back too: the tolerance's rounding swapped (the bank gives back what
  // it credited), and a payment from suspense gives its money back to suspense, not to the bank it never left.
  const rounding = roundingItems(new Decimal(payment.rounding_difference).neg(), weights, today);
  const returned = new Decimal(payment.amount).minus(payment.rounding_difference);
  const backToSuspense = payment.from_suspense ? [{ posting: suspenseInPosting(returned), link: { operationId: weights[0].operationId, businessDate: today } }] : [];
  await post(tx, [...reversalPostings(splitOf(payment), weights).map((p) => ({ posting: p.posting, link: { operationId: p.operationId, businessDate: today } })), ...rounding, ...backToSuspense]);
  await logActivity(tx, { actorId, action: 'renegotiation.reverse-payment', entity: 'renegotiation', entityId: book.agreement.id, after: { payment_id: payment.id, reversal_id: inserted.id, reason } });
  return inserted.id;
}

/** What is left to pay on `asOf` of every installment (value open plus charges). */
export function remainingOf(book: Book): Decimal {
  return book.installments.reduce((s, i) => s.plus(i.replay.state.dueTotal), ZERO);
}

/**
 * The break rule: every agreed agreement not yet broken (of `agreementIds`, or all) with an installment more than
 * the company's renegotiation_break_days late on `today` breaks — a row with the reason and the balance that fell
 * due (every installment not yet due falls due today, without its future interest). No money moves: the receivable
 * stays what it is (principal), the charges are income when received. Answers the agreements broken.
 */
export async function runBreaks(tx: Db, actorId: number | null, today: string, agreementIds?: readonly number[]): Promise<number[]> {
  const agreed = await tx
    .select({ id: renegotiationDecisions.agreement_id })
    .from(renegotiationDecisions)
    .leftJoin(renegotiationBreaks, eq(renegotiationBreaks.agreement_id, renegotiationDecisions.agreement_id))
    .where(and(eq(renegotiationDecisions.outcome, AGREED), sql`${renegotiationBreaks.id} IS NULL`, agreementIds ? inArray(renegotiationDecisions.agreement_id, [...agreementIds]) : undefined))
    .orderBy(asc(renegotiationDecisions.agreement_id));
  const broken: number[] = [];
  for (const { id } of agreed) {
    await lockAgreement(tx, id);
    const book = await bookOf(tx, id, today);
    if (book.brokenOn !== null) continue;
    const limit = (await parametersOf(tx, book.agreement.company_id)).renegotiation_break_days;
    const late = book.installments.find((i) => i.replay.state.daysLate > limit);
    if (!late) continue;
    const remaining = replayed(book.rows, book.payments, book.terms, today, today).reduce((sum, i) => sum.plus(i.replay.state.dueTotal), ZERO);
    await tx.insert(renegotiationBreaks).values({
      agreement_id: id,
      broken_on: today,
      installment_id: late.id,
      days_late: late.replay.state.daysLate,
      break_days: limit,
      remaining: remaining.toFixed(2),
      reason: COLLECTION_MESSAGES.breakReason(late.number, late.replay.state.daysLate, limit),
      actor_id: actorId,
    });
    await logActivity(tx, { actorId, action: 'renegotiation.break', entity: 'renegotiation', entityId: id, after: { installment: late.number, days_late: late.replay.state.daysLate, remaining: remaining.toFixed(2) } });
    broken.push(id);
  }
  return broken;
}

const text = (d: Decimal.Value) => new Decimal(d).toFixed(2);

/** The agreement's reversal waiting for another person, as its view shows it (null when none waits). */
async function pendingReversalView(db: Db, id: number, numberOf: ReadonlyMap<number, number>): Promise<AgreementCollection['pending_reversal']> {
  const request = await pendingApproval(db, REVERSAL_APPROVAL_KIND, id);
  if (!request) return null;
  const [maker] = await db.select({ name: users.name }).from(users).where(eq(users.id, request.maker_id));
  const paymentId = Number(request.amounts.payment_id);
  const [payment] = await db.select({ installment_id: renegotiationPayments.installment_id }).from(renegotiationPayments).where(eq(renegotiationPayments.id, paymentId));
  return {
    request_id: request.id,
    payment_id: paymentId,
    installment_number: payment ? (numberOf.get(payment.installment_id) ?? 0) : 0,
    amount: text(request.amounts.amount ?? request.amount),
    paid_on: request.amounts.paid_on ?? '',
    reason: request.amounts.reason ?? '',
    maker_id: request.maker_id,
    maker_name: maker?.name ?? null,
    checker_id: request.checker_id,
    required_checks: request.required_checks,
    checks_given: request.checker_id === null ? 0 : 1,
    next_check_roles: [...nextCheckRoles(request)],
    made_at: request.made_at.toISOString(),
  };
}

/** The agreement's collection as its view shows it on `asOf`. */
export async function collectionView(db: Db, id: number, asOf: string): Promise<AgreementCollection> {
  const book = await bookOf(db, id, asOf);
  const [broken] = await db.select().from(renegotiationBreaks).where(eq(renegotiationBreaks.agreement_id, id));
  const reversed = new Set(book.payments.filter((p) => p.reverses_id !== null).map((p) => p.reverses_id));
  const numberOf = new Map(book.installments.map((i) => [i.id, i.number]));
  let valuePaid = ZERO;
  let valueOpen = ZERO;
  let chargesPaid = ZERO;
  let dueTotal = ZERO;
  const installments = book.installments.map((i) => {
    const { state } = i.replay;
    valuePaid = valuePaid.plus(state.paid.interest).plus(state.paid.principal);
    chargesPaid = chargesPaid.plus(state.paid.lateFee).plus(state.paid.defaultInterest);
    valueOpen = valueOpen.plus(state.valueOpen);
    dueTotal = dueTotal.plus(state.dueTotal);
    return {
      id: i.id,
      number: i.number,
      due_date: i.dueDate,
      due_now: i.dueNow,
      payment: i.payment,
      interest: i.interest,
      amortization: i.amortization,
      status: i.status,
      days_late: state.daysLate,
      paid: text(state.paidTotal),
      due_late_charges: text(state.due.lateFee.plus(state.due.defaultInterest)),
      due_interest: text(state.due.interest),
      due_principal: text(state.due.principal),
      due_total: text(state.dueTotal),
    };
  });
  return {
    as_of: asOf,
    installments,
    payments: book.payments.map((p) => ({
      id: p.id,
      installment_id: p.installment_id,
      number: numberOf.get(p.installment_id) ?? 0,
      kind: p.kind,
      paid_on: p.paid_on,
      amount: p.amount,
      late_fee: p.late_fee,
      default_interest: p.default_interest,
      interest: p.interest,
      principal: p.principal,
      bank_account_id: p.bank_account_id,
      reverses_id: p.reverses_id,
      reversed: reversed.has(p.id),
      reference: p.reference,
      from_suspense: p.from_suspense,
      rounding_difference: text(p.rounding_difference),
      created_at: p.created_at.toISOString(),
    })),
    value_paid: text(valuePaid),
    value_open: text(valueOpen),
    charges_paid: text(chargesPaid),
    due_total: text(dueTotal),
    pending_reversal: await pendingReversalView(db, id, numberOf),
    broken: broken
      ? { broken_on: broken.broken_on, installment_number: numberOf.get(broken.installment_id) ?? 0, days_late: broken.days_late, break_days: broken.break_days, remaining: broken.remaining, reason: broken.reason }
      : null,
  };
}
