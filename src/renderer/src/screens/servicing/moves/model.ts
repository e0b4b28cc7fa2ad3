/**
 * The pure parts of the installment-move screens: which move a status asked
 * for is (renegotiate, ask for a write-off, undo one), and the amounts each
 * confirmation states. Amounts are summed in whole cents, never as floats.
 */
import type { InstallmentMoves, OperationWriteOff } from '@shared/contract/servicing-moves';
import type { ManualInstallmentStatus } from '@shared/installment-status';
import type { MoneyRow } from '@kit/MoneyConfirmDialog';
import { centsOf, decimalOfCents } from '../../creditOperations/model';

export type MoveKind = 'renegotiated' | 'written_off' | 'undo';

/** The move a status asked for is: back to open or partially paid is always the undoing of a write-off. */
export function moveKind(to: ManualInstallmentStatus): MoveKind {
  return to === 'renegotiated' || to === 'written_off' ? to : 'undo';
}

type T = (key: string, vars?: Record<string, unknown>) => string;

/** What is open on the installment today, split into the principal (what a write-off moves) and the rest. */
export function openRows(i: InstallmentMoves['installment'], t: T): MoneyRow[] {
  const charges = decimalOfCents(centsOf(i.due_total) - centsOf(i.due.principal));
  return [
    { label: t('servicing.moves.rows.principal'), amount: i.due.principal, strong: true, id: 'principal' },
    { label: t('servicing.moves.rows.charges'), amount: charges, id: 'charges' },
    { label: t('servicing.moves.rows.dueTotal'), amount: i.due_total, id: 'due-total' },
  ];
}

/** The principal of the installment's write-off still standing (the one an undo reverses), or null. */
export function standingWriteOff(moves: Pick<InstallmentMoves, 'write_offs'>): InstallmentMoves['write_offs'][number] | null {
  return moves.write_offs.find((w) => w.undoes_id === null && w.undone_by === null) ?? null;
}

/** The amounts a move's confirmation states. */
export function moveRows(kind: MoveKind, moves: InstallmentMoves, t: T): MoneyRow[] {
  const i = moves.installment;
  if (kind === 'undo') {
    const standing = standingWriteOff(moves);
    return [{ label: t('servicing.moves.rows.writtenOff'), amount: standing?.principal ?? '0.00', strong: true, id: 'written-off' }];
  }
  if (kind === 'renegotiated') return [{ label: t('servicing.moves.rows.value'), amount: i.value, id: 'value' }, ...openRows(i, t)];
  return openRows(i, t);
}

/** The operation's write-off as its confirmation states it: each installment's open principal, the sum, what it leaves aside. */
export function operationWriteOffRows(w: OperationWriteOff, t: T): MoneyRow[] {
  return [
    ...w.installments.map((i) => ({
      label: t('servicing.writeOff.installment', { number: i.number, status: t(`servicing.status.${i.status}`) }),
      amount: i.open_principal,
      id: `installment-${i.number}`,
    })),
    { label: t('servicing.writeOff.total'), amount: w.open_principal, strong: true, id: 'total' },
    { label: t('servicing.writeOff.dueTotal'), amount: decimalOfCents(w.installments.reduce((sum, i) => sum + centsOf(i.due_total), 0n)), id: 'due-total' },
    ...(centsOf(w.written_off) > 0n ? [{ label: t('servicing.writeOff.writtenOff'), amount: w.written_off, id: 'written-off' }] : []),
  ];
}
