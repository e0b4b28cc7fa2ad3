/**
 * Money, rates and calendar days on the wire (the guide's rule): amounts are
 * decimal text with at most two places ("945.60", "1500" is accepted on input
 * and answered as "1500.00"); rates are percent as decimal text ("2.00" per
 * month); calendar days are 'YYYY-MM-DD'. Never a JS number for an amount, so
 * nothing passes through binary floating point between the screen and the
 * numeric column.
 */
import { z } from 'zod';
import { isCalendarDay } from './common';

/** Up to 12 integer digits (R$ 999.999.999.999,99): far above any credit and inside numeric(14,2). */
const MONEY_TEXT = /^\d{1,12}(\.\d{1,2})?$/;
/**
 * The largest amount the app takes anywhere (the money columns are
 * numeric(14,2)): what the contract accepts, and the width a bank file's
 * amount (CNAB 240: 13 integer digits) must fit before it is read as ours.
 */
export const MAX_MONEY = '999999999999.99';
/**
 * Percent with up to 4 places: the rate columns are numeric(9,4) (and (7,4)),
 * so a rate is stored exactly as it was accepted and never changes between a
 * simulation and the operation that keeps it.
 */
const PERCENT_TEXT = /^\d{1,4}(\.\d{1,4})?$/;
/** The IOF daily rate has up to 6 places (0.0082, 0.00274, 0.01118…): its column is numeric(9,6). */
const DAILY_PERCENT_TEXT = /^\d{1,3}(\.\d{1,6})?$/;

export const MONEY_MESSAGE = 'valor inválido: use números com até duas casas decimais, com ponto (ex.: 1500.00)';
export const PERCENT_MESSAGE = 'taxa inválida: use um percentual com ponto decimal e até 4 casas (ex.: 2.00)';
export const DAILY_PERCENT_MESSAGE = 'taxa inválida: use um percentual com ponto decimal e até 6 casas (ex.: 0.0082)';
export const CALENDAR_DAY_MESSAGE = 'data inválida: use AAAA-MM-DD, entre 1900 e 2100';

/** A non-negative amount in reais as decimal text. */
export const moneyInputSchema = z.string().max(20).regex(MONEY_TEXT, { message: MONEY_MESSAGE });
/** A positive amount in reais as decimal text. */
export const positiveMoneyInputSchema = moneyInputSchema.refine((v) => /[1-9]/.test(v), { message: 'informe um valor maior que zero', params: { rule: 'positiveAmount' } });
/** A non-negative percentage as decimal text (a negative rate is refused here, with its own message). */
export const percentInputSchema = z
  .string()
  .max(20)
  .refine((v) => !v.trim().startsWith('-'), { message: 'a taxa não pode ser negativa', params: { rule: 'nonNegativeRate' } })
  .pipe(z.string().regex(PERCENT_TEXT, { message: PERCENT_MESSAGE }));
/** A monthly interest rate in percent: at most 100% a month (far above any lawful offer; keeps the CET inside its column). */
export const monthlyRateInputSchema = percentInputSchema.refine((v) => Number(v) <= 100, { message: 'no máximo 100% ao mês' });
/**
 * IOF rates in percent: at most 1.5, the ceiling of Lei 8.894/1994, art. 1, I
 * (1,5% a day on credit); no additional rate has ever passed 0,95%.
 */
const IOF_CEILING = 'no máximo 1,5% (Lei 8.894/1994, art. 1º, I)';
export const iofDailyPercentInputSchema = z
  .string()
  .max(20)
  .refine((v) => !v.trim().startsWith('-'), { message: 'a taxa não pode ser negativa' })
  .pipe(z.string().regex(DAILY_PERCENT_TEXT, { message: DAILY_PERCENT_MESSAGE }))
  .refine((v) => Number(v) <= 1.5, { message: IOF_CEILING });
export const iofAdditionalPercentInputSchema = percentInputSchema.refine((v) => Number(v) <= 1.5, { message: IOF_CEILING });
/** A calendar day 'YYYY-MM-DD' (due dates, disbursement dates, validity periods). */
export const calendarDaySchema = z.string().max(10).refine(isCalendarDay, { message: CALENDAR_DAY_MESSAGE, params: { rule: 'calendarDay' } }).meta({ format: 'date' });

/** Answers: money always with two places, rates as the column keeps them. */
export const moneySchema = z.string();
export const percentSchema = z.string();
