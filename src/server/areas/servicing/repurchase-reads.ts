/**
 * Whether a repurchase stands, in SQL, for the cession reads (an installment
 * bought back is no longer the assignee's) and the repurchase service. A
 * repurchase and its undoing take effect at once, or when their four-eyes
 * request is approved (the rows never change: the request says it).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ApprovalStatus } from '@shared/contract/approvals';

export const REPURCHASE_KIND = 'repurchase.create' as const;
export const REPURCHASE_REVERSAL_KIND = 'repurchase.reverse' as const;

const APPROVED: ApprovalStatus = 'approved';

/** SQL: the repurchase (alias given, e.g. sql`p`) has taken effect. */
export function repurchaseInForce(p: SQL): SQL {
  return sql`(NOT ${p}.needs_approval OR EXISTS (SELECT 1 FROM approval_requests a WHERE a.kind = ${REPURCHASE_KIND} AND a.entity_id = ${p}.id AND a.status = ${APPROVED}))`;
}

/** SQL: the repurchase reversal (alias given) has taken effect. */
export function repurchaseReversalInForce(r: SQL): SQL {
  return sql`(NOT ${r}.needs_approval OR EXISTS (SELECT 1 FROM approval_requests a WHERE a.kind = ${REPURCHASE_REVERSAL_KIND} AND a.entity_id = ${r}.id AND a.status = ${APPROVED}))`;
}

/** SQL: the repurchase (alias given) stands: in force and not undone. */
export function repurchaseStanding(p: SQL): SQL {
  return sql`(${repurchaseInForce(p)} AND NOT EXISTS (SELECT 1 FROM repurchase_reversals rr WHERE rr.repurchase_id = ${p}.id AND ${repurchaseReversalInForce(sql`rr`)}))`;
}

/** SQL: the cession item (alias given) was bought back by a standing repurchase. */
export function itemRepurchased(ci: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM repurchases p WHERE p.cession_item_id = ${ci}.id AND ${repurchaseStanding(sql`p`)})`;
}
