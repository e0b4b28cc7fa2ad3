/** The monthly close's calls (contract ledger-close.ts): preview, a month as recorded, history, ask, decide, undo. */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { badRequest, MESSAGES } from '../../../platform/http/errors';
import type { Actor } from '../../operations';
import { askClose, decideClose, undoClose } from '../close/close';
import { closeHistory, previewView, recordedView, recordViews } from '../close/views';

type CloseName = Extract<OperationName, `ledger.close${string}`>;

function actorOf(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

function refuseSort(sort: { field?: string | null } | null | undefined): void {
  if (sort?.field) throw badRequest(MESSAGES.unknownSort(sort.field), 'sort.field');
}

export const closeHandlers: Pick<Handlers, CloseName> = {
  'ledger.closePreview': async ({ filter, sort }, ctx) => {
    refuseSort(sort);
    return previewView(ctx.deps.db, filter.month, actorOf(ctx), ctx.deps.clock.today());
  },
  'ledger.closeMonth': async ({ filter, sort }, ctx) => {
    refuseSort(sort);
    return recordedView(ctx.deps.db, filter.month, actorOf(ctx), ctx.deps.clock.today());
  },
  'ledger.closeHistory': async (_args, ctx) => {
    requireAuth(ctx);
    return closeHistory(ctx.deps.db);
  },
  'ledger.closeAsk': async ({ month }, ctx) => askClose(ctx.deps.db, actorOf(ctx), month, ctx.deps.clock.today()),
  'ledger.closeDecide': async ({ month, approve, reason }, ctx) => {
    const row = await decideClose(ctx.deps.db, actorOf(ctx), { month, approve, reason }, ctx.deps.clock.today());
    return row ? (await recordViews(ctx.deps.db, [row]))[0] : null;
  },
  'ledger.closeUndo': async ({ month }, ctx) => {
    const row = await undoClose(ctx.deps.db, actorOf(ctx), month, ctx.deps.clock.today());
    return (await recordViews(ctx.deps.db, [row]))[0];
  },
};
