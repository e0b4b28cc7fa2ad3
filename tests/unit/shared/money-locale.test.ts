/**
 * One money format per language: what a screen shows (formatCurrency) is what the money field takes back
 * (amountTextToDecimal) and shows while typing (decimalToAmountText), in Portuguese and in English alike.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCurrency, moneyLocale, setMoneyLocale, type MoneyLocale } from '../../../src/shared/format';
import { amountTextToDecimal, decimalToAmountText } from '../../../src/renderer/src/components/form/localeText';
import { normalise } from '../../../src/renderer/src/screens/servicing/prepayment/model';

const LOCALES: MoneyLocale[] = ['pt-BR', 'en'];

/** A non-negative amount with two places as the wire writes it, up to a trillion reais. */
const wireAmount = fc.bigInt({ min: 0n, max: 100_000_000_000_000n }).map((cents) => {
  const s = cents.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
});

afterEach(() => setMoneyLocale('pt-BR'));

describe('formatCurrency per language', () => {
  it('writes English amounts with dot decimals and comma thousands, Portuguese ones the other way', () => {
    expect(formatCurrency('11312.74', 'en')).toBe('R$ 11,312.74');
    expect(formatCurrency('11312.74', 'pt-BR')).toBe('R$ 11.312,74');
    expect(formatCurrency('30000', 'en')).toBe('R$ 30,000.00');
    expect(formatCurrency(-12.3, 'en')).toBe('-R$ 12.30');
    expect(formatCurrency(null, 'en')).toBe('R$ ---');
  });

  it('follows the language the app set when no language is named (the renderer sets it on a language change)', () => {
    expect(moneyLocale()).toBe('pt-BR');
    setMoneyLocale('en');
    expect(formatCurrency('1234.5')).toBe('R$ 1,234.50');
    setMoneyLocale('pt-BR');
    expect(formatCurrency('1234.5')).toBe('R$ 1.234,50');
  });

  it('rounds decimal text by text, half away from zero, never through a float', () => {
    expect(formatCurrency('1.005', 'pt-BR')).toBe('R$ 1,01');
    expect(formatCurrency('-0.004', 'pt-BR')).toBe('R$ 0,00');
    expect(formatCurrency('999999999999999.995', 'en')).toBe('R$ 1,000,000,000,000,000.00');
    expect(formatCurrency('abc', 'en')).toBe('R$ ---');
    expect(formatCurrency(Number.NaN, 'en')).toBe('R$ ---');
  });

  it('in Portuguese writes numbers exactly as Intl pt-BR did before (no screen changes in Portuguese)', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (cents) => {
        const n = cents / 100;
        expect(formatCurrency(n, 'pt-BR')).toBe(intl.format(n).replace(/[\u00a0\u202f]/g, ' '));
      }),
    );
  });
});

describe('the money field takes what the screen shows', () => {
  it.each(LOCALES)('%s: shown amount → typed back → the same wire amount; the field shows the screen’s digits', (locale) => {
    fc.assert(
      fc.property(wireAmount, (wire) => {
        const shown = formatCurrency(wire, locale);
        // Pasted with its "R$" or without it, the field reads the same amount.
        expect(amountTextToDecimal(shown, locale)).toBe(wire);
        expect(amountTextToDecimal(shown.replace(/^R\$ /, ''), locale)).toBe(wire);
        // While typing, the field writes it as the screen does.
        expect(`R$ ${decimalToAmountText(wire, locale)}`).toBe(shown);
      }),
    );
  });

  it('the prepayment amount reads an English screen’s amount in English', () => {
    expect(normalise('R$ 11,312.74', 'en')).toBe('11312.74');
    expect(normalise('1.234,56', 'pt-BR')).toBe('1234.56');
  });

  it('an amount in the other language’s way is not silently read as another amount', () => {
    // "1.234" in English would be one real and 234 thousandths: refused, not read as 1,234.
    expect(amountTextToDecimal('1.234', 'en')).toBeNull();
    expect(amountTextToDecimal('1,234', 'pt-BR')).toBeNull();
  });
});
