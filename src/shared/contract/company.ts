/**
 * Company setup (the spec's "Company" calls): the lender's data with its
 * legal representatives and witnesses (who sign the contracts), the operating
 * parameters, the IOF rates by period, the contract templates, the bank
 * accounts boletos and remittances use, and the assignees' accounts.
 *
 * Reading is for every panel user (the simulation screen shows the limits);
 * changes are for administrators (AllAdmins).
 *
 * Design choices the spec leaves open:
 * - GET /company/:id answers the company with its representatives and
 *   witnesses (the spec has no list call for them);
 * - the bank accounts' DELETE is /company/:id/banks/:accountId (the spec
 *   names only /company/{id}/banks for all four verbs);
 * - a template may use only the placeholders of CONTRACT_ALIASES (answered by
 *   GET /company/contract/alias); any other {{name}} is a 400 naming it.
 */
import { z } from 'zod';
import { AllAdmins, AllPanelUsers } from '../roles';
import { defineOperation } from './define';
import { idArgs, idSchema, okSchema, optionalText, textSchema, timestampSchema, trimmedTextSchema } from './common';
import { approvalRequestSchema } from './approvals';
import { cnpjInput, stateInput } from './entrepreneurs';
import { cpfInput, emailSchema } from './common';
import { bankAccountAnswerFields, versionSchema } from './fields';
import {
  calendarDaySchema,
  iofAdditionalPercentInputSchema,
  iofDailyPercentInputSchema,
  moneyInputSchema,
  moneySchema,
  monthlyRateInputSchema,
  percentInputSchema,
  percentSchema,
  positiveMoneyInputSchema,
} from './money';
import { IOF_PERSON_TYPES, CONTRACT_KINDS, REPURCHASE_RULES } from '../enums';
import { isPixKey, MAX_PIX_KEY } from '../pix-key';
import { DOCUMENT_TEMPLATE_ALIASES, DOCUMENT_TEMPLATE_KINDS, unknownPlaceholderMessage, unknownPlaceholders, type TemplateAlias } from './document-templates';

export * from './document-templates';

/**
 * Who an IOF rate applies to: PF, PJ, a PJ under Simples Nacional, or a MEI
 * (a Simples optant with rates of its own since Decreto 12.466/2025); the
 * last two only in operations whose financed principal is at most
 * SIMPLES_IOF_LIMIT, the ordinary PJ rates above it.
 */
export { IOF_PERSON_TYPES };
export type IofPersonType = (typeof IOF_PERSON_TYPES)[number];
/** Decreto 6.306/2007 art. 7 §13: the Simples Nacional rate covers operations up to R$ 30.000,00 (of principal financed). */
export const SIMPLES_IOF_LIMIT = '30000.00';

/** The most a bank settlement may be short of (or above) what is due and still settle the installment (bank_settlement_tolerance). */
export const MAX_BANK_SETTLEMENT_TOLERANCE = '10.00';
/** The tolerance a company starts with (migration 0039). */
export const DEFAULT_BANK_SETTLEMENT_TOLERANCE = '1.00';
/** Multa for late payment: at most 2% of the installment (Código de Defesa do Consumidor, art. 52, §1). */
export const MAX_LATE_FEE_PERCENT = '2';
/** Juros de mora: at most 1% a month (STJ, Súmula 379). */
export const MAX_DEFAULT_INTEREST_MONTHLY_PERCENT = '1';
/** Bounds of the days from the disbursement to the first due date a company may allow (a whole month always fits). */
export const FIRST_PERIOD_DAYS_RANGE = { min: 31, max: 365 } as const;
/** Bounds of how many days ahead of the business date a company may let a disbursement be planned. */
export const DISBURSEMENT_DAYS_AHEAD_RANGE = { min: 0, max: 365 } as const;

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

const iofParameterFields = z.object({
  person_type: z.enum(IOF_PERSON_TYPES),
  daily_percent: iofDailyPercentInputSchema,
  additional_percent: iofAdditionalPercentInputSchema,
  valid_from: calendarDaySchema,
  valid_to: calendarDaySchema.nullable().optional(),
  /** the act and article the rates come from (e.g. "Decreto 6.306/2007, art. 7º, I, b") */
  legal_basis: trimmedTextSchema(300).min(3, 'informe a base legal (ato e artigo)'),
});
/** The period cannot end before it starts (checked on both the create and the update shape). */
function periodInOrder<T extends z.ZodType<{ valid_from: string; valid_to?: string | null }>>(schema: T) {
  return schema.refine((v) => !v.valid_to || v.valid_to >= v.valid_from, { message: 'o fim da vigência não pode ser antes do início', path: ['valid_to'] });
}
const iofParameterInput = periodInOrder(iofParameterFields);

