/**
 * The prepayment dialog states the server's figures only: the confirmation's
 * rows come from the quote (full settlement) or the chosen simulated mode
 * (partial), and the apply call carries the amount the person saw.
 */
import { describe, expect, it } from 'vitest';
import type { PrepaymentQuote, PrepaymentSimulation } from '../../../src/shared/contract/servicing-prepayment';
import { translate } from '../../../src/shared/i18n';
import { centsOf } from '../../../src/renderer/src/screens/creditOperations/model';
import { applyArgs, chosenResult, confirmRows, interestCell, normalise } from '../../../src/renderer/src/screens/servicing/prepayment/model';

const t = (key: string, vars?: Record<string, unknown>) => translate('pt-BR', key, vars as Record<string, string | number> | undefined);

const quote: PrepaymentQuote = {
  credit_operation_id: 7,
  date: '2026-02-25',
  schedule_version: 1,
  monthly_rate: '2.0000',
  nominal: '3120.48',
  present_value: '2758.11',
  discount: '362.37',
  principal: '2741.32',
  accrued_interest: '16.79',
  rows: [],
  overdue: [],
  overdue_total: '0.00',
  settlement_total: '2758.11',
};

const result = (installments: number) => ({
  interest_paid: '16.79',
  principal_paid: '983.21',
  new_balance: '1758.11',
  installments,
  total_payable: '1900.00',
  savings: '220.48',
  rows: [],
});

const sim: PrepaymentSimulation = {
  credit_operation_id: 7,
  date: '2026-02-25',
  schedule_version: 1,
  amount: '1000.00',
  present_value: '2758.11',
  nominal: '3120.48',
  accrued_interest: '16.79',
  installments_before: 11,
  modes: [
    { mode: 'reduce_term', refusal: null, result: result(7) },
    { mode: 'reduce_installment', refusal: 'A parcela atual não cobre mais os juros', result: null },
  ],
};

describe('prepayment dialog model', () => {
  it('a full settlement confirms the present value, its split and the discount', () => {
    const rows = confirmRows({ kind: 'full' }, quote, null, t);
    expect(rows.map((r) => [r.id, r.amount ?? r.text])).toEqual([
      ['amount', '2758.11'],
      ['principal', '2741.32'],
      ['interest', '16.79'],
      ['discount', '362.37'],
      ['installments', '0'],
    ]);
    expect(applyArgs(7, { kind: 'full' }, quote, null, { method: 'pix', reference: '  ', key: 'k'.repeat(20) })).toEqual({
      id: 7,
      idempotency_key: 'k'.repeat(20),
      method: 'pix',
      reference: null,
      kind: 'full',
      amount: '2758.11',
      paid_on: '2026-02-25',
    });
  });

  it('a partial prepayment confirms the chosen mode, and a refused mode has nothing to confirm', () => {
    const rows = confirmRows({ kind: 'partial', mode: 'reduce_term' }, quote, sim, t);
    expect(rows.find((r) => r.id === 'new-balance')?.amount).toBe('1758.11');
    expect(rows.find((r) => r.id === 'installments')?.text).toBe('7');
    expect(chosenResult(sim, 'reduce_installment')).toBeNull();
    expect(confirmRows({ kind: 'partial', mode: 'reduce_installment' }, quote, sim, t)).toEqual([]);
    expect(applyArgs(7, { kind: 'partial', mode: 'reduce_term' }, quote, sim, { method: 'ted', reference: 'E1', key: 'k'.repeat(20) })).toMatchObject({
      kind: 'partial',
      mode: 'reduce_term',
      amount: '1000.00',
      reference: 'E1',
    });
  });

  it('reads an amount typed the Brazilian way as the wire’s decimal text', () => {
    expect(normalise('1.234,56')).toBe('1234.56');
    expect(normalise('R$ 1000,5')).toBe('1000.5');
    expect(normalise(' 1000.00 ')).toBe('1000.00');
  });

  it('on a due day the schedule’s rounding cents are their own line, never negative interest, and the rows still add up', () => {
    // present value 2741.28 against 2741.32 of scheduled principal: −0.04 of "interest".
    const onDueDay = { ...quote, present_value: '2741.28', accrued_interest: '-0.04', settlement_total: '2741.28' };
    const rows = confirmRows({ kind: 'full' }, onDueDay, null, t);
    expect(rows.find((r) => r.id === 'interest')?.amount).toBe('0.00');
    expect(rows.find((r) => r.id === 'interest-rounding')).toMatchObject({ amount: '-0.04', label: 'Arredondamento do cronograma (a favor do tomador)' });
    const cents = (id: string) => centsOf(rows.find((r) => r.id === id)?.amount ?? 'x');
    expect(cents('principal') + cents('interest') + cents('interest-rounding')).toBe(cents('amount'));
    expect(interestCell('-0.04')).toBe('0.00');
    expect(interestCell('16.79')).toBe('16.79');
    // A positive interest keeps one line.
    expect(confirmRows({ kind: 'full' }, quote, null, t).some((r) => r.id === 'interest-rounding')).toBe(false);
  });
});
