/**
 * Borrowers (the spec's "Borrowers" calls): the list, the picker, one
 * borrower with its bank accounts, registration from an approved solicitation
 * or from scratch, the registration, business and bank data, and the parts of
 * the credit file that are one row per borrower (other information, own
 * parameters) or are read from elsewhere (guarantors, simulations, risk
 * classification). The six sub-record kinds live in borrower-records.ts.
 *
 * Every change runs in one transaction with its activity-log entry (before and
 * after). Documents are stored formatted (000.000.000-00, 00.000.000/0000-00)
 * and unique among live borrowers: a duplicate is a 409, checked first and
 * caught again from the unique index (two requests at once). Queries inside a
 * transaction run one after another (one client, one query at a time).
 *
 * Money an agent may not redirect or discount: while a contract is in force
 * for the borrower, only AllOperators give it a new payout account (where the
 * credit is released); only AllOperators set its TAC below the company's.
 * Both answer 403 naming the field; the change is logged with before and
 * after like any other.
 */
import { calendarDayInSaoPaulo, LENDER_ZONE } from '../../platform/clock';
import Decimal from 'decimal.js';
import { formatRate } from '@shared/format';
import { and, asc, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  BORROWER_FILTERS,
  BORROWER_SORTS,
  BRAZIL_STATES,
  pageMeta,
  type Borrower,
  type BorrowerBankAccount,
  type BorrowerParameters,
  type BorrowerSummary,
  type Guarantor,
  type RiskClassification,
} from '@shared/contract/index';
import { formatCnpj, formatCpf, isValidCnpj, isValidCpf } from '@shared/documents';
import { IN_FORCE_CONTRACT_STATUS, isOneOf, PERSON_TYPES } from '@shared/enums';
import { AllOperators, isRoleAllowed, type RoleId } from '@shared/roles';
import { portugueseReason, riskRatingOf, riskRatingReasonOf, riskStageOf, riskStageReasonOf, type RiskFacts } from '@shared/risk-classification';
import { awaitsContract } from '@shared/solicitation-status';
import type { Db } from '../../db/connect';
import { interestProfiles } from '../catalogues/schema-interests';
import { borrowerBankAccounts, borrowerJointDebtors, borrowerOtherInformation, borrowerParameters, borrowers, borrowerShareholders } from './schema';
import { creditOperations, issuedContracts } from '../operations/schema';
import { containsPattern } from '../../domain/like';
import { badRequest, conflict, HttpError, notFound } from '../../platform/http/errors';
import { logActivity, type Snapshot } from '../../platform/activity';
import { parametersOf } from '../company';
import { overdueOf } from '../operations';
import { lastClosePositionsOfBorrower } from '../ledger';
import { borrowerAtClose } from '@shared/books/last-close';
import { findSolicitation } from '../intake';
import { listConditions, listOrder, ordered, type ListSpec } from '../../platform/list';

export const BORROWER_MESSAGES = {
  notFound: 'Tomador não encontrado.',
  documentInUse: 'Já existe um tomador com este documento',
  solicitationNotApproved: 'Somente uma solicitação aprovada pode dar origem a um tomador.',
  solicitationTaken: 'Esta solicitação já deu origem a um tomador.',
  solicitationNoDocument:
    'A solicitação não tem CPF (pessoa física) ou CNPJ (pessoa jurídica) válido: cadastre o tomador com o documento.',
  bankNotFound: 'Conta bancária não encontrada neste tomador.',
  otherInformationExists: 'As outras informações deste tomador já foram cadastradas: altere-as.',
  outsideCompany: (field: string, what: string, limit: string) =>
    `Campo ${field}: ${what} deve estar dentro dos parâmetros da empresa (${limit}).`,
  payoutLocked:
    'Campo is_payout: este tomador tem contrato em vigor; somente operadores e administradores alteram a conta de liberação.',
  guarantorNotFound: 'Campo guarantor_id: avalista não encontrado entre os avalistas do tomador desta solicitação.',
  tacBelowCompany: (limit: string) =>
    `Campo tac: somente operadores e administradores definem a TAC do tomador abaixo da TAC da empresa (${limit}).`,
  noTacForIndividuals:
    'Campo tac: a TAC (tarifa de abertura de crédito) não pode ser cobrada de pessoa física desde 30/04/2008 (Res. CMN 3.518/2007; STJ, Súmula 565).',
  meiIsSimples: 'Campo mei: o MEI é pessoa jurídica optante pelo Simples Nacional (LC 123/2006, art. 18-A): marque também o Simples Nacional.',
} as const;

