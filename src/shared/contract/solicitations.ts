/**
 * Credit solicitations and their documents (the spec's screens, entities, states and its calls "Solicitations
 * and documents").
 *
 * Wire names follow the spec's entities (camelCase: typeCredit, legalName, lendingValue…);
 * record metadata keeps the app's snake_case (id, user_id, created_at…), like
 * every other area. Money travels as decimal text with two places ("1500.00"),
 * calendar days as 'YYYY-MM-DD'. Questionnaire choice fields (genre, relations,
 * nationality, typeDocument, companyType, branchOfActivity, profileAccountBank,
 * typeAccount) carry the id of an interest_profiles option (contract/interests.ts).
 *
 * Design choices the spec leaves open (also in src/server/areas/intake/README.md):
 * - The status workflow is src/shared/solicitation-status.ts; the server
 *   enforces it (409 naming both statuses) and asks a reason for
 *   STATUSES_NEEDING_REASON (400 on field `reason`).
 * - `status` changes the status and tells the applicant by e-mail (unless
 *   notify is false); `status_only` changes it without any e-mail (a correction
 *   or an outcome told another way); `project_only` changes only the project.
 *   Every change is in the status history and the activity log. Neither
 *   moves a solicitation to contracted (409): issuing the contract of its
 *   credit operation does.
 * - `review` = solicitations in_review; `complete` = open solicitations whose
 *   every required document slot (requiredDocumentSlots) holds a current
 *   document; `all-ser/doc` = solicitations with at least one current document;
 *   `review-doc` = solicitations with a current document awaiting approval.
 *   All four take the list's page/limit/filter/sort like GET /solicitations.
 * - `cancelled-approved/:a/:STATUS`: a is the applicant's user id; answers
 *   that person's solicitations in that status (CANCELLED or APPROVED), so an
 *   analyst sees an earlier approval or withdrawal before deciding a new one.
 * - Delete is a soft delete (kept for the record, hidden from every list) by
 *   administrators only (AllAdmins): analysts work a solicitation, removing a
 *   person's credit request is a management decision. A contracted
 *   solicitation is never deleted (409): a credit operation depends on it.
 * - The export is for operators and administrators (AllOperators): a bulk copy
 *   of personal data leaves the system, so agents (field staff) do not take it.
 * - Documents are viewed through a signed URL: documents.signedUrl answers a
 *   path with `issuer`, `expires` and an HMAC `signature`; documents.signedFile
 *   serves the bytes against that signature alone (no token), for 5 minutes
 *   and while the issuer's account still has access.
 * - Staff documents: DELETE /solicitation-documents/:a/:b, a = solicitation id,
 *   b = staff document id (404 when b is not a's). Their author or an
 *   administrator may delete one (403 otherwise).
 * - Comments: anyone on the panel reads and writes; only the author deletes (403).
 */
import { z } from 'zod';
import { AllAdmins, AllOperators, AllPanelUsers } from '../roles';
import {
  CANCELLED_APPROVED_STATUSES,
  SOLICITATION_STATUSES,
  type SolicitationStatus,
} from '../solicitation-status';
import { defineOperation, type ExcelColumn } from './define';
import {
  exportArgs,
  exportRowsSchema,
  idArgs,
  idSchema,
  listArgs,
  okSchema,
  paged,
  textSchema,
  timestampSchema,
  trimmedTextSchema,
  uploadFileSchema,
} from './common';
import { documentSchema } from './fields';
import { fileKeySchema } from './generic';
import { PERSON_TYPES } from '../enums';

/** the applicant's person type: the same codes as a borrower's */
export const TYPE_CREDITS = PERSON_TYPES;
export type TypeCredit = (typeof TYPE_CREDITS)[number];

