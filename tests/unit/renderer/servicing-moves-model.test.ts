/**
 * The installment-move confirmations state the right amounts: what a write-off
 * moves to losses (the open principal) apart from the interest and charges it
 * leaves, in whole cents for any amounts; the write-off an undo reverses; and
 * the operation's write-off summed installment by installment.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MANUAL_INSTALLMENT_STATUSES } from '../../../src/shared/installment-status';
import { translate } from '../../../src/shared/i18n';
import type { InstallmentMoves, OperationWriteOff } from '../../../src/shared/contract/servicing-moves';
import { moveKind, moveRows, openRows, operationWriteOffRows, standingWriteOff } from '../../../src/renderer/src/screens/servicing/moves/model';

const t = (key: string, vars?: Record<string, unknown>) => translate('pt-BR', key, vars as Record<string, string | number> | undefined);
const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
const amountOf = (rows: ReturnType<typeof openRows>, id: string) => rows.find((r) => r.id === id)?.amount;

function installment(principal: string, dueTotal: string): InstallmentMoves['installment'] {
  const zero = '0.00';
  return {
    id: 7, number: 3, due_date: '2026-05-10', payable_until: '2026-05-11', value: '1000.00', principal: '900.00', interest: '100.00',
    status: 'open', overdue: true, days_late: 30,
    due: { late_fee: zero, default_interest: zero, interest: zero, principal }, due_total: dueTotal,
    paid: { late_fee: zero, default_interest: zero, interest: zero, principal: zero }, paid_total: zero,
    charges: { late_fee: zero, default_interest: zero, contract_interest: zero }, paid_on: null,
  };
}

function record(id: number, principal: string, undoes: number | null, undoneBy: number | null): InstallmentMoves['write_offs'][number] {
  return { id, principal, written_off_on: '2026-06-01', reason: 'motivo', undoes_id: undoes, undone_by: undoneBy, approval_request_id: null, actor_name: 'Ana', created_at: '2026-06-01T12:00:00.000Z' };
}

describe('installment moves: the amounts each confirmation states', () => {
  it('names every manual status as one of three moves, with words in both languages', () => {
    for (const to of MANUAL_INSTALLMENT_STATUSES) {
      const kind = moveKind(to);
      expect(['renegotiated', 'written_off', 'undo']).toContain(kind);
      for (const locale of ['pt-BR', 'en'] as const) {
        expect(translate(locale, `servicing.moves.actions.${to}`)).not.toMatch(/servicing\./);
        expect(translate(locale, `servicing.moves.dialog.confirm.${kind}`)).not.toMatch(/servicing\./);
      }
    }
    expect(moveKind('open')).toBe('undo');
    expect(moveKind('partially_paid')).toBe('undo');
  });

  it('splits what is open into the principal a write-off moves and the rest, cent for cent, for any amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 11 }), fc.integer({ min: 0, max: 10 ** 9 }), (principal, rest) => {
        const rows = openRows(installment(cents(principal), cents(principal + rest)), t);
        expect(amountOf(rows, 'principal')).toBe(cents(principal));
        expect(amountOf(rows, 'charges')).toBe(cents(rest));
        expect(amountOf(rows, 'due-total')).toBe(cents(principal + rest));
      }),
    );
  });

  it('an undo states the principal of the write-off still standing, not one already undone', () => {
    const moves = { installment: installment('0.00', '0.00'), write_offs: [record(1, '500.00', null, 2), record(2, '500.00', 1, null), record(3, '420.10', null, null)] } as InstallmentMoves;
    expect(standingWriteOff(moves)?.id).toBe(3);
    expect(moveRows('undo', moves, t)).toEqual([expect.objectContaining({ amount: '420.10', strong: true })]);
    expect(standingWriteOff({ write_offs: [record(1, '1.00', null, 2), record(2, '1.00', 1, null)] })).toBeNull();
  });

  it("the operation's write-off lists each installment and sums open principal and what is due in whole cents", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 0, max: 10 ** 7 })), { minLength: 1, maxLength: 60 }), (parts) => {
        const view: OperationWriteOff = {
          credit_operation_id: 1, status: 'disbursed', as_of: '2026-06-01',
          installments: parts.map(([p, r], i) => ({ id: i + 1, number: i + 1, status: 'open', open_principal: cents(p), due_total: cents(p + r) })),
          open_principal: cents(parts.reduce((s, [p]) => s + p, 0)),
          written_off: '0.00',
          request: null,
        };
        const rows = operationWriteOffRows(view, t);
        expect(rows.filter((r) => r.id?.startsWith('installment-'))).toHaveLength(parts.length);
        expect(amountOf(rows, 'total')).toBe(view.open_principal);
        expect(amountOf(rows, 'due-total')).toBe(cents(parts.reduce((s, [p, r]) => s + p + r, 0)));
        expect(rows.some((r) => r.id === 'written-off')).toBe(false);
      }),
    );
  });
});