export const feeSchema = z.object({ name: trimmedTextSchema(60).min(1, 'informe o nome da tarifa'), amount: moneyInputSchema });

/** The operating rules as values (what a change of the parameters proposes, and what it was made against). */
export const parameterValuesSchema = z.object({
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
  /**
   * whether contracts issued from now on state remuneratory interest during delay (the contract's rate, compounded
   * pro rata die) besides multa and mora; off: multa and mora only (Res. CMN 4.882/2020). Each contract freezes it
   * at issue, only when its template prints `{{encargos.juros_remuneratorios}}`; servicing reads the contract's.
   */
  remuneratory_interest_in_delay: z.boolean(),
  /**
   * the company's higher four-eyes limit: above this amount financed a credit approval needs a second approver of
   * AllAdmins; above it too (counted over the window, see approval_window_days) a servicing move needs two checks,
   * the second of AllAdmins (LIMITED_MOVES, contract/approvals.ts)
   */
  second_approval_above: moneySchema,
  /** a reversal (estorno) of a payment above this amount waits for a second person of AllOperators (four eyes); write-offs always do */
  reversal_approval_above: moneySchema,
  /**
   * a bank settlement (a return file's payment) that differs from what is due by at most this amount settles the
   * installment, the difference posted to rounding differences; above it the rest stays open. Payments keyed by a
   * person never take it.
   */
  bank_settlement_tolerance: moneySchema,
  max_first_period_days: z.number().int(),
  max_disbursement_days_ahead: z.number().int(),
  /** an installment more days late than this cannot be assigned (0: only installments not overdue) */
  cession_max_days_overdue: z.number().int(),
  /** a cession (or its reversal), a repurchase (or its undoing) priced above this waits for a second person of AllOperators (four eyes) */
  cession_approval_above: moneySchema,
  /** a cession may be reversed up to this many calendar days after its cession date (0: only that day) */
  cession_reversal_max_days: z.number().int(),
  /**
   * the window, in calendar days up to the business date (1: that day alone), over which the four-eyes limits add up
   * what one person moved on one operation (reversals, cessions, repurchases, write-offs, each kind on its own), so a
   * move split in parts waits for approval from the part that crosses the limit
   */
  approval_window_days: z.number().int(),
  /** an agreement's installment more days late than this breaks the renegotiation agreement (areas/renegotiation) */
  renegotiation_break_days: z.number().int(),
});
export type ParameterValues = z.infer<typeof parameterValuesSchema>;

/** How a parameter reads (the screens write a change's old → new values by it). */
export const PARAMETER_KINDS = ['percent', 'count', 'days', 'money', 'fees', 'switch'] as const;
export type ParameterKind = (typeof PARAMETER_KINDS)[number];

/**
 * The company parameters whose change needs a second administrator (four eyes,
 * approval kind 'company.parameters'): every operating rule is money — the
 * four-eyes limits themselves (one administrator must not raise a limit, move
 * money alone and put it back), the rates, fees and charges, the value and term
 * limits, the days. PUT /company/parameters records the change as a pending
 * request holding the proposed values and the values it was made against;
 * another administrator (AllAdmins, not the one who asked) approves it, and
 * only then it applies, whole; refused, nothing changes; the one who asked may
 * withdraw it. If the parameters changed meanwhile, approving cancels it (409).
 * What is not money applies at once: the company's data (names, addresses,
 * contacts), its signatories, templates and accounts (company.update and the
 * other setup calls); so do the IOF rate periods, the law's table with each
 * period's legal basis.
 */
export const COMPANY_FOUR_EYES_PARAMETERS = {
  min_monthly_rate: 'percent',
  max_monthly_rate: 'percent',
  min_installments: 'count',
  max_installments: 'count',
  min_value: 'money',
  max_value: 'money',
  tac: 'money',
  other_fees: 'fees',
  late_fee_percent: 'percent',
  default_interest_monthly_percent: 'percent',
  grace_days: 'days',
  finance_iof_default: 'switch',
  remuneratory_interest_in_delay: 'switch',
  second_approval_above: 'money',
  reversal_approval_above: 'money',
  bank_settlement_tolerance: 'money',
  max_first_period_days: 'days',
  max_disbursement_days_ahead: 'days',
  cession_max_days_overdue: 'days',
  cession_approval_above: 'money',
  cession_reversal_max_days: 'days',
  approval_window_days: 'days',
  renegotiation_break_days: 'days',
} as const satisfies Record<keyof ParameterValues, ParameterKind>;
export type FourEyesParameter = keyof typeof COMPANY_FOUR_EYES_PARAMETERS;
export const FOUR_EYES_PARAMETER_NAMES = Object.keys(COMPANY_FOUR_EYES_PARAMETERS) as [FourEyesParameter, ...FourEyesParameter[]];
/** Bounds of the four-eyes window in days (1: the business day). */
export const APPROVAL_WINDOW_DAYS_RANGE = { min: 1, max: 31 } as const;