/** Who is acting: the role decides what money they may redirect or discount. */
export interface StaffActor {
  id: number;
  role: RoleId;
}

/** A 403 naming the field and saying why (not the generic "sem permissão"). */
export function forbiddenField(message: string, field: string): HttpError {
  return new HttpError(403, message, field, 'forbidden');
}

/** Whether the borrower has an issued contract not cancelled (signed money: its payout account and guarantees are held). */
export async function hasContractInForce(db: Db, borrowerId: number): Promise<boolean> {
  const rows = await db
    .select({ id: issuedContracts.id })
    .from(issuedContracts)
    .innerJoin(creditOperations, eq(creditOperations.id, issuedContracts.credit_operation_id))
    .where(and(eq(creditOperations.borrower_id, borrowerId), eq(issuedContracts.status, IN_FORCE_CONTRACT_STATUS)))
    .limit(1);
  return rows.length > 0;
}

/** A MEI is a company under Simples Nacional (the database holds the same rule). */
function assertMeiIsSimples(row: { person_type?: string; simples_nacional?: boolean | null; mei?: boolean | null }): void {
  if (row.mei && !(row.person_type === 'PJ' && row.simples_nacional)) throw badRequest(BORROWER_MESSAGES.meiIsSimples, 'mei');
}

type BorrowerRow = typeof borrowers.$inferSelect;
type BankRow = typeof borrowerBankAccounts.$inferSelect;
type SortInput = { field?: string | null; order?: string | null } | null | undefined;

/** A row as the log keeps it: dates as ISO text, bookkeeping columns left out. */
export function snapshotOf(row: Record<string, unknown>, omit: readonly string[] = []): Snapshot {
  const out: Snapshot = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'created_at' || key === 'updated_at' || key === 'created_by' || omit.includes(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : (value as string | number | boolean | null);
  }
  return out;
}

/** True when a unique index refused the write (a race the pre-check could not see). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  const code = e?.code ?? e?.cause?.code;
  if (code !== '23505') return false;
  const name = e?.constraint ?? e?.cause?.constraint;
  return !constraint || !name || name === constraint;
}

/** The document as stored: a CPF for a person, a CNPJ for a company, formatted. */
export function storedDocument(personType: 'PF' | 'PJ', document: string): string {
  return personType === 'PF' ? formatCpf(document) : formatCnpj(document);
}

/** Written out (drizzle leaves the outer column unqualified inside a subquery, where "id" would be the operation's). */
const operationsCount = sql<number>`(SELECT count(*)::int FROM credit_operations co WHERE co.borrower_id = "borrowers"."id")`;

const live = isNull(borrowers.deleted_at);

// ---------- reading ----------

const summaryColumns = {
  id: borrowers.id,
  person_type: borrowers.person_type,
  simples_nacional: borrowers.simples_nacional,
  mei: borrowers.mei,
  name: borrowers.name,
  trade_name: borrowers.trade_name,
  document: borrowers.document,
  city: borrowers.city,
  state: borrowers.state,
  active: borrowers.active,
  solicitation_id: borrowers.solicitation_id,
  operations: operationsCount,
  created_at: borrowers.created_at,
};

/** The list's filters and sorts, named by the contract (BORROWER_FILTERS / _SORTS); newest first by default. */
const BORROWER_LIST: ListSpec<(typeof BORROWER_FILTERS)[number], (typeof BORROWER_SORTS)[number]> = {
  filters: {
    // A name or trade-name fragment, or (with three letters or digits, one a digit) also part of the document.
    name: {
      kind: 'where',
      where: (text) => {
        const digits = text.replace(/[^0-9A-Za-z]/g, '');
        const byDocument =
          digits.length >= 3 && /\d/.test(digits)
            ? sql`regexp_replace(${borrowers.document}, '[^0-9A-Z]', '', 'g') LIKE ${containsPattern(digits.toUpperCase())}`
            : undefined;
        return or(ilike(borrowers.name, containsPattern(text)), ilike(borrowers.trade_name, containsPattern(text)), byDocument)!;
      },
    },
    person_type: { kind: 'one-of', column: borrowers.person_type, codes: PERSON_TYPES },
    state: {
      kind: 'where',
      where: (text, bad) => {
        const uf = text.toUpperCase();
        if (!isOneOf(BRAZIL_STATES, uf)) throw bad();
        return eq(borrowers.state, uf);
      },
    },
    active: { kind: 'boolean', column: borrowers.active },
  },
  sorts: {
    created_at: sql`${borrowers.created_at}`,
    name: borrowers.name,
    document: borrowers.document,
    operations: operationsCount,
  },
  idColumn: borrowers.id,
  defaultOrder: [desc(borrowers.created_at), desc(borrowers.id)],
  // Any sort ends in (created_at, id) so pages never overlap.
  tiebreak: (direction, field) =>
    field === 'created_at' ? [ordered(direction, borrowers.id)] : [desc(borrowers.created_at), desc(borrowers.id)],
};

