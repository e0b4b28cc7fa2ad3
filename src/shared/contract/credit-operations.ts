/**
 * Credit operations (the spec's "Credit operations" calls): the simulation,
 * the proposal and its edits, the decision, the analysis tabs (management,
 * complement, other operations, timeline, messages) and the CCB/MPO contracts.
 *
 * The simulation the building flow and the loan proposal show is
 * POST /api/creditOperation/simulation; the spec names the call, not its
 * answer, which is designed this way:
 * - `principal` is the amount financed: what was asked, or, with financeIof,
 *   grossed up so that principal − IOF − fees is exactly what was asked;
 * - `released` is what reaches the borrower: principal − IOF − fees; with
 *   financeIof the principal is the smallest whose release is at least the
 *   amount asked, and `releasedExcess` the cent(s) by which it passes it (the
 *   IOF is rounded to the cent, so some amounts no principal releases exactly);
 * - fees default to the company's TAC and other fees; when given they replace
 *   them (an operator's negotiated fees), each charged at disbursement;
 * - the IOF rates are those in force on the disbursement date for the
 *   borrower's kind (a PJ under Simples Nacional, or a MEI, whose financed
 *   principal is at most SIMPLES_IOF_LIMIT gets its reduced rate), named in
 *   `iof.rates`;
 * - the disbursement date lies between the business date and the company's
 *   days ahead; the first due date at most the company's first-period days
 *   after it; TAC is never charged to an individual (PF);
 * - CET per Res. CMN 3.517/2007 on the released amount and the payments by
 *   their dates (yearly and monthly, percent, two places).
 * A value, rate or term outside the company's parameters is a 400 naming the
 * field and the limit.
 */
import { z } from 'zod';
import { AllOperators, AllPanelUsers } from '../roles';
import { CREDIT_OPERATION_ACTIONS, CREDIT_OPERATION_STATUSES } from '../credit-operation-status';
import { defineOperation } from './define';
import { filterSchema, idArgs, idSchema, idempotencyKeySchema, listArgs, paged, timestampSchema, trimmedTextSchema } from './common';
import { CONTRACT_KINDS, feeSchema, IOF_PERSON_TYPES } from './company';
import { PERSON_TYPES, borrowerSchema } from './borrowers';
import { calendarDaySchema, moneySchema, monthlyRateInputSchema, percentSchema, positiveMoneyInputSchema } from './money';
import { borrowerRefSchema, dayAnswerSchema, scheduleRowSchema, versionSchema } from './fields';
import { approvalRequestSchema } from './approvals';
import { AMORTIZATION_SYSTEMS, ISSUED_CONTRACT_STATUSES, PAYMENT_METHODS } from '../enums';

export { AMORTIZATION_SYSTEMS };
export type AmortizationSystemName = (typeof AMORTIZATION_SYSTEMS)[number];
export const MAX_OPERATION_INSTALLMENTS = 360;

export const simulationArgsSchema = z
  .object({
    personType: z.enum(PERSON_TYPES),
    simplesNacional: z.boolean().optional(),
    /** a PJ under Simples Nacional as Microempreendedor Individual (its own IOF rates) */
    mei: z.boolean().optional(),
    amortization: z.enum(AMORTIZATION_SYSTEMS),
    principal: positiveMoneyInputSchema,
    monthlyRate: monthlyRateInputSchema,
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
      dueDate: dayAnswerSchema,
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
  /** with financed IOF: what is released beyond the amount asked (the cent(s) no principal can avoid), else "0.00" */
  releasedExcess: moneySchema,
});
export type SimulationResult = z.infer<typeof simulationResultSchema>;

/**
 * The credit products the building flow offers, each with the contract it is
 * formalised by: CCB (Lei 10.931/2004) for working capital and investment, MPO
 * (Lei 13.636/2018) for oriented productive microcredit.
 */
export const CREDIT_PRODUCTS = [
  { id: 'working_capital', contract: 'CCB' },
  { id: 'investment', contract: 'CCB' },
  { id: 'microcredit', contract: 'MPO' },
] as const;
export type CreditProductId = (typeof CREDIT_PRODUCTS)[number]['id'];
export const CREDIT_PRODUCT_IDS = CREDIT_PRODUCTS.map((p) => p.id) as [CreditProductId, ...CreditProductId[]];
export function contractKindOf(product: CreditProductId) {
  return CREDIT_PRODUCTS.find((p) => p.id === product)!.contract;
}

