/**
 * Entrepreneurs' client info (the spec's entities: personalData, bankData list,
 * businessData) over the tables of migration 0008: reading it into the
 * contract's shape, writing the parts an update sends, the snapshot the
 * activity log keeps (the LGPD erase of it lives in intake-erase.ts).
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { cepDigits, formatCep } from '@shared/address';
import {
  CLIENT_INFO_OPTION_FIELDS,
  type BankAccount,
  type BusinessData,
  type EntrepreneurDetail,
  type PersonalData,
} from '@shared/contract/index';
import { formatCnpj, formatCpf, isValidCpf } from '@shared/documents';
import type { z } from 'zod';
import type { contract } from '@shared/contract/index';
import type { Db } from '../../db/connect';
import type { UserRow } from '../access/schema';
import { entrepreneurBankAccounts, entrepreneurBusinesses, entrepreneurProfiles } from './schema';
import { interestProfiles } from '../catalogues/schema-interests';
import { badRequest } from '../../platform/http/errors';
import { Role } from '@shared/roles';
import { notFound } from '../../platform/http/errors';
import { logActivity, type Snapshot } from '../../platform/activity';
import { assertEmailFree, changeAccount, findUser, toEntrepreneur } from '../access';

export type UpdateEntrepreneurInput = z.output<(typeof contract)['users.updateEntrepreneur']['args']>;

type ProfileRow = typeof entrepreneurProfiles.$inferSelect;
type BusinessRow = typeof entrepreneurBusinesses.$inferSelect;
type AccountRow = typeof entrepreneurBankAccounts.$inferSelect;

const EMPTY_PERSONAL: PersonalData = {
  birthday: null,
  genre: null,
  relations: null,
  nationality: null,
  typeDocument: null,
  numDocumentForeign: null,
  profession: null,
  cep: null,
  address: null,
  addressNumber: null,
  addressComplement: null,
  neighborhood: null,
  instagram: null,
  facebook: null,
  site: null,
};

const EMPTY_BUSINESS: BusinessData = {
  cnpj: null,
  legalName: null,
  companyName: null,
  companyType: null,
  branchOfActivity: null,
  companyCep: null,
  companyAddress: null,
  companyAddressNumber: null,
  companyAddressComplement: null,
  companyAddressNeighborhood: null,
  companyCity: null,
  companyState: null,
};

function personalOf(row: ProfileRow | undefined): PersonalData {
  if (!row) return EMPTY_PERSONAL;
  return {
    birthday: row.birthday,
    genre: row.genre,
    relations: row.relations,
    nationality: row.nationality,
    typeDocument: row.type_document,
    numDocumentForeign: row.num_document_foreign,
    profession: row.profession,
    cep: row.cep,
    address: row.address,
    addressNumber: row.address_number,
    addressComplement: row.address_complement,
    neighborhood: row.neighborhood,
    instagram: row.instagram,
    facebook: row.facebook,
    site: row.site,
  };
}

function businessOf(row: BusinessRow | undefined): BusinessData {
  if (!row) return EMPTY_BUSINESS;
  return {
    cnpj: row.cnpj,
    legalName: row.legal_name,
    companyName: row.company_name,
    companyType: row.company_type,
    branchOfActivity: row.branch_of_activity,
    companyCep: row.cep,
    companyAddress: row.address,
    companyAddressNumber: row.address_number,
    companyAddressComplement: row.address_complement,
    companyAddressNeighborhood: row.neighborhood,
    companyCity: row.city,
    companyState: row.state,
  };
}

function accountOf(row: AccountRow): BankAccount {
  return {
    id: row.id,
    profileAccountBank: row.profile_account_bank,
    cpfCnpj: row.cpf_cnpj,
    nameCreditCard: row.holder_name,
    bankName: row.bank_name,
    bankAgency: row.bank_agency,
    bankNumber: row.bank_number,
    bankDigit: row.bank_digit,
    typeAccount: row.type_account,
    keyPix: row.key_pix,
  };
}

interface ClientRows {
  profile: ProfileRow | undefined;
  business: BusinessRow | undefined;
  accounts: AccountRow[];
}

/** In sequence: the update handlers pass their transaction, one connection that takes one query at a time. */
async function clientRows(db: Db, userId: number): Promise<ClientRows> {
  const profiles = await db.select().from(entrepreneurProfiles).where(eq(entrepreneurProfiles.user_id, userId)).limit(1);
  const businesses = await db.select().from(entrepreneurBusinesses).where(eq(entrepreneurBusinesses.user_id, userId)).limit(1);
  const accounts = await db.select().from(entrepreneurBankAccounts).where(eq(entrepreneurBankAccounts.user_id, userId)).orderBy(entrepreneurBankAccounts.id);
  return { profile: profiles[0], business: businesses[0], accounts };
}

