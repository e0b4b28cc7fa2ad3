/**
 * Bureau reports: reading them, and running a billable lookup at most once
 * per idempotency key.
 *
 * Once per key, also under concurrency and across servers sharing one
 * database: the key is claimed first by inserting a placeholder row
 * (provider CLAIM_PROVIDER, no score) under the UNIQUE idempotency_key, with
 * `ON CONFLICT DO NOTHING`. Only the request whose insert won asks the
 * provider, then completes its row; the others wait for that row and answer
 * it (replayed), or claim the key themselves if the winner failed (its row is
 * deleted: nothing is stored for a failed lookup). A claim left behind by a
 * crash is taken over after CLAIM_STALE_MS. No transaction stays open while
 * the provider works (on PGlite that would stop every other request).
 */
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bureauResultSchema, type BureauReport, type BureauReportSummary, type BureauResult } from '@shared/contract/bureau';
import type { Db } from '../../db/connect';
import { bureauLookupModels, bureauReports } from './schema';
import { users } from '../access/schema';
import { conflict, HttpError } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { BureauProviderError, bureauTimeoutMs, lookupWithDeadline, type BureauProvider } from './provider';

/** bureau_reports.provider of a claimed key whose lookup is still running; never shown. */
export const CLAIM_PROVIDER = '__claim__';
const CLAIM_STALE_MS = 120_000;
const WAIT_STEP_MS = 50;

export const BUREAU_MESSAGES = {
  unavailable: 'O birô de crédito está indisponível no momento. Nada foi cobrado nem registrado; tente novamente em alguns minutos.',
  timeout: 'O birô de crédito não respondeu a tempo. Nada foi registrado; tente novamente em alguns minutos.',
  keyReused: 'Campo idempotency_key: esta chave já foi usada em outra consulta. Confirme a nova consulta outra vez.',
  stillRunning: 'Esta consulta ainda está em andamento. Aguarde alguns instantes e atualize a tela.',
  inactiveModel: 'Campo model_id: modelo de consulta inexistente ou inativo.',
  noDocument: 'Esta solicitação não tem CPF nem CNPJ para consultar.',
} as const;

const requester = alias(users, 'requester');

export type ReportRow = typeof bureauReports.$inferSelect;

function complete() {
  return ne(bureauReports.provider, CLAIM_PROVIDER);
}

function selectReports(db: Db) {
  return db
    .select({ report: bureauReports, modelLabel: bureauLookupModels.label, requestedByName: requester.name })
    .from(bureauReports)
    .leftJoin(bureauLookupModels, eq(bureauLookupModels.id, bureauReports.model_id))
    .leftJoin(requester, eq(requester.id, bureauReports.requested_by));
}

type Joined = { report: ReportRow; modelLabel: string | null; requestedByName: string | null };

export function toSummary({ report, modelLabel, requestedByName }: Joined): BureauReportSummary {
  return {
    id: report.id,
    solicitation_id: report.solicitation_id,
    user_id: report.user_id,
    document: report.document,
    subject_name: report.subject_name,
    model_id: report.model_id,
    model_label: modelLabel,
    provider: report.provider,
    score: report.score,
    requested_by: report.requested_by,
    requested_by_name: requestedByName,
    created_at: report.created_at.toISOString(),
  };
}

export function toReport(row: Joined): BureauReport {
  return { ...toSummary(row), result: bureauResultSchema.parse(row.report.result) };
}

export async function reportById(db: Db, id: number): Promise<BureauReport | null> {
  const rows = await selectReports(db).where(and(eq(bureauReports.id, id), complete())).limit(1);
  return rows[0] ? toReport(rows[0]) : null;
}

export async function latestForSolicitation(db: Db, solicitationId: number): Promise<BureauReport | null> {
  const rows = await selectReports(db)
    .where(and(eq(bureauReports.solicitation_id, solicitationId), complete()))
    .orderBy(desc(bureauReports.created_at), desc(bureauReports.id))
    .limit(1);
  return rows[0] ? toReport(rows[0]) : null;
}

/** At most the newest 200 reports of a person (a person is looked up a few times a year). */
export async function reportsOfPerson(db: Db, userId: number): Promise<BureauReportSummary[]> {
  const rows = await selectReports(db)
    .where(and(eq(bureauReports.user_id, userId), complete()))
    .orderBy(desc(bureauReports.created_at), desc(bureauReports.id))
    .limit(200);
  return rows.map(toSummary);
}

/** An active model, or 400 on model_id; undefined → the first active model of the kind (PF/PJ) asked. */
export async function modelFor(db: Db, modelId: number | undefined, documentType: 'CPF' | 'CNPJ'): Promise<{ id: number; label: string } | null> {
  if (modelId !== undefined) {
    const rows = await db
      .select({ id: bureauLookupModels.id, label: bureauLookupModels.label })
      .from(bureauLookupModels)
      .where(and(eq(bureauLookupModels.id, modelId), eq(bureauLookupModels.active, true)))
      .limit(1);
    if (!rows[0]) throw new HttpError(400, BUREAU_MESSAGES.inactiveModel, 'model_id', 'validation');
    return rows[0];
  }
  const rows = await db
    .select({ id: bureauLookupModels.id, label: bureauLookupModels.label })
    .from(bureauLookupModels)
    .where(eq(bureauLookupModels.active, true))
    .orderBy(bureauLookupModels.id);
  const kind = documentType === 'CNPJ' ? 'PJ' : 'PF';
  return rows.find((m) => m.label.includes(kind)) ?? rows[0] ?? null;
}

