/**
 * Credit operations (spec §7 "Credit operations"; issue 9 §3–4). This first
 * part is the simulation the building flow and the loan proposal show:
 * POST /api/creditOperation/simulation with the names issue 9 fixes.
 *
 * Design of the rest of the answer:
 * - `principal` is the amount financed: what was asked, or, with financeIof,
 *   grossed up so that principal − IOF − fees is exactly what was asked;
 * - `released` is what reaches the borrower: principal − IOF − fees without
 *   financeIof, the amount asked with it;
 * - fees default to the company's TAC and other fees; when given they replace
 *   them (an operator's negotiated fees), each charged at disbursement;
 * - the IOF rates are those in force on the disbursement date for the
 *   borrower's kind (PJ under Simples Nacional up to SIMPLES_IOF_LIMIT gets the
 *   Simples rate), named in `iof.rates`;
 * - CET per Res. CMN 3.517/2007 on the released amount and the payments by
 *   their dates (yearly and monthly, percent, two places).
 * A value, rate or term outside the company's parameters is a 400 naming the
 * field and the limit.
 */
import { z } from 'zod';
import { AllPanelUsers } from '../roles';
import { defineOperation } from './define';
import { idSchema } from './common';
import { feeSchema, IOF_PERSON_TYPES } from './company';
import { calendarDaySchema, moneySchema, percentInputSchema, percentSchema, positiveMoneyInputSchema } from './money';

export const AMORTIZATION_SYSTEMS = ['price', 'sac'] as const;
export type AmortizationSystemName = (typeof AMORTIZATION_SYSTEMS)[number];
export const MAX_OPERATION_INSTALLMENTS = 360;

export const simulationArgsSchema = z
  .object({
    personType: z.enum(['PF', 'PJ']),
    simplesNacional: z.boolean().optional(),
    amortization: z.enum(AMORTIZATION_SYSTEMS),
    principal: positiveMoneyInputSchema,
    monthlyRate: percentInputSchema,
    installments: z
      .number({ error: 'informe o número de parcelas' })
      .int('o número de parcelas é inteiro')
      .min(1, 'informe ao menos 1 parcela')
      .max(MAX_OPERATION_INSTALLMENTS, `no máximo ${MAX_OPERATION_INSTALLMENTS} parcelas`),
    disbursementDate: calendarDaySchema,
    firstDueDate: calendarDaySchema,
    financeIof: z.boolean().optional().default(false),
    borrowerId: idSchema.optional(),
    companyId: idSchema.optional(),
    fees: z.array(feeSchema).max(10, 'no máximo 10 tarifas').optional(),
  })
  .refine((v) => v.firstDueDate > v.disbursementDate, {
    message: 'o primeiro vencimento deve ser depois da data de liberação',
    path: ['firstDueDate'],
  });

export const simulationResultSchema = z.object({
  installments: z.array(
    z.object({
      number: z.number().int(),
      dueDate: z.string(),
      payment: moneySchema,
      interest: moneySchema,
      amortization: moneySchema,
      balance: moneySchema,
    }),
  ),
  iof: z.object({
    daily: moneySchema,
    additional: moneySchema,
    total: moneySchema,
    financed: z.boolean(),
    rates: z.object({ personType: z.enum(IOF_PERSON_TYPES), dailyPercent: percentSchema, additionalPercent: percentSchema, legalBasis: z.string() }),
  }),
  cet: z.object({ monthly: percentSchema, yearly: percentSchema }),
  fees: z.object({ items: z.array(z.object({ name: z.string(), amount: moneySchema })), total: moneySchema }),
  principal: moneySchema,
  totalInterest: moneySchema,
  totalPayable: moneySchema,
  released: moneySchema,
});
export type SimulationResult = z.infer<typeof simulationResultSchema>;

export const creditOperationOperations = {
  'creditOperation.simulation': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/simulation',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description:
      'Schedule (Price or SAC), IOF in force on the disbursement date, fees, CET and totals for the conditions given; nothing is stored.',
    args: simulationArgsSchema,
    result: simulationResultSchema,
  }),
} as const;
