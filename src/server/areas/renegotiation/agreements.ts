/**
 * Renegotiation agreements: simulate (no writes), propose/agree, the second
 * person's decision, and the agreement as the screen reads it. The money is
 * domain/renegotiation/agreement.ts's; the installments' state changes are
 * the collection area's changeInstallments (the one function that moves an
 * installment's stored status); the journal is the ledger area's post().
 */
import Decimal from 'decimal.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { RenegotiationAgreement, RenegotiationConditions, RenegotiationSimulation, RenegotiationStatus } from '@shared/contract/renegotiation';
import type { IofPersonType } from '@shared/contract/index';
import { FINAL_INSTALLMENT_STATUSES } from '@shared/installment-status';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { changeInstallments, type InstallmentChange } from '../collection';
import { iofRateOn } from '../company';
import { post, reconcileAccrual } from '../ledger';
import { closeApproval, giveCheck, isPending, latestApproval, openApproval, pendingApproval, type Actor } from '../operations';
import { logActivity } from '../../platform/activity';
import { conflict, HttpError, notFound } from '../../platform/http/errors';
import { computeAgreement, RenegotiationInputError, type Agreement, type PickedInstallment } from '../../domain/renegotiation/agreement';
import { agreementPostings } from '../../domain/renegotiation/postings';
import { collectionView } from './collection';
import { freezeDocument } from './document';
import { borrowerName, lockPicked, type LockedPick, type OpenInstallment } from './open-amounts';
import { renegotiationAgreements, renegotiationDecisions, renegotiationInstallments, renegotiationItems, renegotiationLimits, type RenegotiationAgreementRow } from './schema';

export const APPROVAL_KIND = 'renegotiation.agree' as const;
/** The installment status an agreement gives the installments it replaces (final). */
const RENEGOTIATED = FINAL_INSTALLMENT_STATUSES[0];
const ZERO = new Decimal(0);

export const AGREEMENT_SERVICE_MESSAGES = {
  changed: (what: string) => `Campo expected: os valores mudaram desde a simulação (${what}). Simule de novo.`,
  notFound: 'Acordo de renegociação não encontrado.',
  notPending: 'Este acordo não aguarda aprovação: recarregue a tela.',
  inPendingAgreement: 'Campo installment_ids: uma das parcelas já está num acordo aguardando aprovação.',
  dayPassed: (day: string) => `O acordo foi simulado em ${day}: os encargos mudaram desde então. Ele foi retirado; simule de novo.`,
  figuresChanged: 'Os valores das parcelas mudaram desde a proposta (pagamento, estorno ou outro movimento). O acordo foi retirado; simule de novo.',
  reason: (id: number) => `Acordo de renegociação nº ${id}`,
  downPaymentDue: (today: string, first: string) => `Campo down_payment_due_date: a entrada vence de ${today} (a data do acordo) até antes da primeira parcela (${first}).`,
} as const;

/**
 * The down payment's due date (installment 0): the day the operator picked, or the agreement's date; never before the
 * agreement nor on or after the first installment's due date (the entry precedes the schedule). 409 naming the field.
 */
export function downPaymentDueDate(c: Pick<RenegotiationConditions, 'down_payment_due_date' | 'first_due_date'>, today: string): string {
  const day = c.down_payment_due_date ?? today;
  if (day < today || day >= c.first_due_date) throw conflict(AGREEMENT_SERVICE_MESSAGES.downPaymentDue(today, c.first_due_date), 'down_payment_due_date');
  return day;
}

/** Domain field names → the contract's. */
const FIELD: Record<string, string> = {
  lateChargesDiscountPercent: 'late_charges_discount_percent',
  interestDiscountPercent: 'interest_discount_percent',
  downPayment: 'down_payment',
  monthlyRatePercent: 'monthly_rate',
  term: 'term',
  firstDueDate: 'first_due_date',
  agreementDate: 'first_due_date',
  amortization: 'amortization',
  installments: 'installment_ids',
  discountLimitPercent: 'late_charges_discount_percent',
  iofRates: 'installment_ids',
};

