/**
 * The negativação job, for one business date (run on demand; no wall-clock wait anywhere: the sandbox answers from
 * the dates it is given).
 *
 * How the area learns of payments without other areas writing its tables: it reads them, at its own run. For every
 * record not yet removed it reads the installment in a join (collection and servicing own it): paid (paid_on), or
 * no longer owed and collected (renegotiated, written off, moved out of collection, superseded by a new schedule,
 * its due date moved) — "nothing overdue" — queues the removal. The same choice Doc 3044 made (its events derived
 * from the journal's postings at its refresh) and for the same reasons: the payment paths (return files, Pix
 * webhook, manual payments, agreements) stay unaware of the bureau, and nothing is lost when a run is missed, since
 * the deadline counts from the payment day (paid_on), not from the run. A move other than a payment counts from the
 * run's date (its day is not on the installment).
 *
 * The removal is due within five business days of the payment (STJ Súmula 548), business days of the bank calendar
 * Doc 3044's deadlines use (domain/servicing/business-days.ts: national and bank holidays, weekends). A removal the
 * provider refuses stays queued and is flagged once its deadline passed (reads.ts).
 *
 * Each record moves in its own transaction that locks its row first and then reads it in a new statement: two runs at
 * once wait for each other per record, the second finds the state the first left, so no step is sent or logged twice.
 */
import { eq, sql } from 'drizzle-orm';
import type { NegativationRunResult } from '@shared/contract/negativation';
import {
  NEGATIVATION_ACTIVE,
  NEGATIVATION_NOTIFIED,
  NEGATIVATION_REMOVAL_BUSINESS_DAYS,
  NEGATIVATION_REMOVAL_NOT_OVERDUE,
  NEGATIVATION_REMOVAL_PAID,
  NEGATIVATION_REMOVAL_QUEUED,
  NEGATIVATION_REMOVED,
  NEGATIVATION_SUBMITTED,
  type NegativationStatus,
} from '@shared/negativation';
import type { Db } from '../../db/connect';
import { logActivity } from '../../platform/activity';
import { addBusinessDays } from '../../domain/servicing/business-days';
import type { Actor } from '../operations';
import { negativationEvents, negativationRecords } from './schema';
import { openInstallment, rowsOf } from './reads';
import { NegativationProviderError, type NegativationProvider } from './provider';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface Locked {
  id: number;
  status: NegativationStatus;
  protocol: string | null;
  submitted_on: string;
  installment_id: number;
  paid_on: string | null;
  overdue: boolean;
}

async function step(tx: Tx, actor: Actor | null, recordId: number, today: string, status: NegativationStatus, detail: string | null, fields: Partial<typeof negativationRecords.$inferInsert>, logged: Record<string, string | number | null>): Promise<void> {
  await tx.update(negativationRecords).set({ ...fields, status }).where(eq(negativationRecords.id, recordId));
  await tx.insert(negativationEvents).values({ record_id: recordId, kind: status, business_date: today, detail, actor_id: actor?.id ?? null });
  const action = { [NEGATIVATION_SUBMITTED]: 'negativation.submit', [NEGATIVATION_NOTIFIED]: 'negativation.notified', [NEGATIVATION_ACTIVE]: 'negativation.active', [NEGATIVATION_REMOVAL_QUEUED]: 'negativation.removal-queued', [NEGATIVATION_REMOVED]: 'negativation.removed' } as const;
  await logActivity(tx, { actorId: actor?.id ?? null, action: action[status], entity: 'negativation', entityId: recordId, after: { status, business_date: today, ...logged } });
}

/**
 * Queues the removal: due five business days after the payment day (a later day than the run's is not believed), or
 * after the run's day when the installment left collection otherwise.
 */
async function queueRemoval(tx: Tx, actor: Actor | null, id: number, today: string, paidOn: string | null, note: string): Promise<void> {
  const paid = paidOn !== null;
  const settledOn = paidOn !== null && paidOn <= today ? paidOn : today;
  const due = addBusinessDays(settledOn, NEGATIVATION_REMOVAL_BUSINESS_DAYS);
  const reason = paid ? NEGATIVATION_REMOVAL_PAID : NEGATIVATION_REMOVAL_NOT_OVERDUE;
  await step(tx, actor, id, today, NEGATIVATION_REMOVAL_QUEUED, `${paid ? 'paga' : 'sem atraso'} em ${settledOn}; excluir até ${due}${note}`, { settled_on: settledOn, removal_reason: reason, removal_due_on: due }, { reason, removal_due_on: due });
}