export async function entrepreneurDetail(db: Db, user: UserRow): Promise<EntrepreneurDetail> {
  const rows = await clientRows(db, user.id);
  return {
    ...toEntrepreneur(user),
    personalData: personalOf(rows.profile),
    bankData: rows.accounts.map(accountOf),
    businessData: businessOf(rows.business),
  };
}

/** What the log keeps of a person's client info (flat, personal fields listed for the LGPD scrub). */
export async function clientSnapshot(db: Db, user: UserRow): Promise<Snapshot> {
  const { profile, business, accounts } = await clientRows(db, user.id);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    active: user.active,
    cpf: user.cpf,
    phone: user.phone,
    state: user.state,
    city: user.city,
    birthday: profile?.birthday ?? null,
    cep: profile?.cep ?? null,
    address: profile ? [profile.address, profile.address_number, profile.neighborhood].filter(Boolean).join(', ') || null : null,
    cnpj: business?.cnpj ?? null,
    company_name: business?.company_name ?? null,
    bank_accounts: accounts.map((a) => `${a.bank_name} ag. ${a.bank_agency} conta ${a.bank_number}${a.bank_digit ? `-${a.bank_digit}` : ''}`).join('; ') || null,
  };
}

export const masked = {
  cpf: (v: string | null | undefined) => (v ? formatCpf(v) : (v ?? null)),
  cnpj: (v: string | null | undefined) => (v ? formatCnpj(v) : (v ?? null)),
  cpfCnpj: (v: string | null | undefined) => (v ? (isValidCpf(v) ? formatCpf(v) : formatCnpj(v)) : (v ?? null)),
  cep: (v: string | null | undefined) => {
    const digits = v ? cepDigits(v) : null;
    return digits ? formatCep(digits) : (v ?? null);
  },
};

/**
 * Every option sent must be an item of the list its field takes options from
 * (a genre id in the marital-status field is as wrong as an unknown id): 400
 * naming the field.
 */
async function assertOptions(db: Db, input: UpdateEntrepreneurInput): Promise<void> {
  const wanted: Array<{ field: string; list: string; id: number }> = [];
  const collect = (prefix: string, lists: Readonly<Record<string, string>>, values: Record<string, unknown> | undefined) => {
    if (!values) return;
    for (const [key, list] of Object.entries(lists)) {
      const id = values[key];
      if (typeof id === 'number') wanted.push({ field: `${prefix}.${key}`, list, id });
    }
  };
  collect('personalData', CLIENT_INFO_OPTION_FIELDS.personalData, input.personalData);
  collect('businessData', CLIENT_INFO_OPTION_FIELDS.businessData, input.businessData);
  input.bankData?.forEach((account, i) => collect(`bankData.${i}`, CLIENT_INFO_OPTION_FIELDS.bankData, account));
  if (wanted.length === 0) return;
  const found = await db
    .select({ id: interestProfiles.id, list: interestProfiles.list_name })
    .from(interestProfiles)
    .where(inArray(interestProfiles.id, [...new Set(wanted.map((w) => w.id))]));
  const listOf = new Map(found.map((f) => [f.id, f.list]));
  for (const w of wanted) {
    if (listOf.get(w.id) !== w.list) throw badRequest(`Campo ${w.field}: opção inválida para este campo`, w.field);
  }
}

