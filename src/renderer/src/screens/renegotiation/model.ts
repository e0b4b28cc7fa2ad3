/**
 * The renegotiation screen's conditions form, apart from React (unit-tested):
 * the contract's schema with the form's text turned into what the wire takes
 * (rates typed with a comma get the dot, the term a whole number; the money
 * field already keeps the wire's decimal), and the first values as the
 * screen's language writes them.
 */
import { contract } from '@shared/contract';
import { formSchema } from '@kit/form/formSchema';
import { textLocaleOf } from '@kit/form/localeText';
import type { z } from 'zod';

/** The conditions as the contract reads them; the rates typed with a comma get the dot (formSchema), the term a number. */
export const PERCENTS = ['late_charges_discount_percent', 'interest_discount_percent', 'monthly_rate'] as const;
export const conditionsFormSchema = formSchema(
  contract['renegotiation.simulate'].args.omit({ borrower_id: true, installment_ids: true }),
  // Left empty, the down payment falls due on the agreement's date (the server's default).
  { percents: PERCENTS, nullIfEmpty: ['down_payment_due_date'] },
);
export type Values = z.input<typeof conditionsFormSchema>;
export type Parsed = z.output<typeof conditionsFormSchema>;
export const FIELD_NAMES: readonly string[] = ['late_charges_discount_percent', 'interest_discount_percent', 'down_payment', 'down_payment_due_date', 'amortization', 'monthly_rate', 'term', 'first_due_date', 'finance_iof'];
/** The field's test id: the ones the end-to-end specs read. */
export const TEST_IDS: Record<keyof Values, string> = {
  late_charges_discount_percent: 'reneg-late',
  interest_discount_percent: 'reneg-interest',
  down_payment: 'reneg-down',
  down_payment_due_date: 'reneg-down-due',
  amortization: 'reneg-system',
  monthly_rate: 'reneg-rate',
  term: 'reneg-term',
  first_due_date: 'reneg-first',
  finance_iof: 'reneg-finance-iof',
};

/** The form's first values, rates written as the language writes them (the money field writes the down payment itself). */
export function initialConditions(language: string | undefined): Values {
  const rate = textLocaleOf(language) === 'en' ? '1.99' : '1,99';
  // The term is held as typed text; the schema reads it as a whole number.
  return { late_charges_discount_percent: '0', interest_discount_percent: '0', down_payment: '0.00', down_payment_due_date: '', amortization: 'price', monthly_rate: rate, term: '12' as unknown as number, first_due_date: '', finance_iof: true };
}
