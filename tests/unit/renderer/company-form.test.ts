/** The forms' text → wire normalisation (components/form/formSchema.ts) over the contract's own schemas. */
import { describe, expect, it } from 'vitest';
import { contract } from '../../../src/shared/contract';
import { z } from 'zod';
import { creditConditionsSchema } from '../../../src/shared/contract/credit-operations';
import { formSchema, normaliseFormText, rateText, wholeNumberFields } from '../../../src/renderer/src/components/form/formSchema';

describe('company form text', () => {
  it('reads whole numbers, decimal commas and empty optionals as the contract wants them', () => {
    expect(normaliseFormText({ n: ' 48 ', r: '2,5', d: '', e: 'x' }, { integers: ['n'], percents: ['r'], nullIfEmpty: ['d', 'e'] })).toEqual({ n: 48, r: '2.5', d: null, e: 'x' });
    // Text that is not a whole number stays text, so the schema refuses it instead of guessing.
    expect(normaliseFormText({ n: '4,5' }, { integers: ['n'] })).toEqual({ n: '4,5' });
    expect(normaliseFormText({ n: '1e3' }, { integers: ['n'] })).toEqual({ n: '1e3' });
  });

  it("keeps the contract's rules and field paths (the parameters' cross-field checks included)", () => {
    const schema = formSchema(contract['company.updateParameters'].args, { integers: ['min_installments', 'max_installments', 'grace_days'], percents: ['min_monthly_rate', 'max_monthly_rate', 'late_fee_percent', 'default_interest_monthly_percent'] });
    const values = {
      company_id: 1,
      min_monthly_rate: '0,99',
      max_monthly_rate: '4,99',
      min_installments: '3',
      max_installments: '48',
      min_value: '500.00',
      max_value: '150000.00',
      tac: '150.00',
      other_fees: [{ name: 'Cadastro', amount: '10.00' }],
      late_fee_percent: '2',
      default_interest_monthly_percent: '1',
      grace_days: '0',
      finance_iof_default: true,
    };
    const ok = schema.safeParse(values);
    expect(ok.success && ok.data).toMatchObject({ min_monthly_rate: '0.99', max_installments: 48, grace_days: 0 });
    const inverted = schema.safeParse({ ...values, min_installments: '50' });
    expect(inverted.success).toBe(false);
    expect(inverted.error?.issues.map((i) => i.path.join('.'))).toEqual(['max_installments']);
    const notNumber = schema.safeParse({ ...values, grace_days: 'dez' });
    expect(notNumber.error?.issues.map((i) => i.path.join('.'))).toEqual(['grace_days']);
  });

  it('shows stored rates as typed in pt-BR, without trailing zeros', () => {
    expect(rateText('2.5000')).toBe('2,5');
    expect(rateText('0.008200')).toBe('0,0082');
    expect(rateText('4.0000')).toBe('4');
    expect(rateText('0.0000')).toBe('0');
    expect(rateText(null)).toBe('');
  });
});

describe('whole-number fields come from the contract', () => {
  // The forms used to list their whole-number fields by hand; one list missed the cession's overdue days and the
  // company parameters could not be saved at all. The fields are now read from the schema: each form's former list
  // must be found without being written.
  const formerLists: ReadonlyArray<readonly [z.ZodType, readonly string[]]> = [
    [contract['company.updateParameters'].args, ['min_installments', 'max_installments', 'grace_days', 'max_first_period_days', 'max_disbursement_days_ahead', 'cession_max_days_overdue', 'cession_reversal_max_days', 'renegotiation_break_days']],
    [contract['borrowers.updateOtherInformation'].args, ['years_in_business']],
    [contract['borrowers.updateParameters'].args, ['max_installments']],
    [contract['borrowers.updateBusiness'].args, ['employees']],
    [contract['company.createBank'].args, ['next_our_number']],
    [contract['servicingMoves.saveTitle'].args, ['protest_days', 'negativation_days']],
    [creditConditionsSchema, ['installments']],
  ];
  it.each(formerLists.map(([schema, names], i) => [i, schema, names] as const))('form %i finds its whole numbers', (_i, schema, names) => {
    expect(wholeNumberFields(schema)).toEqual(expect.arrayContaining([...names]));
  });

  it('turns typed whole numbers into numbers without a list, and leaves money and text alone', () => {
    const schema = z.object({ days: z.number().int().min(0).max(360), note: z.string(), amount: z.string(), rate: z.number().optional() });
    expect(wholeNumberFields(schema)).toEqual(['days']);
    expect(formSchema(schema).safeParse({ days: '0', note: '12', amount: '10.00' }).success).toBe(true);
    expect(formSchema(schema).safeParse({ days: '4,5', note: '', amount: '1' }).success).toBe(false);
  });

  it('looks through optional, nullable, default and pipe wrappers', () => {
    const schema = z.object({ a: z.number().int().nullable().optional(), b: z.number().int().default(1), c: z.number().int().pipe(z.number()) });
    expect(wholeNumberFields(schema.refine(() => true))).toEqual(['a', 'b', 'c']);
  });
});