/** The list's conditions from its filters; anything else is a 400 naming the filter. */
export function borrowerConditions(filter: Record<string, unknown> | undefined): SQL[] {
  return [live, ...listConditions(BORROWER_LIST, filter)];
}

export function borrowerOrder(sort: SortInput): SQL[] {
  return listOrder(BORROWER_LIST, sort);
}

function toSummary(row: Omit<BorrowerSummary, 'created_at'> & { created_at: Date }): BorrowerSummary {
  return { ...row, operations: Number(row.operations), created_at: row.created_at.toISOString() };
}

export async function listBorrowers(
  db: Db,
  args: { page: number; limit: number; filter?: Record<string, unknown>; sort?: SortInput },
): Promise<{ items: BorrowerSummary[]; meta: ReturnType<typeof pageMeta> }> {
  const where = and(...borrowerConditions(args.filter));
  const rows = await db
    .select(summaryColumns)
    .from(borrowers)
    .where(where)
    .orderBy(...borrowerOrder(args.sort))
    .limit(args.limit)
    .offset((args.page - 1) * args.limit);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(borrowers).where(where);
  return { items: rows.map(toSummary), meta: pageMeta(args.page, args.limit, Number(count)) };
}

export async function pickerBorrowers(db: Db) {
  return db
    .select({ id: borrowers.id, name: borrowers.name, document: borrowers.document, person_type: borrowers.person_type })
    .from(borrowers)
    .where(and(live, eq(borrowers.active, true)))
    .orderBy(asc(borrowers.name), asc(borrowers.id));
}