export interface RoleLimits {
  maxDiscountPercent: Decimal;
  aloneUpTo: Decimal;
}

/** The company's limits for the person's role (none declared: no discount, nothing alone). */
export async function limitsOf(db: Db, companyId: number, role: number): Promise<RoleLimits> {
  const [row] = await db
    .select()
    .from(renegotiationLimits)
    .where(and(eq(renegotiationLimits.company_id, companyId), eq(renegotiationLimits.role_id, role)));
  return row ? { maxDiscountPercent: new Decimal(row.max_discount_percent), aloneUpTo: new Decimal(row.alone_up_to) } : { maxDiscountPercent: ZERO, aloneUpTo: ZERO };
}

function picked(picks: readonly LockedPick[]): PickedInstallment[] {
  return picks.map(({ ctx, open }) => ({
    installmentId: open.installmentId,
    operationId: open.operationId,
    disbursementDate: ctx.disbursedOn,
    dueDate: open.dueDate,
    principal: open.principal,
    interest: open.interest,
    lateCharges: open.lateCharges,
    iofRates: { dailyPercent: ctx.op.iof_rates.dailyPercent, additionalPercent: ctx.op.iof_rates.additionalPercent },
  }));
}

interface Computed {
  picks: LockedPick[];
  agreement: Agreement;
  limits: RoleLimits;
  companyId: number;
}

/** Locks the picks and computes the agreement on `today`; a refused input is a 409 naming the contract's field. */
async function compute(tx: Db, actor: Actor, c: RenegotiationConditions, today: string, limitOverride?: Decimal): Promise<Computed> {
  const picks = await lockPicked(tx, c.borrower_id, c.installment_ids, today);
  const companyId = picks[0].ctx.op.company_id;
  const limits = await limitsOf(tx, companyId, actor.role);
  const personType = picks[0].ctx.op.iof_rates.personType as IofPersonType;
  const rate = await iofRateOn(tx, personType, today, 'installment_ids');
  try {
    const agreement = computeAgreement({
      installments: picked(picks),
      lateChargesDiscountPercent: c.late_charges_discount_percent,
      interestDiscountPercent: c.interest_discount_percent,
      discountLimitPercent: limitOverride ?? limits.maxDiscountPercent,
      downPayment: c.down_payment,
      amortization: c.amortization,
      monthlyRatePercent: c.monthly_rate,
      term: c.term,
      agreementDate: today,
      firstDueDate: c.first_due_date,
      iofRates: { dailyPercent: rate.daily_percent, additionalPercent: rate.additional_percent },
      financeIof: c.finance_iof,
    });
    return { picks, agreement, limits, companyId };
  } catch (error) {
    if (error instanceof RenegotiationInputError) {
      const field = FIELD[error.field] ?? (error.field.startsWith('installments') ? 'installment_ids' : error.field);
      throw conflict(`Campo ${field}: ${error.message}`, field);
    }
    throw error;
  }
}

const text = (d: Decimal) => d.toFixed(2);
const pct = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

function simulationView(a: Agreement, today: string, needsApproval: boolean, downPaymentDue: string | null): RenegotiationSimulation {
  return {
    renegotiated_balance: text(a.renegotiatedBalance),
    discount: text(a.discount),
    principal: text(a.principal),
    iof_total: text(a.iof.total),
    total_payable: text(a.totalPayable),
    open_principal: text(a.openPrincipal),
    open_interest: text(a.openInterest),
    open_late_charges: text(a.openLateCharges),
    late_charges_discount: text(a.lateChargesDiscount),
    interest_discount: text(a.interestDiscount),
    down_payment: text(a.downPayment),
    base: text(a.base),
    iof_complement: text(a.iof.complement),
    iof_new_daily: text(a.iof.newDaily),
    iof_new_additional: text(a.iof.newAdditional),
    iof_financed: text(a.financedIof),
    cet_monthly: pct(a.cetMonthly),
    cet_yearly: pct(a.cetYearly),
    agreement_date: today,
    down_payment_due_date: downPaymentDue,
    needs_approval: needsApproval,
    schedule: a.schedule.map((r) => ({ number: r.number, due_date: r.dueDate, payment: text(r.payment), interest: text(r.interest), amortization: text(r.amortization), balance: text(r.balance) })),
  };
}

