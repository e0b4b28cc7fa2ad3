/**
 * Credit bureau (the spec's route /boavista/boa-vista/:id and its "Credit bureau" calls): the
 * lookup-model catalogue, the lookups (billable queries to the bureau
 * provider) and their reports. AllAdmins, the area's roles (the spec's roles and permissions).
 *
 * Design choices (the spec shows only the paths):
 * - GET /boavista: the lookup-model catalogue (active, label), inactive ones
 *   too so an old report keeps its model's name; no editing call yet (a new
 *   model is a migration, as the provider's contract changes with it).
 * - /boavista/idSolicitation/:id — id is a solicitation; its latest report and
 *   the person (the applicant's account).
 * - /boavista/all/:id — id is the person's account id (users.id): every report
 *   linked to them, from any solicitation or a lookup by document.
 * - POST /boavista/new-report runs a new lookup for a solicitation; POST
 *   /boavista looks a CPF or CNPJ up without a solicitation (e.g. a partner
 *   or guarantor), linked to the account whose CPF / business CNPJ matches.
 *   Both are billable: the body carries an idempotency key the screen draws
 *   once per confirmation; a key already used answers the report it made
 *   (replayed: true) and the provider is not asked again.
 * - GET /boavista/report/:id/pdf: the report as PDF, rendered by the server.
 *
 * Amounts are decimal strings with two places; calendar dates 'YYYY-MM-DD'.
 */
import { z } from 'zod';
import { isValidCnpj, isValidCpf, stripDocumentMask } from '../documents';
import { AllAdmins } from '../roles';
import { defineOperation } from './define';
import { idArgs, idSchema, idempotencyKeySchema, textSchema, timestampSchema } from './common';
import { documentSchema } from './fields';
import { PERSON_TYPES } from '../enums';

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const BUREAU_RISK_BANDS = ['A', 'B', 'C', 'D', 'E'] as const;
export type BureauRiskBand = (typeof BUREAU_RISK_BANDS)[number];

export const bureauNegativeRecordSchema = z.object({
  /** pefin: debts with companies (Serasa's "pendências financeiras"); refin: with banks */
  kind: z.enum(['pefin', 'refin']),
  creditor: z.string(),
  contract: z.string(),
  amount: money,
  date: day,
});
export const bureauProtestSchema = z.object({ notary: z.string(), city: z.string(), state: z.string(), amount: money, date: day });
export const bureauInquirySchema = z.object({ company: z.string(), segment: z.string(), date: day });
export const bureauReturnedChequeSchema = z.object({
  bank: z.string(),
  agency: z.string(),
  /** the clearing reason code (alínea), e.g. 12 = insufficient funds the second time */
  reason: z.string(),
  count: z.number().int(),
  date: day,
});

/** What the provider answered, kept as it was (bureau_reports.result). */
export const bureauResultSchema = z.object({
  document: documentSchema,
  documentType: z.enum(['CPF', 'CNPJ']),
  name: z.string(),
  score: z.number().int().min(0).max(1000),
  riskBand: z.enum(BUREAU_RISK_BANDS),
  /** probability of default in 12 months, percent with two places */
  defaultProbability: z.string(),
  negativeRecords: z.array(bureauNegativeRecordSchema),
  protests: z.array(bureauProtestSchema),
  inquiries: z.array(bureauInquirySchema),
  returnedCheques: z.array(bureauReturnedChequeSchema),
  totals: z.object({ negativeRecords: money, protests: money }),
});
export type BureauResult = z.infer<typeof bureauResultSchema>;

export const bureauModelSchema = z.object({ id: z.number().int(), label: z.string(), active: z.boolean() });
export type BureauModel = z.infer<typeof bureauModelSchema>;

export const bureauReportSchema = z.object({
  id: z.number().int(),
  solicitation_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  document: documentSchema,
  subject_name: z.string(),
  model_id: z.number().int().nullable(),
  model_label: z.string().nullable(),
  provider: z.string(),
  score: z.number().int().nullable(),
  result: bureauResultSchema,
  requested_by: z.number().int().nullable(),
  requested_by_name: z.string().nullable(),
  created_at: timestampSchema,
});
export type BureauReport = z.infer<typeof bureauReportSchema>;