/** The live borrower, or a 404 (locked FOR UPDATE inside a change). */
export async function borrowerOr404(db: Db, id: number, lock = false): Promise<BorrowerRow> {
  const query = db.select().from(borrowers).where(and(eq(borrowers.id, id), live)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(BORROWER_MESSAGES.notFound);
  return row;
}

export function toBankAccount(row: BankRow): BorrowerBankAccount {
  const { created_at: _c, updated_at: _u, ...rest } = row;
  return rest;
}

export async function fullBorrower(db: Db, id: number): Promise<Borrower> {
  const row = await borrowerOr404(db, id);
  // In sequence: the demo seed calls this on its transaction, one connection that takes one query at a time.
  const banks = await db.select().from(borrowerBankAccounts).where(eq(borrowerBankAccounts.borrower_id, id)).orderBy(asc(borrowerBankAccounts.id));
  const [{ operations }] = await db.select({ operations: operationsCount }).from(borrowers).where(eq(borrowers.id, id));
  const { company_id: _company, created_by: _by, deleted_at: _deleted, ...rest } = row;
  return {
    ...rest,
    operations: Number(operations),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    bank_accounts: banks.map(toBankAccount),
  };
}

// ---------- registration ----------

async function assertDocumentFree(db: Db, document: string, exceptId?: number): Promise<void> {
  const rows = await db
    .select({ id: borrowers.id })
    .from(borrowers)
    .where(and(eq(borrowers.document, document), live, exceptId === undefined ? undefined : ne(borrowers.id, exceptId)))
    .limit(1);
  if (rows.length) throw conflict(BORROWER_MESSAGES.documentInUse, 'document');
}

type Insert = typeof borrowers.$inferInsert;
type BankInsert = typeof borrowerBankAccounts.$inferInsert;

/** "001 - Banco do Brasil" (the intake's bank field) → its code and name; null when it carries no code. */
function bankFromSolicitation(text: string | null): { code: string; name: string } | null {
  const m = /^\s*(\d{3})\s*[-–]\s*(.+?)\s*$/.exec(text ?? '');
  return m ? { code: m[1], name: m[2].slice(0, 80) } : null;
}

function accountTypeOf(title: string | null): BankInsert['account_type'] {
  const t = (title ?? '').toLowerCase();
  if (t.includes('poupan')) return 'savings';
  if (t.includes('pagamento')) return 'payment';
  return 'checking';
}

/**
 * The borrower's data copied from an approved solicitation: a person (PF) is
 * registered by the applicant's CPF; a company (PJ) by its CNPJ, with the
 * applicant as its legal representative and the company's address. The
 * payout account is the solicitation's when its bank field carries a code;
 * the partners become shareholders.
 */
async function fromSolicitation(tx: Db, solicitationId: number) {
  // Locked by its owner, the intake (a live one, else 404), until the borrower is written.
  const s = await findSolicitation(tx, solicitationId, true);
  if (!awaitsContract(s.status)) throw conflict(BORROWER_MESSAGES.solicitationNotApproved, 'solicitation_id');
  const taken = await tx.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.solicitation_id, s.id)).limit(1);
  if (taken.length) throw conflict(BORROWER_MESSAGES.solicitationTaken, 'solicitation_id');
  const company = s.type_credit === 'PJ';
  const document = company ? s.cnpj : s.cpf;
  if (!document || !(company ? isValidCnpj(document) : isValidCpf(document))) throw conflict(BORROWER_MESSAGES.solicitationNoDocument, 'solicitation_id');
  const values: Insert = {
    person_type: company ? 'PJ' : 'PF',
    name: company ? (s.legal_name ?? s.company_name ?? s.name) : s.name,
    trade_name: company ? s.company_name : null,
    document: storedDocument(company ? 'PJ' : 'PF', document),
    user_id: s.user_id,
    solicitation_id: s.id,
    birthday: company ? null : s.birthday,
    email: s.email,
    phone: s.phone,
    cep: company ? (s.company_cep ?? s.cep) : s.cep,
    address: company ? (s.company_address ?? s.address) : s.address,
    address_number: company ? (s.company_address_number ?? s.address_number) : s.address_number,
    address_complement: company ? (s.company_address_complement ?? s.address_complement) : s.address_complement,
    neighborhood: company ? (s.company_address_neighborhood ?? s.neighborhood) : s.neighborhood,
    city: company ? (s.company_city ?? s.city) : s.city,
    state: company ? (s.company_state ?? s.state) : s.state,
    profession: company ? null : s.profession,
    legal_representative_name: company ? s.name : null,
    legal_representative_cpf: company && s.cpf && isValidCpf(s.cpf) ? formatCpf(s.cpf) : null,
  };
  let bank: Omit<BankInsert, 'borrower_id'> | null = null;
  const named = bankFromSolicitation(s.bank_name);
  if (named && s.bank_agency && /^\d{1,6}$/.test(s.bank_agency) && s.bank_number && /^\d{1,15}$/.test(s.bank_number)) {
    const [type] = s.type_account
      ? await tx.select({ titulo: interestProfiles.titulo }).from(interestProfiles).where(eq(interestProfiles.id, s.type_account)).limit(1)
      : [];
    bank = {
      bank_code: named.code,
      bank_name: named.name,
      agency: s.bank_agency,
      account: s.bank_number,
      account_digit: s.bank_digit ? s.bank_digit.slice(0, 2) : null,
      account_type: accountTypeOf(type?.titulo ?? null),
      pix_key: s.key_pix,
      is_payout: true,
    };
  }
  const partners = (company ? s.partners : []).filter((p) => {
    const share = Number(p.share);
    return p.name && isValidCpf(p.cpf) && /^\d{1,3}(\.\d{1,4})?$/.test(p.share) && share > 0 && share <= 100;
  });
  return { values, bank, partners };
}

export interface BorrowerCreate {
  solicitation_id?: number;
  person_type?: 'PF' | 'PJ';
  document?: string;
  name?: string;
  [field: string]: unknown;
}

