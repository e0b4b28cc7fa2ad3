import { describe, expect, it } from 'vitest';
import {
  EMPTY_CURRENCY,
  brDateToIso,
  brDateToIsoDate,
  contrastTone,
  formatCurrency,
  formatDate,
  formatInteger,
  isValidEmail,
  parseCurrency,
  remainingValue,
  truncate,
} from '../../../src/shared/format';

describe('formatCurrency (spec validation rules)', () => {
  it.each([null, undefined, ''])('shows R$ --- when empty (%s)', (v) => {
    expect(formatCurrency(v as null)).toBe(EMPTY_CURRENCY);
    expect(EMPTY_CURRENCY).toBe('R$ ---');
  });
  it('uses comma decimals, dot thousands and two decimals', () => {
    expect(formatCurrency(1234567.891)).toBe('R$ 1.234.567,89');
    expect(formatCurrency(0)).toBe('R$ 0,00');
    expect(formatCurrency(5)).toBe('R$ 5,00');
    expect(formatCurrency('10.5')).toBe('R$ 10,50');
  });
  it('shows negatives with a minus sign', () => {
    expect(formatCurrency(-12.3)).toBe('-R$ 12,30');
  });
});

describe('parseCurrency (spec validation rules)', () => {
  it('reads an empty string as 0', () => {
    expect(parseCurrency('')).toBe(0);
  });
  it('strips thousand separators and turns the decimal comma into a dot', () => {
    expect(parseCurrency('1.234.567,89')).toBe(1234567.89);
    expect(parseCurrency('12,5')).toBe(12.5);
  });
  it('removes other characters', () => {
    expect(parseCurrency('R$ 1.000,00')).toBe(1000);
    expect(parseCurrency('abc')).toBe(0);
  });
  it('scales down by the extra digits when there are more than two decimals', () => {
    // 12.345 has one extra decimal digit: divided by 10
    expect(parseCurrency('12,345')).toBeCloseTo(1.2345, 10);
    expect(parseCurrency('1,0000')).toBeCloseTo(0.01, 10);
  });
  it('turns NaN into 0', () => {
    expect(parseCurrency('--')).toBe(0);
    expect(parseCurrency(',')).toBe(0);
  });
});

describe('remainingValue', () => {
  it('returns the difference, or -1 when negative', () => {
    expect(remainingValue(100, 40)).toBe(60);
    expect(remainingValue(100, 100)).toBe(0);
    expect(remainingValue(100, 100.01)).toBe(-1);
  });
});

describe('dates', () => {
  it('formats DD/MM/YYYY in UTC', () => {
    expect(formatDate('2024-03-01T00:00:00.000Z')).toBe('01/03/2024');
    expect(formatDate('2024-12-31T23:59:59.000Z')).toBe('31/12/2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
  it('converts DD/MM/YYYY to YYYY-MM-DD and ISO', () => {
    expect(brDateToIsoDate('05/07/2023')).toBe('2023-07-05');
    expect(brDateToIso('05/07/2023')).toBe('2023-07-05T00:00:00.000Z');
  });
  it('rejects impossible dates', () => {
    expect(brDateToIsoDate('31/02/2023')).toBe('');
    expect(brDateToIsoDate('2023-02-01')).toBe('');
  });
});

describe('integers and truncation', () => {
  it('uses dot thousands', () => {
    expect(formatInteger(1234567)).toBe('1.234.567');
    expect(formatInteger(999)).toBe('999');
  });
  it('truncates at 50 characters plus ...', () => {
    const long = 'x'.repeat(60);
    expect(truncate(long)).toBe(`${'x'.repeat(50)}...`);
    expect(truncate('x'.repeat(50))).toBe('x'.repeat(50));
    expect(truncate(null)).toBe('');
  });
});

describe('isValidEmail', () => {
  it.each(['ana@example.com', 'a.b+c@sub.example.com.br', 'user@[192.168.0.1]', '"quoted name"@example.com'])(
    'accepts %s',
    (e) => expect(isValidEmail(e)).toBe(true),
  );
  it.each(['', 'ana', 'ana@', '@example.com', 'ana@example', 'ana @example.com', 'a..b@example.com'])(
    'rejects %s',
    (e) => expect(isValidEmail(e)).toBe(false),
  );
});

describe('contrastTone (threshold 130, weights 299/587/114)', () => {
  it('picks dark text on light backgrounds and light text on dark ones', () => {
    expect(contrastTone('#ffffff')).toBe('dark');
    expect(contrastTone('#000000')).toBe('light');
    expect(contrastTone('#fff')).toBe('dark');
  });
  it('switches exactly at 130', () => {
    // grey 130: (130*299 + 130*587 + 130*114)/1000 = 130
    expect(contrastTone('#828282')).toBe('dark');
    expect(contrastTone('#818181')).toBe('light');
  });
});

describe('numbers in the language of the screen (amounts, rates, percentages and counts one way per language)', () => {
  it('writes rates, percentages and integers with the Portuguese comma or the English point', async () => {
    const { formatPercentage, formatRate, percentageInputText, parsePercentage } = await import('../../../src/shared/format');
    expect(formatRate('39.2', 'pt-BR')).toBe('39,20%');
    expect(formatRate('39.2', 'en')).toBe('39.20%');
    expect(formatRate('0.008200', 'en')).toBe('0.0082%');
    expect(formatPercentage(12.345, 'pt-BR')).toBe('12,35%');
    expect(formatPercentage(1234.5, 'en')).toBe('1,234.50%');
    expect(formatInteger(1234567, 'en')).toBe('1,234,567');
    expect(formatInteger(1234567, 'pt-BR')).toBe('1.234.567');
    // The field takes what it shows, in either language.
    for (const locale of ['pt-BR', 'en'] as const) expect(parsePercentage(percentageInputText(37.5, locale))).toBe(37.5);
  });

  it('follows the language the renderer set, and keeps Portuguese by default', async () => {
    const { formatRate, setMoneyLocale, moneyLocale } = await import('../../../src/shared/format');
    const before = moneyLocale();
    try {
      setMoneyLocale('en');
      expect(formatRate('1.99')).toBe('1.99%');
      expect(formatInteger(1000)).toBe('1,000');
      setMoneyLocale('pt-BR');
      expect(formatRate('1.99')).toBe('1,99%');
    } finally {
      setMoneyLocale(before);
    }
  });
});