export async function runNegativation(db: Db, provider: NegativationProvider, today: string, actor: Actor | null): Promise<NegativationRunResult> {
  const result = { date: today, notified: 0, activated: 0, removals_queued: 0, removed: 0, removals_overdue: 0, failed: 0 };
  const ids = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM negativation_records WHERE status <> ${NEGATIVATION_REMOVED} ORDER BY id`)).map((r) => Number(r.id));
  for (const id of ids) {
    // Counted once the record's transaction committed (a refused step rolls its counts back too).
    const moved = { notified: 0, activated: 0, removals_queued: 0, removed: 0 };
    try {
      await db.transaction(async (tx) => {
        // Lock first, then read in a new statement (servicing's rule): a concurrent run's moves are seen here.
        await tx.execute(sql`SELECT id FROM negativation_records WHERE id = ${id} FOR UPDATE`);
        const [r] = rowsOf<Locked>(
          await tx.execute(sql`
            SELECT r.id, r.status, r.protocol, to_char(r.submitted_on, 'YYYY-MM-DD') AS submitted_on, r.installment_id,
              to_char(i.paid_on, 'YYYY-MM-DD') AS paid_on, (${openInstallment('i')} AND i.due_date < ${today}::date) AS overdue
            FROM negativation_records r JOIN credit_operation_installments i ON i.id = r.installment_id
            WHERE r.id = ${id}`),
        );
        if (!r || r.status === NEGATIVATION_REMOVED) return;
        let status = r.status;
        if (status !== NEGATIVATION_REMOVAL_QUEUED && !r.overdue) {
          await queueRemoval(tx, actor, id, today, r.paid_on, '');
          moved.removals_queued += 1;
          status = NEGATIVATION_REMOVAL_QUEUED;
        }
        if (status === NEGATIVATION_SUBMITTED || status === NEGATIVATION_NOTIFIED) {
          const standing = await provider.standing(r.protocol ?? '', r.submitted_on, today);
          if (status === NEGATIVATION_SUBMITTED && standing.notifiedOn) {
            await step(tx, actor, id, today, NEGATIVATION_NOTIFIED, `devedor notificado pelo birô em ${standing.notifiedOn}`, { notified_on: standing.notifiedOn }, { protocol: r.protocol });
            moved.notified += 1;
            status = NEGATIVATION_NOTIFIED;
          }
          if (status === NEGATIVATION_NOTIFIED && standing.activeOn) {
            await step(tx, actor, id, today, NEGATIVATION_ACTIVE, `inclusão no birô em ${standing.activeOn}`, { active_on: standing.activeOn }, { protocol: r.protocol });
            moved.activated += 1;
          }
        }
        if (status === NEGATIVATION_REMOVAL_QUEUED) {
          await provider.remove(r.protocol ?? '', today);
          await step(tx, actor, id, today, NEGATIVATION_REMOVED, `exclusão enviada ao birô em ${today}`, { removed_on: today }, { protocol: r.protocol });
          moved.removed += 1;
        }
      });
      for (const k of Object.keys(moved) as Array<keyof typeof moved>) result[k] += moved[k];
    } catch (error) {
      if (!(error instanceof NegativationProviderError)) throw error;
      // The provider refused this record's step: its transaction rolled back, so a removal queued in it is queued
      // again by the next run (same deadline: it counts from the payment day); the others go on.
      result.failed += 1;
      await queueRemovalAlone(db, actor, id, today, result);
    }
  }
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM negativation_records WHERE status = ${NEGATIVATION_REMOVAL_QUEUED} AND removal_due_on < ${today}::date`));
  result.removals_overdue = Number(n);
  if (actor)
    await logActivity(db, { actorId: actor.id, action: 'negativation.run', entity: 'system', entityId: null, after: { business_date: today, removals_queued: result.removals_queued, removed: result.removed, failures: result.failed } });
  return result;
}

/** After a refused removal: the queuing alone, so the record shows its removal queued with its deadline. */
async function queueRemovalAlone(db: Db, actor: Actor | null, id: number, today: string, result: { removals_queued: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM negativation_records WHERE id = ${id} FOR UPDATE`);
    const [r] = rowsOf<{ status: NegativationStatus; paid_on: string | null; overdue: boolean }>(
      await tx.execute(sql`
        SELECT r.status, to_char(i.paid_on, 'YYYY-MM-DD') AS paid_on, (${openInstallment('i')} AND i.due_date < ${today}::date) AS overdue
        FROM negativation_records r JOIN credit_operation_installments i ON i.id = r.installment_id WHERE r.id = ${id}`),
    );
    if (!r || r.overdue || r.status === NEGATIVATION_REMOVAL_QUEUED || r.status === NEGATIVATION_REMOVED) return;
    await queueRemoval(tx, actor, id, today, r.paid_on, ' (o birô recusou a exclusão: será reenviada)');
    result.removals_queued += 1;
  });
}
