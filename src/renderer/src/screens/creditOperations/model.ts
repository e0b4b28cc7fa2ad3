/**
 * The pure parts of the credit operation screens, tested
 * alone: the conditions form and what it sends (the simulation's camelCase
 * call and the create/update snake_case bodies), the fees the company's
 * parameters suggest, the server's field names mapped back onto the form,
 * an operation seen as a simulation result (one view for both), money sums
 * by whole cents (never a binary float) and rates shown as typed text.
 */
import { isTacName } from '@shared/tac';
import type { Intent } from '@blueprintjs/core';
import { z } from 'zod';
import type { CompanyParameters } from '@shared/contract/company';
import { creditConditionsSchema, type CreditOperation, type SimulationResult } from '@shared/contract/credit-operations';
import { ACTION_RULES, FINAL_OPERATION_STATUSES, type CreditOperationAction, type CreditOperationStatus } from '@shared/credit-operation-status';
import { formatCurrency, formatDate, formatRate } from '@shared/format';
import { formSchema } from '@kit/form/formSchema';
import type { Translate } from '@kit/list/columns';
import type { MoneyRow } from '@kit/moneyRows';
import { ANALYSIS_TABS, type AnalysisTab } from './tabs';

/** The amounts every confirmation of an operation states, whatever the move. */
export interface OperationAmounts {
  principal: string;
  released: string;
  totalPayable: string;
  plots: number;
  firstPayment?: string;
  firstDue?: string;
}

export function operationAmounts(op: CreditOperation): OperationAmounts {
  return {
    principal: op.principal,
    released: op.released,
    totalPayable: op.total_payable,
    plots: op.installments_count,
    firstPayment: op.installments[0]?.payment,
    firstDue: op.installments[0]?.due_date ?? op.first_due_date,
  };
}

/** The same amounts of a simulation not yet saved (building, editing the conditions). */
export function simulatedAmounts(result: SimulationResult): OperationAmounts {
  return {
    principal: result.principal,
    released: result.released,
    totalPayable: result.totalPayable,
    plots: result.installments.length,
    firstPayment: result.installments[0]?.payment,
    firstDue: result.installments[0]?.dueDate,
  };
}

/** The rows of the amounts table: what is lent, what is released and what is owed, and the installments. */
export function amountRows(a: OperationAmounts, t: Translate): MoneyRow[] {
  const plots = a.firstPayment ? t('creditOperations.amounts.plotsValue', { count: a.plots, first: formatCurrency(a.firstPayment) }) : String(a.plots);
  return [
    { label: t('creditOperations.amounts.principal'), amount: a.principal },
    { label: t('creditOperations.amounts.released'), amount: a.released, strong: true, id: 'released' },
    { label: t('creditOperations.amounts.totalPayable'), amount: a.totalPayable, strong: true, id: 'total-payable' },
    { label: t('creditOperations.amounts.plots'), text: a.firstDue ? `${plots} · ${formatDate(a.firstDue)}` : plots, id: 'plots' },
  ];
}

/**
 * The analysis screen's title by what the operation is now: an analysis
 * while it is still being decided (proposal, analysis, returned), the
 * operation itself once decided ("Operação OP-000015", not "Análise" of a
 * disbursed one).
 */
export function analysisTitleKey(status: CreditOperationStatus): 'creditOperations.analysis.title' | 'creditOperations.analysis.titleDecided' {
  return status === 'proposal' || status === 'analysis' || status === 'returned' ? 'creditOperations.analysis.title' : 'creditOperations.analysis.titleDecided';
}

export function statusIntent(status: CreditOperationStatus): Intent {
  switch (status) {
    case 'proposal':
      return 'none';
    case 'analysis':
    case 'returned':
      return 'warning';
    case 'approved':
    case 'contract_issued':
      return 'primary';
    case 'disbursed':
    case 'settled':
      return 'success';
    case 'refused':
    case 'cancelled':
    case 'written_off':
      return 'danger';
  }
}

export function needsReason(action: CreditOperationAction): boolean {
  return ACTION_RULES[action].needsReason;
}

export function isFinal(status: CreditOperationStatus): boolean {
  return FINAL_OPERATION_STATUSES.includes(status);
}

// ---------- the conditions form ----------