/**
 * List filters (GET /solicitations and the other solicitation lists):
 * - status: one or several status codes (e.g. OPEN_STATUSES for the pending list);
 * - typeCredit: 'PF' or 'PJ';
 * - created_from / created_to: calendar days 'YYYY-MM-DD', both inclusive, in
 *   the provider's time zone (America/Sao_Paulo);
 * - lendingValue_min / lendingValue_max: decimal text ("1500.00", "1500", or as typed "1.500,00");
 * - project: a project id, sent as text ("7"): the list encoding turns the
 *   number 1 into true (the spec's query encoding), so ids go as strings;
 * - state (UF, two letters), city (contains, accents ignored);
 * - document: CPF or CNPJ, masked or bare (matches cpf, cnpj or cpfCnpj);
 * - name: contains, on the applicant's name, legal and company names.
 */
export const SOLICITATION_FILTERS = [
  'status',
  'typeCredit',
  'created_from',
  'created_to',
  'lendingValue_min',
  'lendingValue_max',
  'project',
  'state',
  'city',
  'document',
  'name',
] as const;
export type SolicitationFilter = (typeof SOLICITATION_FILTERS)[number];

/** Sort fields of the solicitation lists (default created_at DESC). */
export const SOLICITATION_SORTS = [
  'id',
  'name',
  'typeCredit',
  'status',
  'lendingValue',
  'lendingPlotsToPay',
  'state',
  'city',
  'created_at',
  'status_changed_at',
] as const;
export type SolicitationSort = (typeof SOLICITATION_SORTS)[number];

/** Upload rules of document slots and staff documents, declared once. */
export const SOLICITATION_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const MAX_SOLICITATION_FILE_BYTES = 10 * 1024 * 1024;
/** How long a signed document URL stays valid. */
export const SIGNED_URL_TTL_SECONDS = 5 * 60;

/**
 * The spec's document slots (slot number → meaning). `key` names the meaning
 * (i18n solicitations.slots.<key>); `group` the questionnaire step that shows
 * it; `pf` / `pj` whether the slot is asked of individuals / companies;
 * `brazilian` / `foreign` whether it is asked of Brazilian / foreign applicants
 * (slots 14 and 15 make the foreign list, which replaces the CPF and the ID card
 * and, for companies, the facade and interior photos). Slots 2 and 13 are not
 * in the spec and are refused.
 */
export const DOCUMENT_SLOTS = [
  { slot: 1, key: 'companyContract', group: 'company', pf: false, pj: true, brazilian: true, foreign: true },
  { slot: 3, key: 'facadePhoto', group: 'company', pf: false, pj: true, brazilian: true, foreign: false },
  { slot: 4, key: 'interiorPhoto', group: 'company', pf: false, pj: true, brazilian: true, foreign: false },
  { slot: 5, key: 'cpf', group: 'personal', pf: true, pj: true, brazilian: true, foreign: false },
  { slot: 6, key: 'idFront', group: 'personal', pf: true, pj: true, brazilian: true, foreign: false },
  { slot: 7, key: 'idBack', group: 'personal', pf: true, pj: true, brazilian: true, foreign: false },
  { slot: 8, key: 'proofOfResidence', group: 'personal', pf: true, pj: true, brazilian: true, foreign: true },
  { slot: 9, key: 'bankStatement', group: 'personal', pf: true, pj: true, brazilian: true, foreign: true },
  { slot: 10, key: 'companyBankStatement', group: 'company', pf: false, pj: true, brazilian: true, foreign: true },
  { slot: 11, key: 'companyAddressProof', group: 'company', pf: false, pj: true, brazilian: true, foreign: true },
  { slot: 12, key: 'selfieWithDocument', group: 'personal', pf: true, pj: true, brazilian: true, foreign: true },
  { slot: 14, key: 'foreignBusinessPhoto', group: 'personal', pf: true, pj: true, brazilian: false, foreign: true },
  { slot: 15, key: 'foreignRnm', group: 'personal', pf: true, pj: true, brazilian: false, foreign: true },
] as const;
export type DocumentSlotInfo = (typeof DOCUMENT_SLOTS)[number];
export type DocumentSlotNumber = DocumentSlotInfo['slot'];
export const DOCUMENT_SLOT_NUMBERS: readonly number[] = DOCUMENT_SLOTS.map((s) => s.slot);

export function documentSlot(slot: number): DocumentSlotInfo | undefined {
  return DOCUMENT_SLOTS.find((s) => s.slot === slot);
}

