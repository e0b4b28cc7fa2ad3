/**
 * A renegotiation agreement's money (pure, decimal.js): the picked
 * installments' open amounts, the discounts, the down payment and the new
 * schedule on the same math as origination (credit/schedule.ts, credit/cet.ts,
 * the IOF rates of credit/iof.ts).
 *
 *   renegotiated balance = Σ open principal + interest + late charges
 *   discount             = cents(late charges × late-charge discount %) + cents(interest × interest discount %)
 *   base                 = balance − discount − down payment            (what the agreement finances before IOF)
 *   principal            = base + IOF when the IOF is financed, else base
 *
 * The down payment settles, in this order, the late charges, the interest,
 * then the principal left after the discounts (the order the installment's
 * payments are allocated in, domain/servicing/allocation.ts), so the base
 * splits into principal already taxed at the original operations and amounts
 * never taxed as credit (interest and charges the agreement capitalises).
 *
 * IOF on a renegotiation (Decreto 6.306/2007, art. 7 §7 and §10; art. 7, I and
 * §1; art. 7 §15):
 * - With no change of debtor (an agreement is the same borrower's), the
 *   principal not yet settled of an operation already taxed is taxed again
 *   only as a complement of the first charge (§7), at the rates in force at
 *   the original operation: the daily rate on the days the new schedule adds
 *   beyond those its first charge counted, each real counting at most 365
 *   days from the original disbursement in all (art. 7 §1). The picked
 *   principal is amortized pro rata by the new schedule's rows; the
 *   additional rate (§15) is not charged again on it (it was charged once, on
 *   the principal, at the original operation).
 * - What the agreement capitalises that was never lent (interest, late
 *   charges left after the discounts and the down payment) is new credit
 *   (§10): the daily rate in force on the agreement's date for its days to
 *   each due date (at most 365) and the additional rate on it.
 * - Financed IOF is added to the principal (it is not taxed itself: it is the
 *   tax); the IOF is computed on the schedule of the base, so financing it
 *   does not change it.
 * Each part is summed unrounded and rounded half-up to the cent once, as
 * credit/iof.ts does.
 *
 * CET (Res. CMN 3.517/2007): the base (less the IOF when paid in cash at the
 * agreement) against the new schedule's payments, by credit/cet.ts.
 */
import Decimal from 'decimal.js';
import { dayNumber, daysInMonth } from '../credit/calendar';
import { cetOf } from '../credit/cet';
import { IOF_MAX_DAYS, type IofRates } from '../credit/iof';
import { buildSchedule, cents, MAX_INSTALLMENTS, type AmortizationSystem, type ScheduleRow } from '../credit/schedule';

/** One picked installment's open amounts as servicing answers them. */
export interface PickedInstallment {
  installmentId: number;
  operationId: number;
  /** the original operation's disbursement date (YYYY-MM-DD) */
  disbursementDate: string;
  /** the installment's original due date */
  dueDate: string;
  principal: Decimal.Value;
  interest: Decimal.Value;
  lateCharges: Decimal.Value;
  /** the IOF rates the original operation was taxed at */
  iofRates: IofRates;
}

export interface AgreementInput {
  installments: readonly PickedInstallment[];
  /** percent of the late charges forgiven, e.g. "50.00" */
  lateChargesDiscountPercent: Decimal.Value;
  /** percent of the interest forgiven */
  interestDiscountPercent: Decimal.Value;
  /** the most percent the person's role may forgive (company parameter) */
  discountLimitPercent: Decimal.Value;
  downPayment: Decimal.Value;
  amortization: AmortizationSystem;
  monthlyRatePercent: Decimal.Value;
  term: number;
  /** the agreement's date (the lender's today) */
  agreementDate: string;
  firstDueDate: string;
  /** the IOF rates in force on the agreement's date for the borrower's kind */
  iofRates: IofRates;
  financeIof: boolean;
}

export interface AgreementIof {
  /** complement on the principal already taxed (daily rate only) */
  complement: Decimal;
  /** the daily part on what the agreement capitalises */
  newDaily: Decimal;
  /** the additional rate on what the agreement capitalises */
  newAdditional: Decimal;
  total: Decimal;
}

