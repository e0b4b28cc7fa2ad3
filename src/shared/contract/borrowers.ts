/**
 * Borrowers and their credit file (the spec's "Borrowers" calls). The
 * spec names the calls but not the fields: these are the fields a Brazilian
 * lender's credit file needs, CPF and CNPJ checked by their digits.
 *
 * Design choices the spec leaves open:
 * - POST /borrowers/create takes either `solicitation_id` (an approved
 *   solicitation: the person, business and bank data are copied from it) or
 *   the data of a borrower registered from scratch;
 * - the six sub-record kinds with GET/POST/DELETE (shareholder, attorney,
 *   jointdebtor, product, revenue, securedguarantee) are declared once in
 *   BORROWER_RECORD_KINDS; their POST with an `id` changes that record (the
 *   spec shows no PUT for them and people expect to correct a typo);
 * - guarantors (GET only) are the people who sign the CCB beside the
 *   borrower: its joint debtors and the shareholders marked
 *   signs_as_guarantor;
 * - parameters narrow the company's for this borrower (null = the company's);
 *   the simulation with `borrowerId` applies them;
 * - the risk classification is computed from the days overdue of the
 *   borrower's installments (see src/shared/risk-classification.ts).
 */
import { z } from 'zod';
import { isValidCnpj, isValidCpf } from '../documents';
import { AllPanelUsers } from '../roles';
import { RISK_RATINGS, RISK_STAGES } from '../risk-classification';
import { defineOperation } from './define';
import { moneySchema } from './money';
import {
  cpfInput,
  emailSchema,
  filterSchema,
  idArgs,
  idSchema,
  listArgs,
  okSchema,
  optionalText,
  paged,
  timestampSchema,
  trimmedTextSchema,
  uploadFileSchema,
} from './common';
import { stateInput } from './entrepreneurs';
import { calendarDaySchema, moneyInputSchema, monthlyRateInputSchema, percentInputSchema, positiveMoneyInputSchema } from './money';
import { bankAccountAnswerFields, documentInput, documentSchema } from './fields';
import { simulationSchema } from './simulations';
import { SOLICITATION_FILE_TYPES } from './solicitations';
import { BANK_ACCOUNT_TYPES, GUARANTEE_KINDS, PERSON_TYPES, REVENUE_SOURCES } from '../enums';

export { PERSON_TYPES };
export type PersonType = (typeof PERSON_TYPES)[number];

const requiredText = (max: number, message: string) => trimmedTextSchema(max).min(1, message);
const optionalEmail = emailSchema.nullable().optional().or(z.literal('').transform(() => null));
const optionalMoney = moneyInputSchema.nullable().optional();
const optionalDay = calendarDaySchema.nullable().optional();
const requiredCpf = cpfInput.refine((v) => !!v, { message: 'informe o CPF' });
const shareInput = percentInputSchema.refine((v) => Number(v) > 0 && Number(v) <= 100, { message: 'participação entre 0 e 100%' });
const optionalShare = percentInputSchema
  .refine((v) => Number(v) <= 100, { message: 'no máximo 100%' })
  .nullable()
  .optional();

// ---------- the borrower ----------

export const borrowerBankAccountSchema = z.object({
  id: z.number().int(),
  borrower_id: z.number().int(),
  ...bankAccountAnswerFields,
  account_type: z.enum(BANK_ACCOUNT_TYPES),
  pix_key: z.string().nullable(),
  is_payout: z.boolean(),
});
export type BorrowerBankAccount = z.infer<typeof borrowerBankAccountSchema>;

export const borrowerSummarySchema = z.object({
  id: z.number().int(),
  person_type: z.enum(PERSON_TYPES),
  simples_nacional: z.boolean(),
  /** Microempreendedor Individual (always under Simples Nacional): its own IOF rates */
  mei: z.boolean(),
  name: z.string(),
  trade_name: z.string().nullable(),
  document: documentSchema,
  city: z.string().nullable(),
  state: z.string().nullable(),
  active: z.boolean(),
  solicitation_id: z.number().int().nullable(),
  operations: z.number().int(),
  created_at: timestampSchema,
});
export type BorrowerSummary = z.infer<typeof borrowerSummarySchema>;