export async function createBorrower(db: Db, actorId: number, input: BorrowerCreate): Promise<Borrower> {
  try {
    const id = await db.transaction(async (tx) => {
      let values: Insert;
      let bank: Omit<BankInsert, 'borrower_id'> | null = null;
      let partners: Array<{ name: string; cpf: string; share: string }> = [];
      if (input.solicitation_id !== undefined) {
        ({ values, bank, partners } = await fromSolicitation(tx, input.solicitation_id));
      } else {
        const { solicitation_id: _s, person_type, document, name, ...rest } = input;
        values = {
          ...(rest as Partial<Insert>),
          person_type: person_type!,
          name: name!,
          document: storedDocument(person_type!, document!),
        };
      }
      await assertDocumentFree(tx, values.document);
      assertMeiIsSimples(values);
      const [row] = await tx
        .insert(borrowers)
        .values({ ...values, created_by: actorId })
        .returning();
      if (bank) await tx.insert(borrowerBankAccounts).values({ ...bank, borrower_id: row.id });
      for (const p of partners) {
        await tx.insert(borrowerShareholders).values({ borrower_id: row.id, name: p.name, document: formatCpf(p.cpf), share_percent: p.share });
      }
      await logActivity(tx, {
        actorId,
        action: 'borrower.create',
        entity: 'borrower',
        entityId: row.id,
        after: snapshotOf(row, ['deleted_at']),
      });
      return row.id;
    });
    return fullBorrower(db, id);
  } catch (error) {
    if (isUniqueViolation(error, 'borrowers_document_unique')) throw conflict(BORROWER_MESSAGES.documentInUse, 'document');
    if (isUniqueViolation(error, 'borrowers_solicitation_id_key')) throw conflict(BORROWER_MESSAGES.solicitationTaken, 'solicitation_id');
    throw error;
  }
}

/** PUT /borrowers and PUT /borrowers/business: the given fields change (undefined: kept; null: cleared). */
export async function updateBorrower(
  db: Db,
  actorId: number,
  id: number,
  values: Partial<Insert>,
  action: 'borrower.update' | 'borrower.business.update',
): Promise<Borrower> {
  await db.transaction(async (tx) => {
    const before = await borrowerOr404(tx, id, true);
    const changes: Partial<Insert> = { ...values };
    if (typeof changes.legal_representative_cpf === 'string') changes.legal_representative_cpf = formatCpf(changes.legal_representative_cpf);
    assertMeiIsSimples({ ...before, ...changes });
    const [after] = await tx
      .update(borrowers)
      .set({ ...changes, updated_at: new Date() })
      .where(eq(borrowers.id, id))
      .returning();
    await logActivity(tx, {
      actorId,
      action,
      entity: 'borrower',
      entityId: id,
      before: snapshotOf(before, ['deleted_at']),
      after: snapshotOf(after, ['deleted_at']),
    });
  });
  return fullBorrower(db, id);
}

// ---------- bank accounts ----------

export type BankInput = Omit<BankInsert, 'id' | 'created_at' | 'updated_at'> & { id?: number };

/** The fields that say where money goes: changing them on the payout account is a new payout account. */
const PAYOUT_FIELDS = ['bank_code', 'agency', 'agency_digit', 'account', 'account_digit', 'account_type', 'pix_key'] as const;

/**
 * Whether saving `values` over `before` gives the borrower a new payout
 * account: a new account marked payout, another account made payout, the
 * payout account unmarked, or its bank, branch, account or PIX key changed.
 */
function changesPayout(before: BankRow | undefined, values: Omit<BankInput, 'id'>): boolean {
  if (!before) return values.is_payout === true;
  if (values.is_payout !== undefined && values.is_payout !== before.is_payout) return true;
  if (!before.is_payout) return false;
  return PAYOUT_FIELDS.some((field) => values[field] !== undefined && (values[field] ?? null) !== (before[field] ?? null));
}

/**
 * Adds (no id) or changes a bank account; is_payout makes it the only payout
 * account of the borrower. While a contract is in force a new payout account
 * is for AllOperators only (403 on is_payout).
 */
