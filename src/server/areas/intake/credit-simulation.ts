/**
 * The simulation of a credit operation's conditions: the
 * schedule, IOF in force on the disbursement date, fees, CET and totals,
 * checked against the company's parameters narrowed by the borrower's own and
 * against the lender's business date. Used by POST /creditOperation/simulation
 * (nothing stored) and by the proposal's create and edit (the same numbers
 * stored), so what the screen showed is what the operation keeps. Pure
 * arithmetic lives in domain/credit.
 *
 * Rules of law applied here: no TAC for an individual (domain/credit/fees.ts);
 * the reduced Simples Nacional (or MEI) IOF rate only while the principal
 * financed — grossed up by a financed IOF — is at most SIMPLES_IOF_LIMIT.
 */
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { SIMPLES_IOF_LIMIT, type IofPersonType, type SimulationResult } from '@shared/contract/index';
import { formatCurrency } from '@shared/format';
import type { Db } from '../../db/connect';
import { borrowerParameters, borrowers } from '../borrowers/schema';
import { cetOf, percentText } from '../../domain/credit/cet';
import { checkOperationDates, type DateProblem } from '../../domain/credit/dates';
import { isTacName } from '../../domain/credit/fees';
import { grossUpForIof, iofOfSchedule, type IofAmounts, type IofRates } from '../../domain/credit/iof';
import { buildSchedule, cents, type AmortizationSystem } from '../../domain/credit/schedule';
import { badRequest, notFound } from '../../platform/http/errors';
import { iofRateOn, parametersOf } from '../company';

export const DEFAULT_COMPANY_ID = 1;

const dayPt = (day: string) => day.split('-').reverse().join('/');

export const SIMULATION_MESSAGES = {
  value: (min: string, max: string, whose: string) => `O valor deve estar entre ${formatCurrency(min)} e ${formatCurrency(max)} (${whose}).`,
  rate: (min: string, max: string, whose: string) => `A taxa deve estar entre ${percentPt(min)}% e ${percentPt(max)}% ao mês (${whose}).`,
  installments: (min: number, max: number, whose: string) => `O prazo deve estar entre ${min} e ${max} parcelas (${whose}).`,
  tooSmall: (installments: number) => `O valor deve ser de ao menos R$ 0,01 por parcela (${installments} parcelas).`,
  feesTooHigh: 'As tarifas e o IOF consomem todo o valor: nada seria liberado ao tomador.',
  noTacForIndividuals: 'A TAC (tarifa de abertura de crédito) não pode ser cobrada de pessoa física desde 30/04/2008 (Res. CMN 3.518/2007; STJ, Súmula 565).',
  borrowerNotFound: 'Tomador não encontrado.',
  dates: {
    past: (today: string) => `A data de liberação não pode ser anterior a hoje (${dayPt(today)}).`,
    'too-far-ahead': (latest: string) => `A data de liberação deve ser até ${dayPt(latest)} (parâmetros da empresa: dias de antecedência).`,
    'not-after-disbursement': () => 'O primeiro vencimento deve ser depois da data de liberação.',
    'first-period-too-long': (latest: string) => `O primeiro vencimento deve ser até ${dayPt(latest)} (parâmetros da empresa: prazo até o primeiro vencimento).`,
  } satisfies Record<DateProblem['rule'], (day: string) => string>,
} as const;

const COMPANY_LIMITS = 'parâmetros da empresa';
const BORROWER_LIMITS = 'parâmetros da empresa e do tomador';
/** A CET beyond this (percent a year) is no price a loan has; it would not fit the stored column either. */
const CET_CEILING = new Decimal('1e9');

/** "0,50": the percent as people read it in Portuguese. */
function percentPt(value: string): string {
  return percentText(new Decimal(value)).replace('.', ',');
}

function money(value: Decimal): string {
  return cents(value).toFixed(2);
}

type FieldName = 'principal' | 'monthlyRate' | 'installments' | 'disbursementDate' | 'firstDueDate' | 'fees';

export interface SimulationInput {
  personType: 'PF' | 'PJ';
  simplesNacional?: boolean;
  mei?: boolean;
  amortization: AmortizationSystem;
  /** the amount asked (reais, decimal text) */
  principal: string;
  monthlyRate: string;
  installments: number;
  disbursementDate: string;
  firstDueDate: string;
  financeIof: boolean;
  borrowerId?: number;
  companyId?: number;
  fees?: Array<{ name: string; amount: string }>;
  /** the names of the fields to blame in a 400 (the proposal's snake_case fields differ from the simulation's) */
  fieldNames?: Partial<Record<FieldName, string>>;
}

