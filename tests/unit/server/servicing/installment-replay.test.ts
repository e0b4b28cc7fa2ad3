/**
 * How the servicing area reads an installment's transactions as of a date:
 * a transaction dated after the day asked does not count (a reversal dated
 * later leaves its payment standing on that day), and an operation not yet
 * disbursed bears no charges.
 */
import { describe, expect, it } from 'vitest';
import { eventsOf, replayOf, type InstallmentRow, type ServicingContext } from '../../../../src/server/areas/collection/installments';
import type { InstallmentTransactionRow } from '../../../../src/server/areas/collection/schema';

const installment: InstallmentRow = {
  id: 7,
  credit_operation_id: 1,
  number: 1,
  due_date: '2026-03-10',
  payment: '300.00',
  interest: '60.00',
  amortization: '240.00',
  balance: '2760.00',
  paid_on: null,
  schedule_version: 1,
  superseded_in: null,
  collecting: true,
};

function tx(id: number, kind: 'payment' | 'reversal', paidOn: string, amount: string, reverses: number | null = null): InstallmentTransactionRow {
  return {
    id,
    installment_id: 7,
    credit_operation_id: 1,
    kind,
    amount,
    paid_on: paidOn,
    method: kind === 'payment' ? 'pix' : null,
    reference: null,
    late_fee: '0',
    default_interest: '0',
    interest: '0',
    principal: '0',
    reverses_id: reverses,
    reason: kind === 'reversal' ? 'devolvido' : null,
    actor_id: null,
    created_at: new Date(0),
  };
}

const context = (collecting: boolean): ServicingContext =>
  ({
    op: {} as ServicingContext['op'],
    collecting,
    disbursedOn: '2026-02-10',
    terms: { late_fee_percent: '2', default_interest_monthly_percent: '1', contract_monthly_percent: '2', remuneratory: 'simple_daily', late_days_from: 'due_date', legacy_until: null },
  }) satisfies ServicingContext;

describe('an installment as of a date', () => {
  const rows = [tx(1, 'payment', '2026-03-01', '100.00'), tx(2, 'reversal', '2026-03-05', '100.00', 1)];

  it('leaves out the transactions dated after the day asked', () => {
    expect(eventsOf(rows, '2026-03-03').map((e) => e.id)).toEqual(['1']);
    expect(eventsOf(rows).map((e) => e.id)).toEqual(['1', '2']);
  });

  it('keeps a payment standing until the day of its reversal', () => {
    expect(replayOf(context(true), installment, rows, '2026-03-04').state.paidTotal.toFixed(2)).toBe('100.00');
    expect(replayOf(context(true), installment, rows, '2026-03-05').state.paidTotal.toFixed(2)).toBe('0.00');
  });

  it('charges late installments of a disbursed operation only', () => {
    expect(replayOf(context(true), installment, [], '2026-04-09').state.charges.lateFee.toFixed(2)).toBe('6.00');
    const notYet = replayOf(context(false), installment, [], '2026-04-09').state;
    expect(notYet.charges.lateFee.toFixed(2)).toBe('0.00');
    expect(notYet.dueTotal.toFixed(2)).toBe('300.00');
  });
});
