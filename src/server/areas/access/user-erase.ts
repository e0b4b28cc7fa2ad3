/**
 * LGPD erase of an account: personal data replaced, tokens revoked, uploads
 * removed, and the personal fields scrubbed from earlier log entries. The row
 * itself stays (anonymised) because other records the law requires point at it.
 */
import { eq } from 'drizzle-orm';
import { eraseUploadsOf } from '../uploads';
import { users, type UserRow } from './schema';
import { unusablePasswordHash } from '../../domain/password';
import { badRequest, MESSAGES, notFound } from '../../platform/http/errors';
import type { ServerDeps } from '../../platform/http/handler';
import { logActivity, redactPersonalFields } from '../../platform/activity';
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
    const files = await eraseUploadsOf(tx, target.id, intake.uploadIds);
    await redactPersonalFields(tx, 'user', target.id);
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
    return { erased: true, alreadyErased: false, files: [...files, ...borrowerErasure.files] };
  });
  for (const file of result.files) await removeFile(uploadsDir, file);
  return { erased: result.erased, alreadyErased: result.alreadyErased };
}