export interface Agreement {
  openPrincipal: Decimal;
  openInterest: Decimal;
  openLateCharges: Decimal;
  /** Σ principal + interest + late charges of the picked installments */
  renegotiatedBalance: Decimal;
  lateChargesDiscount: Decimal;
  interestDiscount: Decimal;
  discount: Decimal;
  downPayment: Decimal;
  /** balance − discount − down payment: what the agreement lends before IOF */
  base: Decimal;
  /** of the base, the principal already taxed at the original operations */
  taxedPrincipal: Decimal;
  /** of the base, interest and charges capitalised (new credit) */
  capitalised: Decimal;
  iof: AgreementIof;
  /** the IOF the agreement finances (zero when paid at the agreement) */
  financedIof: Decimal;
  /** the new schedule's principal */
  principal: Decimal;
  schedule: ScheduleRow[];
  totalPayable: Decimal;
  cetMonthly: Decimal;
  cetYearly: Decimal;
}

/** A refused input: the field it names and a Portuguese message for the screen. */
export class RenegotiationInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'RenegotiationInputError';
  }
}

export const AGREEMENT_MESSAGES = {
  noInstallments: 'Escolha ao menos uma parcela para renegociar.',
  repeated: 'A mesma parcela foi escolhida duas vezes.',
  badAmount: 'Valor inválido: informe um valor em reais, não negativo, com até dois decimais.',
  badPercent: 'Percentual inválido: informe de 0 a 100.',
  overLimit: (limit: string) => `O desconto passa do limite do seu perfil (${limit}%).`,
  nothingOwed: 'As parcelas escolhidas não têm valor em aberto.',
  downPaymentTooLarge: 'A entrada cobre todo o saldo renegociado: não há o que parcelar (use o pagamento ou a quitação).',
  badTerm: `Prazo inválido: de 1 a ${MAX_INSTALLMENTS} parcelas.`,
  badRate: 'Taxa mensal inválida: informe um percentual de 0 a 15.',
  badDate: 'Data inválida (AAAA-MM-DD).',
  firstDueBeforeAgreement: 'O primeiro vencimento deve ser depois da data do acordo.',
  firstDueTooFar: 'O primeiro vencimento pode ser no máximo 60 dias depois do acordo.',
  tooSmall: 'O valor parcelado deve ser de ao menos um centavo por parcela.',
  badRates: 'Alíquotas de IOF inválidas.',
} as const;

const ZERO = new Decimal(0);
const HUNDRED = new Decimal(100);
const YEAR = IOF_MAX_DAYS;
const MAX_RATE = new Decimal(15);
const MAX_FIRST_PERIOD = 60;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function money(value: Decimal.Value, field: string): Decimal {
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    throw new RenegotiationInputError(field, AGREEMENT_MESSAGES.badAmount);
  }
  if (!d.isFinite() || d.isNegative() || d.decimalPlaces() > 2 || d.gte('1e12')) throw new RenegotiationInputError(field, AGREEMENT_MESSAGES.badAmount);
  return d;
}

function percent(value: Decimal.Value, field: string, max: Decimal = HUNDRED): Decimal {
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    throw new RenegotiationInputError(field, AGREEMENT_MESSAGES.badPercent);
  }
  if (!d.isFinite() || d.isNegative() || d.gt(max) || d.decimalPlaces() > 4) throw new RenegotiationInputError(field, max === HUNDRED ? AGREEMENT_MESSAGES.badPercent : AGREEMENT_MESSAGES.badRate);
  return d;
}

function date(value: string, field: string): number {
  if (typeof value !== 'string' || !DATE.test(value)) throw new RenegotiationInputError(field, AGREEMENT_MESSAGES.badDate);
  const [y, m, d] = value.split('-').map(Number);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) throw new RenegotiationInputError(field, AGREEMENT_MESSAGES.badDate);
  return dayNumber(value);
}

function rates(r: IofRates, field: string): { daily: Decimal; additional: Decimal } {
  try {
    const daily = new Decimal(r.dailyPercent);
    const additional = new Decimal(r.additionalPercent);
    if (!daily.isFinite() || !additional.isFinite() || daily.isNegative() || additional.isNegative() || daily.mul(YEAR).plus(additional).gte(HUNDRED)) throw new Error();
    return { daily, additional };
  } catch {
    throw new RenegotiationInputError(field, AGREEMENT_MESSAGES.badRates);
  }
}