/** Writes the parts of the client info the update sends (inside the caller's transaction). */
export async function writeClientInfo(db: Db, userId: number, input: UpdateEntrepreneurInput): Promise<void> {
  await assertOptions(db, input);
  const now = new Date();
  const p = input.personalData;
  if (p) {
    const values = {
      birthday: p.birthday ?? null,
      genre: p.genre ?? null,
      relations: p.relations ?? null,
      nationality: p.nationality ?? null,
      type_document: p.typeDocument ?? null,
      num_document_foreign: p.numDocumentForeign ?? null,
      profession: p.profession ?? null,
      cep: masked.cep(p.cep),
      address: p.address ?? null,
      address_number: p.addressNumber ?? null,
      address_complement: p.addressComplement ?? null,
      neighborhood: p.neighborhood ?? null,
      instagram: p.instagram ?? null,
      facebook: p.facebook ?? null,
      site: p.site ?? null,
      updated_at: now,
    };
    await db
      .insert(entrepreneurProfiles)
      .values({ user_id: userId, ...values })
      .onConflictDoUpdate({ target: entrepreneurProfiles.user_id, set: values });
  }
  const b = input.businessData;
  if (b) {
    const values = {
      cnpj: masked.cnpj(b.cnpj),
      legal_name: b.legalName ?? null,
      company_name: b.companyName ?? null,
      company_type: b.companyType ?? null,
      branch_of_activity: b.branchOfActivity ?? null,
      cep: masked.cep(b.companyCep),
      address: b.companyAddress ?? null,
      address_number: b.companyAddressNumber ?? null,
      address_complement: b.companyAddressComplement ?? null,
      neighborhood: b.companyAddressNeighborhood ?? null,
      city: b.companyCity ?? null,
      state: b.companyState ?? null,
      updated_at: now,
    };
    await db
      .insert(entrepreneurBusinesses)
      .values({ user_id: userId, ...values })
      .onConflictDoUpdate({ target: entrepreneurBusinesses.user_id, set: values });
  }
  if (input.bankData) {
    const existing = await db
      .select({ id: entrepreneurBankAccounts.id })
      .from(entrepreneurBankAccounts)
      .where(eq(entrepreneurBankAccounts.user_id, userId));
    const own = new Set(existing.map((e) => e.id));
    const kept: number[] = [];
    for (const [i, account] of input.bankData.entries()) {
      const values = {
        profile_account_bank: account.profileAccountBank ?? null,
        cpf_cnpj: masked.cpfCnpj(account.cpfCnpj),
        holder_name: account.nameCreditCard ?? null,
        bank_name: account.bankName,
        bank_agency: account.bankAgency,
        bank_number: account.bankNumber,
        bank_digit: account.bankDigit ?? null,
        type_account: account.typeAccount ?? null,
        key_pix: account.keyPix ?? null,
        updated_at: now,
      };
      if (account.id !== undefined) {
        if (!own.has(account.id) || kept.includes(account.id)) {
          throw badRequest(`Campo bankData.${i}.id: conta bancária não encontrada para este empreendedor`, `bankData.${i}.id`);
        }
        kept.push(account.id);
        await db.update(entrepreneurBankAccounts).set(values).where(eq(entrepreneurBankAccounts.id, account.id));
      } else {
        const [created] = await db.insert(entrepreneurBankAccounts).values({ user_id: userId, ...values }).returning({ id: entrepreneurBankAccounts.id });
        kept.push(created.id);
      }
    }
    await db
      .delete(entrepreneurBankAccounts)
      .where(
        kept.length > 0
          ? and(eq(entrepreneurBankAccounts.user_id, userId), notInArray(entrepreneurBankAccounts.id, kept))
          : eq(entrepreneurBankAccounts.user_id, userId),
      );
  }
}

export type AdminEntrepreneurInput = z.output<(typeof contract)['users.updateAdminEntrepreneurs']['args']>;

/** The entrepreneur's account (not staff), or a 404. */
export async function entrepreneurOr404(db: Db, id: number): Promise<UserRow> {
  const user = await findUser(db, id);
  if (!user || user.role_id !== Role.USER) throw notFound();
  return user;
}

/**
 * An administrator's change to the account (e-mail, activation), logged; a
 * deactivation ends the person's sessions. A taken e-mail is the caller's to
 * answer (the unique index, caught around it).
 */
export async function updateEntrepreneurAccount(db: Db, actorId: number, input: AdminEntrepreneurInput): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const target = await entrepreneurOr404(tx, input.id);
    if (input.email !== undefined) await assertEmailFree(tx, input.email, target.id);
    const before = await clientSnapshot(tx, target);
    // Access writes the account (and ends the sessions of a deactivated one).
    const updated = await changeAccount(tx, target, { email: input.email ?? target.email, active: input.active ?? target.active });
    await logActivity(tx, {
      actorId,
      action: 'entrepreneur.admin-update',
      entity: 'user',
      entityId: target.id,
      before,
      after: await clientSnapshot(tx, updated),
    });
    return updated;
  });
}

/** The staff's change to the person and their client info, logged; answers the detail as the screen shows it. */
export async function updateEntrepreneurInfo(db: Db, actorId: number, input: UpdateEntrepreneurInput): Promise<EntrepreneurDetail> {
  return db.transaction(async (tx) => {
    const target = await entrepreneurOr404(tx, input.id);
    const before = await clientSnapshot(tx, target);
    const updated = await changeAccount(tx, target, {
      name: input.name ?? target.name,
      phone: input.phone === undefined ? target.phone : input.phone || null,
      cpf: input.cpf === undefined ? target.cpf : masked.cpf(input.cpf),
      state: input.state === undefined ? target.state : input.state,
      city: input.city === undefined ? target.city : input.city || null,
    });
    await writeClientInfo(tx, target.id, input);
    await logActivity(tx, {
      actorId,
      action: 'entrepreneur.update',
      entity: 'user',
      entityId: target.id,
      before,
      after: await clientSnapshot(tx, updated),
    });
    return entrepreneurDetail(tx, updated);
  });
}
