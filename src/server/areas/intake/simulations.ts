/**
 * Removing an applicant's simulation: a soft delete (the row stays for the
 * record, hidden from every list) with its activity-log entry.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { simulations } from './schema';
import { notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';

export async function deleteSimulation(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .update(simulations)
      .set({ deleted_at: new Date() })
      .where(and(eq(simulations.id, id), isNull(simulations.deleted_at)))
      .returning();
    if (!removed) throw notFound();
    await logActivity(tx, {
      actorId,
      action: 'simulation.delete',
      entity: 'simulation',
      entityId: removed.id,
      before: {
        user_id: removed.user_id,
        solicitation_id: removed.solicitation_id,
        value: removed.value,
        plots: removed.plots,
        monthly_rate: removed.monthly_rate,
        installment: removed.installment,
      },
      after: { deleted_at: removed.deleted_at ? removed.deleted_at.toISOString() : null },
    });
  });
}