/** The simulation (inside a transaction the caller rolls back or commits: it writes nothing, but reads under the locks). */
export async function simulate(tx: Db, actor: Actor, c: RenegotiationConditions, today: string): Promise<RenegotiationSimulation> {
  const { agreement, limits } = await compute(tx, actor, c, today);
  const due = agreement.downPayment.gt(0) ? downPaymentDueDate(c, today) : null;
  return simulationView(agreement, today, agreement.discount.gt(limits.aloneUpTo), due);
}

export interface Expected {
  renegotiated_balance: string;
  discount: string;
  principal: string;
  iof_total: string;
  total_payable: string;
}

function differences(a: Agreement, expected: Expected): string[] {
  const now: Expected = { renegotiated_balance: text(a.renegotiatedBalance), discount: text(a.discount), principal: text(a.principal), iof_total: text(a.iof.total), total_payable: text(a.totalPayable) };
  return (Object.keys(now) as Array<keyof Expected>).filter((k) => !new Decimal(expected[k]).eq(now[k])).map((k) => `${k}: agora ${now[k]}`);
}

/**
 * Proposes the agreement with the figures the screen showed: carried out at
 * once when the discount is within the role's alone_up_to, otherwise left
 * waiting for another person. Answers the agreement's id.
 */
export async function propose(tx: Db, actor: Actor, c: RenegotiationConditions & { expected: Expected }, today: string): Promise<number> {
  const { picks, agreement, limits, companyId } = await compute(tx, actor, c, today);
  const changed = differences(agreement, c.expected);
  if (changed.length > 0) throw conflict(AGREEMENT_SERVICE_MESSAGES.changed(changed.join('; ')), 'expected');
  if (agreement.downPayment.gt(0)) downPaymentDueDate(c, today);
  await refuseInPendingAgreement(tx, c.installment_ids);
  const row = await insertAgreement(tx, actor, c, agreement, picks, companyId, today);
  const needsApproval = agreement.discount.gt(limits.aloneUpTo);
  const at = new Date();
  await logActivity(tx, { actorId: actor.id, action: 'renegotiation.propose', entity: 'renegotiation', entityId: row.id, after: { borrower_id: c.borrower_id, principal: row.principal, discount: row.discount } });
  if (needsApproval) {
    await openApproval(tx, {
      kind: APPROVAL_KIND,
      entityId: row.id,
      companyId,
      makerId: actor.id,
      madeAt: at,
      amount: row.discount,
      limit: limits.aloneUpTo.toFixed(2),
      amounts: { ...c.expected },
      requiredChecks: 1,
      actorId: actor.id,
      at,
    });
    return row.id;
  }
  await carryOut(tx, actor.id, row, picks, agreement, null, today);
  return row.id;
}

/** An installment already in an agreement that waits for its check cannot enter another. */
async function refuseInPendingAgreement(tx: Db, installmentIds: readonly number[]): Promise<void> {
  const rows = await tx
    .select({ agreement: renegotiationItems.agreement_id, decided: renegotiationDecisions.id })
    .from(renegotiationItems)
    .leftJoin(renegotiationDecisions, eq(renegotiationDecisions.agreement_id, renegotiationItems.agreement_id))
    .where(inArray(renegotiationItems.installment_id, [...installmentIds]));
  if (rows.some((r) => r.decided === null)) throw conflict(AGREEMENT_SERVICE_MESSAGES.inPendingAgreement, 'installment_ids');
}