/** How an operation is shown to people: OP-000123. */
export function operationNumber(id: number): string {
  return `OP-${String(id).padStart(6, '0')}`;
}

export { PAYMENT_METHODS };

/** The conditions an operation is built with (the simulation's, for a registered borrower). */
const conditionsInput = z.object({
  product: z.enum(CREDIT_PRODUCT_IDS, { error: 'escolha o produto' }),
  amortization: z.enum(AMORTIZATION_SYSTEMS, { error: 'escolha o sistema de amortização' }),
  /** what the borrower asked (released as is when IOF is financed) */
  requested_amount: positiveMoneyInputSchema,
  monthly_rate: monthlyRateInputSchema,
  installments: z
    .number({ error: 'informe o número de parcelas' })
    .int('o número de parcelas é inteiro')
    .min(1, 'informe ao menos 1 parcela')
    .max(MAX_OPERATION_INSTALLMENTS, `no máximo ${MAX_OPERATION_INSTALLMENTS} parcelas`),
  disbursement_date: calendarDaySchema,
  first_due_date: calendarDaySchema,
  finance_iof: z.boolean().default(false),
  fees: z.array(feeSchema).max(10, 'no máximo 10 tarifas').optional(),
  secured_guarantee_ids: z.array(idSchema).max(50).default([]),
});
const datesInOrder = <T extends z.ZodType<{ disbursement_date: string; first_due_date: string }>>(schema: T) =>
  schema.refine((v) => v.first_due_date > v.disbursement_date, {
    message: 'o primeiro vencimento deve ser depois da data de liberação',
    params: { rule: 'firstDueAfterDisbursement' },
    path: ['first_due_date'],
  });

/** The conditions alone, as the building and edit forms check them before asking the server. */
export const creditConditionsSchema = datesInOrder(conditionsInput);

export const creditOperationCreateInput = datesInOrder(
  conditionsInput.extend({
    borrower_id: idSchema,
    solicitation_id: idSchema.optional(),
    /** drawn by the screen once per confirmed proposal: a retry never creates a second operation */
    idempotency_key: idempotencyKeySchema,
  }),
);
export const creditOperationUpdateInput = datesInOrder(
  conditionsInput.extend({
    id: idSchema,
    /** the version the change was made on (409 when someone changed it since) */
    version: versionSchema,
  }),
);

export const creditOperationSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(CREDIT_OPERATION_STATUSES),
  ...borrowerRefSchema.shape,
  product: z.enum(CREDIT_PRODUCT_IDS),
  contract_kind: z.enum(CONTRACT_KINDS),
  requested_amount: moneySchema,
  principal: moneySchema,
  monthly_rate: percentSchema,
  installments_count: z.number().int(),
  disbursement_date: z.string(),
  total_payable: moneySchema,
  created_at: timestampSchema,
  status_changed_at: timestampSchema,
});
export type CreditOperationSummary = z.infer<typeof creditOperationSummarySchema>;

