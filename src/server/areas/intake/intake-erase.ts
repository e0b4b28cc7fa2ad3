/**
 * The credit intake's part of the LGPD erase (users.erase) and of the
 * holdings an erasure request shows.
 *
 * What goes: the applicant's documents (files and slots), the staff documents
 * and comments about their solicitations (free text that names them), their
 * client info (personal, bank and business data) and their bureau reports.
 * What stays, anonymised: the solicitations themselves with their status,
 * history, amounts and dates, and the simulations' figures: they hold no
 * personal data once the personal fields are blanked, and the provider keeps
 * its statistics (the dashboard) and the record of its own decisions.
 */
import { count, eq, inArray } from 'drizzle-orm';
import type { HoldingSection } from '@shared/contract/index';
import type { Db } from '../../db/connect';
import { eraseBureauReportsOf } from '../bureau';
import { bureauReports } from '../bureau/schema';
import {
  entrepreneurBankAccounts,
  entrepreneurBusinesses,
  entrepreneurProfiles,
  simulations,
  solicitationComments,
  solicitations,
  solicitationSlotDocuments,
  solicitationStaffDocuments,
} from './schema';

export const ANONYMISED_NAME = 'Titular anonimizado';

export function anonymisedEmail(userId: number): string {
  return `anonimizado-${userId}@anonimizado.invalid`;
}

export interface IntakeErasure {
  /** uploads rows the caller deletes with the person's own (their files leave the disk after the commit) */
  uploadIds: number[];
  solicitations: number;
  documents: number;
  comments: number;
  bureauReports: number;
}

/** Runs inside the erase's transaction, before the person's uploads are deleted. */
export async function eraseCreditIntakeOf(tx: Db, userId: number): Promise<IntakeErasure> {
  const ids = (await tx.select({ id: solicitations.id }).from(solicitations).where(eq(solicitations.user_id, userId))).map((r) => r.id);
  const uploadIds: number[] = [];
  let documents = 0;
  let comments = 0;
  if (ids.length) {
    const slots = await tx.delete(solicitationSlotDocuments).where(inArray(solicitationSlotDocuments.solicitation_id, ids)).returning({ upload: solicitationSlotDocuments.upload_id });
    const staffDocs = await tx.delete(solicitationStaffDocuments).where(inArray(solicitationStaffDocuments.solicitation_id, ids)).returning({ upload: solicitationStaffDocuments.upload_id });
    uploadIds.push(...slots.map((r) => r.upload), ...staffDocs.map((r) => r.upload));
    documents = slots.length + staffDocs.length;
    comments = (await tx.delete(solicitationComments).where(inArray(solicitationComments.solicitation_id, ids)).returning({ id: solicitationComments.id })).length;
    await tx
      .update(solicitations)
      .set({
        name: ANONYMISED_NAME,
        email: anonymisedEmail(userId),
        cpf: null,
        num_document_foreign: null,
        birthday: null,
        genre: null,
        relations: null,
        profession: null,
        phone: null,
        cep: null,
        address: null,
        address_number: null,
        address_complement: null,
        neighborhood: null,
        instagram: null,
        facebook: null,
        site: null,
        cnpj: null,
        legal_name: null,
        company_name: null,
        company_cep: null,
        company_address: null,
        company_address_number: null,
        company_address_complement: null,
        company_address_neighborhood: null,
        partners: [],
        cpf_cnpj: null,
        name_credit_card: null,
        bank_name: null,
        bank_agency: null,
        bank_number: null,
        bank_digit: null,
        key_pix: null,
        updated_at: new Date(),
      })
      .where(inArray(solicitations.id, ids));
  }
  await tx.delete(entrepreneurProfiles).where(eq(entrepreneurProfiles.user_id, userId));
  await tx.delete(entrepreneurBankAccounts).where(eq(entrepreneurBankAccounts.user_id, userId));
  await tx.delete(entrepreneurBusinesses).where(eq(entrepreneurBusinesses.user_id, userId));
  const reports = await eraseBureauReportsOf(tx, userId, ids);
  return { uploadIds, solicitations: ids.length, documents, comments, bureauReports: reports };
}

/** The intake's sections of an erasure request's "what the system holds". */
export async function intakeHoldingsOf(db: Db, userId: number): Promise<HoldingSection[]> {
  const counted = async (query: Promise<Array<{ n: number }>>) => Number((await query)[0]?.n ?? 0);
  const [solicitationCount, simulationCount, profile, banks, business, reports] = await Promise.all([
    counted(db.select({ n: count() }).from(solicitations).where(eq(solicitations.user_id, userId))),
    counted(db.select({ n: count() }).from(simulations).where(eq(simulations.user_id, userId))),
    counted(db.select({ n: count() }).from(entrepreneurProfiles).where(eq(entrepreneurProfiles.user_id, userId))),
    counted(db.select({ n: count() }).from(entrepreneurBankAccounts).where(eq(entrepreneurBankAccounts.user_id, userId))),
    counted(db.select({ n: count() }).from(entrepreneurBusinesses).where(eq(entrepreneurBusinesses.user_id, userId))),
    counted(db.select({ n: count() }).from(bureauReports).where(eq(bureauReports.user_id, userId))),
  ]);
  return [
    { key: 'solicitations', available: true, count: solicitationCount },
    { key: 'clientInfo', available: true, count: profile + banks + business },
    { key: 'simulations', available: true, count: simulationCount },
    { key: 'bureauReports', available: true, count: reports },
  ];
}