async function insertAgreement(tx: Db, actor: Actor, c: RenegotiationConditions, a: Agreement, picks: readonly LockedPick[], companyId: number, today: string): Promise<RenegotiationAgreementRow> {
  const [row] = await tx
    .insert(renegotiationAgreements)
    .values({
      company_id: companyId,
      borrower_id: c.borrower_id,
      maker_id: actor.id,
      agreement_date: today,
      amortization: c.amortization,
      monthly_rate: c.monthly_rate,
      term: c.term,
      first_due_date: c.first_due_date,
      finance_iof: c.finance_iof,
      late_charges_discount_percent: c.late_charges_discount_percent,
      interest_discount_percent: c.interest_discount_percent,
      open_principal: text(a.openPrincipal),
      open_interest: text(a.openInterest),
      open_late_charges: text(a.openLateCharges),
      renegotiated_balance: text(a.renegotiatedBalance),
      late_charges_discount: text(a.lateChargesDiscount),
      interest_discount: text(a.interestDiscount),
      discount: text(a.discount),
      down_payment: text(a.downPayment),
      base: text(a.base),
      iof_complement: text(a.iof.complement),
      iof_new_daily: text(a.iof.newDaily),
      iof_new_additional: text(a.iof.newAdditional),
      iof_total: text(a.iof.total),
      iof_financed: text(a.financedIof),
      principal: text(a.principal),
      total_payable: text(a.totalPayable),
      cet_monthly: a.cetMonthly.toDecimalPlaces(6).toFixed(6),
      cet_yearly: a.cetYearly.toDecimalPlaces(6).toFixed(6),
    })
    .returning();
  await tx.insert(renegotiationItems).values(
    picks.map(({ open }) => ({
      agreement_id: row.id,
      installment_id: open.installmentId,
      credit_operation_id: open.operationId,
      number: open.number,
      due_date: open.dueDate,
      principal: text(open.principal),
      interest: text(open.interest),
      late_charges: text(open.lateCharges),
    })),
  );
  // The down payment is installment 0 (migration 0064): owed like the others (the agreement's receivable holds it), its
  // whole value amortization (its interest and charges were settled into it when the agreement was computed).
  const entry = a.downPayment.gt(0)
    ? [{ agreement_id: row.id, number: 0, due_date: downPaymentDueDate(c, today), payment: text(a.downPayment), interest: '0.00', amortization: text(a.downPayment), balance: text(a.principal) }]
    : [];
  await tx.insert(renegotiationInstallments).values([
    ...entry,
    ...a.schedule.map((r) => ({ agreement_id: row.id, number: r.number, due_date: r.dueDate, payment: text(r.payment), interest: text(r.interest), amortization: text(r.amortization), balance: text(r.balance) })),
  ]);
  return row;
}