export const creditOperationSchema = creditOperationSummarySchema.extend({
  version: versionSchema,
  solicitation_id: z.number().int().nullable(),
  person_type: z.enum(PERSON_TYPES),
  amortization: z.enum(AMORTIZATION_SYSTEMS),
  first_due_date: dayAnswerSchema,
  finance_iof: z.boolean(),
  fees: z.array(z.object({ name: z.string(), amount: moneySchema })),
  fees_total: moneySchema,
  iof: z.object({
    daily: moneySchema,
    additional: moneySchema,
    total: moneySchema,
    rates: z.object({ personType: z.enum(IOF_PERSON_TYPES), dailyPercent: percentSchema, additionalPercent: percentSchema, legalBasis: z.string() }),
  }),
  cet: z.object({ monthly: percentSchema, yearly: percentSchema }),
  total_interest: moneySchema,
  released: moneySchema,
  secured_guarantee_ids: z.array(z.number().int()),
  installments: z.array(scheduleRowSchema),
  /** the moves the person asking may make now */
  actions: z.array(z.enum(CREDIT_OPERATION_ACTIONS)),
  editable: z.boolean(),
  can_issue_contract: z.boolean(),
  contract: z
    .object({ id: z.number().int(), number: z.string(), kind: z.enum(CONTRACT_KINDS), status: z.enum(ISSUED_CONTRACT_STATUSES), issued_at: timestampSchema })
    .nullable(),
  created_by_name: z.string().nullable(),
  /** who built or last changed the conditions (may not approve them), and when */
  maker_name: z.string().nullable(),
  made_at: timestampSchema,
  /** the first approval given and the second awaited (above the company's limit) */
  pending_approval: approvalRequestSchema.nullable(),
  /** whether approving it now takes two approvers (its principal is above the company's second_approval_above) */
  needs_second_approval: z.boolean(),
  /** why the person asking may not approve it now (four eyes), or null */
  approve_refusal: z.string().nullable(),
  updated_at: timestampSchema,
});
export type CreditOperation = z.infer<typeof creditOperationSchema>;

export const managementSchema = z.object({
  id: z.number().int(),
  status: z.enum(CREDIT_OPERATION_STATUSES),
  version: versionSchema,
  created_by_name: z.string().nullable(),
  created_at: timestampSchema,
  decided_by_name: z.string().nullable(),
  decided_at: timestampSchema.nullable(),
  decision_reason: z.string().nullable(),
  days_in_status: z.number().int(),
  actions: z.array(z.enum(CREDIT_OPERATION_ACTIONS)),
  /** the maker: who built or last changed the conditions, and when */
  maker_name: z.string().nullable(),
  made_at: timestampSchema,
  /** the newest approval request (four eyes): its checkers, or the second approval awaited and who may give it */
  approval: approvalRequestSchema.nullable(),
  /** the company's amount financed above which an approval needs a second approver */
  second_approval_above: moneySchema,
  /** why the person asking may not approve it now (four eyes), or null */
  approve_refusal: z.string().nullable(),
});

export const complementSchema = z.object({
  id: z.number().int(),
  /** the operation's version: a complement edit carries it like every other change */
  version: versionSchema,
  purpose: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS),
  analyst_opinion: z.string().nullable(),
  notes: z.string().nullable(),
  orientation_message: z.string().nullable(),
});
const optionalLongText = (max: number) =>
  trimmedTextSchema(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

export const timelineEventSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  from_status: z.enum(CREDIT_OPERATION_STATUSES).nullable(),
  to_status: z.enum(CREDIT_OPERATION_STATUSES).nullable(),
  note: z.string().nullable(),
  actor_name: z.string().nullable(),
  created_at: timestampSchema,
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const operationMessageSchema = z.object({
  id: z.number().int(),
  author_name: z.string(),
  body: z.string(),
  created_at: timestampSchema,
});

export const issuedContractSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  credit_operation_id: z.number().int(),
  operation_number: z.string(),
  borrower_name: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  number: z.string(),
  title: z.string(),
  template_version: versionSchema,
  status: z.enum(ISSUED_CONTRACT_STATUSES),
  issued_by_name: z.string().nullable(),
  issued_at: timestampSchema,
  cancelled_by_name: z.string().nullable(),
  cancelled_at: timestampSchema.nullable(),
});
export type IssuedContract = z.infer<typeof issuedContractSchema>;
export const issuedContractDetailSchema = issuedContractSchema.extend({ body: z.string() });