export async function saveBankAccount(db: Db, actor: StaffActor, input: BankInput): Promise<BorrowerBankAccount> {
  const actorId = actor.id;
  return db.transaction(async (tx) => {
    await borrowerOr404(tx, input.borrower_id, true);
    const { id, ...values } = input;
    let before: BankRow | undefined;
    if (id !== undefined) {
      [before] = await tx
        .select()
        .from(borrowerBankAccounts)
        .where(and(eq(borrowerBankAccounts.id, id), eq(borrowerBankAccounts.borrower_id, input.borrower_id)))
        .for('update');
      if (!before) throw notFound(BORROWER_MESSAGES.bankNotFound);
    }
    if (!isRoleAllowed(actor.role, AllOperators) && changesPayout(before, values) && (await hasContractInForce(tx, input.borrower_id))) {
      throw forbiddenField(BORROWER_MESSAGES.payoutLocked, 'is_payout');
    }
    if (values.is_payout) {
      await tx
        .update(borrowerBankAccounts)
        .set({ is_payout: false, updated_at: new Date() })
        .where(and(eq(borrowerBankAccounts.borrower_id, input.borrower_id), eq(borrowerBankAccounts.is_payout, true), id === undefined ? undefined : ne(borrowerBankAccounts.id, id)));
    }
    const [after] = before
      ? await tx
          .update(borrowerBankAccounts)
          .set({ ...values, updated_at: new Date() })
          .where(eq(borrowerBankAccounts.id, before.id))
          .returning()
      : await tx
          .insert(borrowerBankAccounts)
          .values({ ...values, is_payout: values.is_payout ?? false })
          .returning();
    await logActivity(tx, {
      actorId,
      action: before ? 'borrower.bank.update' : 'borrower.bank.create',
      entity: 'borrower_bank_account',
      entityId: after.id,
      before: before ? snapshotOf(before) : null,
      after: snapshotOf(after),
    });
    return toBankAccount(after);
  });
}

// ---------- guarantors ----------

/** The CCB's guarantors (avalistas): the joint debtors, then the shareholders marked signs_as_guarantor. */
export async function guarantorsOf(db: Db, borrowerId: number): Promise<Guarantor[]> {
  await borrowerOr404(db, borrowerId);
  const debtors = await db.select().from(borrowerJointDebtors).where(eq(borrowerJointDebtors.borrower_id, borrowerId)).orderBy(asc(borrowerJointDebtors.id));
  const partners = await db
    .select()
    .from(borrowerShareholders)
    .where(and(eq(borrowerShareholders.borrower_id, borrowerId), eq(borrowerShareholders.signs_as_guarantor, true)))
    .orderBy(asc(borrowerShareholders.id));
  return [
    ...debtors.map((d) => ({ source: 'jointdebtor' as const, id: d.id, name: d.name, document: d.document, relationship: d.relationship })),
    ...partners.map((p) => ({ source: 'shareholder' as const, id: p.id, name: p.name, document: p.document, relationship: p.position ?? 'Sócio(a)' })),
  ];
}

/**
 * A document filed for a guarantor of a solicitation names one that exists:
 * a guarantor (joint debtor or shareholder signing as guarantor, by the id
 * borrowers.guarantors answers) of the borrower registered from that
 * solicitation. Anything else is a 400 on guarantor_id.
 */
export async function assertGuarantorOfSolicitation(db: Db, solicitationId: number, guarantorId: number): Promise<void> {
  const [borrower] = await db
    .select({ id: borrowers.id })
    .from(borrowers)
    .where(and(eq(borrowers.solicitation_id, solicitationId), live))
    .limit(1);
  const guarantors = borrower ? await guarantorsOf(db, borrower.id) : [];
  if (!guarantors.some((g) => g.id === guarantorId)) throw badRequest(BORROWER_MESSAGES.guarantorNotFound, 'guarantor_id');
}

// ---------- other information ----------

type OtherRow = typeof borrowerOtherInformation.$inferSelect;
export type OtherInformationInput = Omit<OtherRow, 'updated_at' | 'years_in_business' | 'other_loans_description' | 'references_text' | 'notes'> & {
  years_in_business?: number | null;
  other_loans_description?: string | null;
  references_text?: string | null;
  notes?: string | null;
};

function toOtherInformation(row: OtherRow) {
  return { ...row, updated_at: row.updated_at.toISOString() };
}

export async function otherInformationOf(db: Db, borrowerId: number) {
  await borrowerOr404(db, borrowerId);
  const [row] = await db.select().from(borrowerOtherInformation).where(eq(borrowerOtherInformation.borrower_id, borrowerId)).limit(1);
  if (row) return toOtherInformation(row);
  return {
    borrower_id: borrowerId,
    years_in_business: null,
    has_other_loans: false,
    other_loans_description: null,
    references_text: null,
    notes: null,
    updated_at: null,
  };
}