/** A change of the parameters waiting for another administrator: the request, the values before and asked for. */
export const parameterChangeSchema = z.object({
  request: approvalRequestSchema,
  /** the values in force when it was asked */
  before: parameterValuesSchema,
  /** the values it asks for (every parameter: those not changed repeat the ones before) */
  proposed: parameterValuesSchema,
  /** the parameters whose value it changes, in the order of COMPANY_FOUR_EYES_PARAMETERS */
  changed: z.array(z.enum(FOUR_EYES_PARAMETER_NAMES)),
  /** the person reading asked for it (they may withdraw it, not approve it) */
  asked_by_you: z.boolean(),
});
export type ParameterChange = z.infer<typeof parameterChangeSchema>;

export const companyParametersSchema = parameterValuesSchema.extend({
  company_id: z.number().int(),
  updated_at: timestampSchema,
  /** the change waiting for another administrator (null: none) */
  pending_change: parameterChangeSchema.nullable(),
});
export type CompanyParameters = z.infer<typeof companyParametersSchema>;

const optional = (max: number) =>
  trimmedTextSchema(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
const requiredCpf = cpfInput.refine((v) => !!v, { message: 'informe o CPF' });
const bankCode = trimmedTextSchema(3).regex(/^\d{3}$/, { message: 'código do banco: 3 dígitos (ex.: 001)' });
const digits = (max: number, label: string) => trimmedTextSchema(max).regex(/^\d+$/, { message: `${label}: somente números` });
const digit = trimmedTextSchema(2).regex(/^[0-9Xx]{1,2}$/, { message: 'dígito inválido' }).nullable().optional();

export const representativeSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  cpf: z.string(),
  role: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  active: z.boolean(),
});
export type Representative = z.infer<typeof representativeSchema>;
export const witnessSchema = representativeSchema.omit({ role: true, phone: true });
export type Witness = z.infer<typeof witnessSchema>;

export const companySchema = z.object({
  id: z.number().int(),
  legal_name: z.string(),
  trade_name: z.string(),
  cnpj: z.string().nullable(),
  state_registration: z.string().nullable(),
  cep: z.string().nullable(),
  address: z.string().nullable(),
  address_number: z.string().nullable(),
  address_complement: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  site: z.string().nullable(),
  updated_at: timestampSchema,
  representatives: z.array(representativeSchema),
  witnesses: z.array(witnessSchema),
});
export type Company = z.infer<typeof companySchema>;

export const companyBankAccountSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  ...bankAccountAnswerFields,
  wallet: z.string(),
  agreement: z.string(),
  next_our_number: z.number().int(),
  active: z.boolean(),
  /** the key the boletos' PIX QR code pays to (null: slips without PIX) */
  pix_key: z.string().nullable(),
  /** Banco do Brasil's variação da carteira (3 digits), which its remittance files need */
  wallet_variation: z.string().nullable(),
});
export type CompanyBankAccount = z.infer<typeof companyBankAccountSchema>;

export const assignmentAccountSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  assignee_name: z.string(),
  assignee_cnpj: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  agency: z.string(),
  account: z.string(),
  account_digit: z.string().nullable(),
  active: z.boolean(),
  /** the agreement's repurchase terms: how the amount due to the assignee is figured (domain/servicing/repurchase.ts) */
  repurchase_rule: z.enum(REPURCHASE_RULES),
  /** days late after which the agreement makes the lender buy an assigned installment back */
  repurchase_after_days: z.number().int(),
  /** the CNAB 444 file's "código do originador" the custodian gave (empty: the lender's CNPJ goes in the file) */
  originator_code: z.string(),
  /** the SCR modality the file states for the operations (4 digits; 0299 empréstimos – outros) */
  scr_modality: z.string(),
  /** the kind of title (espécie) in the custodian's table (2 digits; 60 contrato) */
  title_kind: z.string(),
  /** the share (%) of what is collected on the account's installments the agreement lets the lender keep (pass-through fee) */
  pass_through_fee_rate: percentSchema,
});
export type AssignmentAccount = z.infer<typeof assignmentAccountSchema>;

export { CONTRACT_KINDS };
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/**
 * Placeholders a contract template may use, each filled when a contract is
 * issued: the lender, its signatories, the borrower, the
 * operation's conditions and its schedule.
 */
