/**
 * The form kit's message map field kind by field kind, in Portuguese and in
 * English: an empty field is "required", text that is not written as the kind
 * is a wrong format with an example in the person's language, a value of the
 * kind outside what the field takes says the range, and a rule of the
 * contract says the rule; four different messages, never zod's English nor
 * the contract's Portuguese on an English screen. Also the amount and date
 * text of the fields, which must not depend on the workstation's locale.
 */
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '../../../src/shared/contract';
import { creditConditionsSchema } from '../../../src/shared/contract/credit-operations';
import { calendarDaySchema, moneyInputSchema, percentInputSchema, positiveMoneyInputSchema } from '../../../src/shared/contract/money';
import { translate } from '../../../src/shared/i18n';
import type { Locale } from '../../../src/shared/bridge';
import type { FieldKind, Translate } from '../../../src/renderer/src/components/form/messages';
import { kitFieldMessage, localizedResolver } from '../../../src/renderer/src/components/form/resolver';
import { numericRangeAt } from '../../../src/renderer/src/components/form/schemaRange';
import {
  amountTextToDecimal,
  dateTextToIso,
  decimalToAmountText,
  isIsoDay,
  isoToDateText,
  maskDateTyping,
  numberTextToNumber,
} from '../../../src/renderer/src/components/form/localeText';
import { conditionsSchema } from '../../../src/renderer/src/screens/creditOperations/model';

const tFor =
  (locale: Locale): Translate =>
  (key, vars = {}) =>
    translate(locale, key, vars as Record<string, string | number>);

/** zod's own English, and the contract's Portuguese words: neither may reach a screen in the other language. */
const ZOD_ENGLISH = /Too (big|small)|expected|Invalid input|Required|Invalid/;
const PORTUGUESE = /preencha|informe|inválid|escreva|valor|número|percentual|data|escolha/i;

/** The messages a form shows: the kit's resolver, then each field re-words its error by its kind. */
async function shown(
  schema: z.ZodType<unknown, FieldValues>,
  values: FieldValues,
  fields: Record<string, { label: string; kind: FieldKind }>,
  locale: Locale,
): Promise<Record<string, string | undefined>> {
  const t = tFor(locale);
  const labels = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.label]));
  const resolve = localizedResolver(schema, labels, t);
  const options: ResolverOptions<FieldValues> = { fields: {}, shouldUseNativeValidation: false };
  const { errors } = await resolve(values, undefined, options);
  const out: Record<string, string | undefined> = {};
  for (const [name, f] of Object.entries(fields)) {
    const error = name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors);
    if (error) out[name] = kitFieldMessage(error as never, t, { kind: f.kind, language: locale });
  }
  return out;
}

/** One field of one kind, named "Campo" / "Field". */
async function one(kind: FieldKind, schema: z.ZodType, value: unknown, locale: Locale): Promise<string | undefined> {
  const label = locale === 'en' ? 'Field' : 'Campo';
  const m = await shown(z.object({ f: schema }) as z.ZodType<unknown, FieldValues>, { f: value }, { f: { label, kind } }, locale);
  return m.f;
}

/** The four kinds of message of one field: all present, all different, none in the other language. */
function expectFourDistinct(messages: Array<string | undefined>, locale: Locale) {
  expect(messages.every((m) => typeof m === 'string' && m.length > 0)).toBe(true);
  expect(new Set(messages).size).toBe(messages.length);
  for (const m of messages) {
    expect(m).not.toMatch(ZOD_ENGLISH);
    if (locale === 'en') expect(m).not.toMatch(PORTUGUESE);
  }
}