/** The slots a solicitation must fill to be complete (type of credit and nationality). */
export function requiredDocumentSlots(typeCredit: TypeCredit, isForeign: boolean): number[] {
  return DOCUMENT_SLOTS.filter((s) => (typeCredit === 'PF' ? s.pf : s.pj) && (isForeign ? s.foreign : s.brazilian)).map((s) => s.slot);
}

/**
 * A slot's state: missing (nothing sent); sent (a first document awaits
 * approval); replaced (a newer document replaced an earlier one and awaits
 * approval); approved (the current document is approved).
 */
export const SLOT_STATES = ['missing', 'sent', 'replaced', 'approved'] as const;
export type SlotState = (typeof SLOT_STATES)[number];

const statusSchema = z.enum(SOLICITATION_STATUSES);
const moneySchema = z.string();

export const partnerSchema = z.object({ name: z.string(), cpf: z.string(), share: z.string() });
export type Partner = z.infer<typeof partnerSchema>;

/** One row of the solicitation lists. */
export const solicitationListItemSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  status: statusSchema,
  typeCredit: z.enum(TYPE_CREDITS),
  isForeign: z.boolean(),
  name: z.string(),
  cpf: z.string().nullable(),
  cnpj: z.string().nullable(),
  legalName: z.string().nullable(),
  companyName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  lendingValue: moneySchema,
  lendingPlotsToPay: z.number().int(),
  project: z.number().int().nullable(),
  projectTitle: z.string().nullable(),
  /** current (not superseded) slot documents, and how many of them await approval */
  documentsSent: z.number().int(),
  documentsAwaiting: z.number().int(),
  status_changed_at: timestampSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type SolicitationListItem = z.infer<typeof solicitationListItemSchema>;