export const CONTRACT_ALIASES = [
  { alias: 'contrato.numero', description: 'Número deste contrato (o mesmo do cabeçalho do PDF)' },
  { alias: 'empresa.razao_social', description: 'Razão social da credora' },
  { alias: 'empresa.cnpj', description: 'CNPJ da credora' },
  { alias: 'empresa.endereco', description: 'Endereço completo da credora' },
  { alias: 'representantes', description: 'Nome e CPF dos representantes legais que assinam' },
  { alias: 'testemunhas', description: 'Nome e CPF das testemunhas' },
  { alias: 'tomador.nome', description: 'Nome ou razão social do tomador' },
  { alias: 'tomador.documento', description: 'CPF ou CNPJ do tomador' },
  { alias: 'tomador.endereco', description: 'Endereço completo do tomador' },
  { alias: 'avalistas', description: 'Nome e CPF dos avalistas e devedores solidários' },
  { alias: 'operacao.numero', description: 'Número interno da operação de crédito (OP-…), não o do contrato' },
  { alias: 'operacao.valor_liberado', description: 'Valor liberado ao tomador' },
  { alias: 'operacao.valor_financiado', description: 'Valor financiado (principal)' },
  { alias: 'operacao.taxa_mensal', description: 'Taxa de juros ao mês' },
  { alias: 'operacao.taxa_anual', description: 'Taxa de juros ao ano' },
  { alias: 'operacao.cet_mensal', description: 'CET ao mês' },
  { alias: 'operacao.cet_anual', description: 'CET ao ano' },
  { alias: 'operacao.iof', description: 'Valor do IOF' },
  { alias: 'operacao.tarifas', description: 'Tarifas cobradas na liberação' },
  { alias: 'operacao.total_juros', description: 'Total de juros' },
  { alias: 'operacao.total_a_pagar', description: 'Valor total a pagar (soma das parcelas)' },
  { alias: 'operacao.parcelas', description: 'Número de parcelas' },
  { alias: 'operacao.primeiro_vencimento', description: 'Data do primeiro vencimento' },
  { alias: 'operacao.ultimo_vencimento', description: 'Data do último vencimento' },
  { alias: 'operacao.cronograma', description: 'Tabela de parcelas (vencimento e valor)' },
  { alias: 'local.pagamento', description: 'Praça de pagamento (cidade da credora) e meio de pagamento' },
  { alias: 'encargos.multa', description: 'Multa por atraso (%)' },
  { alias: 'encargos.juros_mora', description: 'Juros de mora (% ao mês)' },
  { alias: 'encargos.juros_remuneratorios', description: 'Juros remuneratórios durante o atraso: se incidem, a que taxa e com que capitalização (sem este marcador no modelo, o contrato não os prevê)' },
  { alias: 'encargos.contagem_atraso', description: 'Vencimento em dia não útil e de quando se contam os dias de atraso (Código Civil, art. 132, § 1º)' },
  { alias: 'data.emissao', description: 'Data de emissão do contrato' },
  { alias: 'local.emissao', description: 'Cidade de emissão' },
] as const;
export const CONTRACT_ALIAS_NAMES: readonly string[] = CONTRACT_ALIASES.map((a) => a.alias);
/**
 * The placeholder that prints the remuneratory-interest-in-delay clause: a contract states that clause only when its
 * template prints it (Res. CMN 4.882/2020: such interest runs in delay only where the contract provides it).
 */
export const REMUNERATORY_PLACEHOLDER = 'encargos.juros_remuneratorios' satisfies (typeof CONTRACT_ALIASES)[number]['alias'];

/** Every kind of company template: the contracts and the documents (the confession of debt, the three letters). */
export const TEMPLATE_KINDS = [...CONTRACT_KINDS, ...DOCUMENT_TEMPLATE_KINDS] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** The placeholders each kind of template may use (the contracts share CONTRACT_ALIASES). */
export const TEMPLATE_ALIASES: Readonly<Record<TemplateKind, readonly TemplateAlias[]>> = {
  CCB: CONTRACT_ALIASES,
  MPO: CONTRACT_ALIASES,
  ...DOCUMENT_TEMPLATE_ALIASES,
};

export const isContractKind = (kind: TemplateKind): kind is ContractKind => (CONTRACT_KINDS as readonly string[]).includes(kind);

export const contractTemplateSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  kind: z.enum(TEMPLATE_KINDS),
  title: z.string(),
  body: z.string(),
  version: versionSchema,
  updated_at: timestampSchema,
  /** what the text lacks (for a CCB, the requisites of Lei 10.931/2004 art. 29), in Portuguese; a template with gaps still saves */
  warnings: z.array(z.string()),
});
export type ContractTemplate = z.infer<typeof contractTemplateSchema>;

