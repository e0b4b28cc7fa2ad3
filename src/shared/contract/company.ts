/**
 * Company setup (spec §7 "Company"; issue 9 §1). This first part declares the
 * operating parameters and the IOF rates by period, which the credit
 * simulation reads; the company data, representatives, witnesses, templates
 * and accounts follow on the same tables (migration 0009).
 *
 * Reading is for every panel user (the simulation screen shows the limits);
 * changes are for administrators (AllAdmins).
 */
import { z } from 'zod';
import { AllAdmins, AllPanelUsers } from '../roles';
import { defineOperation } from './define';
import { idArgs, idSchema, okSchema, timestampSchema, trimmedTextSchema } from './common';
import { calendarDaySchema, moneyInputSchema, moneySchema, percentInputSchema, percentSchema, positiveMoneyInputSchema } from './money';

/** Who an IOF rate applies to: PF, PJ, or a PJ under Simples Nacional (MEI included) in operations up to SIMPLES_IOF_LIMIT. */
export const IOF_PERSON_TYPES = ['PF', 'PJ', 'SIMPLES'] as const;
export type IofPersonType = (typeof IOF_PERSON_TYPES)[number];
/** Decreto 6.306/2007 art. 7 §13: the Simples Nacional rate covers operations up to R$ 30.000,00. */
export const SIMPLES_IOF_LIMIT = '30000.00';

export const iofParameterSchema = z.object({
  id: z.number().int(),
  person_type: z.enum(IOF_PERSON_TYPES),
  daily_percent: percentSchema,
  additional_percent: percentSchema,
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  legal_basis: z.string(),
  updated_at: timestampSchema,
});
export type IofParameter = z.infer<typeof iofParameterSchema>;

const iofParameterInput = z
  .object({
    person_type: z.enum(IOF_PERSON_TYPES),
    daily_percent: percentInputSchema,
    additional_percent: percentInputSchema,
    valid_from: calendarDaySchema,
    valid_to: calendarDaySchema.nullable().optional(),
    legal_basis: trimmedTextSchema(200).optional(),
  })
  .refine((v) => !v.valid_to || v.valid_to >= v.valid_from, { message: 'o fim da vigência não pode ser antes do início', path: ['valid_to'] });

export const feeSchema = z.object({ name: trimmedTextSchema(60).min(1, 'informe o nome da tarifa'), amount: moneyInputSchema });

export const companyParametersSchema = z.object({
  company_id: z.number().int(),
  min_monthly_rate: percentSchema,
  max_monthly_rate: percentSchema,
  min_installments: z.number().int(),
  max_installments: z.number().int(),
  min_value: moneySchema,
  max_value: moneySchema,
  tac: moneySchema,
  other_fees: z.array(z.object({ name: z.string(), amount: moneySchema })),
  late_fee_percent: percentSchema,
  default_interest_monthly_percent: percentSchema,
  grace_days: z.number().int(),
  finance_iof_default: z.boolean(),
  updated_at: timestampSchema,
});
export type CompanyParameters = z.infer<typeof companyParametersSchema>;

export const companyOperations = {
  'company.parameters': defineOperation({
    method: 'GET',
    path: '/api/company/:id/parameters',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "The company's operating rules: rate, term and value limits, fees, late fee, default interest, grace days, IOF financed by default.",
    args: idArgs,
    result: companyParametersSchema,
  }),
  'company.updateParameters': defineOperation({
    method: 'PUT',
    path: '/api/company/parameters',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Changes the operating rules (logged with before and after).',
    args: z
      .object({
        company_id: idSchema,
        min_monthly_rate: percentInputSchema,
        max_monthly_rate: percentInputSchema,
        min_installments: z.number().int().min(1, 'ao menos 1 parcela').max(360, 'no máximo 360 parcelas'),
        max_installments: z.number().int().min(1, 'ao menos 1 parcela').max(360, 'no máximo 360 parcelas'),
        min_value: positiveMoneyInputSchema,
        max_value: positiveMoneyInputSchema,
        tac: moneyInputSchema,
        other_fees: z.array(feeSchema).max(10, 'no máximo 10 tarifas'),
        late_fee_percent: percentInputSchema,
        default_interest_monthly_percent: percentInputSchema,
        grace_days: z.number().int().min(0, 'não pode ser negativo').max(60, 'no máximo 60 dias'),
        finance_iof_default: z.boolean(),
      })
      .refine((v) => Number(v.max_monthly_rate) >= Number(v.min_monthly_rate), { message: 'a taxa máxima não pode ser menor que a mínima', path: ['max_monthly_rate'] })
      .refine((v) => v.max_installments >= v.min_installments, { message: 'o prazo máximo não pode ser menor que o mínimo', path: ['max_installments'] })
      .refine((v) => Number(v.max_value) >= Number(v.min_value), { message: 'o valor máximo não pode ser menor que o mínimo', path: ['max_value'] }),
    result: companyParametersSchema,
  }),
  'company.iofParameters': defineOperation({
    method: 'GET',
    path: '/api/company/config/iofparameters',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: 'IOF rates by person type and validity period, newest period first.',
    args: z.object({}),
    result: z.array(iofParameterSchema),
  }),
  'company.createIofParameter': defineOperation({
    method: 'POST',
    path: '/api/company/config/iofparameters',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Adds an IOF rate period; a period overlapping another of the same person type is refused (409).',
    args: iofParameterInput,
    result: iofParameterSchema,
  }),
  'company.updateIofParameter': defineOperation({
    method: 'PUT',
    path: '/api/company/config/iofparameters/:id',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Corrects an IOF rate period (same overlap rule).',
    args: z.intersection(z.object({ id: idSchema }), iofParameterInput),
    result: iofParameterSchema,
  }),
  'company.deleteIofParameter': defineOperation({
    method: 'DELETE',
    path: '/api/company/config/iofparameters/:id',
    access: AllAdmins,
    encoding: 'none',
    origin: 'spec',
    description: 'Removes an IOF rate period entered by mistake.',
    args: idArgs,
    result: okSchema,
  }),
} as const;