/** A document in a slot (the file is an upload, named by its random key `fileName`). */
export const slotDocumentSchema = z.object({
  id: z.number().int(),
  solicitation_id: z.number().int(),
  slot: z.number().int(),
  guarantor_id: z.number().int().nullable(),
  fileName: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  uploaded_by: z.number().int().nullable(),
  uploaded_by_name: z.string().nullable(),
  approved: z.boolean(),
  approved_by: z.number().int().nullable(),
  approved_by_name: z.string().nullable(),
  approved_at: timestampSchema.nullable(),
  superseded_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type SlotDocument = z.infer<typeof slotDocumentSchema>;

export const slotStatusSchema = z.object({
  slot: z.number().int(),
  key: z.string(),
  required: z.boolean(),
  state: z.enum(SLOT_STATES),
  /** the current document, null when missing */
  current: slotDocumentSchema.nullable(),
  /** how many earlier documents of this slot were replaced */
  replacedCount: z.number().int(),
});
export type SlotStatus = z.infer<typeof slotStatusSchema>;

export const statusHistoryEntrySchema = z.object({
  id: z.number().int(),
  fromStatus: statusSchema.nullable(),
  toStatus: statusSchema,
  reason: z.string().nullable(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  created_at: timestampSchema,
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;

/** The whole record (GET /solicitations/:id). */
export const solicitationSchema = solicitationListItemSchema.extend({
  // personal data
  typeDocument: z.number().int().nullable(),
  numDocumentForeign: z.string().nullable(),
  birthday: z.string().nullable(),
  genre: z.number().int().nullable(),
  relations: z.number().int().nullable(),
  nationality: z.number().int().nullable(),
  profession: z.string().nullable(),
  cep: z.string().nullable(),
  address: z.string().nullable(),
  addressNumber: z.string().nullable(),
  addressComplement: z.string().nullable(),
  neighborhood: z.string().nullable(),
  instagram: z.string().nullable(),
  facebook: z.string().nullable(),
  site: z.string().nullable(),
  // company data
  companyType: z.number().int().nullable(),
  branchOfActivity: z.number().int().nullable(),
  companyCep: z.string().nullable(),
  companyAddress: z.string().nullable(),
  companyAddressNumber: z.string().nullable(),
  companyAddressComplement: z.string().nullable(),
  companyAddressNeighborhood: z.string().nullable(),
  companyCity: z.string().nullable(),
  companyState: z.string().nullable(),
  partners: z.array(partnerSchema),
  // bank data
  profileAccountBank: z.number().int().nullable(),
  cpfCnpj: z.string().nullable(),
  nameCreditCard: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAgency: z.string().nullable(),
  bankNumber: z.string().nullable(),
  bankDigit: z.string().nullable(),
  typeAccount: z.number().int().nullable(),
  keyPix: z.string().nullable(),
  // financial data
  financingValue: moneySchema.nullable(),
  lendingReason: z.number().int().nullable(),
  lendingReasonLabel: z.string().nullable(),
  howDidFind: z.number().int().nullable(),
  howDidFindLabel: z.string().nullable(),
  // workflow
  /** the statuses staff may move it to (never contracted: only issuing its operation's contract does that) */
  nextStatuses: z.array(statusSchema),
  statusHistory: z.array(statusHistoryEntrySchema),
  slots: z.array(slotStatusSchema),
  /** every required slot holds a current document */
  complete: z.boolean(),
  applicant: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    cpf: z.string().nullable(),
    phone: z.string().nullable(),
  }),
});
export type Solicitation = z.infer<typeof solicitationSchema>;

export const SOLICITATION_EXPORT_COLUMNS: readonly ExcelColumn[] = [
  { key: 'id', header: 'solicitations.columns.id', format: 'integer' },
  { key: 'created_at', header: 'solicitations.columns.createdAt', format: 'datetime' },
  { key: 'name', header: 'solicitations.columns.name' },
  { key: 'typeCredit', header: 'solicitations.columns.typeCredit' },
  { key: 'document', header: 'solicitations.columns.document' },
  { key: 'email', header: 'solicitations.columns.email' },
  { key: 'phone', header: 'solicitations.columns.phone' },
  { key: 'city', header: 'solicitations.columns.city' },
  { key: 'state', header: 'solicitations.columns.state' },
  { key: 'lendingValue', header: 'solicitations.columns.lendingValue', format: 'currency' },
  { key: 'lendingPlotsToPay', header: 'solicitations.columns.lendingPlotsToPay', format: 'integer' },
  /** the status in words (Portuguese), not its code */
  { key: 'status', header: 'solicitations.columns.status' },
  { key: 'projectTitle', header: 'solicitations.columns.project' },
];

/** Reason texts given to the applicant. */
const reasonSchema = trimmedTextSchema(2000);

const statusChangeArgs = z.object({
  id: idSchema,
  status: statusSchema,
  /** required (non-empty) for STATUSES_NEEDING_REASON */
  reason: reasonSchema.optional(),
});

/** Receita Federal lookup answer (sandbox provider by default). */
export const RECEITA_REGISTRATION_STATUSES = ['ATIVA', 'SUSPENSA', 'INAPTA', 'BAIXADA', 'NULA', 'REGULAR', 'PENDENTE DE REGULARIZAÇÃO', 'CANCELADA'] as const;
export const receitaResultSchema = z.object({
  kind: z.enum(['CPF', 'CNPJ']),
  /** digits (CNPJ may hold letters: alphanumeric format) */
  document: documentSchema,
  name: z.string(),
  registrationStatus: z.string(),
  /** CNPJ: opening date; CPF: registration date. 'YYYY-MM-DD' */
  openingDate: z.string().nullable(),
  cnae: z.object({ code: z.string(), description: z.string() }).nullable(),
  provider: z.string(),
  checked_at: timestampSchema,
});
export type ReceitaResult = z.infer<typeof receitaResultSchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  solicitation_id: z.number().int(),
  author_id: z.number().int(),
  username: z.string(),
  comment: z.string(),
  createdAt: timestampSchema,
});
export type SolicitationComment = z.infer<typeof commentSchema>;

export const staffDocumentSchema = z.object({
  id: z.number().int(),
  solicitation_id: z.number().int(),
  author_id: z.number().int(),
  username: z.string(),
  title: z.string(),
  description: z.string(),
  fileName: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  createdAt: timestampSchema,
});
export type StaffDocument = z.infer<typeof staffDocumentSchema>;

/** A slot number as sent in a form field ("5") or JSON (5). */
const slotSchema = z
  .union([z.number(), textSchema(3)])
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d{1,2}$/.test(v) ? Number(v) : Number.NaN;
    if (DOCUMENT_SLOT_NUMBERS.includes(n)) return n;
    ctx.issues.push({ code: 'custom', message: 'tipo de documento inválido: informe um dos espaços de documento (1 a 15, exceto 2 e 13)', input: v });
    return z.NEVER;
  });