const templateTitle = trimmedTextSchema(160).min(3, 'informe o título');
const templateBody = textSchema(100_000).refine((v) => v.trim().length >= 20, { message: 'o modelo deve ter ao menos 20 caracteres' });

/** Title and body may use only the kind's placeholders: a 400 on the field names the unknown ones and lists the allowed. */
function checkPlaceholders(kind: TemplateKind, v: { title?: string; body?: string }, ctx: z.RefinementCtx): void {
  const allowed = TEMPLATE_ALIASES[kind];
  for (const field of ['title', 'body'] as const) {
    const unknown = unknownPlaceholders(v[field] ?? '', allowed);
    if (unknown.length) ctx.addIssue({ code: 'custom', path: [field], message: unknownPlaceholderMessage(unknown, allowed) });
  }
}

const templateArgs = z
  .object({ id: idSchema, kind: z.enum(TEMPLATE_KINDS), title: templateTitle, body: templateBody })
  .superRefine((v, ctx) => checkPlaceholders(v.kind, v, ctx));

/** The editor's form of one kind's template: the same rules as the server's. */
export const templateFormSchema = (kind: TemplateKind) =>
  z.object({ title: templateTitle, body: templateBody }).superRefine((v, ctx) => checkPlaceholders(kind, v, ctx));

const companyInput = z.object({
  id: idSchema,
  legal_name: trimmedTextSchema(160).min(3, 'informe a razão social'),
  trade_name: trimmedTextSchema(160),
  cnpj: cnpjInput.refine((v) => !!v, { message: 'informe o CNPJ' }),
  state_registration: optional(20),
  cep: optional(9),
  address: optional(160),
  address_number: optional(20),
  address_complement: optional(80),
  neighborhood: optional(80),
  city: optional(80),
  state: stateInput,
  phone: optional(20),
  email: emailSchema.nullable().optional(),
  site: optional(200),
});

const representativeInput = z.object({
  company_id: idSchema,
  name: trimmedTextSchema(120).min(3, 'informe o nome'),
  cpf: requiredCpf,
  role: trimmedTextSchema(80).min(2, 'informe o cargo'),
  email: emailSchema.nullable().optional(),
  phone: optional(20),
  active: z.boolean().optional(),
});
const witnessInput = representativeInput.omit({ role: true, phone: true });

const bankAccountInput = z.object({
  bank_code: bankCode,
  bank_name: trimmedTextSchema(80).min(2, 'informe o nome do banco'),
  agency: digits(6, 'agência'),
  agency_digit: digit,
  account: digits(15, 'conta'),
  account_digit: digit,
  wallet: trimmedTextSchema(5),
  agreement: trimmedTextSchema(20),
  next_our_number: z.number().int().min(1, 'ao menos 1').max(99_999_999_999, 'nosso número grande demais'),
  active: z.boolean().optional(),
  /** CPF/CNPJ digits, e-mail, +55 phone or random key; absent leaves it as it is, empty clears it */
  pix_key: optional(MAX_PIX_KEY).refine((v) => v == null || isPixKey(v), {
    message: 'chave Pix inválida: CPF ou CNPJ só com números, e-mail, telefone +55 com DDD ou chave aleatória',
  }),
  /** Banco do Brasil's variação da carteira for remittance files; absent leaves it as it is, empty clears it */
  wallet_variation: optional(3).refine((v) => v == null || /^\d{3}$/.test(v), { message: 'variação da carteira: 3 dígitos (ex.: 019)' }),
});

const assignmentAccountInput = z.object({
  assignee_name: trimmedTextSchema(160).min(3, 'informe o cessionário'),
  assignee_cnpj: cnpjInput.refine((v) => !!v, { message: 'informe o CNPJ do cessionário' }),
  bank_code: bankCode,
  bank_name: trimmedTextSchema(80).min(2, 'informe o nome do banco'),
  agency: digits(6, 'agência'),
  account: digits(15, 'conta'),
  account_digit: digit,
  active: z.boolean().optional(),
  /** absent keeps it as it is (new accounts: face value plus charges, the usual FIDC agreement) */
  repurchase_rule: z.enum(REPURCHASE_RULES, { message: 'regra de recompra: valor de face mais encargos ou valor presente' }).optional(),
  /** absent keeps it as it is (new accounts: 30) */
  repurchase_after_days: z.number({ message: 'dias de atraso para a recompra: informe um número inteiro' }).int('dias de atraso para a recompra: informe um número inteiro').min(1, 'dias de atraso para a recompra: de 1 a 360').max(360, 'dias de atraso para a recompra: de 1 a 360').optional(),
  /** absent keeps it as it is (new accounts: empty, the lender's CNPJ in the file) */
  originator_code: z.string({ message: 'código do originador: até 20 dígitos' }).trim().regex(/^\d{0,20}$/, 'código do originador: até 20 dígitos (vazio: o CNPJ da empresa)').optional(),
  /** absent keeps it as it is (new accounts: 0299) */
  scr_modality: z.string({ message: 'modalidade SCR: 4 dígitos' }).trim().regex(/^\d{4}$/, 'modalidade SCR: 4 dígitos (ex.: 0299)').optional(),
  /** absent keeps it as it is (new accounts: 60) */
  title_kind: z.string({ message: 'espécie do título: 2 dígitos' }).trim().regex(/^\d{2}$/, 'espécie do título: 2 dígitos (ex.: 60)').optional(),
  /** absent keeps it as it is (new accounts: 0, nothing kept); at most 100 */
  pass_through_fee_rate: percentInputSchema.refine((v) => Number(v) <= 100, { message: 'taxa de repasse: no máximo 100%' }).optional(),
});

