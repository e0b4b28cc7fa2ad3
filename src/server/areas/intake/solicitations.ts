/**
 * Solicitations: the lists (filters, sorts, the designed review/complete/
 * documents variants), the whole record with its slot states, and the export
 * rows. Status and project changes are in solicitations-workflow.ts,
 * documents in solicitations-documents.ts.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DOCUMENT_SLOTS,
  pageMeta,
  requiredDocumentSlots,
  SOLICITATION_COUNT_CAP,
  type SolicitationFilter,
  type SolicitationSort,
  TYPE_CREDITS,
  type Solicitation,
  type SolicitationListItem,
  type SlotDocument,
  type SlotStatus,
  type TypeCredit,
} from '@shared/contract/index';
import {
  INITIAL_SOLICITATION_STATUS,
  isSolicitationStatus,
  manualNextStatuses,
  OPEN_STATUSES,
  REVIEW_STATUSES,
  SOLICITATION_STATUSES,
  type SolicitationStatus,
} from '@shared/solicitation-status';
import type { Db } from '../../db/connect';
import { uploads } from '../uploads/schema';
import { users } from '../access/schema';
import { howDidFind, lendingReasons, projects } from '../catalogues/schema';
import {
  solicitations,
  solicitationSlotDocuments,
  solicitationStatusHistory,
  type SolicitationRow,
} from './schema';
import { listConditions, listOrder, listTotal, ordered, type ListSpec } from '../../platform/list';
import { notFound } from '../../platform/http/errors';

/** The statuses in Portuguese, for messages, e-mails and the export (the screens use the i18n catalogue). */
export const STATUS_LABELS_PT: Record<SolicitationStatus, string> = {
  pending: 'Pendente',
  in_review: 'Em análise',
  documents_requested: 'Documentos solicitados',
  approved: 'Aprovada',
  refused: 'Recusada',
  cancelled: 'Cancelada',
  contracted: 'Contratada',
};


type FilterInput = Record<string, unknown> | undefined;
type SortInput = { field?: string | null; order?: string | null } | null | undefined;

/** Which solicitations a list shows before its filters (the designed list variants). */
export type ListScope =
  | { kind: 'all' }
  | { kind: 'with-documents' }
  | { kind: 'documents-awaiting' }
  | { kind: 'review' }
  | { kind: 'complete' }
  | { kind: 'user'; userId: number };

const currentDocs = sql`SELECT 1 FROM solicitation_slot_documents d WHERE d.solicitation_id = ${solicitations.id} AND d.superseded_at IS NULL`;

/**
 * The required slots of a solicitation row `alias` as an SQL int array. Built
 * only from the constant slot catalogue and a fixed alias, never from a request.
 */
function requiredSlotsSql(alias: string): string {
  const branches = TYPE_CREDITS.flatMap((type) =>
    [false, true].map(
      (foreign) =>
        `WHEN ${alias}.type_credit = '${type}' AND ${alias}.is_foreign = ${foreign} THEN ARRAY[${requiredDocumentSlots(type, foreign).map((n) => Math.trunc(n)).join(',')}]::int[]`,
    ),
  );
  return `(CASE ${branches.join(' ')} END)`;
}

/**
 * SQL: every required slot of the solicitation's kind holds a current
 * document. Driven by the documents table (grouped per solicitation), so its
 * cost follows the number of documents, not of solicitations.
 */
function completeCondition(): SQL {
  const required = requiredSlotsSql('r');
  return sql`${solicitations.id} IN (
    SELECT d.solicitation_id FROM solicitation_slot_documents d JOIN solicitations r ON r.id = d.solicitation_id
    WHERE d.superseded_at IS NULL AND d.slot = ANY(${sql.raw(required)})
    GROUP BY d.solicitation_id, r.type_credit, r.is_foreign
    HAVING count(DISTINCT d.slot) = cardinality(${sql.raw(required)}))`;
}

