/**
 * POST /api/creditOperation/simulation (issue 9 §4): the schedule, IOF, fees,
 * CET and totals for the conditions asked, checked against the company's
 * parameters. Pure arithmetic lives in domain/credit; this handler reads the
 * rules (parameters, IOF rates in force) and shapes the answer.
 */
import Decimal from 'decimal.js';
import { SIMPLES_IOF_LIMIT, type IofPersonType } from '../../shared/contract/index';
import { formatCurrency } from '../../shared/format';
import { cetOf, percentText } from '../domain/credit/cet';
import { grossUpForIof, iofOfSchedule } from '../domain/credit/iof';
import { buildSchedule, cents } from '../domain/credit/schedule';
import { badRequest } from '../http/errors';
import type { Handler } from '../http/handler';
import { iofRateOn, parametersOf } from '../services/company';

const DEFAULT_COMPANY_ID = 1;

const SIMULATION_MESSAGES = {
  value: (min: string, max: string) => `O valor deve estar entre ${formatCurrency(min)} e ${formatCurrency(max)} (parâmetros da empresa).`,
  rate: (min: string, max: string) => `A taxa deve estar entre ${percentPt(min)}% e ${percentPt(max)}% ao mês (parâmetros da empresa).`,
  installments: (min: number, max: number) => `O prazo deve estar entre ${min} e ${max} parcelas (parâmetros da empresa).`,
  feesTooHigh: 'As tarifas e o IOF consomem todo o valor: nada seria liberado ao tomador.',
} as const;

/** "0,50": the percent as people read it in Portuguese. */
function percentPt(value: string): string {
  return percentText(new Decimal(value)).replace('.', ',');
}

function money(value: Decimal): string {
  return cents(value).toFixed(2);
}

export const simulate: Handler<'creditOperation.simulation'> = async (args, { deps }) => {
  const parameters = await parametersOf(deps.db, args.companyId ?? DEFAULT_COMPANY_ID);
  const asked = cents(new Decimal(args.principal));
  if (asked.lt(parameters.min_value) || asked.gt(parameters.max_value)) {
    throw badRequest(SIMULATION_MESSAGES.value(parameters.min_value, parameters.max_value), 'principal');
  }
  const rate = new Decimal(args.monthlyRate);
  if (rate.lt(parameters.min_monthly_rate) || rate.gt(parameters.max_monthly_rate)) {
    throw badRequest(SIMULATION_MESSAGES.rate(parameters.min_monthly_rate, parameters.max_monthly_rate), 'monthlyRate');
  }
  if (args.installments < parameters.min_installments || args.installments > parameters.max_installments) {
    throw badRequest(SIMULATION_MESSAGES.installments(parameters.min_installments, parameters.max_installments), 'installments');
  }

  const fees = args.fees ?? [
    ...(new Decimal(parameters.tac).gt(0) ? [{ name: 'TAC', amount: parameters.tac }] : []),
    ...parameters.other_fees,
  ];
  const feeItems = fees.map((f) => ({ name: f.name, amount: money(new Decimal(f.amount)) }));
  const feesTotal = feeItems.reduce((sum, f) => sum.plus(f.amount), new Decimal(0));

  const personType: IofPersonType =
    args.personType === 'PJ' && args.simplesNacional && asked.lte(SIMPLES_IOF_LIMIT) ? 'SIMPLES' : args.personType;
  const rates = await iofRateOn(deps.db, personType, args.disbursementDate, 'disbursementDate');
  const iofRates = { dailyPercent: rates.daily_percent, additionalPercent: rates.additional_percent };
  const conditions = {
    amortization: args.amortization,
    monthlyRatePercent: args.monthlyRate,
    installments: args.installments,
    disbursementDate: args.disbursementDate,
    firstDueDate: args.firstDueDate,
  };

  // Financed: the IOF and the fees ride on the principal, so the amount asked is what reaches the borrower.
  const financed = args.financeIof ? grossUpForIof({ ...conditions, released: asked.plus(feesTotal) }, iofRates) : null;
  const principal = financed ? financed.principal : asked;
  const iof = financed ? financed.iof : iofOfSchedule({ ...conditions, principal }, iofRates);
  const released = financed ? asked : principal.minus(iof.total).minus(feesTotal);
  if (released.lte(0)) throw badRequest(SIMULATION_MESSAGES.feesTooHigh, 'fees');

  const rows = buildSchedule({ ...conditions, principal });
  const cet = cetOf(released, rows.map((r) => ({ days: r.days, amount: r.payment })));
  const totalPayable = rows.reduce((sum, r) => sum.plus(r.payment), new Decimal(0));
  const totalInterest = rows.reduce((sum, r) => sum.plus(r.interest), new Decimal(0));
  return {
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
      rates: { personType, dailyPercent: rates.daily_percent, additionalPercent: rates.additional_percent, legalBasis: rates.legal_basis },
    },
    cet: { monthly: percentText(cet.monthly), yearly: percentText(cet.yearly) },
    fees: { items: feeItems, total: money(feesTotal) },
    principal: money(principal),
    totalInterest: money(totalInterest),
    totalPayable: money(totalPayable),
    released: money(released),
  };
};