export const borrowerSchema = borrowerSummarySchema.extend({
  user_id: z.number().int().nullable(),
  birthday: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  cep: z.string().nullable(),
  address: z.string().nullable(),
  address_number: z.string().nullable(),
  address_complement: z.string().nullable(),
  neighborhood: z.string().nullable(),
  profession: z.string().nullable(),
  monthly_income: z.string().nullable(),
  legal_representative_name: z.string().nullable(),
  legal_representative_cpf: z.string().nullable(),
  state_registration: z.string().nullable(),
  opening_date: z.string().nullable(),
  activity: z.string().nullable(),
  employees: z.number().int().nullable(),
  monthly_revenue: z.string().nullable(),
  bank_accounts: z.array(borrowerBankAccountSchema),
  updated_at: timestampSchema,
});
export type Borrower = z.infer<typeof borrowerSchema>;

const personFields = z.object({
  name: requiredText(200, 'informe o nome ou a razão social'),
  trade_name: optionalText(200),
  simples_nacional: z.boolean().optional(),
  mei: z.boolean().optional(),
  birthday: optionalDay,
  email: optionalEmail,
  phone: optionalText(20),
  cep: optionalText(9),
  address: optionalText(200),
  address_number: optionalText(20),
  address_complement: optionalText(120),
  neighborhood: optionalText(120),
  city: optionalText(120),
  state: stateInput,
  profession: optionalText(120),
  monthly_income: optionalMoney,
  active: z.boolean().optional(),
});

/** The document must be a CPF for a person and a CNPJ for a company. */
function documentMatchesType<T extends z.ZodType<{ person_type?: PersonType; document?: string }>>(schema: T) {
  return schema.refine((v) => !v.person_type || !v.document || (v.person_type === 'PF' ? isValidCpf(v.document) : isValidCnpj(v.document)), {
    message: 'informe um CPF para pessoa física e um CNPJ para pessoa jurídica',
    path: ['document'],
  });
}

export const borrowerCreateInput = documentMatchesType(
  personFields
    .partial({ name: true })
    .extend({
      /** create from this approved solicitation (its data is copied) */
      solicitation_id: idSchema.optional(),
      person_type: z.enum(PERSON_TYPES).optional(),
      document: documentInput.optional(),
    })
    .refine((v) => v.solicitation_id !== undefined || (v.person_type && v.document && v.name), {
      message: 'informe a solicitação aprovada, ou o tipo de pessoa, o documento e o nome',
      path: ['solicitation_id'],
    }),
);

export const borrowerBankAccountInput = z.object({
  borrower_id: idSchema,
  bank_code: trimmedTextSchema(3).regex(/^\d{3}$/, { message: 'código do banco: 3 dígitos (ex.: 001)' }),
  bank_name: requiredText(80, 'informe o nome do banco'),
  agency: trimmedTextSchema(6).regex(/^\d+$/, { message: 'agência: somente números' }),
  agency_digit: optionalText(2),
  account: trimmedTextSchema(15).regex(/^\d+$/, { message: 'conta: somente números' }),
  account_digit: optionalText(2),
  account_type: z.enum(BANK_ACCOUNT_TYPES),
  pix_key: optionalText(140),
  is_payout: z.boolean().optional(),
});

export const businessInput = z.object({
  id: idSchema,
  trade_name: optionalText(200),
  simples_nacional: z.boolean().optional(),
  mei: z.boolean().optional(),
  legal_representative_name: optionalText(200),
  legal_representative_cpf: cpfInput,
  state_registration: optionalText(20),
  opening_date: optionalDay,
  activity: optionalText(200),
  employees: z.number().int().min(0, 'não pode ser negativo').max(1_000_000).nullable().optional(),
  monthly_revenue: optionalMoney,
});

// ---------- sub-records ----------

const recordBase = { id: z.number().int(), borrower_id: z.number().int(), created_at: timestampSchema };

