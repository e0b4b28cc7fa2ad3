/**
 * What the prepayment dialog states, computed from the server's answers only
 * (the quote and the simulation): the rows of the confirmation with the
 * amounts, and the apply call's arguments. No money is computed here: the
 * figures are the server's decimal text.
 */
import type { ArgsOf } from '@shared/contract/index';
import type { PrepaymentQuote, PrepaymentSimulation } from '@shared/contract/servicing-prepayment';
import type { PrepaymentMode, ReceiptMethod } from '@shared/servicing';
import type { MoneyRow } from '@kit/MoneyConfirmDialog';
import { amountTextToDecimal, type TextLocale } from '@kit/form/localeText';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type Choice = { kind: 'full' } | { kind: 'partial'; mode: PrepaymentMode };

export type SimulatedMode = PrepaymentSimulation['modes'][number];

/** The simulated mode chosen, when the server could apply it. */
export function chosenResult(sim: PrepaymentSimulation | null, mode: PrepaymentMode): NonNullable<SimulatedMode['result']> | null {
  return sim?.modes.find((m) => m.mode === mode)?.result ?? null;
}

/**
 * The interest a prepayment pays, as rows. On a due date the schedule's
 * amortizations, each rounded to the cent, can sum a few cents above the
 * present value, so "present value − principal" comes out at −R$ 0,01…0,05.
 * The server posts it as it is (balanced: interest income gives back those
 * cents, in the borrower's favour); shown as negative interest it read like
 * an error. So interest never shows below zero: the cents are a line of
 * their own, the schedule's rounding, and the rows still add up.
 */
export function interestRows(interest: string, label: string, id: string, t: Translate): MoneyRow[] {
  if (!interest.trim().startsWith('-')) return [{ label, amount: interest, id }];
  return [
    { label, amount: '0.00', id },
    { label: t('prepayment.rounding'), amount: interest, id: `${id}-rounding` },
  ];
}

/** Interest as one cell: never below zero (interestRows says why). */
export function interestCell(interest: string): string {
  return interest.trim().startsWith('-') ? '0.00' : interest;
}

/** The confirmation's amounts: what is received and how it splits, what is left afterwards. */
export function confirmRows(choice: Choice, quote: PrepaymentQuote, sim: PrepaymentSimulation | null, t: Translate): MoneyRow[] {
  if (choice.kind === 'full') {
    return [
      { label: t('prepayment.confirm.amount'), amount: quote.present_value, strong: true, id: 'amount' },
      { label: t('prepayment.confirm.principal'), amount: quote.principal, id: 'principal' },
      ...interestRows(quote.accrued_interest, t('prepayment.confirm.interest'), 'interest', t),
      { label: t('prepayment.confirm.discount'), amount: quote.discount, id: 'discount' },
      { label: t('prepayment.confirm.installments'), text: '0', id: 'installments' },
    ];
  }
  const result = chosenResult(sim, choice.mode);
  if (!sim || !result) return [];
  return [
    { label: t('prepayment.confirm.amount'), amount: sim.amount, strong: true, id: 'amount' },
    { label: t('prepayment.confirm.principal'), amount: result.principal_paid, id: 'principal' },
    ...interestRows(result.interest_paid, t('prepayment.confirm.interest'), 'interest', t),
    { label: t('prepayment.confirm.newBalance'), amount: result.new_balance, strong: true, id: 'new-balance' },
    { label: t('prepayment.confirm.installments'), text: String(result.installments), id: 'installments' },
  ];
}

/** The apply call for the choice confirmed: a full settlement carries the present value the person saw. */
export function applyArgs(
  operationId: number,
  choice: Choice,
  quote: PrepaymentQuote,
  sim: PrepaymentSimulation | null,
  receipt: { method: ReceiptMethod; reference: string; key: string },
): ArgsOf<'prepayment.apply'> {
  const common = { id: operationId, idempotency_key: receipt.key, method: receipt.method, reference: receipt.reference.trim() || null };
  if (choice.kind === 'full') return { ...common, kind: 'full', amount: quote.present_value, paid_on: quote.date };
  return { ...common, kind: 'partial', mode: choice.mode, amount: sim?.amount ?? '0', paid_on: sim?.date ?? quote.date };
}

/**
 * The amount as typed, in the wire's form, read the way the language writes amounts (the way the screen shows them):
 * a Portuguese "1.234,56" or "1234,56" becomes "1234.56", an English "1,234.56" too; text that is not an amount goes
 * as typed, for the server to refuse by name.
 */
export function normalise(text: string, locale: TextLocale = 'pt-BR'): string {
  const trimmed = text.trim().replace(/^R\$\s*/, '');
  if (locale === 'en') return amountTextToDecimal(trimmed, 'en') ?? trimmed;
  if (trimmed.includes(',')) return trimmed.replace(/\./g, '').replace(',', '.');
  return trimmed;
}