interface Limits {
  minValue: Decimal;
  maxValue: Decimal;
  minRate: Decimal;
  maxRate: Decimal;
  minInstallments: number;
  maxInstallments: number;
  tac: string;
  whose: string;
}

/** Which IOF rates a borrower pays: its kind, and for a company under Simples Nacional (or a MEI) the reduced type up to the limit. */
interface Taxpayer {
  personType: 'PF' | 'PJ';
  reduced: 'SIMPLES' | 'MEI' | null;
}

const maxOf = (a: Decimal, b: string | null) => (b === null ? a : Decimal.max(a, b));
const minOf = (a: Decimal, b: string | null) => (b === null ? a : Decimal.min(a, b));

/** The company's limits, narrowed by the borrower's own when it has them; the borrower's kind when given. */
async function limitsFor(db: Db, input: SimulationInput) {
  const company = await parametersOf(db, input.companyId ?? DEFAULT_COMPANY_ID);
  const limits: Limits = {
    minValue: new Decimal(company.min_value),
    maxValue: new Decimal(company.max_value),
    minRate: new Decimal(company.min_monthly_rate),
    maxRate: new Decimal(company.max_monthly_rate),
    minInstallments: company.min_installments,
    maxInstallments: company.max_installments,
    tac: company.tac,
    whose: COMPANY_LIMITS,
  };
  let personType = input.personType;
  let simples = Boolean(input.simplesNacional) || Boolean(input.mei);
  let mei = Boolean(input.mei);
  if (input.borrowerId !== undefined) {
    const [borrower] = await db
      .select({ person_type: borrowers.person_type, simples: borrowers.simples_nacional, mei: borrowers.mei })
      .from(borrowers)
      .where(eq(borrowers.id, input.borrowerId))
      .limit(1);
    if (!borrower) throw notFound(SIMULATION_MESSAGES.borrowerNotFound);
    // The borrower's registration decides the IOF kind, whatever the request said.
    personType = borrower.person_type;
    simples = borrower.simples;
    mei = borrower.mei;
    const [own] = await db.select().from(borrowerParameters).where(eq(borrowerParameters.borrower_id, input.borrowerId)).limit(1);
    if (own) {
      limits.maxValue = minOf(limits.maxValue, own.max_value);
      limits.minRate = maxOf(limits.minRate, own.min_monthly_rate);
      limits.maxRate = minOf(limits.maxRate, own.max_monthly_rate);
      if (own.max_installments !== null) limits.maxInstallments = Math.min(limits.maxInstallments, own.max_installments);
      if (own.tac !== null) limits.tac = own.tac;
      limits.whose = BORROWER_LIMITS;
    }
  }
  const taxpayer: Taxpayer = { personType, reduced: personType === 'PJ' && simples ? (mei ? 'MEI' : 'SIMPLES') : null };
  return { company, limits, taxpayer };
}

/** The fees charged at disbursement: the operator's list, or the company's (TAC, for a company only, and other fees). */
function feesFor(input: SimulationInput, taxpayer: Taxpayer, limits: Limits, otherFees: Array<{ name: string; amount: string }>, field: string) {
  if (input.fees) {
    if (taxpayer.personType === 'PF' && input.fees.some((f) => isTacName(f.name) && new Decimal(f.amount).gt(0))) {
      throw badRequest(SIMULATION_MESSAGES.noTacForIndividuals, field);
    }
    return input.fees;
  }
  const tac = taxpayer.personType === 'PJ' && new Decimal(limits.tac).gt(0) ? [{ name: 'TAC', amount: limits.tac }] : [];
  return [...tac, ...otherFees];
}

export interface Simulation {
  result: SimulationResult;
  personType: 'PF' | 'PJ';
}

/**
 * Simulates `input` as of the lender's business date `today` (deps.clock.today()
 * in a handler): the disbursement may not be before it.
 */
