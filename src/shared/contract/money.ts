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
/** Percent with up to 6 places (IOF daily rates are 0.0082, 0.00274…). */
const PERCENT_TEXT = /^\d{1,4}(\.\d{1,6})?$/;

export const MONEY_MESSAGE = 'valor inválido: use números com até duas casas decimais, com ponto (ex.: 1500.00)';
export const PERCENT_MESSAGE = 'taxa inválida: use um percentual com ponto decimal (ex.: 2.00)';
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
/** A calendar day 'YYYY-MM-DD' (due dates, disbursement dates, validity periods). */
export const calendarDaySchema = z.string().max(10).refine(isCalendarDay, { message: CALENDAR_DAY_MESSAGE, params: { rule: 'calendarDay' } });

/** Answers: money always with two places, rates as the column keeps them. */
export const moneySchema = z.string();
export const percentSchema = z.string();