export const bureauPersonSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string(), cpf: z.string().nullable() });
export type BureauPerson = z.infer<typeof bureauPersonSchema>;

/** The lookup result the bureau screens share: the solicitation, its applicant and the latest report. */
export const bureauLookupSchema = z.object({
  solicitation: z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    name: z.string(),
    type_credit: z.enum(PERSON_TYPES),
    /** the document a lookup asks about: the CNPJ of a company (PJ), else the CPF */
    document: documentSchema.nullable(),
    status: z.string(),
    lending_value: money,
    created_at: timestampSchema,
  }),
  person: bureauPersonSchema.nullable(),
  latest: bureauReportSchema.nullable(),
});
export type BureauLookup = z.infer<typeof bureauLookupSchema>;

/** A summary line of the person's report history. */
export const bureauReportSummarySchema = bureauReportSchema.omit({ result: true });
export type BureauReportSummary = z.infer<typeof bureauReportSummarySchema>;

export const bureauDocumentSchema = textSchema(32)
  .trim()
  .refine((v) => {
    const bare = stripDocumentMask(v);
    return bare.length === 11 ? isValidCpf(v) : isValidCnpj(v);
  }, { message: 'CPF ou CNPJ inválido', params: { rule: 'cpfCnpj' } });

export const bureauOperations = {
  'bureau.models': defineOperation({
    method: 'GET',
    path: '/api/boavista',
    access: AllAdmins,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: 'The lookup-model catalogue (active, label), inactive models too so old reports keep their name.',
    args: z.object({}),
    result: z.array(bureauModelSchema),
  }),
  'bureau.bySolicitation': defineOperation({
    method: 'GET',
    path: '/api/boavista/idSolicitation/:id',
    access: AllAdmins,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "A solicitation's lookup: the solicitation, its applicant and the latest report (null before the first lookup).",
    args: idArgs,
    result: bureauLookupSchema,
  }),
  'bureau.report': defineOperation({
    method: 'GET',
    path: '/api/boavista/report/:id',
    access: AllAdmins,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: 'One report, whole.',
    args: idArgs,
    result: bureauReportSchema,
  }),
  'bureau.person': defineOperation({
    method: 'GET',
    path: '/api/boavista/all/:id',
    access: AllAdmins,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "Every report of a person (id = the person's account id), newest first.",
    args: idArgs,
    result: z.object({ person: bureauPersonSchema, items: z.array(bureauReportSummarySchema) }),
  }),
  'bureau.newReport': defineOperation({
    method: 'POST',
    path: '/api/boavista/new-report',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description:
      'Runs a new, billable lookup for a solicitation. The same idempotency key never runs twice: a repeated request answers the report it made (replayed: true).',
    errors: [502, 504],
    args: z.object({ solicitation_id: idSchema, model_id: idSchema.optional(), idempotency_key: idempotencyKeySchema }),
    result: z.object({ report: bureauReportSchema, replayed: z.boolean() }),
  }),
  'bureau.lookup': defineOperation({
    method: 'POST',
    path: '/api/boavista',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description:
      'Runs a billable lookup of a CPF or CNPJ that is not a solicitation (a partner, a guarantor), linked to the account with that CPF or business CNPJ when there is one. Idempotent by key, as new-report.',
    errors: [502, 504],
    args: z.object({ document: bureauDocumentSchema, model_id: idSchema.optional(), idempotency_key: idempotencyKeySchema }),
    result: z.object({ report: bureauReportSchema, replayed: z.boolean() }),
  }),
  'bureau.pdf': defineOperation({
    method: 'GET',
    path: '/api/boavista/report/:id/pdf',
    access: AllAdmins,
    encoding: 'none',
    origin: 'designed',
    description: 'The report as a PDF, rendered by the server; saved to disk by the main process.',
    file: { kind: 'download', extension: 'pdf' },
    args: idArgs,
    result: z.unknown(),
  }),
} as const;
