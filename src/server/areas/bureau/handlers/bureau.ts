/**
 * Credit bureau (the spec's "Credit bureau" calls; design in shared/contract/bureau.ts):
 * the lookup-model catalogue, a solicitation's lookup, reports, a person's
 * reports, the two billable lookups and the report as PDF.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { stripDocumentMask } from '@shared/documents';
import type { Db } from '../../../db/connect';
import { users } from '../../access/schema';
import { entrepreneurBusinesses, solicitations } from '../../intake/schema';
import { bureauLookupModels } from '../schema';
import { HttpError, notFound } from '../../../platform/http/errors';
import { FileReply, requireAuth, type Handler } from '../../../platform/http/handler';
import { bureauProviderFromSettings, type BureauProvider } from '../provider';
import { renderReportPdf, reportFileName } from '../pdf';
import {
  BUREAU_MESSAGES,
  latestForSolicitation,
  modelFor,
  reportById,
  reportsOfPerson,
  runLookup,
} from '../reports';

let provider: BureauProvider | null = null;
/** The configured provider (env BUREAU_PROVIDER; the sandbox by default), made on first use. */
function bureauProvider(): BureauProvider {
  provider ??= bureauProviderFromSettings();
  return provider;
}

async function solicitationOr404(db: Db, id: number) {
  const rows = await db
    .select()
    .from(solicitations)
    .where(and(eq(solicitations.id, id), isNull(solicitations.deleted_at)))
    .limit(1);
  if (!rows[0]) throw notFound('Solicitação não encontrada.');
  return rows[0];
}

async function person(db: Db, id: number) {
  const rows = await db.select({ id: users.id, name: users.name, email: users.email, cpf: users.cpf }).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The document a solicitation's lookup asks about: the company's CNPJ for PJ, else the applicant's CPF. */
function solicitationDocument(row: { type_credit: string; cnpj: string | null; cpf: string | null }): string | null {
  const document = row.type_credit === 'PJ' ? (row.cnpj ?? row.cpf) : (row.cpf ?? row.cnpj);
  return document && document.trim() ? document : null;
}

export const listModels: Handler<'bureau.models'> = async (_args, { deps }) => {
  return deps.db
    .select({ id: bureauLookupModels.id, label: bureauLookupModels.label, active: bureauLookupModels.active })
    .from(bureauLookupModels)
    .orderBy(asc(bureauLookupModels.id));
};

export const lookupBySolicitation: Handler<'bureau.bySolicitation'> = async ({ id }, { deps }) => {
  const row = await solicitationOr404(deps.db, id);
  const [applicant, latest] = await Promise.all([person(deps.db, row.user_id), latestForSolicitation(deps.db, row.id)]);
  return {
    solicitation: {
      id: row.id,
      user_id: row.user_id,
      name: row.name,
      type_credit: row.type_credit as 'PF' | 'PJ',
      document: solicitationDocument(row),
      status: row.status,
      lending_value: String(row.lending_value),
      created_at: row.created_at.toISOString(),
    },
    person: applicant,
    latest,
  };
};

export const getReport: Handler<'bureau.report'> = async ({ id }, { deps }) => {
  const report = await reportById(deps.db, id);
  if (!report) throw notFound('Relatório de consulta não encontrado.');
  return report;
};

export const personReports: Handler<'bureau.person'> = async ({ id }, { deps }) => {
  const found = await person(deps.db, id);
  if (!found) throw notFound('Pessoa não encontrada.');
  return { person: found, items: await reportsOfPerson(deps.db, id) };
};

export const newReport: Handler<'bureau.newReport'> = async (args, ctx) => {
  const { user } = requireAuth(ctx);
  const db = ctx.deps.db;
  const row = await solicitationOr404(db, args.solicitation_id);
  const document = solicitationDocument(row);
  if (!document) throw new HttpError(409, BUREAU_MESSAGES.noDocument, 'solicitation_id', 'conflict');
  const bare = stripDocumentMask(document);
  const model = await modelFor(db, args.model_id, bare.length === 14 ? 'CNPJ' : 'CPF');
  return runLookup(db, bureauProvider(), {
    key: args.idempotency_key,
    document: bare,
    subjectName: row.type_credit === 'PJ' ? (row.legal_name ?? row.company_name ?? row.name) : row.name,
    solicitationId: row.id,
    userId: row.user_id,
    model,
    actorId: user.id,
  });
};

/** The account a looked-up document belongs to: a CPF's account, or the owner of a registered business CNPJ. */
async function ownerOf(db: Db, bare: string): Promise<number | null> {
  const digitsOnly = sql`regexp_replace(upper(coalesce(${bare.length === 11 ? users.cpf : entrepreneurBusinesses.cnpj}, '')), '[^0-9A-Z]', '', 'g')`;
  if (bare.length === 11) {
    const rows = await db.select({ id: users.id }).from(users).where(and(sql`${digitsOnly} = ${bare}`, isNull(users.anonymised_at))).orderBy(asc(users.id)).limit(1);
    return rows[0]?.id ?? null;
  }
  const rows = await db
    .select({ id: entrepreneurBusinesses.user_id })
    .from(entrepreneurBusinesses)
    .where(sql`${digitsOnly} = ${bare}`)
    .orderBy(asc(entrepreneurBusinesses.user_id))
    .limit(1);
  return rows[0]?.id ?? null;
}

export const lookupDocument: Handler<'bureau.lookup'> = async (args, ctx) => {
  const { user } = requireAuth(ctx);
  const db = ctx.deps.db;
  const bare = stripDocumentMask(args.document);
  const model = await modelFor(db, args.model_id, bare.length === 14 ? 'CNPJ' : 'CPF');
  const owner = await ownerOf(db, bare);
  const ownerName = owner === null ? null : ((await person(db, owner))?.name ?? null);
  return runLookup(db, bureauProvider(), {
    key: args.idempotency_key,
    document: bare,
    subjectName: bare.length === 11 ? ownerName : null,
    solicitationId: null,
    userId: owner,
    model,
    actorId: user.id,
  });
};

/**
 * The report as PDF, rendered for each request and sent from memory: nothing
 * about the person is written to disk, so erasing their reports (LGPD) leaves
 * no copy behind.
 */
export const reportPdf: Handler<'bureau.pdf'> = async ({ id }, { deps }) => {
  const report = await reportById(deps.db, id);
  if (!report) throw notFound('Relatório de consulta não encontrado.');
  return FileReply.fromBytes(await renderReportPdf(report), 'application/pdf', reportFileName(report));
};

export const bureauHandlers = {
  'bureau.models': listModels,
  'bureau.bySolicitation': lookupBySolicitation,
  'bureau.report': getReport,
  'bureau.person': personReports,
  'bureau.newReport': newReport,
  'bureau.lookup': lookupDocument,
  'bureau.pdf': reportPdf,
} as const;