export async function simulateConditions(db: Db, input: SimulationInput, today: string): Promise<Simulation> {
  const field = (name: FieldName) => input.fieldNames?.[name] ?? name;
  const { company, limits, taxpayer } = await limitsFor(db, input);
  const asked = cents(new Decimal(input.principal));
  if (asked.lt(limits.minValue) || asked.gt(limits.maxValue)) {
    throw badRequest(SIMULATION_MESSAGES.value(limits.minValue.toFixed(2), limits.maxValue.toFixed(2), limits.whose), field('principal'));
  }
  const rate = new Decimal(input.monthlyRate);
  if (rate.lt(limits.minRate) || rate.gt(limits.maxRate)) {
    throw badRequest(SIMULATION_MESSAGES.rate(limits.minRate.toString(), limits.maxRate.toString(), limits.whose), field('monthlyRate'));
  }
  if (input.installments < limits.minInstallments || input.installments > limits.maxInstallments) {
    throw badRequest(SIMULATION_MESSAGES.installments(limits.minInstallments, limits.maxInstallments, limits.whose), field('installments'));
  }
  if (asked.lt(new Decimal('0.01').mul(input.installments))) throw badRequest(SIMULATION_MESSAGES.tooSmall(input.installments), field('principal'));
  const dates = checkOperationDates(input.disbursementDate, input.firstDueDate, {
    today,
    maxDaysAhead: company.max_disbursement_days_ahead,
    maxFirstPeriodDays: company.max_first_period_days,
  });
  if (dates) throw badRequest(SIMULATION_MESSAGES.dates[dates.rule](dates.limit), field(dates.field));

  const feeItems = feesFor(input, taxpayer, limits, company.other_fees, field('fees')).map((f) => ({ name: f.name, amount: money(new Decimal(f.amount)) }));
  const feesTotal = feeItems.reduce((sum, f) => sum.plus(f.amount), new Decimal(0));
  const conditions = {
    amortization: input.amortization,
    monthlyRatePercent: input.monthlyRate,
    installments: input.installments,
    disbursementDate: input.disbursementDate,
    firstDueDate: input.firstDueDate,
  };
  const ratesOf = async (type: IofPersonType) => {
    const row = await iofRateOn(db, type, input.disbursementDate, field('disbursementDate'));
    return { type, row, rates: { dailyPercent: row.daily_percent, additionalPercent: row.additional_percent } satisfies IofRates };
  };
  const withinReduced = (principal: Decimal) => taxpayer.reduced !== null && principal.lte(SIMPLES_IOF_LIMIT);
  const grossUp = (rates: IofRates) => {
    try {
      return grossUpForIof({ ...conditions, released: asked.plus(feesTotal) }, rates);
    } catch (error) {
      if (error instanceof RangeError) throw badRequest(SIMULATION_MESSAGES.feesTooHigh, field('fees'));
      throw error;
    }
  };

  let principal: Decimal;
  let iof: IofAmounts;
  let applied: Awaited<ReturnType<typeof ratesOf>>;
  let excess = new Decimal(0);
  if (input.financeIof) {
    // Financed: the IOF and the fees ride on the principal. The reduced rate holds only while the
    // principal it finances stays within the limit; past it, the ordinary PJ rate finances more.
    let financed: ReturnType<typeof grossUp> | null = null;
    applied = await ratesOf(taxpayer.reduced ?? taxpayer.personType);
    if (taxpayer.reduced) {
      financed = grossUp(applied.rates);
      if (!withinReduced(financed.principal)) financed = null;
    }
    if (!financed) {
      applied = await ratesOf(taxpayer.personType);
      financed = grossUp(applied.rates);
    }
    ({ principal, iof, excess } = financed);
  } else {
    principal = asked;
    applied = await ratesOf(withinReduced(principal) ? taxpayer.reduced! : taxpayer.personType);
    iof = iofOfSchedule({ ...conditions, principal }, applied.rates);
  }
  const released = principal.minus(iof.total).minus(feesTotal);
  if (released.lte(0)) throw badRequest(SIMULATION_MESSAGES.feesTooHigh, field('fees'));

  const rows = buildSchedule({ ...conditions, principal });
  const cet = cetOf(released, rows.map((r) => ({ days: r.days, amount: r.payment })));
  if (cet.yearly.gte(CET_CEILING)) throw badRequest(SIMULATION_MESSAGES.feesTooHigh, field('fees'));
  let totalPayable = new Decimal(0);
  let totalInterest = new Decimal(0);
  for (const r of rows) {
    totalPayable = totalPayable.plus(r.payment);
    totalInterest = totalInterest.plus(r.interest);
  }
  return {
    personType: taxpayer.personType,
    result: {
      installments: rows.map((r) => ({
        number: r.number,
        dueDate: r.dueDate,
        payment: money(r.payment),
        interest: money(r.interest),
        amortization: money(r.amortization),
        balance: money(r.balance),
      })),
      iof: {
        daily: money(iof.daily),
        additional: money(iof.additional),
        total: money(iof.total),
        financed: input.financeIof,
        rates: { personType: applied.type, dailyPercent: applied.row.daily_percent, additionalPercent: applied.row.additional_percent, legalBasis: applied.row.legal_basis },
      },
      cet: { monthly: percentText(cet.monthly), yearly: percentText(cet.yearly) },
      fees: { items: feeItems, total: money(feesTotal) },
      principal: money(principal),
      totalInterest: money(totalInterest),
      totalPayable: money(totalPayable),
      released: money(released),
      releasedExcess: money(excess),
    },
  };
}
