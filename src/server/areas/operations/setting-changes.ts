/**
 * The four-eyes change of a company setting (the money parameters, the
 * renegotiation limits): one administrator asks, the values then and those
 * asked for kept beside an approval request (one waiting per kind and
 * company); another administrator approves and only then they apply, under
 * the setting's row locks, when they are still those the request was asked
 * against (else the request is cancelled, committed, and the answer is a
 * 409); refused or withdrawn by the asker, nothing changes. The approval's
 * steps are this area's (approvals.ts); what a setting stores and how it
 * applies stay with the area that owns it.
 */
import type { Db } from '../../db/connect';
import { badRequest, conflict, HttpError } from '../../platform/http/errors';
import type { ApprovalKind } from '@shared/contract/approvals';
import { checkRefusal, closeApproval, giveCheck, openApproval, pendingApproval } from './approvals';
import type { Actor } from './credit-operations';
import type { ApprovalRequestRow } from './schema-approvals';

/** The owner's words for each refusal of the flow (Portuguese; the refusals catalogue says them in English). */
export interface SettingChangeMessages {
  /** asked while another change waits */
  pending: string;
  /** decided with none waiting */
  noPending: string;
  /** refused without a reason */
  refusalReason: string;
  /** the answer when the setting changed since the request */
  changedSince: string;
  /** the cancelled request's reason then */
  staleReason: string;
}

/**
 * Opens the request, inside the caller's transaction (the setting's rows
 * already locked): refused while another waits; `validate` runs then (e.g.
 * "nothing changed"); `record` stores the values beside the new request.
 */
export async function askSettingChange(
  tx: Db,
  change: { kind: ApprovalKind; companyId: number; actor: Actor; messages: Pick<SettingChangeMessages, 'pending'> },
  validate: () => void,
  record: (approvalRequestId: number) => Promise<unknown>,
): Promise<void> {
  const waiting = await pendingApproval(tx, change.kind, change.companyId, true);
  if (waiting) throw conflict(change.messages.pending, 'company_id');
  validate();
  const now = new Date();
  const request = await openApproval(tx, {
    kind: change.kind,
    entityId: change.companyId,
    companyId: change.companyId,
    makerId: change.actor.id,
    madeAt: now,
    amount: '0.00',
    limit: null,
    amounts: {},
    requiredChecks: 1,
    actorId: change.actor.id,
    at: now,
  });
  await record(request.id);
}

/**
 * Decides the waiting request in one transaction: `lock` locks the setting's
 * rows first and returns them as they are; approved, `isStale` says whether
 * they moved since the request (then it is cancelled), else the check is
 * given and `apply` writes the asked values and their log.
 */
export async function decideSettingChange<State>(
  db: Db,
  checker: Actor,
  decision: { kind: ApprovalKind; companyId: number; approve: boolean; reason?: string | null; field: string; messages: SettingChangeMessages },
  steps: {
    lock: (tx: Db) => Promise<State>;
    isStale: (tx: Db, state: State, request: ApprovalRequestRow) => Promise<boolean>;
    apply: (tx: Db, state: State, request: ApprovalRequestRow, at: Date) => Promise<unknown>;
  },
): Promise<void> {
  const { messages } = decision;
  const stale = await db.transaction(async (tx) => {
    const state = await steps.lock(tx);
    const request = await pendingApproval(tx, decision.kind, decision.companyId, true);
    if (!request) throw conflict(messages.noPending, decision.field);
    const now = new Date();
    if (!decision.approve) {
      const reason = decision.reason?.trim() || null;
      if (!reason) throw badRequest(messages.refusalReason, 'reason');
      await closeApproval(tx, request, { withdrawn: request.maker_id === checker.id, by: checker.id, reason, at: now });
      return false;
    }
    const refusal = checkRefusal(request, checker);
    if (refusal) throw new HttpError(403, refusal, undefined, 'four-eyes');
    if (await steps.isStale(tx, state, request)) {
      // Committed with the answer: the request cannot be approved any more, whoever tries next.
      await closeApproval(tx, request, { withdrawn: true, by: checker.id, reason: messages.staleReason, at: now });
      return true;
    }
    await giveCheck(tx, request, checker, now);
    await steps.apply(tx, state, request, now);
    return false;
  });
  if (stale) throw conflict(messages.changedSince, decision.field);
}