describe.each(['pt-BR', 'en'] as const)('messages in %s', (locale) => {
  const pt = locale === 'pt-BR';

  it('money: required, format with an example in the language, out of range with the range, a rule', async () => {
    const required = await one('money', positiveMoneyInputSchema, '', locale);
    const format = await one('money', positiveMoneyInputSchema, pt ? '5,000.00' : '5.000,00', locale);
    const negative = await one('money', positiveMoneyInputSchema, '-3', locale);
    const huge = await one('money', moneyInputSchema, '1234567890123', locale);
    const zero = await one('money', positiveMoneyInputSchema, '0.00', locale);
    expect(required).toBe(pt ? 'Campo: preencha este campo.' : 'Field: fill in this field.');
    expect(format).toBe(pt ? 'Campo: escreva o valor em reais como 1.234,56.' : 'Field: write the amount in reais like 1,234.56.');
    expect(negative).toBe(pt ? 'Campo: o valor não pode ser negativo: use a partir de R$ 0,00.' : 'Field: the amount cannot be negative: use R$ 0.00 or more.');
    expect(huge).toBe(pt ? 'Campo: o valor máximo é R$ 999.999.999.999,99.' : 'Field: the largest amount is R$ 999,999,999,999.99.');
    expect(zero).toBe(pt ? 'Campo: use um valor maior que R$ 0,00.' : 'Field: use an amount greater than R$ 0.00.');
    expectFourDistinct([required, format, negative, zero], locale);
  });

  it('number: required, format, a whole number, out of range with both ends (typed as a negative too)', async () => {
    const fields = { installments: { label: pt ? 'Parcelas' : 'Installments', kind: 'number' as const } };
    const base = { product: 'working_capital', amortization: 'price', requested_amount: '1000.00', monthly_rate: '2', disbursement_date: '2026-01-10', first_due_date: '2026-02-10' };
    const say = async (installments: unknown) => (await shown(conditionsSchema as never, { ...base, installments }, fields, locale)).installments;
    const required = await say('');
    const format = await say('doze');
    const fraction = await say(pt ? '2,5' : '2.5');
    const negative = await say('-3');
    const zero = await say('0');
    const tooMany = await say('999');
    const label = pt ? 'Parcelas' : 'Installments';
    expect(required).toBe(`${label}: ${pt ? 'preencha este campo.' : 'fill in this field.'}`);
    expect(format).toBe(`${label}: ${pt ? 'use só algarismos, como 12.' : 'use digits only, like 12.'}`);
    expect(fraction).toBe(`${label}: ${pt ? 'use um número inteiro, como 12.' : 'use a whole number, like 12.'}`);
    const range = `${label}: ${pt ? 'use um valor de 1 a 360.' : 'use a value from 1 to 360.'}`;
    expect(negative).toBe(range);
    expect(zero).toBe(range);
    expect(tooMany).toBe(range);
    expectFourDistinct([required, format, fraction, negative], locale);
  });

  it('percentage: required, format with an example, not negative, a rule (the situations percentage)', async () => {
    const schema = z.preprocess((v) => (typeof v === 'string' ? v.replace(',', '.') : v), percentInputSchema);
    const required = await one('percentage', schema, '', locale);
    const format = await one('percentage', schema, '2%a', locale);
    const negative = await one('percentage', schema, '-1', locale);
    const situation = contract['situations.create'].args as unknown as z.ZodType<unknown, FieldValues>;
    const rule = (await shown(situation, { label: 'Ok ok', percentage: '1e2' }, { percentage: { label: pt ? 'Campo' : 'Field', kind: 'percentage' } }, locale)).percentage;
    expect(format).toBe(pt ? 'Campo: escreva o percentual como 2,5.' : 'Field: write the percentage like 2.5.');
    expect(negative).toBe(pt ? 'Campo: o percentual não pode ser negativo: use a partir de 0.' : 'Field: the percentage cannot be negative: use 0 or more.');
    expect(rule).toContain(pt ? 'de 0 a 100' : 'from 0 to 100');
    expectFourDistinct([required, format, negative, rule], locale);
  });

  it("percentage: a number above the law's limit names the limit and the law, not the format", async () => {
    const parameters = contract['company.updateParameters'].args as unknown as z.ZodObject;
    const lateFee = parameters.shape.late_fee_percent as z.ZodType;
    const mora = parameters.shape.default_interest_monthly_percent as z.ZodType;
    expect(await one('percentage', lateFee, '3', locale)).toBe(
      pt ? 'Campo: a multa é de no máximo 2% (Código de Defesa do Consumidor, art. 52, § 1º).' : 'Field: the late fee is at most 2% (Consumer Defence Code, art. 52, § 1).',
    );
    expect(await one('percentage', mora, '1.5', locale)).toBe(pt ? 'Campo: os juros de mora são de no máximo 1% ao mês (STJ, Súmula 379).' : 'Field: default interest is at most 1% a month (STJ, Súmula 379).');
    expect(await one('percentage', lateFee, 'dois', locale)).toBe(pt ? 'Campo: escreva o percentual como 2,5.' : 'Field: write the percentage like 2.5.');
  });

  it('date: required, DD/MM/YYYY with an example, the years taken, a rule between two dates', async () => {
    const required = await one('date', calendarDaySchema, '', locale);
    const format = await one('date', calendarDaySchema, '31/02/2025', locale);
    const range = await one('date', calendarDaySchema, '1800-01-01', locale);
    const fields = { first_due_date: { label: pt ? 'Primeiro vencimento' : 'First due date', kind: 'date' as const } };
    const values = { product: 'working_capital', amortization: 'price', requested_amount: '1000.00', monthly_rate: '2', installments: 12, disbursement_date: '2026-03-10', first_due_date: '2026-02-10' };
    const rule = (await shown(creditConditionsSchema as never, values, fields, locale)).first_due_date;
    expect(format).toBe(pt ? 'Campo: escreva a data como DD/MM/AAAA, por exemplo 31/12/2025.' : 'Field: write the date as DD/MM/YYYY, for example 31/12/2025.');
    expect(range).toBe(pt ? 'Campo: use uma data de 01/01/1900 a 31/12/2100.' : 'Field: use a date from 01/01/1900 to 31/12/2100.');
    expect(rule).toBe(
      pt ? 'Primeiro vencimento: o primeiro vencimento deve ser depois da data de liberação.' : 'First due date: the first due date must be after the disbursement date.',
    );
    expectFourDistinct([required, format, range, rule], locale);
  });

  it('text, e-mail, password and text area: required, too short or long, format, a rule', async () => {
    const user = contract['users.createAdmin'].args as unknown as z.ZodType<unknown, FieldValues>;
    const fields = { name: { label: 'N', kind: 'text' as const }, email: { label: 'E', kind: 'email' as const } };
    const bad = { name: '', email: 'x', role_id: 1, active: true, two_factor: false };
    const first = await shown(user, bad, fields, locale);
    const second = await shown(user, { ...bad, name: 'Al', email: `${'a'.repeat(300)}@x.com` }, fields, locale);
    expect(first.name).toBe(pt ? 'N: preencha este campo.' : 'N: fill in this field.');
    expect(second.name).toBe(pt ? 'N: use ao menos 3 caracteres.' : 'N: use at least 3 characters.');
    expect(first.email).toBe(pt ? 'E: informe um e-mail válido.' : 'E: enter a valid e-mail address.');
    expect(second.email).toBe(pt ? 'E: use no máximo 254 caracteres.' : 'E: use at most 254 characters.');
    const password = await one('password', z.string().min(8).refine((v) => /\d/.test(v), { params: { rule: 'passwordLettersDigits' } }), 'abcdefgh', locale);
    expect(password).toBe(pt ? 'Campo: a senha deve ter letras e números.' : 'Field: the password must have letters and digits.');
    const code = await one('text', z.string().regex(/^\d{6}$/), 'abc', locale);
    expect(code).toBe(pt ? 'Campo: formato inválido.' : 'Field: invalid format.');
    const note = await one('textarea', z.string().max(5), 'abcdefgh', locale);
    expect(note).toBe(pt ? 'Campo: use no máximo 5 caracteres.' : 'Field: use at most 5 characters.');
  });

  it('select, yes/no and picture: choose an option, a value not offered, required', async () => {
    const choice = z.enum(['a', 'b']);
    expect(await one('select', choice, null, locale)).toBe(pt ? 'Campo: escolha uma opção.' : 'Field: choose an option.');
    expect(await one('select', choice, 'z', locale)).toBe(pt ? 'Campo: escolha uma opção.' : 'Field: choose an option.');
    expect(await one('yesno', z.boolean(), undefined, locale)).toBe(pt ? 'Campo: escolha uma opção.' : 'Field: choose an option.');
    expect(await one('picture', z.string().min(1), '', locale)).toBe(pt ? 'Campo: preencha este campo.' : 'Field: fill in this field.');
  });
});