export interface LookupRequest {
  key: string;
  document: string;
  subjectName: string | null;
  solicitationId: number | null;
  userId: number | null;
  model: { id: number; label: string } | null;
  actorId: number;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function sameRequest(row: ReportRow, request: LookupRequest): boolean {
  return row.document === request.document && row.solicitation_id === request.solicitationId && row.model_id === (request.model?.id ?? null);
}

async function rowByKey(db: Db, key: string): Promise<ReportRow | null> {
  const rows = await db.select().from(bureauReports).where(eq(bureauReports.idempotency_key, key)).limit(1);
  return rows[0] ?? null;
}

async function claim(db: Db, request: LookupRequest): Promise<number | null> {
  const inserted = await db
    .insert(bureauReports)
    .values({
      solicitation_id: request.solicitationId,
      user_id: request.userId,
      document: request.document,
      subject_name: request.subjectName ?? '',
      model_id: request.model?.id ?? null,
      provider: CLAIM_PROVIDER,
      score: null,
      result: {},
      requested_by: request.actorId,
      idempotency_key: request.key,
    })
    .onConflictDoNothing({ target: bureauReports.idempotency_key })
    .returning({ id: bureauReports.id });
  return inserted[0]?.id ?? null;
}

/**
 * Runs the lookup once for `request.key` and answers its report; a key
 * already used for the same request answers that report (replayed).
 */
export async function runLookup(db: Db, provider: BureauProvider, request: LookupRequest): Promise<{ report: BureauReport; replayed: boolean }> {
  const waitUntil = Date.now() + bureauTimeoutMs() + 5_000;
  for (;;) {
    const claimed = await claim(db, request);
    if (claimed !== null) return { report: await complete_(db, provider, request, claimed), replayed: false };
    const existing = await rowByKey(db, request.key);
    if (!existing) continue; // the winner failed and removed its claim: try to claim again
    if (!sameRequest(existing, request)) throw conflict(BUREAU_MESSAGES.keyReused, 'idempotency_key');
    if (existing.provider !== CLAIM_PROVIDER) {
      const report = await reportById(db, existing.id);
      if (report) return { report, replayed: true };
    } else if (Date.now() - existing.created_at.getTime() > CLAIM_STALE_MS) {
      // A claim left by a crash: take it over. Only one request wins the update: it makes the claim fresh,
      // so the others' condition no longer holds. (Compared in SQL: PostgreSQL keeps microseconds that a
      // JS Date read back would lose, so an equality with the value read never matched there.)
      const taken = await db
        .update(bureauReports)
        .set({ created_at: new Date() })
        .where(
          and(
            eq(bureauReports.id, existing.id),
            eq(bureauReports.provider, CLAIM_PROVIDER),
            sql`${bureauReports.created_at} < now() - make_interval(secs => ${CLAIM_STALE_MS / 1000})`,
          ),
        )
        .returning({ id: bureauReports.id });
      if (taken[0]) return { report: await complete_(db, provider, request, existing.id), replayed: false };
    }
    if (Date.now() > waitUntil) throw new HttpError(409, BUREAU_MESSAGES.stillRunning, undefined, 'conflict');
    await sleep(WAIT_STEP_MS);
  }
}

async function complete_(db: Db, provider: BureauProvider, request: LookupRequest, claimId: number): Promise<BureauReport> {
  let result: BureauResult;
  try {
    result = bureauResultSchema.parse(
      await lookupWithDeadline(provider, { document: request.document, model: request.model?.label ?? null, subjectName: request.subjectName ?? undefined }),
    );
  } catch (error) {
    await db.delete(bureauReports).where(and(eq(bureauReports.id, claimId), eq(bureauReports.provider, CLAIM_PROVIDER)));
    if (error instanceof BureauProviderError && error.reason === 'timeout') throw new HttpError(504, BUREAU_MESSAGES.timeout, undefined, 'bureau-timeout');
    throw new HttpError(502, BUREAU_MESSAGES.unavailable, undefined, 'bureau-unavailable');
  }
  await db.transaction(async (tx) => {
    await tx
      .update(bureauReports)
      .set({ provider: provider.name, score: result.score, result, subject_name: request.subjectName || result.name, created_at: sql`now()` })
      .where(eq(bureauReports.id, claimId));
    await logActivity(tx, {
      actorId: request.actorId,
      action: 'bureau.report.create',
      entity: 'bureau_report',
      entityId: claimId,
      after: { id: claimId, solicitation_id: request.solicitationId, user_id: request.userId, model_id: request.model?.id ?? null, provider: provider.name, score: result.score },
    });
  });
  const report = await reportById(db, claimId);
  if (!report) throw new Error(`bureau report ${claimId} vanished`);
  return report;
}

/** The LGPD erase of a person (intake's eraseCreditIntakeOf): their reports and those of their solicitations go; answers how many. */
export async function eraseBureauReportsOf(tx: Db, userId: number, solicitationIds: readonly number[]): Promise<number> {
  const mine = eq(bureauReports.user_id, userId);
  const removed = await tx
    .delete(bureauReports)
    .where(solicitationIds.length ? or(mine, inArray(bureauReports.solicitation_id, [...solicitationIds])) : mine)
    .returning({ id: bureauReports.id });
  return removed.length;
}