/** Computes the agreement; a refused input throws RenegotiationInputError naming the field, nothing else. */
export function computeAgreement(input: AgreementInput): Agreement {
  if (!Array.isArray(input.installments) || input.installments.length === 0) throw new RenegotiationInputError('installments', AGREEMENT_MESSAGES.noInstallments);
  const seen = new Set<number>();
  const agreementDay = date(input.agreementDate, 'agreementDate');
  const picked = input.installments.map((p, index) => {
    if (seen.has(p.installmentId)) throw new RenegotiationInputError(`installments.${index}`, AGREEMENT_MESSAGES.repeated);
    seen.add(p.installmentId);
    return {
      principal: money(p.principal, `installments.${index}.principal`),
      interest: money(p.interest, `installments.${index}.interest`),
      lateCharges: money(p.lateCharges, `installments.${index}.lateCharges`),
      disbursed: date(p.disbursementDate, `installments.${index}.disbursementDate`),
      due: date(p.dueDate, `installments.${index}.dueDate`),
      rates: rates(p.iofRates, `installments.${index}.iofRates`),
    };
  });
  const limit = percent(input.discountLimitPercent, 'discountLimitPercent');
  const lateDiscountPct = percent(input.lateChargesDiscountPercent, 'lateChargesDiscountPercent');
  const interestDiscountPct = percent(input.interestDiscountPercent, 'interestDiscountPercent');
  if (lateDiscountPct.gt(limit)) throw new RenegotiationInputError('lateChargesDiscountPercent', AGREEMENT_MESSAGES.overLimit(limit.toFixed(2)));
  if (interestDiscountPct.gt(limit)) throw new RenegotiationInputError('interestDiscountPercent', AGREEMENT_MESSAGES.overLimit(limit.toFixed(2)));
  const downPayment = money(input.downPayment, 'downPayment');
  const rate = percent(input.monthlyRatePercent, 'monthlyRatePercent', MAX_RATE);
  if (!Number.isInteger(input.term) || input.term < 1 || input.term > MAX_INSTALLMENTS) throw new RenegotiationInputError('term', AGREEMENT_MESSAGES.badTerm);
  const firstDay = date(input.firstDueDate, 'firstDueDate');
  if (firstDay <= agreementDay) throw new RenegotiationInputError('firstDueDate', AGREEMENT_MESSAGES.firstDueBeforeAgreement);
  if (firstDay - agreementDay > MAX_FIRST_PERIOD) throw new RenegotiationInputError('firstDueDate', AGREEMENT_MESSAGES.firstDueTooFar);
  const current = rates(input.iofRates, 'iofRates');
  if (input.amortization !== 'price' && input.amortization !== 'sac') throw new RenegotiationInputError('amortization', AGREEMENT_MESSAGES.badRate);

  const openPrincipal = picked.reduce((s, p) => s.plus(p.principal), ZERO);
  const openInterest = picked.reduce((s, p) => s.plus(p.interest), ZERO);
  const openLateCharges = picked.reduce((s, p) => s.plus(p.lateCharges), ZERO);
  const renegotiatedBalance = openPrincipal.plus(openInterest).plus(openLateCharges);
  if (renegotiatedBalance.isZero()) throw new RenegotiationInputError('installments', AGREEMENT_MESSAGES.nothingOwed);

  const lateChargesDiscount = cents(openLateCharges.mul(lateDiscountPct).div(HUNDRED));
  const interestDiscount = cents(openInterest.mul(interestDiscountPct).div(HUNDRED));
  const discount = lateChargesDiscount.plus(interestDiscount);
  const base = renegotiatedBalance.minus(discount).minus(downPayment);
  if (base.lte(0)) throw new RenegotiationInputError('downPayment', AGREEMENT_MESSAGES.downPaymentTooLarge);
  if (base.lt(new Decimal('0.01').mul(input.term))) throw new RenegotiationInputError('term', AGREEMENT_MESSAGES.tooSmall);

  // The down payment settles late charges, then interest, then principal (after the discounts).
  let left = downPayment;
  const chargesLeft = openLateCharges.minus(lateChargesDiscount);
  const paidCharges = Decimal.min(left, chargesLeft);
  left = left.minus(paidCharges);
  const interestLeft = openInterest.minus(interestDiscount);
  const paidInterest = Decimal.min(left, interestLeft);
  left = left.minus(paidInterest);
  const taxedPrincipal = openPrincipal.minus(left);
  const capitalised = chargesLeft.minus(paidCharges).plus(interestLeft).minus(paidInterest);

  const conditions = {
    amortization: input.amortization,
    monthlyRatePercent: rate,
    installments: input.term,
    disbursementDate: input.agreementDate,
    firstDueDate: input.firstDueDate,
  };
  const baseRows = buildSchedule({ ...conditions, principal: base });
  const iof = iofOfAgreement(baseRows, base, taxedPrincipal, capitalised, picked, openPrincipal, agreementDay, current);
  const financedIof = input.financeIof ? iof.total : ZERO;
  const principal = base.plus(financedIof);
  const schedule = financedIof.isZero() ? baseRows : buildSchedule({ ...conditions, principal });
  const totalPayable = schedule.reduce((s, r) => s.plus(r.payment), ZERO);
  const released = input.financeIof ? base : base.minus(iof.total);
  const cet = released.gt(0) ? cetOf(released, schedule.map((r) => ({ days: r.days, amount: r.payment }))) : { monthly: ZERO, yearly: ZERO };
  return {
    openPrincipal,
    openInterest,
    openLateCharges,
    renegotiatedBalance,
    lateChargesDiscount,
    interestDiscount,
    discount,
    downPayment,
    base,
    taxedPrincipal,
    capitalised,
    iof,
    financedIof,
    principal,
    schedule,
    totalPayable,
    cetMonthly: cet.monthly,
    cetYearly: cet.yearly,
  };
}

