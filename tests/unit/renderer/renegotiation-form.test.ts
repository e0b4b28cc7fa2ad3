/**
 * The renegotiation screen's conditions on the screen kit's fields, in both languages: what a Portuguese user types
 * ("1.234,56" for the down payment, "1,99" for the rate) and what an English one types ("1,234.56", "1.99") reach the
 * contract as the same wire text; the first values are written as the language writes them; what is not an amount or
 * a rate is refused with the kit's message in the language shown. The money field keeps the wire decimal the way the
 * kit's money input does (amountTextToDecimal), so the test takes the text through it as the field does.
 */
import { describe, expect, it } from 'vitest';
import { translate } from '../../../src/shared/i18n';
import type { Locale } from '../../../src/shared/bridge';
import { amountTextToDecimal, decimalToAmountText } from '../../../src/renderer/src/components/form/localeText';
import { localizedResolver } from '../../../src/renderer/src/components/form/resolver';
import { conditionsFormSchema, initialConditions } from '../../../src/renderer/src/screens/renegotiation/model';

/** The form's values as the kit's fields keep them after typing (money: the wire decimal when it reads as an amount). */
function typed(locale: Locale, text: { down: string; rate: string; late: string }) {
  const lang = locale === 'en' ? 'en' : 'pt-BR';
  return { ...initialConditions(locale), down_payment: amountTextToDecimal(text.down, lang) ?? text.down, monthly_rate: text.rate, late_charges_discount_percent: text.late, first_due_date: '2026-06-20' };
}

async function resolve(locale: Locale, values: Record<string, unknown>) {
  const t = (key: string, vars?: Record<string, unknown>) => translate(locale, key, vars as Record<string, string | number> | undefined);
  const resolver = localizedResolver(conditionsFormSchema, { down_payment: 'Entrada', monthly_rate: 'Taxa', late_charges_discount_percent: 'Desconto' }, t);
  return resolver(values as never, undefined, { fields: {}, shouldUseNativeValidation: false } as never);
}

describe('the renegotiation conditions in both languages', () => {
  it('Portuguese: "1.234,56" and "1,99" reach the contract as 1234.56 and 1.99', async () => {
    const result = await resolve('pt-BR', typed('pt-BR', { down: '1.234,56', rate: '1,99', late: '12,5' }));
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ down_payment: '1234.56', monthly_rate: '1.99', late_charges_discount_percent: '12.5', term: 12, amortization: 'price', finance_iof: true });
  });

  it('English: "1,234.56" and "1.99" reach the contract as the same text', async () => {
    const result = await resolve('en', typed('en', { down: '1,234.56', rate: '1.99', late: '12.5' }));
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ down_payment: '1234.56', monthly_rate: '1.99', late_charges_discount_percent: '12.5', term: 12 });
  });

  it('the first values are written as the language writes them', () => {
    expect(initialConditions('pt-BR').monthly_rate).toBe('1,99');
    expect(initialConditions('en').monthly_rate).toBe('1.99');
    // The money field shows the wire's 0.00 as each language writes it.
    expect(decimalToAmountText(initialConditions('pt-BR').down_payment, 'pt-BR')).toBe('0,00');
    expect(decimalToAmountText(initialConditions('en').down_payment, 'en')).toBe('0.00');
    expect(decimalToAmountText('1234.56', 'pt-BR')).toBe('1.234,56');
    expect(decimalToAmountText('1234.56', 'en')).toBe('1,234.56');
  });

  it('an amount written the other language’s way is not read as another amount: refused on its field', async () => {
    // "1,234.56" in Portuguese is not an amount (the comma is the decimal mark): the field keeps the text, the schema refuses it.
    expect(amountTextToDecimal('1,234.56', 'pt-BR')).toBeNull();
    const pt = await resolve('pt-BR', typed('pt-BR', { down: '1,234.56', rate: '1,99', late: '0' }));
    expect(Object.keys(pt.errors)).toEqual(['down_payment']);
    expect(String((pt.errors as Record<string, { message?: string }>).down_payment.message)).toContain('Entrada');
  });

  it('a rate that is no number, or above the contract’s 15% a month, is refused on the rate in the language shown', async () => {
    const pt = await resolve('pt-BR', typed('pt-BR', { down: '0,00', rate: 'abc', late: '0' }));
    expect(Object.keys(pt.errors)).toEqual(['monthly_rate']);
    const en = await resolve('en', typed('en', { down: '0.00', rate: '16', late: '0' }));
    expect(Object.keys(en.errors)).toEqual(['monthly_rate']);
    expect(String((en.errors as Record<string, { message?: string }>).monthly_rate.message)).toContain('15');
  });
});
