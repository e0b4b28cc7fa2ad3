/**
 * The pure parts of the repurchase screens: the amounts each confirmation and
 * the details state, and the routes between the three screens.
 */
import type { RepurchasableInstallment, Repurchase } from '@shared/contract/servicing-repurchase';
import type { MoneyRow } from '@kit/MoneyConfirmDialog';

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