/** The conditions as the form holds them (rate and plots as typed text; money already the wire's decimal text). */
export interface ConditionsValues {
  product: string;
  amortization: string;
  requested_amount: string;
  monthly_rate: string;
  installments: string;
  disbursement_date: string;
  first_due_date: string;
  finance_iof: boolean;
  fees: Array<{ name: string; amount: string }>;
  secured_guarantee_ids: number[];
}

/** The contract's own conditions schema: the form checks exactly what the server will. */
const conditionsObject = creditConditionsSchema;

/** The conditions form's schema: the contract's rules, over the typed text (plots as a whole number, the rate with a dot). */
export const conditionsSchema = formSchema(conditionsObject, { percents: ['monthly_rate'] });
export type Conditions = z.output<typeof conditionsObject>;

export const CONDITION_FIELDS = [
  'product',
  'amortization',
  'requested_amount',
  'monthly_rate',
  'installments',
  'disbursement_date',
  'first_due_date',
  'finance_iof',
  'fees',
  'secured_guarantee_ids',
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** The workstation's calendar day (the day the person sees on their clock), as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The same day `months` months later, clamped to that month's last day (31 Jan + 1 → 28/29 Feb); by text, no time zone. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** A stored rate ("2.5000") as typed in pt-BR ("2,5"). */
export function rateInputText(rate: string | null | undefined): string {
  if (!rate) return '';
  const trimmed = rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
  return trimmed.replace('.', ',');
}

/**
 * A rate for reading, with at least two places and no trailing zero beyond
 * them ("0.008200" → "0,0082%", "2" → "2,00%", "1.5000" → "1,50%"), by text
 * so no digit is lost or invented.
 */
export function percentText(rate: string | null | undefined): string {
  return formatRate(rate);
}

/** The fees without a TAC: what an individual (PF) may be charged (shared/tac.ts). */
export function withoutTac(fees: ConditionsValues['fees']): ConditionsValues['fees'] {
  return fees.filter((f) => !isTacName(f.name));
}

/** The fees the company's parameters suggest: the TAC (when not zero) and the other fees, each editable. */
export function defaultFees(params: Pick<CompanyParameters, 'tac' | 'other_fees'> | undefined): ConditionsValues['fees'] {
  if (!params) return [];
  const fees = /[1-9]/.test(params.tac) ? [{ name: 'TAC', amount: params.tac }] : [];
  return [...fees, ...params.other_fees.map((f) => ({ name: f.name, amount: f.amount }))];
}

/** New conditions: today's release, the first due date a month later, the company's fees and IOF default. */
export function initialConditions(params: CompanyParameters | undefined, today: string): ConditionsValues {
  return {
    product: 'working_capital',
    amortization: 'price',
    requested_amount: '',
    monthly_rate: rateInputText(params?.min_monthly_rate),
    installments: '12',
    disbursement_date: today,
    first_due_date: addMonths(today, 1),
    finance_iof: params?.finance_iof_default ?? false,
    fees: defaultFees(params),
    secured_guarantee_ids: [],
  };
}

/** An operation's conditions, to edit them. */
export function conditionsOf(op: CreditOperation): ConditionsValues {
  return {
    product: op.product,
    amortization: op.amortization,
    requested_amount: op.requested_amount,
    monthly_rate: rateInputText(op.monthly_rate),
    installments: String(op.installments_count),
    disbursement_date: op.disbursement_date,
    first_due_date: op.first_due_date,
    finance_iof: op.finance_iof,
    fees: op.fees.map((f) => ({ name: f.name, amount: f.amount })),
    secured_guarantee_ids: [...op.secured_guarantee_ids],
  };
}

export interface SimulationBorrower {
  id: number;
  person_type: 'PF' | 'PJ';
  simples_nacional?: boolean;
}

/** The simulation call for checked conditions (the contract's camelCase names). */
export function simulationArgsOf(c: Conditions, borrower: SimulationBorrower) {
  return {
    personType: borrower.person_type,
    ...(borrower.person_type === 'PJ' && borrower.simples_nacional !== undefined ? { simplesNacional: borrower.simples_nacional } : {}),
    amortization: c.amortization,
    principal: c.requested_amount,
    monthlyRate: c.monthly_rate,
    installments: c.installments,
    disbursementDate: c.disbursement_date,
    firstDueDate: c.first_due_date,
    financeIof: c.finance_iof,
    borrowerId: borrower.id,
    fees: c.fees?.map((f) => ({ name: f.name, amount: f.amount })),
  };
}

/** The conditions part of the create and update bodies. */
export function conditionsBody(c: Conditions) {
  return {
    product: c.product,
    amortization: c.amortization,
    requested_amount: c.requested_amount,
    monthly_rate: c.monthly_rate,
    installments: c.installments,
    disbursement_date: c.disbursement_date,
    first_due_date: c.first_due_date,
    finance_iof: c.finance_iof,
    fees: c.fees?.map((f) => ({ name: f.name, amount: f.amount })),
    secured_guarantee_ids: [...c.secured_guarantee_ids],
  };
}

/** Two sets of checked conditions ask the same thing (a simulation of one stands for the other). */
export function conditionsKey(c: Conditions, borrowerId: number): string {
  return JSON.stringify([borrowerId, conditionsBody(c)]);
}

const SIMULATION_FIELDS: Record<string, (typeof CONDITION_FIELDS)[number]> = {
  principal: 'requested_amount',
  monthlyRate: 'monthly_rate',
  installments: 'installments',
  disbursementDate: 'disbursement_date',
  firstDueDate: 'first_due_date',
  financeIof: 'finance_iof',
  amortization: 'amortization',
  fees: 'fees',
  requested_amount: 'requested_amount',
  monthly_rate: 'monthly_rate',
  disbursement_date: 'disbursement_date',
  first_due_date: 'first_due_date',
  finance_iof: 'finance_iof',
  product: 'product',
  secured_guarantee_ids: 'secured_guarantee_ids',
};

/**
 * The form field a server error names ("principal" of the simulation,
 * "fees.1.amount", "requested_amount" of the create): the row of a fee
 * keeps its path; anything else is not a conditions field (undefined).
 */
export function conditionsFieldOf(field: string | undefined): string | undefined {
  if (!field) return undefined;
  const [head, ...rest] = field.split('.');
  const mapped = SIMULATION_FIELDS[head];
  if (!mapped) return undefined;
  return rest.length > 0 && mapped === 'fees' ? `fees.${rest.join('.')}` : mapped;
}

// ---------- one view of a simulation and of a saved operation ----------

export type ScheduleView = SimulationResult;

/** A saved operation in the simulation's shape, so the proposal and the building step draw the same view. */
export function resultOfOperation(op: CreditOperation): ScheduleView {
  return {
    installments: op.installments.map((i) => ({
      number: i.number,
      dueDate: i.due_date,
      payment: i.payment,
      interest: i.interest,
      amortization: i.amortization,
      balance: i.balance,
    })),
    iof: { ...op.iof, financed: op.finance_iof },
    cet: op.cet,
    fees: { items: op.fees, total: op.fees_total },
    principal: op.principal,
    totalInterest: op.total_interest,
    totalPayable: op.total_payable,
    released: op.released,
    releasedExcess: op.finance_iof ? decimalOfCents(centsOf(op.released) - centsOf(op.requested_amount)) : '0.00',
  };
}

// ---------- money by whole cents ----------

/** Whole cents of a decimal string ("1500.5" → 150050n); exact, no binary float. */
export function centsOf(decimal: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{0,2}))?/.exec(decimal.trim());
  if (!m) return 0n;
  const value = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] === '-' ? -value : value;
}

/** A cents amount as the wire's decimal text ("150050n" → "1500.50"). */
export function decimalOfCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The exact sum of decimal amounts. */
export function sumMoney(values: readonly string[]): string {
  return decimalOfCents(values.reduce((sum, v) => sum + centsOf(v), 0n));
}

// ---------- the building address ----------

/** ?borrower=ID&solicitation=ID preselect the borrower and remember the solicitation; anything else is ignored. */
export function buildingPreset(params: URLSearchParams): { borrowerId: number | null; solicitationId: number | null } {
  const id = (name: string) => {
    const raw = params.get(name);
    return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  };
  return { borrowerId: id('borrower'), solicitationId: id('solicitation') };
}

export { ANALYSIS_TABS, type AnalysisTab };
export function analysisTabOf(value: string | null): AnalysisTab {
  return (ANALYSIS_TABS as readonly string[]).includes(value ?? '') ? (value as AnalysisTab) : 'management';
}

/** Borrowers whose name or document holds the search text (document compared by digits). */
export function matchesBorrower(b: { name: string; document: string }, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  const digits = text.replace(/\D/g, '');
  return b.name.toLowerCase().includes(text) || (digits.length > 0 && b.document.replace(/\D/g, '').includes(digits));
}
