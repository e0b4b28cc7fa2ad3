/**
 * The renegotiation limits form apart from React: the values shown as the language writes them, the percent typed
 * with a comma or a dot read as the wire's, 0–100 and money ≥ 0 refused otherwise, and every role sent.
 */
import { describe, expect, it } from 'vitest';
import { aloneField, limitsFormSchema, limitsToValues, percentField, percentText, valuesToArgs } from '../../../src/renderer/src/screens/renegotiation/limits-model';

const DATA = {
  company_id: 1,
  roles: [
    { role_id: 3, max_discount_percent: '100.00', alone_up_to: '20000.00' },
    { role_id: 1, max_discount_percent: '80.00', alone_up_to: '5000.00' },
    { role_id: 5, max_discount_percent: '12.50', alone_up_to: '1000.00' },
    { role_id: 4, max_discount_percent: '0.00', alone_up_to: '0.00' },
  ],
  pending_change: null,
};

describe('the renegotiation limits form', () => {
  it('shows percents as the language writes them, without trailing zeros', () => {
    expect(percentText('12.50', 'pt-BR')).toBe('12,5');
    expect(percentText('12.50', 'en')).toBe('12.5');
    expect(percentText('100.00', 'pt-BR')).toBe('100');
    const values = limitsToValues(DATA, 'pt-BR');
    expect(values[percentField(5)]).toBe('12,5');
    expect(values[aloneField(3)]).toBe('20000.00');
  });

  it('reads a comma as the decimal point and sends every role', () => {
    const parsed = limitsFormSchema.parse({ ...limitsToValues(DATA, 'pt-BR'), [percentField(5)]: '7,25' });
    expect(valuesToArgs(parsed as Record<string, unknown>)).toEqual({
      company_id: 1,
      roles: [
        { role_id: 3, max_discount_percent: '100', alone_up_to: '20000.00' },
        { role_id: 1, max_discount_percent: '80', alone_up_to: '5000.00' },
        { role_id: 5, max_discount_percent: '7.25', alone_up_to: '1000.00' },
        { role_id: 4, max_discount_percent: '0', alone_up_to: '0.00' },
      ],
    });
  });

  it('refuses a percent above 100 or negative, and money that is not an amount, on their fields', () => {
    const refused = (patch: Record<string, unknown>) => {
      const r = limitsFormSchema.safeParse({ ...limitsToValues(DATA, 'en'), ...patch });
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(refused({ [percentField(1)]: '100.01' })).toEqual([percentField(1)]);
    expect(refused({ [percentField(4)]: '-1' })).toEqual([percentField(4)]);
    expect(refused({ [aloneField(5)]: '1.001' })).toEqual([aloneField(5)]);
    expect(refused({})).toEqual([]);
  });
});
