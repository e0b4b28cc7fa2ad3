/**
 * Assignment remittance calls: the day's cessions of an assignee account and
 * its files, generation in one transaction with its idempotency key (the
 * file checked and stored, or nothing), the stored file byte for byte, and
 * the operations ceded to an account on a day.
 */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { FileReply, requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import { assignedOperations, assignmentRemittanceOverview, generateAssignmentRemittance, storedAssignmentRemittance } from '../assignment-remittance';

export type AssignmentRemittanceName = Extract<OperationName, `assignmentRemittance.${string}`>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const assignmentRemittanceHandlers: Pick<Handlers, AssignmentRemittanceName> = {
  'assignmentRemittance.overview': async ({ bankCode, date, assignment_account_id }, { deps }) => {
    const today = deps.clock.today();
    return assignmentRemittanceOverview(deps.db, { bankCode, date: date ?? today, ...(assignment_account_id !== undefined ? { accountId: assignment_account_id } : {}) }, today);
  },

  'assignmentRemittance.generate': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'assignmentRemittance.generate', userId: me.id, args }, () =>
        generateAssignmentRemittance(tx, me, { bankCode: args.bankCode, date: args.date, accountId: args.assignment_account_id, again: args.again === true }, today),
      ),
    );
    return value;
  },

  'assignmentRemittance.file': async ({ bankCode, remittanceId }, { deps }) => {
    const file = await storedAssignmentRemittance(deps.db, bankCode, remittanceId);
    return FileReply.fromBytes(file.bytes, 'text/plain', file.name);
  },

  'assignmentRemittance.operations': async ({ id, date }, { deps }) => {
    const today = deps.clock.today();
    return assignedOperations(deps.db, id, date ?? today, today);
  },
};