function scopeCondition(scope: ListScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'with-documents':
      return sql`EXISTS (${currentDocs})`;
    case 'documents-awaiting':
      return sql`EXISTS (${currentDocs} AND d.approved_at IS NULL)`;
    case 'review':
      return inArray(solicitations.status, [...REVIEW_STATUSES]);
    case 'complete':
      return and(inArray(solicitations.status, [...OPEN_STATUSES]), completeCondition());
    case 'user':
      return eq(solicitations.user_id, scope.userId);
  }
}

/** The lists' filters and sorts, named by the contract (SOLICITATION_FILTERS / _SORTS); newest first by default. */
const SOLICITATION_LIST: ListSpec<SolicitationFilter, SolicitationSort> = {
  filters: {
    status: { kind: 'one-of', column: solicitations.status, codes: SOLICITATION_STATUSES, many: true },
    typeCredit: { kind: 'one-of', column: solicitations.type_credit, codes: TYPE_CREDITS },
    created_from: { kind: 'since', column: solicitations.created_at },
    created_to: { kind: 'until', column: solicitations.created_at },
    lendingValue_min: { kind: 'money-min', column: solicitations.lending_value },
    lendingValue_max: { kind: 'money-max', column: solicitations.lending_value },
    project: { kind: 'id', column: solicitations.project_id },
    // Stored as typed (some in lower case): compared in upper case.
    state: {
      kind: 'where',
      where: (text, bad) => {
        if (!/^[A-Za-z]{2}$/.test(text)) throw bad('Campo filter.state: informe a UF com duas letras');
        return sql`upper(${solicitations.state}) = ${text.toUpperCase()}`;
      },
    },
    city: { kind: 'folded', column: solicitations.city },
    document: { kind: 'document', columns: [solicitations.cpf, solicitations.cnpj, solicitations.cpf_cnpj] },
    name: { kind: 'contains', column: [solicitations.name, solicitations.legal_name, solicitations.company_name] },
  },
  sorts: {
    id: solicitations.id,
    name: solicitations.name,
    typeCredit: solicitations.type_credit,
    status: solicitations.status,
    lendingValue: solicitations.lending_value,
    lendingPlotsToPay: solicitations.lending_plots_to_pay,
    state: solicitations.state,
    city: solicitations.city,
    created_at: solicitations.created_at,
    status_changed_at: solicitations.status_changed_at,
  },
  idColumn: solicitations.id,
  defaultOrder: [desc(solicitations.created_at), desc(solicitations.id)],
  // The id breaks ties in the same direction.
  tiebreak: (direction) => [ordered(direction, solicitations.id)],
  countCap: SOLICITATION_COUNT_CAP,
};

export function solicitationConditions(scope: ListScope, filter: FilterInput): SQL[] {
  const out: SQL[] = [isNull(solicitations.deleted_at)];
  const scoped = scopeCondition(scope);
  if (scoped) out.push(scoped);
  return [...out, ...listConditions(SOLICITATION_LIST, filter)];
}

export function solicitationOrder(sort: SortInput): SQL[] {
  return listOrder(SOLICITATION_LIST, sort);
}

const listColumns = {
  id: solicitations.id,
  user_id: solicitations.user_id,
  status: solicitations.status,
  type_credit: solicitations.type_credit,
  is_foreign: solicitations.is_foreign,
  name: solicitations.name,
  cpf: solicitations.cpf,
  cnpj: solicitations.cnpj,
  legal_name: solicitations.legal_name,
  company_name: solicitations.company_name,
  email: solicitations.email,
  phone: solicitations.phone,
  city: solicitations.city,
  state: solicitations.state,
  lending_value: solicitations.lending_value,
  lending_plots_to_pay: solicitations.lending_plots_to_pay,
  project_id: solicitations.project_id,
  project_title: projects.title,
  documents_sent: sql<number>`(SELECT count(*)::int FROM solicitation_slot_documents d WHERE d.solicitation_id = ${solicitations.id} AND d.superseded_at IS NULL)`,
  documents_awaiting: sql<number>`(SELECT count(*)::int FROM solicitation_slot_documents d WHERE d.solicitation_id = ${solicitations.id} AND d.superseded_at IS NULL AND d.approved_at IS NULL)`,
  status_changed_at: solicitations.status_changed_at,
  created_at: solicitations.created_at,
  updated_at: solicitations.updated_at,
};

