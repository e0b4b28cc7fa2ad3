/**
 * LGPD erase of an account: personal data replaced, tokens revoked, uploads
 * removed, and the personal fields scrubbed from earlier log entries. The row
 * itself stays (anonymised) because other records the law requires point at it.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { activityLog } from '../../platform/schema';
import { uploads } from '../uploads/schema';
import { users, type UserRow } from './schema';
import { unusablePasswordHash } from '../../domain/password';
import { badRequest, MESSAGES, notFound } from '../../platform/http/errors';
import type { ServerDeps } from '../../platform/http/handler';
import { logActivity, PERSONAL_SNAPSHOT_FIELDS } from '../../platform/activity';
import { eraseAttemptsOf } from './login-attempts';
import { eraseOutboxOf } from '../../platform/mailer';
import { eraseFromBroadcasts } from '../messages';
import { eraseLimitsOf } from '../../platform/rate-limit';
import { recoveryLimitKeys } from './recovery';
import { revokeUserSessions } from './sessions';
import { assertCanManage } from './staff-accounts';
import { removeFile } from '../../platform/storage';

export async function eraseAccount(deps: Pick<ServerDeps, 'db' | 'uploadsDir'>, actor: UserRow, id: number) {
  const { db, uploadsDir } = deps;
  // Loaded by the first erase, not with the area: they reach most of the server, and sign-in (this area's first call) needs none of them.
  const [{ eraseBorrowersOf }, { eraseCreditIntakeOf, handOverSolicitationFiles }, { closeRequestsOnErase }] = await Promise.all([
    import('../borrowers'),
    import('../intake'),
    import('../lgpd'),
  ]);
  const result = await db.transaction(async (tx) => {
    const rows = await tx.select().from(users).where(eq(users.id, id)).limit(1);
    const target = rows[0];
    if (!target) throw notFound();
    if (target.anonymised_at) return { erased: true, alreadyErased: true, files: [] as string[] };
    if (target.id === actor.id) throw badRequest(MESSAGES.selfDelete);
    assertCanManage(actor, target.role_id);
    // Before the e-mail is replaced: the outbox rows are found by it too.
    const mailsRemoved = await eraseOutboxOf(tx, target);
    await eraseAttemptsOf(tx, target.email);
    await eraseLimitsOf(tx, recoveryLimitKeys(target.email));
    const now = new Date();
    await tx
      .update(users)
      .set({
        name: 'Titular anonimizado',
        email: `anonimizado-${target.id}@anonimizado.invalid`,
        cpf: null,
        phone: null,
        state: null,
        city: null,
        password_hash: unusablePasswordHash(),
        avatar_upload_id: null,
        active: false,
        two_factor: false,
        deleted_at: target.deleted_at ?? now,
        anonymised_at: now,
        updated_at: now,
      })
      .where(eq(users.id, target.id));
    await revokeUserSessions(tx, target.id);
    await eraseFromBroadcasts(tx, target);
    // The intake's rows point at their files, so they go first (areas/intake/intake-erase.ts says what stays).
    const intake = await eraseCreditIntakeOf(tx, target.id);
    // Borrowers without credit operations go; those with operations stay (legal retention: areas/borrowers/borrower-erase.ts).
    const borrowerErasure = await eraseBorrowersOf(tx, target.id);
    await handOverSolicitationFiles(tx, target.id);
    const files = await tx
      .delete(uploads)
      .where(intake.uploadIds.length ? or(eq(uploads.owner_id, target.id), inArray(uploads.id, intake.uploadIds)) : eq(uploads.owner_id, target.id))
      .returning({ path: uploads.storage_path });
    let scrub = sql`${activityLog.before}`;
    let scrubAfter = sql`${activityLog.after}`;
    for (const field of PERSONAL_SNAPSHOT_FIELDS) {
      scrub = sql`(${scrub}) - ${field}::text`;
      scrubAfter = sql`(${scrubAfter}) - ${field}::text`;
    }
    await tx
      .update(activityLog)
      .set({ before: scrub, after: scrubAfter })
      .where(and(eq(activityLog.entity, 'user'), eq(activityLog.entity_id, target.id)));
    await logActivity(tx, {
      actorId: actor.id,
      action: 'user.erase',
      entity: 'user',
      entityId: target.id,
      before: { role_id: target.role_id },
      after: {
        anonymised: true,
        uploads_removed: files.length,
        messages_removed: mailsRemoved,
        solicitations_anonymised: intake.solicitations,
        comments_removed: intake.comments,
        bureau_reports_removed: intake.bureauReports,
        borrowers_removed: borrowerErasure.removed,
        borrowers_kept: borrowerErasure.kept,
      },
    });
    await closeRequestsOnErase(tx, target.id, actor.id, files.length);
    return { erased: true, alreadyErased: false, files: [...files.map((f) => f.path), ...borrowerErasure.files] };
  });
  for (const file of result.files) await removeFile(uploadsDir, file);
  return { erased: result.erased, alreadyErased: result.alreadyErased };
}