export const CREDIT_OPERATION_FILTERS = ['status', 'borrower', 'borrower_id', 'from', 'to', 'valueStart', 'valueEnd', 'product'] as const;
export const CREDIT_OPERATION_SORTS = ['created_at', 'principal', 'status', 'borrower_name', 'disbursement_date'] as const;
/** A borrower's operations: the list's filters but borrower_id (the path names the borrower; the server refuses it). */
export const BORROWER_OPERATION_FILTERS = CREDIT_OPERATION_FILTERS.filter((name) => name !== 'borrower_id');
/** Filters and sort of a company's issued contracts (GET /company/:id/contracts). */
export const ISSUED_CONTRACT_FILTERS = ['status', 'kind', 'borrower'] as const;
export const ISSUED_CONTRACT_SORTS = ['issued_at'] as const;

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
  'creditOperation.list': defineOperation({
    method: 'GET',
    path: '/api/creditOperation',
    access: AllPanelUsers,
    encoding: 'list',
    cacheable: true,
    origin: 'spec',
    description:
      'Credit operations, newest first by default, paged; filters: status (one or a list), borrower (name or document contains), borrower_id, from/to (created, YYYY-MM-DD), valueStart/valueEnd (principal), product.',
    list: { filters: CREDIT_OPERATION_FILTERS, sorts: CREDIT_OPERATION_SORTS },
    args: listArgs.extend({ filter: filterSchema.optional() }),
    result: paged(creditOperationSummarySchema),
  }),
  'creditOperation.create': defineOperation({
    method: 'POST',
    path: '/api/creditOperation',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'designed',
    description:
      'Saves a proposal built for a borrower: the conditions are simulated again on the server and stored with the schedule (status proposal). Idempotent by key: a repeated request answers the operation it created.',
    args: creditOperationCreateInput,
    result: creditOperationSchema,
  }),
  'creditOperation.get': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: 'One operation with its conditions, IOF, CET, schedule, contract in force and the moves the caller may make.',
    args: idArgs,
    result: creditOperationSchema,
  }),
  'creditOperation.update': defineOperation({
    method: 'PUT',
    path: '/api/creditOperation/:id',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description:
      'Changes the conditions (simulated again, schedule replaced) while the operation is not yet contracted or disbursed; an approved one goes back to analysis. 409 when the version is stale.',
    errors: [409],
    args: creditOperationUpdateInput,
    result: creditOperationSchema,
  }),
  'creditOperation.borrower': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/borrower',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: 'The borrower of an operation.',
    args: idArgs,
    result: borrowerSchema,
  }),
  'creditOperation.decision': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/decision',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'designed',
    description:
      "Moves the operation: send_to_analysis, approve, refuse, return (for changes) or cancel; approve, refuse and return are for AllOperators (403 otherwise), and so is cancelling an operation an operator approved; refuse, return and cancel need a reason. Approving (four eyes): 403 saying why for the person who built or last changed the conditions; 400 on analyst_opinion without the analyst's opinion; above the company's second_approval_above the first approval stays pending (status analysis) until a second person of AllAdmins, neither the maker nor the first approver, approves too. 409 when not allowed from the current status or the version is stale.",
    errors: [409],
    args: z
      .object({
        id: idSchema,
        action: z.enum(CREDIT_OPERATION_ACTIONS),
        version: versionSchema,
        reason: optionalLongText(2000),
      }),
    result: creditOperationSchema,
  }),
  'creditOperation.management': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/management',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description:
      'Where the operation stands: status, who created, last changed (maker) and decided it, why, how long in this status, the moves open to the caller, and its newest approval request (who checked it, or the second approval awaited and who may give it).',
    args: idArgs,
    result: managementSchema,
  }),
  'creditOperation.complement': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/complement',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "The operation's complement: purpose of the credit, payment method, the analyst's opinion, notes, the MPO orientation.",
    args: idArgs,
    result: complementSchema,
  }),
  'creditOperation.updateComplement': defineOperation({
    method: 'PUT',
    path: '/api/creditOperation/:id/complement',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description:
      "Changes the complement (not after disbursement; logged) with the version it was made on: 409 when the operation changed since. Once the contract is issued the analyst's opinion stays as it was approved: a different one is a 409 on analyst_opinion (cancelling the contract brings the operation back to approved, where it may be reviewed).",
    errors: [409],
    args: z.object({
      id: idSchema,
      version: versionSchema,
      purpose: optionalLongText(1000),
      payment_method: z.enum(PAYMENT_METHODS),
      analyst_opinion: optionalLongText(4000),
      notes: optionalLongText(4000),
    }),
    result: complementSchema,
  }),
  'creditOperation.others': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/others',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "The borrower's other operations (the exposure the analysis weighs), newest first.",
    args: idArgs,
    result: z.array(creditOperationSummarySchema),
  }),
  'creditOperation.timeline': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/timeline',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: 'Every event of the operation, oldest first, with who and when.',
    args: idArgs,
    result: z.array(timelineEventSchema),
  }),
  'creditOperation.messages': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/messages',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "The staff's messages about the operation, oldest first.",
    args: idArgs,
    result: z.array(operationMessageSchema),
  }),
  'creditOperation.sendMessage': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/messages',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description: 'Adds a message to the operation (on the timeline too).',
    args: z.object({ id: idSchema, body: trimmedTextSchema(4000).min(1, 'escreva a mensagem') }),
    result: operationMessageSchema,
  }),
  'creditOperation.issueCcb': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/contract/ccb',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "Issues the CCB of an approved operation from the company's template (status contract_issued). Idempotent by key; 409 when a contract is in force or the operation is not approved.",
    args: z.object({ id: idSchema, idempotency_key: idempotencyKeySchema }),
    result: issuedContractSchema,
  }),
  'creditOperation.ccb': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/contract/ccb',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description: 'The CCB in force as a PDF (text, signatories, schedule), rendered by the server and saved by the main process.',
    file: { kind: 'download', extension: 'pdf' },
    args: idArgs,
    result: z.unknown(),
  }),
  'creditOperation.issueMpo': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/contract/mpo',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      'Issues the MPO contract of an approved microcredit operation with the orientation given to the entrepreneur (Lei 13.636/2018). Idempotent by key.',
    args: z.object({ id: idSchema, message: trimmedTextSchema(4000).min(10, 'descreva a orientação dada ao empreendedor'), idempotency_key: idempotencyKeySchema }),
    result: issuedContractSchema,
  }),
  'creditOperation.mpo': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/contract/mpo',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description: 'The MPO contract in force as a PDF.',
    file: { kind: 'download', extension: 'pdf' },
    args: idArgs,
    result: z.unknown(),
  }),
  'creditOperation.byBorrower': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/borrower/:id/',
    access: AllPanelUsers,
    encoding: 'list',
    cacheable: true,
    origin: 'spec',
    description: "A borrower's operations, paged (same filters and sorts as the list).",
    list: { filters: BORROWER_OPERATION_FILTERS, sorts: CREDIT_OPERATION_SORTS },
    args: listArgs.extend({ id: idSchema, filter: filterSchema.optional() }),
    result: paged(creditOperationSummarySchema),
  }),
  'creditOperation.borrowerActive': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/borrower/:id/active',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "A borrower's operations not yet final (neither refused, cancelled nor disbursed).",
    args: idArgs,
    result: z.array(creditOperationSummarySchema),
  }),
  'company.contracts': defineOperation({
    method: 'GET',
    path: '/api/company/:id/contracts',
    access: AllPanelUsers,
    encoding: 'list',
    cacheable: true,
    origin: 'spec',
    description: 'Contracts issued by the company, newest first, paged; filters: status, kind, borrower.',
    list: { filters: ISSUED_CONTRACT_FILTERS, sorts: ISSUED_CONTRACT_SORTS },
    args: listArgs.extend({ id: idSchema, filter: filterSchema.optional() }),
    result: paged(issuedContractSchema),
  }),
  'company.contractsByOperation': defineOperation({
    method: 'GET',
    path: '/api/company/contracts/credit-operation/:id',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: 'Every contract issued for an operation (the one in force and those cancelled), newest first.',
    args: idArgs,
    result: z.array(issuedContractSchema),
  }),
  'company.issuedContract': defineOperation({
    method: 'GET',
    path: '/api/company/contracts/:contractId',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: 'One issued contract with its text as issued.',
    args: z.object({ contractId: idSchema }),
    result: issuedContractDetailSchema,
  }),
  'company.cancelContract': defineOperation({
    method: 'PATCH',
    path: '/api/company/contracts/:contractId',
    access: AllOperators,
    encoding: 'none',
    origin: 'spec',
    description:
      'Cancels an issued contract (empty body; logged): the operation goes back to approved. 409 when already cancelled or the operation was disbursed.',
    errors: [409],
    args: z.object({ contractId: idSchema }),
    result: issuedContractSchema,
  }),
} as const;
