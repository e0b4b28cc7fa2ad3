/**
 * The pure parts of the cession tab: the running totals of what is selected
 * and the amounts each confirmation states, summed in whole cents.
 */
import type { AssignableInstallment, CessionQuote, ReversibleList } from '@shared/contract/servicing-cession';
import { formatCurrency, formatDate } from '@shared/format';
import type { MoneyRow } from '@kit/MoneyConfirmDialog';
import { centsOf, decimalOfCents } from '../../creditOperations/model';

type T = (key: string, vars?: Record<string, unknown>) => string;

/** The face value of the selected installments. */
export function selectedFace(rows: readonly AssignableInstallment[], selected: ReadonlySet<number>): string {
  return decimalOfCents(rows.filter((r) => selected.has(r.id)).reduce((sum, r) => sum + centsOf(r.face_value), 0n));
}

/** The cession's confirmation: each installment's price, then the totals and the result. */
export function quoteRows(quote: CessionQuote, t: T): MoneyRow[] {
  // The totals first: with many installments the lines would push the price and the result below the dialog's fold.
  return [
    { label: t('servicing.cession.totalFace'), amount: quote.face_value, id: 'face' },
    { label: t('servicing.cession.totalPrice'), amount: quote.price, strong: true, id: 'price' },
    { label: t('servicing.cession.carrying'), amount: quote.carrying, id: 'carrying' },
    { label: t('servicing.cession.result'), amount: quote.result, id: 'result' },
    ...quote.installments.map((l) => ({
      label: t('servicing.cession.line', { number: l.number, due: formatDate(l.due_date), face: formatCurrency(l.face_value) }),
      amount: l.price,
      id: `installment-${l.id}`,
    })),
  ];
}

/** The reversal's confirmation: each installment's price undone and the sum. */
export function reverseRows(list: ReversibleList, selected: ReadonlySet<number>, t: T): MoneyRow[] {
  const chosen = list.installments.filter((i) => selected.has(i.id));
  return [
    ...chosen.map((i) => ({ label: t('servicing.cession.reverseLine', { number: i.number, cession: i.cession_number }), amount: i.price, id: `installment-${i.id}` })),
    { label: t('servicing.cession.reverseTotal'), amount: decimalOfCents(chosen.reduce((sum, i) => sum + centsOf(i.price), 0n)), strong: true, id: 'total' },
  ];
}
