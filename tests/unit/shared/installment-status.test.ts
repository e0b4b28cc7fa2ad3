/** The designed installment workflow (src/shared/installment-status.ts). */
import { describe, expect, it } from 'vitest';
import {
  canBeOverdue,
  canMoveInstallment,
  COLLECTIBLE_STATUSES,
  FINAL_INSTALLMENT_STATUSES,
  INSTALLMENT_STATUS_LABELS_PT,
  INSTALLMENT_STATUSES,
  installmentTransitionMessage,
  isInstallmentStatus,
  MANUAL_INSTALLMENT_STATUSES,
  manualInstallmentMove,
  manualMoveMessage,
  nextInstallmentStatuses,
  STORED_INSTALLMENT_STATUSES,
  statusFromPayments,
  type InstallmentOwner,
  type PaymentProgress,
} from '../../../src/shared/installment-status';

describe('installment status workflow', () => {
  it('moves among open, partially paid and paid by payments and reversals', () => {
    for (const [from, to] of [
      ['open', 'partially_paid'],
      ['open', 'paid'],
      ['partially_paid', 'paid'],
      ['partially_paid', 'open'],
      ['paid', 'partially_paid'],
      ['paid', 'open'],
    ] as const) {
      expect(canMoveInstallment(from, to)).toBe(true);
    }
  });

  it('has no stored overdue status: overdue is derived from the date', () => {
    expect(isInstallmentStatus('overdue')).toBe(false);
    expect(canBeOverdue('open')).toBe(true);
    expect(canBeOverdue('partially_paid')).toBe(true);
    expect(canBeOverdue('paid')).toBe(false);
    expect(canBeOverdue('written_off')).toBe(false);
  });

  it('never renegotiates, writes off or assigns what is already paid', () => {
    expect(canMoveInstallment('paid', 'renegotiated')).toBe(false);
    expect(canMoveInstallment('paid', 'written_off')).toBe(false);
    expect(canMoveInstallment('written_off', 'assigned')).toBe(false);
    expect(canMoveInstallment('written_off', 'paid')).toBe(false);
  });

  it('keeps renegotiated final and does not count staying put as a move', () => {
    for (const final of FINAL_INSTALLMENT_STATUSES) {
      expect(nextInstallmentStatuses(final)).toEqual([]);
      for (const to of INSTALLMENT_STATUSES) expect(canMoveInstallment(final, to)).toBe(false);
    }
    for (const s of INSTALLMENT_STATUSES) expect(canMoveInstallment(s, s)).toBe(false);
  });

  it('takes an assigned installment to paid, back to the lender by repurchase, or back to what its payments say when the cession is reversed', () => {
    expect(nextInstallmentStatuses('assigned')).toEqual(['paid', 'repurchased', 'open', 'partially_paid']);
    expect(canMoveInstallment('assigned', 'written_off')).toBe(false);
    expect(canMoveInstallment('assigned', 'renegotiated')).toBe(false);
    // Undoing a repurchase gives the installment back to the assignee.
    expect(canMoveInstallment('repurchased', 'assigned')).toBe(true);
    expect(canMoveInstallment('repurchased', 'open')).toBe(false);
  });

  it('gives every status a path back from a payment reversal (statusFromPayments is always an allowed move)', () => {
    const owners: InstallmentOwner[] = ['lender', 'assignee', 'repurchased'];
    const progress: PaymentProgress[] = ['open', 'partially_paid', 'paid'];
    for (const owner of owners) {
      const reachable = progress.map((p) => statusFromPayments(p, owner));
      for (const from of reachable) for (const to of reachable) if (from !== to) expect(canMoveInstallment(from, to), `${from} → ${to} (${owner})`).toBe(true);
    }
    expect(statusFromPayments('partially_paid', 'assignee')).toBe('assigned');
    expect(statusFromPayments('open', 'repurchased')).toBe('repurchased');
    expect(statusFromPayments('partially_paid', 'repurchased')).toBe('partially_paid');
    // an undone write-off lands where the payments say
    expect(canMoveInstallment('written_off', statusFromPayments('open', 'lender'))).toBe(true);
    expect(canMoveInstallment('written_off', statusFromPayments('partially_paid', 'lender'))).toBe(true);
  });

  it('every transition leads to a known status, and every collectible status can be paid', () => {
    for (const s of INSTALLMENT_STATUSES) for (const to of nextInstallmentStatuses(s)) expect(isInstallmentStatus(to)).toBe(true);
    for (const s of COLLECTIBLE_STATUSES) expect(canMoveInstallment(s, 'paid')).toBe(true);
  });

  it('refuses a move with a Portuguese message naming both statuses', () => {
    expect(installmentTransitionMessage('paid', 'renegotiated')).toBe('Não é possível passar a parcela da situação "Paga" para "Renegociada".');
    expect(installmentTransitionMessage('open', 'open')).toBe('A parcela já está na situação "Em aberto".');
    expect(installmentTransitionMessage('bogus', 'paid')).toContain('"bogus"');
    for (const s of INSTALLMENT_STATUSES) expect(INSTALLMENT_STATUS_LABELS_PT[s]).toMatch(/\S/);
  });

  it('recognises only the declared codes', () => {
    expect(isInstallmentStatus('partially_paid')).toBe(true);
    for (const bad of ['PAID', 'paga', '', 'constructor', '__proto__', 1, null, undefined]) expect(isInstallmentStatus(bad)).toBe(false);
  });
});