const signedQuery = z.object({
  fileName: fileKeySchema,
  /** the account that asked for the URL: signed, and the URL works only while that account has access */
  issuer: idSchema,
  expires: textSchema(12).regex(/^\d{1,12}$/, 'validade inválida'),
  signature: textSchema(64).regex(/^[A-Za-z0-9_-]{43}$/, 'assinatura inválida'),
});

/**
 * meta.totalItems of the solicitation lists is exact up to this many matches;
 * above it the count stops there and `capped` is true (the screen says "mais
 * de …", as the logs list does). Counting 200,000 rows on every page turn was
 * most of a list call's time.
 */
export const SOLICITATION_COUNT_CAP = 10_000;

const listResult = paged(solicitationListItemSchema).extend({ capped: z.boolean() });

function solicitationList(path: string, description: string) {
  return defineOperation({
    method: 'GET',
    path,
    access: AllPanelUsers,
    encoding: 'list',
    cacheable: true,
    origin: 'spec',
    description,
    list: { filters: SOLICITATION_FILTERS, sorts: SOLICITATION_SORTS },
    args: listArgs,
    result: listResult,
  });
}

export const solicitationsOperations = {
  'solicitations.list': solicitationList(
    '/api/solicitations',
    'Solicitations, newest first by default, paged, filtered by SOLICITATION_FILTERS and sorted by SOLICITATION_SORTS.',
  ),
  'solicitations.allWithDocuments': solicitationList(
    '/api/solicitations/all-ser/doc',
    'Solicitations with at least one current document in a slot (same filters and sorts as the list).',
  ),
  'solicitations.reviewDocuments': solicitationList(
    '/api/solicitations/review-doc',
    'Solicitations with at least one current document awaiting approval (same filters and sorts as the list).',
  ),
  'solicitations.review': solicitationList(
    '/api/solicitations/review',
    'Solicitations in review (status in_review), same filters and sorts as the list.',
  ),
  'solicitations.complete': solicitationList(
    '/api/solicitations/complete',
    'Open solicitations (pending, in review, documents requested) whose every required document slot holds a current document.',
  ),
  'solicitations.byUser': defineOperation({
    method: 'GET',
    path: '/api/solicitations/user/:id',
    access: AllPanelUsers,
    encoding: 'list',
    cacheable: true,
    origin: 'spec',
    description: "An applicant's solicitations (id = the applicant's user id), same filters and sorts as the list.",
    list: { filters: SOLICITATION_FILTERS, sorts: SOLICITATION_SORTS },
    args: listArgs.extend({ id: idSchema }),
    result: listResult,
  }),
  'solicitations.get': defineOperation({
    method: 'GET',
    path: '/api/solicitations/:id',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: 'The whole solicitation: questionnaire, document slots with their states, status history, the statuses it may move to, the applicant.',
    args: idArgs,
    result: solicitationSchema,
  }),
  'solicitations.delete': defineOperation({
    method: 'DELETE',
    path: '/api/solicitations/:id',
    access: AllAdmins,
    encoding: 'none',
    origin: 'spec',
    description:
      'Removes a solicitation from use (soft delete: hidden from every list, kept for the record). Administrators only: removing a credit request is a management decision. 409 for a contracted one.',
    errors: [409],
    args: idArgs,
    result: okSchema,
  }),
  'solicitations.export': defineOperation({
    method: 'POST',
    path: '/api/solicitations/export',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      'Every solicitation matching the list filters, as rows for the Excel export (operators and administrators: a bulk copy of personal data).',
    file: { kind: 'excel-export', columns: SOLICITATION_EXPORT_COLUMNS, title: 'solicitations.exportTitle' },
    list: { filters: SOLICITATION_FILTERS, sorts: SOLICITATION_SORTS },
    args: exportArgs,
    result: exportRowsSchema,
  }),
  'solicitations.setStatus': defineOperation({
    method: 'PUT',
    path: '/api/solicitations/status',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description:
      'Moves a solicitation to another status of the workflow (409 when not allowed from the current one, and for contracted, which only issuing the contract of its credit operation sets; reason required for documents requested, refused and cancelled), records it in the history and the log, and tells the applicant by e-mail unless notify is false.',
    errors: [409],
    args: statusChangeArgs.extend({ notify: z.boolean().default(true) }),
    result: solicitationSchema,
  }),
  'solicitations.setStatusOnly': defineOperation({
    method: 'PUT',
    path: '/api/solicitations/status_only',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description:
      'Moves a solicitation to another status under the same rules as status, without any e-mail (a correction, or an outcome told another way). History and log as always.',
    errors: [409],
    args: statusChangeArgs,
    result: solicitationSchema,
  }),
  'solicitations.setProject': defineOperation({
    method: 'PUT',
    path: '/api/solicitations/project_only',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description: 'Sets (or clears, with null) the project a solicitation belongs to; nothing else changes.',
    args: z.object({ id: idSchema, project: idSchema.nullable() }),
    result: solicitationSchema,
  }),
  'solicitations.cancelledApproved': defineOperation({
    method: 'GET',
    path: '/api/v1/solicitations/cancelled-approved/:a/:STATUS',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description:
      "An applicant's solicitations in one of the two statuses (a = the applicant's user id; STATUS = CANCELLED or APPROVED, upper-cased as the spec says), newest first: an earlier approval or withdrawal seen before deciding.",
    args: z.object({ a: idSchema, STATUS: textSchema(20).pipe(z.enum(CANCELLED_APPROVED_STATUSES, { error: 'situação inválida: use CANCELLED ou APPROVED' })) }),
    result: z.array(solicitationListItemSchema),
  }),
  'solicitations.receita': defineOperation({
    method: 'GET',
    path: '/api/solicitations/:id/receita-federal',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description:
      "Receita Federal registration of the solicitation's CNPJ (PJ) or CPF (PF): status, name, opening date, CNAE. 409 when the solicitation has no such document; 502/503 when the provider fails or is slow.",
    errors: [409, 502, 503],
    args: idArgs,
    result: receitaResultSchema,
  }),
  'documents.approve': defineOperation({
    method: 'PUT',
    path: '/api/documents/approve',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description: 'Approves a slot document (id = the slot document). Only the current one of its slot (409 for a replaced one, or when the solicitation is refused or cancelled); approving twice is harmless.',
    errors: [409],
    args: idArgs,
    result: slotDocumentSchema,
  }),
  'documents.update': defineOperation({
    method: 'PUT',
    path: '/api/documents/update-document/:id',
    access: AllPanelUsers,
    encoding: 'multipart',
    origin: 'spec',
    description:
      'Replaces the slot document id with a new file (JPEG, PNG, WebP or PDF judged by content, up to 10 MB): the new one becomes current, the old one is kept as replaced. type must be its slot; solicitation_id, when sent, its solicitation.',
    errors: [409],
    args: z.object({
      id: idSchema,
      file: uploadFileSchema,
      type: slotSchema,
      solicitation_id: idSchema.optional(),
      guarantor_id: idSchema.optional(),
    }),
    result: slotDocumentSchema,
  }),
  'documents.upload': defineOperation({
    method: 'POST',
    path: '/api/documents/upload/',
    access: AllPanelUsers,
    encoding: 'multipart',
    origin: 'spec',
    description:
      'Stores a document in slot type (1–15, as the spec numbers the document slots) of a solicitation (JPEG, PNG, WebP or PDF judged by content, up to 10 MB); a document already in the slot is kept as replaced.',
    errors: [409],
    args: z.object({
      file: uploadFileSchema,
      type: slotSchema,
      solicitation_id: idSchema,
      guarantor_id: idSchema.optional(),
    }),
    result: slotDocumentSchema,
  }),
  'documents.signedUrl': defineOperation({
    method: 'GET',
    path: '/api/v1/generate-signed-url/:fileName',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description:
      'A URL for one document of a solicitation (slot or staff document, by its file key), valid for 5 minutes, signed with HMAC-SHA256 with its issuer (the caller): the path of documents.signedFile with issuer, expires and signature. 404 for a file that is not a solicitation document.',
    args: z.object({ fileName: fileKeySchema }),
    result: z.object({
      url: z.string(),
      fileName: z.string(),
      issuer: z.number().int(),
      expires: z.string(),
      signature: z.string(),
      expiresAt: timestampSchema,
      mime: z.string(),
      name: z.string(),
    }),
  }),
  'documents.signedFile': defineOperation({
    method: 'GET',
    path: '/api/v1/signed-files/:fileName',
    access: 'public',
    encoding: 'query',
    origin: 'designed',
    description:
      "The document file itself against a signature from documents.signedUrl (no token): 403 when expired or altered, and once the issuer's account is deactivated, removed or no longer on the panel (code signature-revoked). Images and PDF inline, nosniff, no caching.",
    file: { kind: 'download', extension: '', media: SOLICITATION_FILE_TYPES },
    errors: [403],
    args: signedQuery,
    result: z.unknown(),
  }),
  'comments.list': defineOperation({
    method: 'GET',
    path: '/api/solicitation-comments/:id',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "A solicitation's comments (id = the solicitation), oldest first.",
    args: idArgs,
    result: z.array(commentSchema),
  }),
  'comments.create': defineOperation({
    method: 'POST',
    path: '/api/solicitation-comments',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description: 'Adds a comment to a solicitation, signed by the caller.',
    args: z.object({ solicitationId: idSchema, comment: trimmedTextSchema(5000).min(1, 'escreva o comentário') }),
    result: commentSchema,
  }),
  'comments.delete': defineOperation({
    method: 'DELETE',
    path: '/api/solicitation-comments/:id',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description: 'Deletes a comment (id = the comment): only its author (403 for anyone else).',
    args: idArgs,
    result: okSchema,
  }),
  'staffDocuments.list': defineOperation({
    method: 'GET',
    path: '/api/solicitation-documents/:id',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "Documents staff attached to a solicitation (id = the solicitation), newest first.",
    args: idArgs,
    result: z.array(staffDocumentSchema),
  }),
  'staffDocuments.upload': defineOperation({
    method: 'POST',
    path: '/api/solicitation-documents/upload',
    access: AllPanelUsers,
    encoding: 'multipart',
    origin: 'spec',
    description: 'Attaches a document (JPEG, PNG, WebP or PDF judged by content, up to 10 MB) with a title and description to a solicitation (409 when it is refused or cancelled).',
    errors: [409],
    args: z.object({
      file: uploadFileSchema,
      title: trimmedTextSchema(200).min(1, 'informe o título'),
      description: trimmedTextSchema(2000).default(''),
      solicitationId: idSchema,
    }),
    result: staffDocumentSchema,
  }),
  'staffDocuments.delete': defineOperation({
    method: 'DELETE',
    path: '/api/solicitation-documents/:a/:b',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description:
      'Deletes a staff document: a = the solicitation, b = the document (404 when b is not a document of a). Its author or an administrator (403 for anyone else).',
    args: z.object({ a: idSchema, b: idSchema }),
    result: okSchema,
  }),
} as const;

/** Designed (non-spec) operations of this area, for the contract test. */
export const SOLICITATION_DESIGNED_OPERATIONS = ['documents.signedFile'] as const;

/** The status codes as a list the screens iterate (re-exported for convenience). */
export const SOLICITATION_STATUS_CODES: readonly SolicitationStatus[] = SOLICITATION_STATUSES;
