/** The approvals inbox over HTTP (read-only: the record's own screen checks or refuses). */
import { isRoleId } from '@shared/roles';
import { requireAuth, type Handlers } from '../../../platform/http/handler';
import { listPendingApprovals } from '../approvals-inbox';

export const approvalsInboxHandlers: Pick<Handlers, 'approvals.inbox'> = {
  'approvals.inbox': async (args, ctx) => {
    const { user } = requireAuth(ctx);
    if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
    return listPendingApprovals(ctx.deps.db, args, { id: user.id, role: user.role_id });
  },
};