/** POST (mode 'create': 409 when it exists) and PUT (mode 'upsert') of the other information. */
export async function saveOtherInformation(db: Db, actorId: number, input: OtherInformationInput, mode: 'create' | 'upsert') {
  return db.transaction(async (tx) => {
    await borrowerOr404(tx, input.borrower_id, true);
    const [before] = await tx.select().from(borrowerOtherInformation).where(eq(borrowerOtherInformation.borrower_id, input.borrower_id)).for('update');
    if (before && mode === 'create') throw conflict(BORROWER_MESSAGES.otherInformationExists, 'borrower_id');
    const values = {
      years_in_business: input.years_in_business ?? null,
      has_other_loans: input.has_other_loans,
      other_loans_description: input.other_loans_description ?? null,
      references_text: input.references_text ?? null,
      notes: input.notes ?? null,
      updated_at: new Date(),
    };
    const [after] = before
      ? await tx.update(borrowerOtherInformation).set(values).where(eq(borrowerOtherInformation.borrower_id, input.borrower_id)).returning()
      : await tx
          .insert(borrowerOtherInformation)
          .values({ borrower_id: input.borrower_id, ...values })
          .returning();
    await logActivity(tx, {
      actorId,
      action: 'borrower.other-information.save',
      entity: 'borrower',
      entityId: input.borrower_id,
      before: before ? snapshotOf(before) : null,
      after: snapshotOf(after),
    });
    return toOtherInformation(after);
  });
}

// ---------- parameters ----------

type ParamRow = typeof borrowerParameters.$inferSelect;

function toParameters(row: ParamRow): BorrowerParameters {
  return { ...row, updated_at: row.updated_at.toISOString() };
}

export async function parametersOfBorrower(db: Db, borrowerId: number): Promise<BorrowerParameters> {
  await borrowerOr404(db, borrowerId);
  const [row] = await db.select().from(borrowerParameters).where(eq(borrowerParameters.borrower_id, borrowerId)).limit(1);
  if (row) return toParameters(row);
  return { borrower_id: borrowerId, min_monthly_rate: null, max_monthly_rate: null, max_installments: null, max_value: null, tac: null, updated_at: null };
}

export interface ParametersInput {
  borrower_id: number;
  min_monthly_rate?: string | null;
  max_monthly_rate?: string | null;
  max_installments?: number | null;
  max_value?: string | null;
  tac?: string | null;
}

const reais = (value: Decimal) => `R$ ${value.toFixed(2).replace('.', ',')}`;

/**
 * Each limit must lie inside the company's: rates between its minimum and
 * maximum, the term and the value at most its maximum (and at least its
 * minimum). The TAC is the borrower's negotiated fee, not a limit: any amount.
 */
function assertInsideCompany(input: ParametersInput, company: Awaited<ReturnType<typeof parametersOf>>): void {
  const minRate = new Decimal(company.min_monthly_rate);
  const maxRate = new Decimal(company.max_monthly_rate);
  const rateRange = `de ${formatRate(minRate.toFixed())} a ${formatRate(maxRate.toFixed())} ao mês`;
  for (const [field, what] of [
    ['min_monthly_rate', 'a taxa mínima'],
    ['max_monthly_rate', 'a taxa máxima'],
  ] as const) {
    const value = input[field];
    if (value === null || value === undefined) continue;
    const rate = new Decimal(value);
    if (rate.lt(minRate) || rate.gt(maxRate)) throw badRequest(BORROWER_MESSAGES.outsideCompany(field, what, rateRange), field);
  }
  if (input.max_installments !== null && input.max_installments !== undefined) {
    if (input.max_installments < company.min_installments || input.max_installments > company.max_installments) {
      throw badRequest(
        BORROWER_MESSAGES.outsideCompany('max_installments', 'o prazo máximo', `de ${company.min_installments} a ${company.max_installments} parcelas`),
        'max_installments',
      );
    }
  }
  if (input.max_value !== null && input.max_value !== undefined) {
    const value = new Decimal(input.max_value);
    const min = new Decimal(company.min_value);
    const max = new Decimal(company.max_value);
    if (value.lt(min) || value.gt(max)) {
      throw badRequest(BORROWER_MESSAGES.outsideCompany('max_value', 'o valor máximo', `de ${reais(min)} a ${reais(max)}`), 'max_value');
    }
  }
}