describe('the moves a person asks for (PATCH …/installments/:x)', () => {
  const progress: PaymentProgress[] = ['open', 'partially_paid', 'paid'];

  it('is exactly this table: renegotiate and write off what the lender still collects, undo a write-off to what the payments say', () => {
    const table: string[] = [];
    for (const from of INSTALLMENT_STATUSES) {
      for (const to of MANUAL_INSTALLMENT_STATUSES) {
        for (const p of progress) {
          const move = manualInstallmentMove(from, to, p);
          if (move) table.push(`${from}>${to}@${p}:${move}`);
        }
      }
    }
    const everyProgress = (from: string, to: string, move: string) => progress.map((p) => `${from}>${to}@${p}:${move}`);
    expect(table.sort()).toEqual(
      [
        ...everyProgress('open', 'renegotiated', 'renegotiate'),
        ...everyProgress('open', 'written_off', 'write_off'),
        ...everyProgress('partially_paid', 'renegotiated', 'renegotiate'),
        ...everyProgress('partially_paid', 'written_off', 'write_off'),
        ...everyProgress('repurchased', 'renegotiated', 'renegotiate'),
        ...everyProgress('repurchased', 'written_off', 'write_off'),
        'written_off>open@open:undo_write_off',
        'written_off>partially_paid@partially_paid:undo_write_off',
      ].sort(),
    );
  });

  it('never moves by hand what payments move, nor what is paid, renegotiated or assigned', () => {
    for (const p of progress) {
      expect(manualInstallmentMove('open', 'partially_paid', p)).toBeNull();
      expect(manualInstallmentMove('partially_paid', 'open', p)).toBeNull();
      for (const to of MANUAL_INSTALLMENT_STATUSES) {
        expect(manualInstallmentMove('paid', to, p)).toBeNull();
        expect(manualInstallmentMove('renegotiated', to, p)).toBeNull();
        expect(manualInstallmentMove('assigned', to, p)).toBeNull();
      }
    }
    // an undone write-off never invents a payment nor forgets one
    expect(manualInstallmentMove('written_off', 'open', 'partially_paid')).toBeNull();
    expect(manualInstallmentMove('written_off', 'partially_paid', 'open')).toBeNull();
  });

  it('refuses naming both statuses, and says where an undone write-off would land', () => {
    expect(manualMoveMessage('paid', 'written_off', 'paid')).toBe('Não é possível passar a parcela da situação "Paga" para "Baixada como perda".');
    expect(manualMoveMessage('written_off', 'open', 'partially_paid')).toBe(
      'Não é possível passar a parcela da situação "Baixada como perda" para "Em aberto". Pelos pagamentos, ela volta para "Paga parcialmente".',
    );
    expect(manualMoveMessage('open', 'open', 'open')).toBe('A parcela já está na situação "Em aberto".');
  });

  it('stores only the statuses payments do not give, and every manual target is a workflow status', () => {
    expect([...STORED_INSTALLMENT_STATUSES]).toEqual(['renegotiated', 'written_off', 'assigned', 'repurchased', 'cancelled']);
    for (const s of STORED_INSTALLMENT_STATUSES) expect(['open', 'partially_paid', 'paid']).not.toContain(s);
    for (const s of MANUAL_INSTALLMENT_STATUSES) expect(isInstallmentStatus(s)).toBe(true);
    for (const s of ['written_off', 'renegotiated', 'cancelled'] as const) expect(canBeOverdue(s)).toBe(false);
  });
});
