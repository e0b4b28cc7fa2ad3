/**
 * The pure parts of the repurchase screens: the amounts each confirmation and
 * the details state, and the routes between the three screens.
 */
import type { RepurchasableInstallment, RepurchasableList, Repurchase } from '@shared/contract/servicing-repurchase';
import type { RepurchaseMarkCause } from '@shared/servicing';
import type { MoneyRow } from '@kit/MoneyConfirmDialog';
import { centsOf, decimalOfCents } from '../../creditOperations/model';

type T = (key: string, vars?: Record<string, unknown>) => string;

export const r = (key: string) => `servicing.repurchase.${key}`;

/** The three screens' paths under the operation's analysis. */
export const repurchasePaths = {
  list: (operationId: number | string) => `/app/clientOperation/analize/${operationId}/repurchase`,
  title: (operationId: number | string) => `/app/clientOperation/analize/${operationId}/repurchase/title`,
  details: (operationId: number | string, installmentId: number) => `/app/clientOperation/analize/${operationId}/repurchase/${installmentId}/details`,
};

/** What the repurchase costs and what it does to the books, as the server figured it. */
export function amountRows(figures: Pick<RepurchasableInstallment | Repurchase, 'rule' | 'face_value' | 'charges' | 'discount' | 'amount' | 'carrying' | 'result'>, t: T): MoneyRow[] {
  return [
    { label: t(r('rows.rule')), text: t(r(`rules.${figures.rule}`)), id: 'rule' },
    { label: t(r('rows.face')), amount: figures.face_value, id: 'face' },
    { label: t(r('rows.charges')), amount: figures.charges, id: 'charges' },
    { label: t(r('rows.discount')), amount: figures.discount, id: 'discount' },
    { label: t(r('rows.amount')), amount: figures.amount, strong: true, id: 'amount' },
    { label: t(r('rows.carrying')), amount: figures.carrying, id: 'carrying' },
    { label: t(r('rows.result')), amount: figures.result, id: 'result' },
  ];
}

/**
 * What a mark (set or cleared) concerns: the cause, and the operation's assigned installments still open with what
 * buying them all back would cost today (the list with include=all), summed in whole cents.
 */
export function markRows(cause: RepurchaseMarkCause, assigned: RepurchasableList | undefined, t: T): MoneyRow[] {
  const rows = assigned?.installments ?? [];
  return [
    { label: t(r('marks.rows.cause')), text: t(r(`causes.${cause}`)), id: 'cause' },
    { label: t(r('marks.rows.installments')), text: String(rows.length), id: 'installments' },
    { label: t(r('marks.rows.amount')), amount: decimalOfCents(rows.reduce((sum, i) => sum + centsOf(i.amount), 0n)), strong: true, id: 'amount' },
  ];
}