/**
 * The sub-record kinds with GET /borrowers/:id/:kind, POST /borrowers/:kind
 * and DELETE /borrowers/:kind/:id, each with what it takes and answers. The
 * screen's tabs and the server's handlers are generated from this list.
 */
export const BORROWER_RECORD_KINDS = {
  shareholder: {
    input: z.object({
      name: requiredText(200, 'informe o nome'),
      document: documentInput,
      share_percent: shareInput,
      position: optionalText(80),
      email: optionalEmail,
      phone: optionalText(20),
      signs_as_guarantor: z.boolean().default(false),
    }),
    row: z.object({
      ...recordBase,
      name: z.string(),
      document: documentSchema,
      share_percent: z.string(),
      position: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      signs_as_guarantor: z.boolean(),
    }),
  },
  attorney: {
    input: z.object({
      name: requiredText(200, 'informe o nome'),
      cpf: requiredCpf,
      email: optionalEmail,
      phone: optionalText(20),
      powers: requiredText(2000, 'descreva os poderes da procuração'),
      valid_until: optionalDay,
    }),
    row: z.object({
      ...recordBase,
      name: z.string(),
      cpf: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      powers: z.string(),
      valid_until: z.string().nullable(),
    }),
  },
  jointdebtor: {
    input: z.object({
      name: requiredText(200, 'informe o nome'),
      document: documentInput,
      relationship: requiredText(80, 'informe o vínculo com o tomador'),
      email: optionalEmail,
      phone: optionalText(20),
      address: optionalText(300),
      monthly_income: optionalMoney,
    }),
    row: z.object({
      ...recordBase,
      name: z.string(),
      document: documentSchema,
      relationship: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      address: z.string().nullable(),
      monthly_income: z.string().nullable(),
    }),
  },
  product: {
    input: z.object({
      name: requiredText(120, 'informe o produto ou serviço'),
      description: optionalText(1000),
      average_price: optionalMoney,
      revenue_share_percent: optionalShare,
    }),
    row: z.object({
      ...recordBase,
      name: z.string(),
      description: z.string().nullable(),
      average_price: z.string().nullable(),
      revenue_share_percent: z.string().nullable(),
    }),
  },
  revenue: {
    input: z.object({
      reference_month: trimmedTextSchema(7).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'mês inválido: use AAAA-MM' }),
      amount: moneyInputSchema,
      source: z.enum(REVENUE_SOURCES),
    }),
    row: z.object({ ...recordBase, reference_month: z.string(), amount: z.string(), source: z.enum(REVENUE_SOURCES) }),
  },
  securedguarantee: {
    input: z.object({
      kind: z.enum(GUARANTEE_KINDS),
      description: requiredText(1000, 'descreva o bem'),
      value: positiveMoneyInputSchema,
      registry: optionalText(200),
    }),
    row: z.object({
      ...recordBase,
      kind: z.enum(GUARANTEE_KINDS),
      description: z.string(),
      value: z.string(),
      registry: z.string().nullable(),
      file_name: z.string().nullable(),
      file_size: z.number().int().nullable(),
    }),
  },
} as const;
export type BorrowerRecordKind = keyof typeof BORROWER_RECORD_KINDS;
export const BORROWER_RECORD_KIND_NAMES = Object.keys(BORROWER_RECORD_KINDS) as BorrowerRecordKind[];
export type BorrowerRecord<K extends BorrowerRecordKind> = z.infer<(typeof BORROWER_RECORD_KINDS)[K]['row']>;