/** Carries the agreement out: the installments renegotiated, the accrual reconciled, the entries posted, the decision kept. */
async function carryOut(tx: Db, actorId: number, row: RenegotiationAgreementRow, picks: readonly LockedPick[], a: Agreement, approvalId: number | null, today: string): Promise<void> {
  const at = new Date();
  const reason = AGREEMENT_SERVICE_MESSAGES.reason(row.id);
  const changes: InstallmentChange[] = picks.map(({ target }) => ({ target, to: RENEGOTIATED, reason, actorId, action: 'installment.status', at, on: today }));
  await changeInstallments(tx, changes);
  const operationIds = [...new Set(picks.map((p) => p.open.operationId))].sort((x, y) => x - y);
  await reconcileAccrual(tx, operationIds, today);
  const shares = operationIds.map((operationId) => {
    const mine = picks.filter((p) => p.open.operationId === operationId).map((p) => p.open);
    const sum = (f: (o: OpenInstallment) => Decimal) => mine.reduce((s, o) => s.plus(f(o)), ZERO);
    return { operationId, principal: sum((o) => o.principal), interest: sum((o) => o.interest), lateCharges: sum((o) => o.lateCharges) };
  });
  const postings = agreementPostings(shares, { lateChargesDiscount: a.lateChargesDiscount, interestDiscount: a.interestDiscount, iof: a.iof.total });
  await post(
    tx,
    postings.map((p) => ({ posting: p.posting, link: { operationId: p.operationId, businessDate: today } })),
  );
  await tx.insert(renegotiationDecisions).values({ agreement_id: row.id, outcome: 'agreed', decided_on: today, actor_id: actorId, approval_request_id: approvalId });
  // The confession of debt, frozen now with the original contract's charges (its first operation's, as collection reads them).
  const terms = picks[0].ctx.terms;
  await freezeDocument(tx, row, terms.late_fee_percent, terms.default_interest_monthly_percent);
  await logActivity(tx, { actorId, action: 'renegotiation.agree', entity: 'renegotiation', entityId: row.id, after: { principal: row.principal, operations: operationIds.join(','), approval_request_id: approvalId } });
}

function conditionsOf(row: RenegotiationAgreementRow, installmentIds: number[]): RenegotiationConditions {
  return {
    borrower_id: row.borrower_id,
    installment_ids: installmentIds,
    late_charges_discount_percent: row.late_charges_discount_percent,
    interest_discount_percent: row.interest_discount_percent,
    down_payment: row.down_payment,
    amortization: row.amortization,
    monthly_rate: row.monthly_rate,
    term: row.term,
    first_due_date: row.first_due_date,
    finance_iof: row.finance_iof,
  };
}

async function findAgreement(db: Db, id: number): Promise<RenegotiationAgreementRow> {
  const [row] = await db.select().from(renegotiationAgreements).where(eq(renegotiationAgreements.id, id));
  if (!row) throw notFound(AGREEMENT_SERVICE_MESSAGES.notFound);
  return row;
}

async function decisionOf(db: Db, id: number) {
  const [row] = await db.select().from(renegotiationDecisions).where(eq(renegotiationDecisions.agreement_id, id));
  return row ?? null;
}

/**
 * Another person's answer to an agreement waiting. Refused: the request is
 * closed and the agreement refused. Approved: on the agreement's business
 * date and with the same figures it is carried out; otherwise it is
 * withdrawn with the reason (the request cancelled), nothing moves.
 */
export async function decide(tx: Db, checker: Actor, input: { id: number; approve: boolean; reason?: string | null }, today: string): Promise<void> {
  const row = await findAgreement(tx, input.id);
  if (await decisionOf(tx, row.id)) throw conflict(AGREEMENT_SERVICE_MESSAGES.notPending, 'id');
  const items = await tx.select().from(renegotiationItems).where(eq(renegotiationItems.agreement_id, row.id)).orderBy(asc(renegotiationItems.id));
  const conditions = conditionsOf(
    row,
    items.map((i) => i.installment_id),
  );
  let computed: Computed | null = null;
  let withdrawal: string | null = null;
  if (input.approve) {
    if (today !== row.agreement_date) withdrawal = AGREEMENT_SERVICE_MESSAGES.dayPassed(row.agreement_date);
    else {
      try {
        computed = await compute(tx, { id: row.maker_id, role: checker.role }, conditions, today, new Decimal(100));
        const expected = { renegotiated_balance: row.renegotiated_balance, discount: row.discount, principal: row.principal, iof_total: row.iof_total, total_payable: row.total_payable };
        if (differences(computed.agreement, expected).length > 0) withdrawal = AGREEMENT_SERVICE_MESSAGES.figuresChanged;
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 409)) throw error;
        withdrawal = AGREEMENT_SERVICE_MESSAGES.figuresChanged;
      }
    }
  }
  const request = await pendingApproval(tx, APPROVAL_KIND, row.id, true);
  if (!request) throw conflict(AGREEMENT_SERVICE_MESSAGES.notPending, 'id');
  const at = new Date();
  if (!input.approve || withdrawal) {
    const reason = withdrawal ?? (input.reason?.trim() || null);
    const withdrawn = withdrawal !== null || request.maker_id === checker.id;
    await closeApproval(tx, request, { withdrawn, by: checker.id, reason, at });
    await tx.insert(renegotiationDecisions).values({ agreement_id: row.id, outcome: withdrawn ? 'withdrawn' : 'refused', decided_on: today, actor_id: checker.id, approval_request_id: request.id, reason });
    await logActivity(tx, { actorId: checker.id, action: withdrawn ? 'renegotiation.withdraw' : 'renegotiation.refuse', entity: 'renegotiation', entityId: row.id, after: { reason } });
    return;
  }
  const checked = await giveCheck(tx, request, checker, at);
  if (isPending(checked) || !computed) return;
  await carryOut(tx, checker.id, row, computed.picks, computed.agreement, request.id, today);
}