type ListRow = {
  id: number;
  user_id: number;
  status: string;
  type_credit: string;
  is_foreign: boolean;
  name: string;
  cpf: string | null;
  cnpj: string | null;
  legal_name: string | null;
  company_name: string | null;
  email: string;
  phone: string | null;
  city: string | null;
  state: string | null;
  lending_value: string;
  lending_plots_to_pay: number;
  project_id: number | null;
  project_title: string | null;
  documents_sent: number;
  documents_awaiting: number;
  status_changed_at: Date;
  created_at: Date;
  updated_at: Date;
};

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function toListItem(row: ListRow): SolicitationListItem {
  return {
    id: row.id,
    user_id: row.user_id,
    status: row.status as SolicitationStatus,
    typeCredit: row.type_credit as TypeCredit,
    isForeign: row.is_foreign,
    name: row.name,
    cpf: row.cpf,
    cnpj: row.cnpj,
    legalName: row.legal_name,
    companyName: row.company_name,
    email: row.email,
    phone: row.phone,
    city: row.city,
    state: row.state,
    lendingValue: row.lending_value,
    lendingPlotsToPay: row.lending_plots_to_pay,
    project: row.project_id,
    projectTitle: row.project_title,
    documentsSent: Number(row.documents_sent),
    documentsAwaiting: Number(row.documents_awaiting),
    status_changed_at: iso(row.status_changed_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export interface ListInput {
  page: number;
  limit: number;
  filter?: Record<string, unknown>;
  sort?: SortInput;
}

export async function listSolicitations(db: Db, scope: ListScope, args: ListInput) {
  const where = and(...solicitationConditions(scope, args.filter));
  const order = solicitationOrder(args.sort);
  const offset = (args.page - 1) * args.limit;
  const rows = await db
    .select(listColumns)
    .from(solicitations)
    .leftJoin(projects, eq(projects.id, solicitations.project_id))
    .where(where)
    .orderBy(...order)
    .limit(args.limit)
    .offset(offset);
  const total = await listTotal(db, SOLICITATION_LIST, (n) => db.select({ one: sql`1` }).from(solicitations).where(where).limit(n).as('matches'), {
    offset,
    rows: rows.length,
    limit: args.limit,
  });
  return { items: rows.map((r) => toListItem(r as ListRow)), meta: pageMeta(args.page, args.limit, total.count), capped: total.capped };
}

/** Rows for an unpaged answer (cancelled-approved) or the export. */
export async function allSolicitations(db: Db, conditions: SQL[], sort: SortInput, max = 50_000): Promise<SolicitationListItem[]> {
  const rows = await db
    .select(listColumns)
    .from(solicitations)
    .leftJoin(projects, eq(projects.id, solicitations.project_id))
    .where(and(...conditions))
    .orderBy(...solicitationOrder(sort))
    .limit(max);
  return rows.map((r) => toListItem(r as ListRow));
}

export async function exportSolicitationRows(db: Db, filter: FilterInput, sort: SortInput) {
  const items = await allSolicitations(db, solicitationConditions({ kind: 'all' }, filter), sort);
  return items.map((s) => ({
    id: s.id,
    created_at: s.created_at,
    name: s.typeCredit === 'PJ' && s.legalName ? `${s.name} (${s.legalName})` : s.name,
    typeCredit: s.typeCredit,
    document: (s.typeCredit === 'PJ' ? s.cnpj : s.cpf) ?? '',
    email: s.email,
    phone: s.phone,
    city: s.city,
    state: s.state,
    lendingValue: s.lendingValue,
    lendingPlotsToPay: s.lendingPlotsToPay,
    status: STATUS_LABELS_PT[s.status] ?? s.status,
    projectTitle: s.projectTitle,
  }));
}

/** The live (not deleted) solicitation row, or 404; `lock` takes it FOR UPDATE inside a transaction. */
export async function findSolicitation(db: Db, id: number, lock = false): Promise<SolicitationRow> {
  const query = db
    .select()
    .from(solicitations)
    .where(and(eq(solicitations.id, id), isNull(solicitations.deleted_at)));
  const rows = lock ? await query.for('update') : await query;
  if (!rows[0]) throw notFound('Solicitação não encontrada.');
  return rows[0];
}

type SlotDocRow = {
  id: number;
  solicitation_id: number;
  slot: number;
  guarantor_id: number | null;
  file_name: string;
  name: string;
  mime: string;
  size: number;
  uploaded_by: number | null;
  uploaded_by_name: string | null;
  approved_by: number | null;
  approved_by_name: string | null;
  approved_at: Date | null;
  superseded_at: Date | null;
  created_at: Date;
};

export function toSlotDocument(row: SlotDocRow): SlotDocument {
  return {
    id: row.id,
    solicitation_id: row.solicitation_id,
    slot: row.slot,
    guarantor_id: row.guarantor_id,
    fileName: row.file_name,
    name: row.name,
    mime: row.mime,
    size: row.size,
    uploaded_by: row.uploaded_by,
    uploaded_by_name: row.uploaded_by_name,
    approved: row.approved_at !== null,
    approved_by: row.approved_by,
    approved_by_name: row.approved_by_name,
    approved_at: row.approved_at ? iso(row.approved_at) : null,
    superseded_at: row.superseded_at ? iso(row.superseded_at) : null,
    created_at: iso(row.created_at),
  };
}

/** Slot documents with their file and people, of one solicitation or one document id. */
export async function slotDocuments(db: Db, where: { solicitationId?: number; id?: number }): Promise<SlotDocument[]> {
  const d = solicitationSlotDocuments;
  const rows = await db
    .select({
      id: d.id,
      solicitation_id: d.solicitation_id,
      slot: d.slot,
      guarantor_id: d.guarantor_id,
      file_name: uploads.key,
      name: uploads.name,
      mime: uploads.mime,
      size: uploads.size,
      uploaded_by: d.uploaded_by,
      uploaded_by_name: sql<string | null>`(SELECT u.name FROM users u WHERE u.id = ${d.uploaded_by})`,
      approved_by: d.approved_by,
      approved_by_name: sql<string | null>`(SELECT u.name FROM users u WHERE u.id = ${d.approved_by})`,
      approved_at: d.approved_at,
      superseded_at: d.superseded_at,
      created_at: d.created_at,
    })
    .from(d)
    .innerJoin(uploads, eq(uploads.id, d.upload_id))
    .where(where.id !== undefined ? eq(d.id, where.id) : eq(d.solicitation_id, where.solicitationId ?? 0))
    .orderBy(asc(d.slot), asc(d.id));
  return rows.map((r) => toSlotDocument({ ...r, approved_at: r.approved_at ?? null, superseded_at: r.superseded_at ?? null } as SlotDocRow));
}

export function slotStates(row: Pick<SolicitationRow, 'type_credit' | 'is_foreign'>, docs: SlotDocument[]): SlotStatus[] {
  const required = new Set(requiredDocumentSlots(row.type_credit as TypeCredit, row.is_foreign));
  return DOCUMENT_SLOTS.map((info) => {
    const ofSlot = docs.filter((d) => d.slot === info.slot);
    const current = ofSlot.find((d) => d.superseded_at === null) ?? null;
    const replacedCount = ofSlot.filter((d) => d.superseded_at !== null).length;
    const state = !current ? 'missing' : current.approved ? 'approved' : replacedCount > 0 ? 'replaced' : 'sent';
    return { slot: info.slot, key: info.key, required: required.has(info.slot), state, current, replacedCount };
  });
}

/** The whole record (GET /solicitations/:id and the answer of every change). */
export async function loadSolicitation(db: Db, id: number): Promise<Solicitation> {
  const row = await findSolicitation(db, id);
  const [listRow] = await allSolicitations(db, [eq(solicitations.id, id)], null, 1);
  const [applicant] = await db
    .select({ id: users.id, name: users.name, email: users.email, cpf: users.cpf, phone: users.phone })
    .from(users)
    .where(eq(users.id, row.user_id));
  const reason = row.lending_reason
    ? (await db.select({ label: lendingReasons.label }).from(lendingReasons).where(eq(lendingReasons.id, row.lending_reason)))[0]
    : undefined;
  const found = row.how_did_find
    ? (await db.select({ label: howDidFind.label }).from(howDidFind).where(eq(howDidFind.id, row.how_did_find)))[0]
    : undefined;
  const h = solicitationStatusHistory;
  const history = await db
    .select({
      id: h.id,
      from_status: h.from_status,
      to_status: h.to_status,
      reason: h.reason,
      actor_id: h.actor_id,
      actor_name: users.name,
      created_at: h.created_at,
    })
    .from(h)
    .leftJoin(users, eq(users.id, h.actor_id))
    .where(eq(h.solicitation_id, id))
    .orderBy(asc(h.id));
  const docs = await slotDocuments(db, { solicitationId: id });
  const slots = slotStates(row, docs);
  const status = row.status as SolicitationStatus;
  return {
    ...listRow,
    typeDocument: row.type_document,
    numDocumentForeign: row.num_document_foreign,
    birthday: row.birthday,
    genre: row.genre,
    relations: row.relations,
    nationality: row.nationality,
    profession: row.profession,
    cep: row.cep,
    address: row.address,
    addressNumber: row.address_number,
    addressComplement: row.address_complement,
    neighborhood: row.neighborhood,
    instagram: row.instagram,
    facebook: row.facebook,
    site: row.site,
    companyType: row.company_type,
    branchOfActivity: row.branch_of_activity,
    companyCep: row.company_cep,
    companyAddress: row.company_address,
    companyAddressNumber: row.company_address_number,
    companyAddressComplement: row.company_address_complement,
    companyAddressNeighborhood: row.company_address_neighborhood,
    companyCity: row.company_city,
    companyState: row.company_state,
    partners: Array.isArray(row.partners)
      ? row.partners.map((p) => ({ name: String(p?.name ?? ''), cpf: String(p?.cpf ?? ''), share: String(p?.share ?? '') }))
      : [],
    profileAccountBank: row.profile_account_bank,
    cpfCnpj: row.cpf_cnpj,
    nameCreditCard: row.name_credit_card,
    bankName: row.bank_name,
    bankAgency: row.bank_agency,
    bankNumber: row.bank_number,
    bankDigit: row.bank_digit,
    typeAccount: row.type_account,
    keyPix: row.key_pix,
    financingValue: row.financing_value,
    lendingReason: row.lending_reason,
    lendingReasonLabel: reason?.label ?? null,
    howDidFind: row.how_did_find,
    howDidFindLabel: found?.label ?? null,
    nextStatuses: isSolicitationStatus(status) ? [...manualNextStatuses(status)] : [],
    statusHistory: history.map((e) => ({
      id: e.id,
      fromStatus: e.from_status && isSolicitationStatus(e.from_status) ? e.from_status : null,
      toStatus: isSolicitationStatus(e.to_status) ? e.to_status : INITIAL_SOLICITATION_STATUS,
      reason: e.reason,
      actor_id: e.actor_id,
      actor_name: e.actor_name ?? null,
      created_at: iso(e.created_at),
    })),
    slots,
    complete: slots.every((s) => !s.required || s.state !== 'missing'),
    applicant: applicant ?? { id: row.user_id, name: row.name, email: row.email, cpf: row.cpf, phone: row.phone },
  };
}
