import { describe, expect, it } from 'vitest';
import type { CreditOperation } from '../../../src/shared/contract/credit-operations';
import { CREDIT_OPERATION_STATUSES } from '../../../src/shared/credit-operation-status';
import {
  addMonths,
  analysisTabOf,
  buildingPreset,
  centsOf,
  conditionsBody,
  conditionsFieldOf,
  conditionsKey,
  conditionsOf,
  conditionsSchema,
  defaultFees,
  initialConditions,
  localToday,
  matchesBorrower,
  needsReason,
  percentText,
  rateInputText,
  resultOfOperation,
  simulationArgsOf,
  statusIntent,
  sumMoney,
  type Conditions,
} from '../../../src/renderer/src/screens/creditOperations/model';

const typed = {
  product: 'working_capital',
  amortization: 'price',
  requested_amount: '10000.00',
  monthly_rate: '2,5',
  installments: '12',
  disbursement_date: '2025-01-31',
  first_due_date: '2025-02-28',
  finance_iof: true,
  fees: [{ name: 'TAC', amount: '150.00' }],
  secured_guarantee_ids: [3],
};

describe('credit operation screens: pure parts', () => {
  it('moves a calendar day by months by text, clamped to the month end, across years', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
    expect(addMonths('2025-03-31', 13)).toBe('2026-04-30');
  });

  it("reads today's date from the workstation's clock fields (no UTC shift at 23:30)", () => {
    expect(localToday(new Date(2025, 0, 31, 23, 30))).toBe('2025-01-31');
    expect(localToday(new Date(2025, 11, 1, 0, 5))).toBe('2025-12-01');
  });

  it('shows rates by text, keeping every digit the server sent', () => {
    expect(rateInputText('2.5000')).toBe('2,5');
    expect(rateInputText('2.00')).toBe('2');
    expect(percentText('0.008200')).toBe('0,0082%');
    expect(percentText('0.38')).toBe('0,38%');
    expect(percentText('34.49')).toBe('34,49%');
    expect(percentText('2')).toBe('2,00%');
    expect(percentText('1.5000')).toBe('1,50%');
    expect(percentText('36.00')).toBe('36,00%');
    expect(percentText(null)).toBe('');
    expect(percentText('abc')).toBe('');
  });

  it("suggests the company's TAC (unless zero) and other fees", () => {
    expect(defaultFees({ tac: '150.00', other_fees: [{ name: 'Cadastro', amount: '50.00' }] })).toEqual([
      { name: 'TAC', amount: '150.00' },
      { name: 'Cadastro', amount: '50.00' },
    ]);
    expect(defaultFees({ tac: '0.00', other_fees: [] })).toEqual([]);
    expect(defaultFees(undefined)).toEqual([]);
  });

  it('starts new conditions today with the first due date a month later and the IOF default', () => {
    const c = initialConditions({ tac: '0.00', other_fees: [], finance_iof_default: true, min_monthly_rate: '1.5000' } as never, '2025-01-31');
    expect(c.disbursement_date).toBe('2025-01-31');
    expect(c.first_due_date).toBe('2025-02-28');
    expect(c.finance_iof).toBe(true);
    expect(c.monthly_rate).toBe('1,5');
  });

  it('reads the typed conditions through the contract rules (plots as a number, the rate with a dot)', () => {
    const parsed = conditionsSchema.safeParse(typed);
    expect(parsed.success).toBe(true);
    const c = parsed.data as Conditions;
    expect(c.installments).toBe(12);
    expect(c.monthly_rate).toBe('2.5');
    const bad = conditionsSchema.safeParse({ ...typed, first_due_date: '2025-01-31' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['first_due_date']);
    expect(conditionsSchema.safeParse({ ...typed, installments: '0' }).success).toBe(false);
    expect(conditionsSchema.safeParse({ ...typed, requested_amount: '0.00' }).success).toBe(false);
  });

  it('sends the simulation in its camelCase names and the proposal in snake_case, money untouched', () => {
    const c = conditionsSchema.parse(typed) as Conditions;
    expect(simulationArgsOf(c, { id: 7, person_type: 'PJ', simples_nacional: true })).toEqual({
      personType: 'PJ',
      simplesNacional: true,
      amortization: 'price',
      principal: '10000.00',
      monthlyRate: '2.5',
      installments: 12,
      disbursementDate: '2025-01-31',
      firstDueDate: '2025-02-28',
      financeIof: true,
      borrowerId: 7,
      fees: [{ name: 'TAC', amount: '150.00' }],
    });
    expect(simulationArgsOf(c, { id: 7, person_type: 'PF' })).not.toHaveProperty('simplesNacional');
    expect(conditionsBody(c)).toMatchObject({ requested_amount: '10000.00', monthly_rate: '2.5', installments: 12, secured_guarantee_ids: [3] });
    expect(conditionsKey(c, 7)).toBe(conditionsKey(conditionsSchema.parse({ ...typed, monthly_rate: '2.5' }) as Conditions, 7));
    expect(conditionsKey(c, 7)).not.toBe(conditionsKey(c, 8));
  });

  it("places the server's field on the form's (simulation names, proposal names, a fee's row)", () => {
    expect(conditionsFieldOf('principal')).toBe('requested_amount');
    expect(conditionsFieldOf('monthlyRate')).toBe('monthly_rate');
    expect(conditionsFieldOf('disbursementDate')).toBe('disbursement_date');
    expect(conditionsFieldOf('first_due_date')).toBe('first_due_date');
    expect(conditionsFieldOf('fees.1.amount')).toBe('fees.1.amount');
    expect(conditionsFieldOf('idempotency_key')).toBeUndefined();
    expect(conditionsFieldOf(undefined)).toBeUndefined();
  });

  it('sums money by whole cents (no binary float: 0.10 + 0.20 is 0.30)', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['1500', '0.5', '999999999999.99'])).toBe('1000000001500.49');
    expect(sumMoney([])).toBe('0.00');
    expect(centsOf('-12.3')).toBe(-1230n);
  });

  it('draws a saved operation in the simulation shape', () => {
    const op = {
      installments: [{ number: 1, due_date: '2025-02-28', payment: '100.00', interest: '10.00', amortization: '90.00', balance: '0.00' }],
      iof: { daily: '1.00', additional: '2.00', total: '3.00', rates: { personType: 'PF', dailyPercent: '0.0082', additionalPercent: '0.38', legalBasis: 'Decreto' } },
      finance_iof: false,
      cet: { monthly: '3.00', yearly: '42.58' },
      fees: [{ name: 'TAC', amount: '5.00' }],
      fees_total: '5.00',
      principal: '90.00',
      total_interest: '10.00',
      total_payable: '100.00',
      released: '82.00',
    } as unknown as CreditOperation;
    const view = resultOfOperation(op);
    expect(view.installments[0].dueDate).toBe('2025-02-28');
    expect(view.iof.financed).toBe(false);
    expect(view.fees).toEqual({ items: [{ name: 'TAC', amount: '5.00' }], total: '5.00' });
    expect(view.totalPayable).toBe('100.00');
  });

  it('edits an operation from its saved conditions', () => {
    const c = conditionsOf({
      product: 'microcredit',
      amortization: 'sac',
      requested_amount: '3000.00',
      monthly_rate: '3.9000',
      installments_count: 6,
      disbursement_date: '2025-05-02',
      first_due_date: '2025-06-02',
      finance_iof: false,
      fees: [],
      secured_guarantee_ids: [],
    } as unknown as CreditOperation);
    expect(c).toMatchObject({ monthly_rate: '3,9', installments: '6', requested_amount: '3000.00' });
  });

  it('reads the building address and the analysis tab, ignoring anything else', () => {
    expect(buildingPreset(new URLSearchParams('borrower=12&solicitation=5'))).toEqual({ borrowerId: 12, solicitationId: 5 });
    expect(buildingPreset(new URLSearchParams('borrower=abc&solicitation=-1'))).toEqual({ borrowerId: null, solicitationId: null });
    expect(analysisTabOf('timeline')).toBe('timeline');
    expect(analysisTabOf('nope')).toBe('management');
    expect(analysisTabOf(null)).toBe('management');
  });

  it('finds a borrower by name or by the digits of the document', () => {
    const b = { name: 'Maria da Silva', document: '123.456.789-09' };
    expect(matchesBorrower(b, 'silva')).toBe(true);
    expect(matchesBorrower(b, '45678')).toBe(true);
    expect(matchesBorrower(b, 'João')).toBe(false);
    expect(matchesBorrower(b, '  ')).toBe(true);
  });

  it('has a colour for every status and knows which moves need a reason', () => {
    for (const s of CREDIT_OPERATION_STATUSES) expect(statusIntent(s)).toBeTruthy();
    expect(needsReason('refuse')).toBe(true);
    expect(needsReason('approve')).toBe(false);
  });
});