/** The agreement as the screen reads it. */
export async function agreementView(db: Db, id: number, today: string): Promise<RenegotiationAgreement> {
  const row = await findAgreement(db, id);
  const items = await db.select().from(renegotiationItems).where(eq(renegotiationItems.agreement_id, id)).orderBy(asc(renegotiationItems.id));
  const schedule = await db.select().from(renegotiationInstallments).where(eq(renegotiationInstallments.agreement_id, id)).orderBy(asc(renegotiationInstallments.number));
  const decision = await decisionOf(db, id);
  const [maker] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.maker_id));
  const request = await latestApproval(db, APPROVAL_KIND, id);
  await borrowerName(db, row.borrower_id);
  const status: RenegotiationStatus = decision ? decision.outcome : 'pending';
  return {
    id: row.id,
    borrower_id: row.borrower_id,
    status,
    amortization: row.amortization,
    monthly_rate: row.monthly_rate,
    term: row.term,
    first_due_date: row.first_due_date,
    agreement_date: row.agreement_date,
    renegotiated_balance: row.renegotiated_balance,
    discount: row.discount,
    principal: row.principal,
    iof_total: row.iof_total,
    total_payable: row.total_payable,
    open_principal: row.open_principal,
    open_interest: row.open_interest,
    open_late_charges: row.open_late_charges,
    late_charges_discount: row.late_charges_discount,
    interest_discount: row.interest_discount,
    down_payment: row.down_payment,
    base: row.base,
    iof_complement: row.iof_complement,
    iof_new_daily: row.iof_new_daily,
    iof_new_additional: row.iof_new_additional,
    iof_financed: row.iof_financed,
    cet_monthly: pct(new Decimal(row.cet_monthly)),
    cet_yearly: pct(new Decimal(row.cet_yearly)),
    needs_approval: request !== null,
    down_payment_due_date: schedule.find((r) => r.number === 0)?.due_date ?? null,
    schedule: schedule.filter((r) => r.number > 0).map((r) => ({ number: r.number, due_date: r.due_date, payment: r.payment, interest: r.interest, amortization: r.amortization, balance: r.balance })),
    items: items.map((i) => ({
      installment_id: i.installment_id,
      credit_operation_id: i.credit_operation_id,
      number: i.number,
      due_date: i.due_date,
      principal: i.principal,
      interest: i.interest,
      late_charges: i.late_charges,
      total: new Decimal(i.principal).plus(i.interest).plus(i.late_charges).toFixed(2),
    })),
    maker_id: row.maker_id,
    maker_name: maker?.name ?? null,
    approval_request_id: request?.id ?? null,
    decided_reason: decision?.reason ?? null,
    created_at: row.created_at.toISOString(),
    collection: await collectionView(db, id, today),
  };
}