const companyAndAccount = z.object({ id: idSchema, accountId: idSchema });

export const companyOperations = {
  'company.get': defineOperation({
    method: 'GET',
    path: '/api/company/:id',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: 'The company (default id 1) with its legal representatives and witnesses.',
    args: idArgs,
    result: companySchema,
  }),
  'company.update': defineOperation({
    method: 'PUT',
    path: '/api/company',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: "Changes the company's data (CNPJ checked; logged).",
    args: companyInput,
    result: companySchema,
  }),
  'company.createRepresentative': defineOperation({
    method: 'POST',
    path: '/api/company/representative',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Adds a legal representative who signs contracts for the company.',
    args: representativeInput,
    result: representativeSchema,
  }),
  'company.updateRepresentative': defineOperation({
    method: 'PUT',
    path: '/api/company/representative',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Changes a legal representative.',
    args: representativeInput.extend({ id: idSchema }),
    result: representativeSchema,
  }),
  'company.deleteRepresentative': defineOperation({
    method: 'DELETE',
    path: '/api/company/representative/:id',
    access: AllAdmins,
    encoding: 'none',
    origin: 'spec',
    description: 'Removes a legal representative.',
    args: idArgs,
    result: okSchema,
  }),
  'company.createWitness': defineOperation({
    method: 'POST',
    path: '/api/company/witness',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Adds a contract witness.',
    args: witnessInput,
    result: witnessSchema,
  }),
  'company.updateWitness': defineOperation({
    method: 'PUT',
    path: '/api/company/witness',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Changes a contract witness.',
    args: witnessInput.extend({ id: idSchema }),
    result: witnessSchema,
  }),
  'company.deleteWitness': defineOperation({
    method: 'DELETE',
    path: '/api/company/witness/:id',
    access: AllAdmins,
    encoding: 'none',
    origin: 'spec',
    description: 'Removes a contract witness.',
    args: idArgs,
    result: okSchema,
  }),
  'company.banks': defineOperation({
    method: 'GET',
    path: '/api/company/:id/banks',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "The company's bank accounts (boletos and remittance files), active first.",
    args: idArgs,
    result: z.array(companyBankAccountSchema),
  }),
  'company.createBank': defineOperation({
    method: 'POST',
    path: '/api/company/:id/banks',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Adds a bank account (bank code, agency, account, wallet, agreement, next nosso número).',
    args: bankAccountInput.extend({ id: idSchema }),
    result: companyBankAccountSchema,
  }),
  'company.updateBank': defineOperation({
    method: 'PUT',
    path: '/api/company/:id/banks',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Changes a bank account (accountId in the body).',
    args: bankAccountInput.extend({ id: idSchema, accountId: idSchema }),
    result: companyBankAccountSchema,
  }),
  'company.deleteBank': defineOperation({
    method: 'DELETE',
    path: '/api/company/:id/banks/:accountId',
    access: AllAdmins,
    encoding: 'none',
    origin: 'spec',
    description: 'Removes a bank account.',
    errors: [409],
    args: companyAndAccount,
    result: okSchema,
  }),
  'company.assignmentAccounts': defineOperation({
    method: 'GET',
    path: '/api/company/:id/assignment-bank-accounts',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "The assignees' (cessionários) accounts installments can be assigned to.",
    args: idArgs,
    result: z.array(assignmentAccountSchema),
  }),
  'company.assignmentAccount': defineOperation({
    method: 'GET',
    path: '/api/company/:id/assignment-bank-accounts/:accountId',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "One assignee's account.",
    args: companyAndAccount,
    result: assignmentAccountSchema,
  }),
  'company.createAssignmentAccount': defineOperation({
    method: 'POST',
    path: '/api/company/:id/assignment-bank-accounts',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: "Adds an assignee's account (CNPJ checked).",
    args: assignmentAccountInput.extend({ id: idSchema }),
    result: assignmentAccountSchema,
  }),
  'company.updateAssignmentAccount': defineOperation({
    method: 'PUT',
    path: '/api/company/:id/assignment-bank-accounts',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: "Changes an assignee's account (accountId in the body).",
    args: assignmentAccountInput.extend({ id: idSchema, accountId: idSchema }),
    result: assignmentAccountSchema,
  }),
  'company.deleteAssignmentAccount': defineOperation({
    method: 'DELETE',
    path: '/api/company/:id/assignment-bank-accounts/:accountId',
    access: AllAdmins,
    encoding: 'none',
    origin: 'spec',
    description: "Removes an assignee's account.",
    args: companyAndAccount,
    result: okSchema,
  }),
  'company.contractTemplates': defineOperation({
    method: 'GET',
    path: '/api/company/:id/contract',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: 'The templates of the company (those registered): the contracts (CCB, MPO), the confession of debt and the letters (payoff, discharge, annual declaration).',
    args: idArgs,
    result: z.array(contractTemplateSchema),
  }),
  'company.createContractTemplate': defineOperation({
    method: 'POST',
    path: '/api/company/:id/contract',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Registers the template of a kind (one per kind: 409 when it exists); only the kind\'s placeholders (400 naming the unknown and listing the allowed); the answer lists what the text lacks in `warnings` (a CCB: Lei 10.931/2004 art. 29).',
    errors: [409],
    args: templateArgs,
    result: contractTemplateSchema,
  }),
  'company.updateContractTemplate': defineOperation({
    method: 'PUT',
    path: '/api/company/:id/contract',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Changes the template of a kind; its version goes up by one (contracts, confessions and letters already issued keep their text and version); only the kind\'s placeholders; the answer lists what the text lacks in `warnings`.',
    args: templateArgs,
    result: contractTemplateSchema,
  }),
  'company.contractAliases': defineOperation({
    method: 'GET',
    path: '/api/company/contract/alias',
    access: AllPanelUsers,
    encoding: 'query',
    cacheable: true,
    origin: 'spec',
    description: 'The placeholders a template of `kind` may use (default: the contracts\'), with what each is filled with.',
    args: z.object({ kind: z.enum(TEMPLATE_KINDS).optional() }),
    result: z.array(z.object({ alias: z.string(), description: z.string() })),
  }),
  'company.parameters': defineOperation({
    method: 'GET',
    path: '/api/company/:id/parameters',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description:
      "The company's operating rules: rate, term and value limits, fees (the TAC for PJ only), late fee (≤ 2%), default interest (≤ 1% a month), grace days, IOF financed by default, the longest first period and how far ahead a disbursement may be, the four-eyes limits and their window; with the change waiting for another administrator, if any (`pending_change`).",
    args: idArgs,
    result: companyParametersSchema,
  }),
  'company.updateParameters': defineOperation({
    method: 'PUT',
    path: '/api/company/parameters',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description:
      "Asks for a change of the operating rules (every one is money: COMPANY_FOUR_EYES_PARAMETERS). Nothing changes yet: the change waits for another administrator (company.decideParameters) and the answer is the parameters in force with it as `pending_change`. Fields left out keep their value. 400 when nothing would change; 409 when a change already waits.",
    errors: [409],
    args: z
      .object({
        company_id: idSchema,
        min_monthly_rate: monthlyRateInputSchema,
        max_monthly_rate: monthlyRateInputSchema,
        min_installments: z.number().int().min(1, 'ao menos 1 parcela').max(360, 'no máximo 360 parcelas'),
        max_installments: z.number().int().min(1, 'ao menos 1 parcela').max(360, 'no máximo 360 parcelas'),
        min_value: positiveMoneyInputSchema,
        max_value: positiveMoneyInputSchema,
        tac: moneyInputSchema,
        other_fees: z.array(feeSchema).max(10, 'no máximo 10 tarifas'),
        late_fee_percent: percentInputSchema.refine((v) => Number(v) <= Number(MAX_LATE_FEE_PERCENT), {
          message: `a multa é de no máximo ${MAX_LATE_FEE_PERCENT}% (Código de Defesa do Consumidor, art. 52, § 1º)`,
          params: { rule: 'lateFeeLimit', max: MAX_LATE_FEE_PERCENT },
        }),
        default_interest_monthly_percent: percentInputSchema.refine((v) => Number(v) <= Number(MAX_DEFAULT_INTEREST_MONTHLY_PERCENT), {
          message: `os juros de mora são de no máximo ${MAX_DEFAULT_INTEREST_MONTHLY_PERCENT}% ao mês (STJ, Súmula 379)`,
          params: { rule: 'defaultInterestLimit', max: MAX_DEFAULT_INTEREST_MONTHLY_PERCENT },
        }),
        grace_days: z.number().int().min(0, 'não pode ser negativo').max(60, 'no máximo 60 dias'),
        finance_iof_default: z.boolean(),
        /** kept when left out */
        remuneratory_interest_in_delay: z.boolean().optional(),
        /** kept when left out */
        second_approval_above: moneyInputSchema.optional(),
        /** kept when left out */
        reversal_approval_above: moneyInputSchema.optional(),
        /** kept when left out */
        bank_settlement_tolerance: moneyInputSchema
          .refine((v) => Number(v) <= Number(MAX_BANK_SETTLEMENT_TOLERANCE), { message: `no máximo R$ ${MAX_BANK_SETTLEMENT_TOLERANCE.replace('.', ',')}` })
          .optional(),
        /** absent: unchanged */
        max_first_period_days: z
          .number()
          .int()
          .min(FIRST_PERIOD_DAYS_RANGE.min, `ao menos ${FIRST_PERIOD_DAYS_RANGE.min} dias (um mês inteiro)`)
          .max(FIRST_PERIOD_DAYS_RANGE.max, `no máximo ${FIRST_PERIOD_DAYS_RANGE.max} dias`)
          .optional(),
        /** absent: unchanged */
        max_disbursement_days_ahead: z
          .number()
          .int()
          .min(DISBURSEMENT_DAYS_AHEAD_RANGE.min, 'não pode ser negativo')
          .max(DISBURSEMENT_DAYS_AHEAD_RANGE.max, `no máximo ${DISBURSEMENT_DAYS_AHEAD_RANGE.max} dias`)
          .optional(),
        /** absent: unchanged */
        cession_max_days_overdue: z.number().int('dias inteiros').min(0, 'não pode ser negativo').max(360, 'no máximo 360 dias').optional(),
        /** kept when left out */
        cession_approval_above: moneyInputSchema.optional(),
        /** absent: unchanged */
        cession_reversal_max_days: z.number().int('dias inteiros').min(0, 'não pode ser negativo').max(3650, 'no máximo 3650 dias').optional(),
        /** absent: unchanged */
        approval_window_days: z
          .number()
          .int('dias inteiros')
          .min(APPROVAL_WINDOW_DAYS_RANGE.min, `ao menos ${APPROVAL_WINDOW_DAYS_RANGE.min} dia (o dia útil)`)
          .max(APPROVAL_WINDOW_DAYS_RANGE.max, `no máximo ${APPROVAL_WINDOW_DAYS_RANGE.max} dias`)
          .optional(),
        /** absent: unchanged */
        renegotiation_break_days: z.number().int('dias inteiros').min(1, 'ao menos 1 dia').max(365, 'no máximo 365 dias').optional(),
      })
      .refine((v) => Number(v.max_monthly_rate) >= Number(v.min_monthly_rate), { message: 'a taxa máxima não pode ser menor que a mínima', path: ['max_monthly_rate'] })
      .refine((v) => v.max_installments >= v.min_installments, { message: 'o prazo máximo não pode ser menor que o mínimo', path: ['max_installments'] })
      .refine((v) => Number(v.max_value) >= Number(v.min_value), { message: 'o valor máximo não pode ser menor que o mínimo', path: ['max_value'] }),
    result: companyParametersSchema,
  }),
  'company.decideParameters': defineOperation({
    method: 'POST',
    path: '/api/company/:id/parameters/approval',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description:
      "Another administrator's answer to the pending change of the parameters (four eyes): approve applies it whole (logged with before and after, the one who asked and the one who approved); refuse (with a reason) leaves the parameters as they are; the administrator who asked may withdraw it the same way (approving their own is a 403 four-eyes). 409 when no change waits, or when the parameters changed since it was asked (then it is cancelled: ask again).",
    errors: [409],
    args: z.object({
      id: idSchema,
      approve: z.boolean({ error: 'informe se aprova' }),
      /** required when refusing or withdrawing (kept on the request); approving, an optional note kept in the log entry */
      reason: optionalText(1000),
    }),
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
    description: 'Adds an IOF rate period with its legal basis; a period overlapping another of the same person type is refused (409, also under concurrency: an exclusion constraint).',
    errors: [409],
    args: iofParameterInput,
    result: iofParameterSchema,
  }),
  'company.updateIofParameter': defineOperation({
    method: 'PUT',
    path: '/api/company/config/iofparameters/:id',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Corrects an IOF rate period (same overlap rule; without legal_basis the current one stays).',
    errors: [409],
    args: periodInOrder(iofParameterFields.extend({ id: idSchema, legal_basis: iofParameterFields.shape.legal_basis.optional() })),
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