/** An agent keeps at least the company's TAC: only operators negotiate it down (403 on tac). */
function assertTacAllowed(input: ParametersInput, company: Awaited<ReturnType<typeof parametersOf>>, actor: StaffActor): void {
  if (input.tac === null || input.tac === undefined || isRoleAllowed(actor.role, AllOperators)) return;
  if (new Decimal(input.tac).lt(company.tac)) throw forbiddenField(BORROWER_MESSAGES.tacBelowCompany(reais(new Decimal(company.tac))), 'tac');
}

export async function saveParameters(db: Db, actor: StaffActor, input: ParametersInput): Promise<BorrowerParameters> {
  const actorId = actor.id;
  return db.transaction(async (tx) => {
    const borrower = await borrowerOr404(tx, input.borrower_id, true);
    if (borrower.person_type === 'PF' && input.tac !== null && input.tac !== undefined && new Decimal(input.tac).gt(0)) {
      throw badRequest(BORROWER_MESSAGES.noTacForIndividuals, 'tac');
    }
    const company = await parametersOf(tx, borrower.company_id);
    assertInsideCompany(input, company);
    // A person pays no TAC at all (checked above), so the company's TAC is no floor for them.
    if (borrower.person_type === 'PJ') assertTacAllowed(input, company, actor);
    const [before] = await tx.select().from(borrowerParameters).where(eq(borrowerParameters.borrower_id, input.borrower_id)).for('update');
    const values = {
      min_monthly_rate: input.min_monthly_rate ?? null,
      max_monthly_rate: input.max_monthly_rate ?? null,
      max_installments: input.max_installments ?? null,
      max_value: input.max_value ?? null,
      tac: input.tac ?? null,
      updated_at: new Date(),
    };
    const [after] = before
      ? await tx.update(borrowerParameters).set(values).where(eq(borrowerParameters.borrower_id, input.borrower_id)).returning()
      : await tx
          .insert(borrowerParameters)
          .values({ borrower_id: input.borrower_id, ...values })
          .returning();
    await logActivity(tx, {
      actorId,
      action: 'borrower.parameters.update',
      entity: 'borrower',
      entityId: input.borrower_id,
      before: before ? snapshotOf(before) : null,
      after: snapshotOf(after),
    });
    return toParameters(after);
  });
}

// ---------- risk classification ----------

/** The zone the lender's calendar days are counted in (as the dashboard's months). */
export const CLASSIFICATION_ZONE = LENDER_ZONE;

/** The calendar day an instant falls on in São Paulo, 'YYYY-MM-DD' (platform/clock.ts). */
export function todayInSaoPaulo(now: Date = new Date()): string {
  return calendarDayInSaoPaulo(now);
}

/**
 * The borrower's rating and stage on `asOf` (the lender's business date): H
 * and stage 3 while a loss written off in the last twelve months weighs on it,
 * else from the largest number of days one of its installments is overdue
 * (the operations' rule: `overdueOf`). The rule and its sources are in
 * src/shared/risk-classification.ts.
 */
export async function classificationOf(db: Db, borrowerId: number, asOf = todayInSaoPaulo()): Promise<RiskClassification> {
  await borrowerOr404(db, borrowerId);
  const overdue = await overdueOf(db, borrowerId, asOf);
  const facts: RiskFacts = { asOf, maxDaysOverdue: overdue.maxDays, lastLossOn: overdue.lastLossOn };
  return {
    borrower_id: borrowerId,
    as_of: asOf,
    max_days_overdue: overdue.maxDays,
    overdue_installments: overdue.installments,
    last_loss_on: overdue.lastLossOn,
    rating: riskRatingOf(facts),
    rating_reason: portugueseReason(riskRatingReasonOf(facts)),
    stage: riskStageOf(facts),
    stage_reason: portugueseReason(riskStageReasonOf(facts)),
    operations_considered: overdue.operations,
    last_close: await lastCloseOf(db, borrowerId),
  };
}

/**
 * The borrower at the last monthly close in force (the ledger's close: stage by Res. CMN 4.966/2021, provision by
 * Res. BCB 352/2023): its operations' worst stage and their provisions' sum; null before any close.
 */
async function lastCloseOf(db: Db, borrowerId: number): Promise<RiskClassification['last_close']> {
  const { close, positions } = await lastClosePositionsOfBorrower(db, borrowerId);
  if (!close) return null;
  return { month: close.month, as_of: close.as_of, ...borrowerAtClose(positions) };
}
