/**
 * The simulation of a credit operation's conditions (issue 9 §4): the
 * schedule, IOF in force on the disbursement date, fees, CET and totals,
 * checked against the company's parameters narrowed by the borrower's own.
 * Used by POST /creditOperation/simulation (nothing stored) and by the
 * proposal's create and edit (the same numbers stored), so what the screen
 * showed is what the operation keeps. Pure arithmetic lives in domain/credit.
 */
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { SIMPLES_IOF_LIMIT, type IofPersonType, type SimulationResult } from '../../shared/contract/index';
import { formatCurrency } from '../../shared/format';
import type { Db } from '../db/connect';
import { borrowerParameters, borrowers } from '../db/schema-origination';
import { cetOf, percentText } from '../domain/credit/cet';
import { grossUpForIof, iofOfSchedule } from '../domain/credit/iof';
import { buildSchedule, cents, type AmortizationSystem } from '../domain/credit/schedule';
import { badRequest, notFound } from '../http/errors';
import { iofRateOn, parametersOf } from './company';

export const DEFAULT_COMPANY_ID = 1;

export const SIMULATION_MESSAGES = {
  value: (min: string, max: string, whose: string) => `O valor deve estar entre ${formatCurrency(min)} e ${formatCurrency(max)} (${whose}).`,
  rate: (min: string, max: string, whose: string) => `A taxa deve estar entre ${percentPt(min)}% e ${percentPt(max)}% ao mês (${whose}).`,
  installments: (min: number, max: number, whose: string) => `O prazo deve estar entre ${min} e ${max} parcelas (${whose}).`,
  feesTooHigh: 'As tarifas e o IOF consomem todo o valor: nada seria liberado ao tomador.',
  borrowerNotFound: 'Tomador não encontrado.',
} as const;

const COMPANY_LIMITS = 'parâmetros da empresa';
const BORROWER_LIMITS = 'parâmetros da empresa e do tomador';

/** "0,50": the percent as people read it in Portuguese. */
function percentPt(value: string): string {
  return percentText(new Decimal(value)).replace('.', ',');
}

function money(value: Decimal): string {
  return cents(value).toFixed(2);
}

export interface SimulationInput {
  personType: 'PF' | 'PJ';
  simplesNacional?: boolean;
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
  fieldNames?: Partial<Record<'principal' | 'monthlyRate' | 'installments' | 'disbursementDate' | 'fees', string>>;
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
  let simples = Boolean(input.simplesNacional);
  if (input.borrowerId !== undefined) {
    const [borrower] = await db
      .select({ person_type: borrowers.person_type, simples: borrowers.simples_nacional })
      .from(borrowers)
      .where(eq(borrowers.id, input.borrowerId))
      .limit(1);
    if (!borrower) throw notFound(SIMULATION_MESSAGES.borrowerNotFound);
    // The borrower's registration decides the IOF kind, whatever the request said.
    personType = borrower.person_type;
    simples = borrower.simples;
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
  return { company, limits, personType, simples };
}

export interface Simulation {
  result: SimulationResult;
  personType: 'PF' | 'PJ';
}

export async function simulateConditions(db: Db, input: SimulationInput): Promise<Simulation> {
  const field = (name: keyof NonNullable<SimulationInput['fieldNames']>) => input.fieldNames?.[name] ?? name;
  const { company, limits, personType, simples } = await limitsFor(db, input);
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

  const fees = input.fees ?? [...(new Decimal(limits.tac).gt(0) ? [{ name: 'TAC', amount: limits.tac }] : []), ...company.other_fees];
  const feeItems = fees.map((f) => ({ name: f.name, amount: money(new Decimal(f.amount)) }));
  const feesTotal = feeItems.reduce((sum, f) => sum.plus(f.amount), new Decimal(0));

  const iofType: IofPersonType = personType === 'PJ' && simples && asked.lte(SIMPLES_IOF_LIMIT) ? 'SIMPLES' : personType;
  const rates = await iofRateOn(db, iofType, input.disbursementDate, field('disbursementDate'));
  const iofRates = { dailyPercent: rates.daily_percent, additionalPercent: rates.additional_percent };
  const conditions = {
    amortization: input.amortization,
    monthlyRatePercent: input.monthlyRate,
    installments: input.installments,
    disbursementDate: input.disbursementDate,
    firstDueDate: input.firstDueDate,
  };

  // Financed: the IOF and the fees ride on the principal, so the amount asked is what reaches the borrower.
  const financed = input.financeIof ? grossUpForIof({ ...conditions, released: asked.plus(feesTotal) }, iofRates) : null;
  const principal = financed ? financed.principal : asked;
  const iof = financed ? financed.iof : iofOfSchedule({ ...conditions, principal }, iofRates);
  const released = financed ? asked : principal.minus(iof.total).minus(feesTotal);
  if (released.lte(0)) throw badRequest(SIMULATION_MESSAGES.feesTooHigh, field('fees'));

  const rows = buildSchedule({ ...conditions, principal });
  const cet = cetOf(released, rows.map((r) => ({ days: r.days, amount: r.payment })));
  const totalPayable = rows.reduce((sum, r) => sum.plus(r.payment), new Decimal(0));
  const totalInterest = rows.reduce((sum, r) => sum.plus(r.interest), new Decimal(0));
  return {
    personType,
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
        financed: Boolean(financed),
        rates: { personType: iofType, dailyPercent: rates.daily_percent, additionalPercent: rates.additional_percent, legalBasis: rates.legal_basis },
      },
      cet: { monthly: percentText(cet.monthly), yearly: percentText(cet.yearly) },
      fees: { items: feeItems, total: money(feesTotal) },
      principal: money(principal),
      totalInterest: money(totalInterest),
      totalPayable: money(totalPayable),
      released: money(released),
    },
  };
}