function recordOperations<K extends BorrowerRecordKind>(kind: K) {
  const { input, row } = BORROWER_RECORD_KINDS[kind];
  return {
    list: defineOperation({
      method: 'GET',
      path: `/api/borrowers/:id/${kind}`,
      access: AllPanelUsers,
      encoding: 'none',
      cacheable: true,
      origin: 'spec',
      description: `The borrower's ${kind} records, oldest first.`,
      args: idArgs,
      result: z.array(row),
    }),
    save: defineOperation({
      method: 'POST',
      path: `/api/borrowers/${kind}`,
      access: AllPanelUsers,
      encoding: 'json',
      origin: 'spec',
      description: `Adds a ${kind} record to a borrower, or changes the one named by id (logged).`,
      errors: [409],
      args: input.extend({ borrower_id: idSchema, id: idSchema.optional() }),
      result: row,
    }),
    remove: defineOperation({
      method: 'DELETE',
      path: `/api/borrowers/${kind}/:id`,
      access: AllPanelUsers,
      encoding: 'none',
      origin: 'spec',
      description: `Removes a ${kind} record (logged).`,
      errors: [409],
      args: idArgs,
      result: okSchema,
    }),
  };
}

const shareholder = recordOperations('shareholder');
const attorney = recordOperations('attorney');
const jointdebtor = recordOperations('jointdebtor');
const product = recordOperations('product');
const revenue = recordOperations('revenue');
const securedguarantee = recordOperations('securedguarantee');

/** The operation names of one sub-record kind (the screen and the server read these). */
export function borrowerRecordOperationNames(kind: BorrowerRecordKind) {
  return { list: `borrowers.${kind}.list`, save: `borrowers.${kind}.save`, remove: `borrowers.${kind}.remove` } as const;
}

export const guarantorSchema = z.object({
  source: z.enum(['jointdebtor', 'shareholder']),
  id: z.number().int(),
  name: z.string(),
  document: documentSchema,
  relationship: z.string().nullable(),
});
export type Guarantor = z.infer<typeof guarantorSchema>;

export const otherInformationSchema = z.object({
  borrower_id: z.number().int(),
  years_in_business: z.number().int().nullable(),
  has_other_loans: z.boolean(),
  other_loans_description: z.string().nullable(),
  references_text: z.string().nullable(),
  notes: z.string().nullable(),
  updated_at: timestampSchema.nullable(),
});
const otherInformationInput = z.object({
  borrower_id: idSchema,
  years_in_business: z.number().int().min(0, 'não pode ser negativo').max(200).nullable().optional(),
  has_other_loans: z.boolean().default(false),
  other_loans_description: optionalText(2000),
  references_text: optionalText(2000),
  notes: optionalText(4000),
});

export const borrowerParametersSchema = z.object({
  borrower_id: z.number().int(),
  min_monthly_rate: z.string().nullable(),
  max_monthly_rate: z.string().nullable(),
  max_installments: z.number().int().nullable(),
  max_value: z.string().nullable(),
  tac: z.string().nullable(),
  updated_at: timestampSchema.nullable(),
});
export type BorrowerParameters = z.infer<typeof borrowerParametersSchema>;

export const riskClassificationSchema = z.object({
  borrower_id: z.number().int(),
  /** the day the days overdue are counted to (YYYY-MM-DD, the server's calendar day in São Paulo) */
  as_of: z.string(),
  max_days_overdue: z.number().int(),
  overdue_installments: z.number().int(),
  /** the day of the borrower's latest write-off in force (YYYY-MM-DD; null: none); within twelve months it rates the borrower H */
  last_loss_on: z.string().nullable(),
  /** Res. CMN 2.682/1999 art. 4 scale */
  rating: z.enum(RISK_RATINGS),
  rating_reason: z.string(),
  /** Res. CMN 4.966/2021 stage, in force since 2025-01-01 */
  stage: z.enum(RISK_STAGES),
  stage_reason: z.string(),
  operations_considered: z.number().int(),
  /**
   * the borrower at the last monthly close in force (the ledger's close, Res. CMN 4.966/2021 and Res. BCB 352/2023),
   * beside the live stage above; null before any close
   */
  last_close: z
    .object({
      /** the month closed, YYYY-MM */
      month: z.string(),
      /** its last day (YYYY-MM-DD), the day the close is as of */
      as_of: z.string(),
      /** the worst stage of the borrower's operations the close held; null when it held none */
      stage: z.enum(RISK_STAGES).nullable(),
      /** the sum of their provisions (two places; 0.00 when it held none) */
      provision: moneySchema,
      operations: z.number().int(),
    })
    .nullable(),
});
export type RiskClassification = z.infer<typeof riskClassificationSchema>;

