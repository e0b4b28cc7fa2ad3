/**
 * Fields many calls carry, each declared once: a calendar day in an answer,
 * a record's version, a borrower's document, a borrower and an installment as
 * other records name them, and a row of a repayment schedule. The calls
 * extend these pieces (`installmentRefSchema.extend({...})`) rather than
 * writing the fields again. Amounts, rates and the days people send are in
 * money.ts; ids, text and instants in common.ts.
 */
import { z } from 'zod';
import { isValidCnpj, isValidCpf } from '../documents';
import { isRealDay, MAX_DB_INT, trimmedTextSchema } from './common';
import { moneySchema } from './money';

/**
 * A calendar day in an answer: 'YYYY-MM-DD' that exists. No year range (the
 * days people send are 1900–2100, calendarDaySchema): a 360-month schedule
 * whose first due date is in 2100 runs to 2130.
 */
export const dayAnswerSchema = z.string().max(10).refine(isRealDay, { message: 'data inválida: AAAA-MM-DD' }).meta({ format: 'date' });

export const VERSION_MESSAGE = `versão inválida: informe um número inteiro entre 1 e ${MAX_DB_INT}`;

function versionFrom(min: 0 | 1) {
  return z
    .number({ error: 'informe a versão' })
    .int(VERSION_MESSAGE)
    .min(min, VERSION_MESSAGE)
    .max(MAX_DB_INT, VERSION_MESSAGE)
    .meta({ format: 'int32' });
}

/**
 * The version of a record a change was made on (409 when someone changed it
 * since), and the version an answer carries. The columns are PostgreSQL
 * `integer`: a larger number is refused here, naming the field, instead of
 * failing in the database.
 */
export const versionSchema = versionFrom(1);
/** A version where 0 means "not saved yet" (an installment's title data before its first save). */
export const versionOrNewSchema = versionFrom(0);

/** A CPF or a CNPJ, by its check digits (masked or bare, as people type it). */
export const documentInput = trimmedTextSchema(18).refine((v) => isValidCpf(v) || isValidCnpj(v), {
  message: 'CPF ou CNPJ inválido',
  params: { rule: 'cpfCnpj' },
});
/** A CPF or a CNPJ in an answer, as it was registered (masked or bare). */
export const documentSchema = z.string();

/** A borrower as another record names it (an operation, a late installment, a report line). */
export const borrowerRefSchema = z.object({
  borrower_id: z.number().int(),
  borrower_name: z.string(),
  borrower_document: documentSchema,
});
/** The borrower's name and document, where the record does not link to the borrower. */
export const borrowerNamedSchema = borrowerRefSchema.omit({ borrower_id: true });

/** An installment in a list of an operation's installments: its id (the `:installment` of the servicing calls), number and due date. */
export const installmentRefSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  due_date: dayAnswerSchema,
});

/** An installment named from another record (a cession item, a boleto slip, a repurchase): its id, operation, number and due date. */
export const installmentLinkSchema = z.object({
  installment_id: z.number().int(),
  credit_operation_id: z.number().int(),
  installment_number: z.number().int(),
  due_date: dayAnswerSchema,
});

/** A row of a repayment schedule: the installment's number, due date, payment, interest, amortization and the balance after it. */
export const scheduleRowSchema = z.object({
  number: z.number().int(),
  due_date: dayAnswerSchema,
  payment: moneySchema,
  interest: moneySchema,
  amortization: moneySchema,
  balance: moneySchema,
});

/**
 * A bank account as answered, the fields every holder's account has (the
 * borrower's payout accounts, the company's collecting and assignment
 * accounts): spread into each account's object, which adds its own.
 */
export const bankAccountAnswerFields = {
  bank_code: z.string(),
  bank_name: z.string(),
  agency: z.string(),
  agency_digit: z.string().nullable(),
  account: z.string(),
  account_digit: z.string().nullable(),
};