describe('numeric bounds of a field, read from the schema', () => {
  it('through objects, preprocessing, refinements and arrays', () => {
    expect(numericRangeAt(conditionsSchema, ['installments'])).toEqual({ min: 1, max: 360 });
    expect(numericRangeAt(z.object({ list: z.array(z.object({ n: z.number().min(2).optional() })) }), ['list', 0, 'n'])).toEqual({ min: 2, max: undefined });
    expect(numericRangeAt(z.object({ s: z.string() }), ['s'])).toBeNull();
    expect(numericRangeAt(z.object({ s: z.string() }), ['missing'])).toBeNull();
  });
});

describe('amount and date text, whatever the workstation locale', () => {
  // An en-US workstation: the default locale every Intl formatter and toLocale* call would pick up.
  const RealDateTimeFormat = Intl.DateTimeFormat;
  const realToLocale = Date.prototype.toLocaleDateString;
  afterEach(() => {
    Intl.DateTimeFormat = RealDateTimeFormat;
    Date.prototype.toLocaleDateString = realToLocale;
  });

  function asEnUsWorkstation() {
    const forced = function (_locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
      return new RealDateTimeFormat('en-US', options);
    } as unknown as typeof Intl.DateTimeFormat;
    Object.assign(forced, RealDateTimeFormat);
    Intl.DateTimeFormat = forced;
    Date.prototype.toLocaleDateString = function (_l?: Intl.LocalesArgument, o?: Intl.DateTimeFormatOptions) {
      return realToLocale.call(this, 'en-US', o);
    };
    expect(new Date(Date.UTC(2025, 11, 31, 12)).toLocaleDateString(undefined, { timeZone: 'UTC' })).toBe('12/31/2025');
  }

  it.each([false, true])('dates are DD/MM/YYYY in and out (en-US workstation: %s)', (enUs) => {
    if (enUs) asEnUsWorkstation();
    expect(isoToDateText('2025-12-31')).toBe('31/12/2025');
    expect(dateTextToIso('31/12/2025')).toBe('2025-12-31');
    expect(dateTextToIso('1/2/2026')).toBe('2026-02-01');
    expect(dateTextToIso('01022026')).toBe('2026-02-01');
    expect(dateTextToIso('2026-02-01')).toBe('2026-02-01');
    // Never read as month first: 12/31/2025 is no day.
    expect(dateTextToIso('12/31/2025')).toBeNull();
    expect(dateTextToIso('29/02/2025')).toBeNull();
    expect(dateTextToIso('29/02/2024')).toBe('2024-02-29');
    // What a list screen sends its query: only a whole real day, never the text half typed.
    expect([isIsoDay('2024-02-29'), isIsoDay('2025-02-29'), isIsoDay('31/12/2025'), isIsoDay('2025-12-3'), isIsoDay('')]).toEqual([true, false, false, false, false]);
    expect(maskDateTyping('3', '31')).toBe('31/');
    expect(maskDateTyping('31/1', '31/12')).toBe('31/12/');
    expect(maskDateTyping('31/', '31//')).toBe('31/');
    expect(maskDateTyping('31/12/', '31/12')).toBe('31/12');
  });

  it.each([false, true])('amounts follow the app language, never a float (en-US workstation: %s)', (enUs) => {
    if (enUs) asEnUsWorkstation();
    expect(amountTextToDecimal('5.000,00', 'pt-BR')).toBe('5000.00');
    expect(amountTextToDecimal('5,000.00', 'en')).toBe('5000.00');
    expect(amountTextToDecimal('5,000.00', 'pt-BR')).toBeNull();
    expect(amountTextToDecimal('0.1', 'en')).toBe('0.10');
    expect(decimalToAmountText('1234567.5', 'en')).toBe('1,234,567.50');
    expect(decimalToAmountText('1234567.5', 'pt-BR')).toBe('1.234.567,50');
    expect(numberTextToNumber('−3', 'pt-BR')).toBe(-3);
    expect(numberTextToNumber('1.000', 'pt-BR')).toBe(1000);
    expect(numberTextToNumber('1.000', 'en')).toBe(1);
  });
});