/**
 * The IOF of the agreement (see the module's comment): the complement on the
 * taxed principal, each picked installment's share amortized pro rata by the
 * new rows, and the new credit's daily and additional parts.
 */
function iofOfAgreement(
  rows: readonly ScheduleRow[],
  base: Decimal,
  taxedPrincipal: Decimal,
  capitalised: Decimal,
  picked: ReadonlyArray<{ principal: Decimal; disbursed: number; due: number; rates: { daily: Decimal } }>,
  openPrincipal: Decimal,
  agreementDay: number,
  current: { daily: Decimal; additional: Decimal },
): AgreementIof {
  // Complement: Σ_j share_j × Σ_k amort_k × (min(365, new days from j's disbursement) − min(365, days counted)) × j's daily rate.
  let complementBase = ZERO;
  if (taxedPrincipal.gt(0) && openPrincipal.gt(0)) {
    // Group the picked installments by (disbursement, counted days, rate): many share them.
    const groups = new Map<string, { weight: Decimal; disbursed: number; counted: number; daily: Decimal }>();
    for (const p of picked) {
      if (p.principal.isZero()) continue;
      const counted = Math.min(YEAR, Math.max(0, p.due - p.disbursed));
      const key = `${p.disbursed}|${counted}|${p.rates.daily.toString()}`;
      const g = groups.get(key);
      if (g) g.weight = g.weight.plus(p.principal);
      else groups.set(key, { weight: p.principal, disbursed: p.disbursed, counted, daily: p.rates.daily });
    }
    for (const g of groups.values()) {
      let daysWeighted = ZERO;
      for (const row of rows) {
        const total = Math.min(YEAR, agreementDay + row.days - g.disbursed);
        const extra = total - g.counted;
        if (extra > 0) daysWeighted = daysWeighted.plus(row.amortization.mul(extra));
      }
      // This group's share of the taxed principal, of the base the rows amortize.
      complementBase = complementBase.plus(daysWeighted.mul(g.weight).mul(taxedPrincipal).mul(g.daily).div(openPrincipal).div(base));
    }
  }
  const complement = cents(complementBase.div(HUNDRED));
  let newBase = ZERO;
  if (capitalised.gt(0)) {
    for (const row of rows) newBase = newBase.plus(row.amortization.mul(Math.min(YEAR, row.days)));
    newBase = newBase.mul(capitalised).div(base);
  }
  const newDaily = cents(newBase.mul(current.daily).div(HUNDRED));
  const newAdditional = cents(capitalised.mul(current.additional).div(HUNDRED));
  return { complement, newDaily, newAdditional, total: complement.plus(newDaily).plus(newAdditional) };
}