export const BORROWER_FILTERS = ['name', 'person_type', 'state', 'active'] as const;
export const BORROWER_SORTS = ['created_at', 'name', 'document', 'operations'] as const;

export const borrowersOperations = {
  'borrowers.list': defineOperation({
    method: 'GET',
    path: '/api/borrowers/',
    access: AllPanelUsers,
    encoding: 'list',
    cacheable: true,
    origin: 'spec',
    description: 'Borrowers, newest first by default, paged; filters: name (name, trade name or document contains), person_type, state, active.',
    list: { filters: BORROWER_FILTERS, sorts: BORROWER_SORTS },
    args: listArgs.extend({ filter: filterSchema.optional() }),
    result: paged(borrowerSummarySchema),
  }),
  'borrowers.all': defineOperation({
    method: 'GET',
    path: '/api/borrowers/all/borrowers',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: 'Every active borrower (id, name, document) for pickers, by name.',
    args: z.object({}),
    result: z.array(z.object({ id: z.number().int(), name: z.string(), document: documentSchema, person_type: z.enum(PERSON_TYPES) })),
  }),
  'borrowers.get': defineOperation({
    method: 'GET',
    path: '/api/borrowers/:id',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: 'One borrower with its bank accounts.',
    args: idArgs,
    result: borrowerSchema,
  }),
  'borrowers.create': defineOperation({
    method: 'POST',
    path: '/api/borrowers/create',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description:
      'Registers a borrower from an approved solicitation (its data copied; one borrower per solicitation, 409 otherwise) or from scratch; the document is unique among borrowers (409).',
    errors: [409],
    args: borrowerCreateInput,
    result: borrowerSchema,
  }),
  'borrowers.update': defineOperation({
    method: 'PUT',
    path: '/api/borrowers',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description: "Changes a borrower's registration data (the document and person type do not change; logged).",
    args: personFields.extend({ id: idSchema }),
    result: borrowerSchema,
  }),
  'borrowers.createBank': defineOperation({
    method: 'POST',
    path: '/api/borrowers/bank',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description: 'Adds a bank account to a borrower; is_payout makes it the account the credit is paid out to.',
    args: borrowerBankAccountInput,
    result: borrowerBankAccountSchema,
  }),
  'borrowers.updateBank': defineOperation({
    method: 'PUT',
    path: '/api/borrowers/bank',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description: "Changes one of a borrower's bank accounts (id in the body).",
    args: borrowerBankAccountInput.extend({ id: idSchema }),
    result: borrowerBankAccountSchema,
  }),
  'borrowers.updateBusiness': defineOperation({
    method: 'PUT',
    path: '/api/borrowers/business',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description: "Changes a borrower's business data (legal representative, registration, activity, employees, revenue).",
    args: businessInput,
    result: borrowerSchema,
  }),
  'borrowers.shareholder.list': shareholder.list,
  'borrowers.shareholder.save': shareholder.save,
  'borrowers.shareholder.remove': shareholder.remove,
  'borrowers.attorney.list': attorney.list,
  'borrowers.attorney.save': attorney.save,
  'borrowers.attorney.remove': attorney.remove,
  'borrowers.jointdebtor.list': jointdebtor.list,
  'borrowers.jointdebtor.save': jointdebtor.save,
  'borrowers.jointdebtor.remove': jointdebtor.remove,
  'borrowers.product.list': product.list,
  'borrowers.product.save': product.save,
  'borrowers.product.remove': product.remove,
  'borrowers.revenue.list': revenue.list,
  'borrowers.revenue.save': revenue.save,
  'borrowers.revenue.remove': revenue.remove,
  'borrowers.securedguarantee.list': securedguarantee.list,
  'borrowers.securedguarantee.save': securedguarantee.save,
  'borrowers.securedguarantee.remove': securedguarantee.remove,
  'borrowers.securedguarantee.upload': defineOperation({
    method: 'POST',
    path: '/api/borrowers/securedguarantee/upload',
    access: AllPanelUsers,
    encoding: 'multipart',
    origin: 'spec',
    description: "Attaches the document of a secured guarantee (JPEG, PNG, WebP or PDF judged by content, up to 10 MB), replacing the previous one.",
    args: z.object({ file: uploadFileSchema, guarantee_id: idSchema }),
    result: BORROWER_RECORD_KINDS.securedguarantee.row,
  }),
  'borrowers.securedguarantee.file': defineOperation({
    method: 'GET',
    path: '/api/borrowers/securedguarantee/:id/file',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description: "The secured guarantee's document, saved to disk by the main process.",
    file: { kind: 'download', extension: '', media: SOLICITATION_FILE_TYPES },
    args: idArgs,
    result: z.unknown(),
  }),
  'borrowers.guarantors': defineOperation({
    method: 'GET',
    path: '/api/borrowers/:id/guarantor',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: 'Who signs the CCB as guarantor (avalista): the joint debtors and the shareholders marked signs_as_guarantor.',
    args: idArgs,
    result: z.array(guarantorSchema),
  }),
  'borrowers.otherInformation': defineOperation({
    method: 'GET',
    path: '/api/borrowers/:id/otherinformation',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "The borrower's other information (blank until first saved).",
    args: idArgs,
    result: otherInformationSchema,
  }),
  'borrowers.createOtherInformation': defineOperation({
    method: 'POST',
    path: '/api/borrowers/otherinformation',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description: 'Saves the other information the first time (409 when it exists: use PUT).',
    errors: [409],
    args: otherInformationInput,
    result: otherInformationSchema,
  }),
  'borrowers.updateOtherInformation': defineOperation({
    method: 'PUT',
    path: '/api/borrowers/otherinformation',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description: 'Changes the other information (created when missing).',
    errors: [409],
    args: otherInformationInput,
    result: otherInformationSchema,
  }),
  'borrowers.parameters': defineOperation({
    method: 'GET',
    path: '/api/borrowers/:id/parameters',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "The borrower's own limits (null: the company's).",
    args: idArgs,
    result: borrowerParametersSchema,
  }),
  'borrowers.updateParameters': defineOperation({
    method: 'PUT',
    path: '/api/borrowers/parameters',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description: "Sets the borrower's own limits; each must lie inside the company's (400 naming the limit); no TAC for an individual (400 on tac).",
    args: z
      .object({
        borrower_id: idSchema,
        min_monthly_rate: monthlyRateInputSchema.nullable().optional(),
        max_monthly_rate: monthlyRateInputSchema.nullable().optional(),
        max_installments: z.number().int().min(1, 'ao menos 1 parcela').max(360, 'no máximo 360 parcelas').nullable().optional(),
        max_value: positiveMoneyInputSchema.nullable().optional(),
        tac: moneyInputSchema.nullable().optional(),
      })
      .refine((v) => !v.min_monthly_rate || !v.max_monthly_rate || Number(v.max_monthly_rate) >= Number(v.min_monthly_rate), {
        message: 'a taxa máxima não pode ser menor que a mínima',
        path: ['max_monthly_rate'],
      }),
    result: borrowerParametersSchema,
  }),
  'borrowers.simulations': defineOperation({
    method: 'GET',
    path: '/api/borrowers/:id/simulation',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "The simulations the borrower's person made in the applicant's app, newest first (empty when the borrower has no account).",
    args: idArgs,
    result: z.array(simulationSchema),
  }),
  'borrowers.classification': defineOperation({
    method: 'GET',
    path: '/api/borrowers/:id/borrowerClassification',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "The risk rating (Res. CMN 2.682/1999, AA–H) and stage (Res. CMN 4.966/2021) from the days overdue of its installments and its losses written off in the last twelve months, with why; and the last monthly close's month, worst stage and provision of its operations (null before any close).",
    args: idArgs,
    result: riskClassificationSchema,
  }),
} as const;

