/**
 * The pure rules of the solicitation screens (tested alone): which list a
 * route shows, the questionnaire steps of a solicitation, the slots each step
 * shows, the tag colour of a status and what a status change asks for.
 */
import type { Intent } from '@blueprintjs/core';
import {
  DOCUMENT_SLOTS,
  type SlotState,
  type SlotStatus,
  type TypeCredit,
} from '@shared/contract/solicitations';
import {
  OPEN_STATUSES,
  SOLICITATION_STATUSES,
  STATUSES_NEEDING_REASON,
  isSolicitationStatus,
  type SolicitationStatus,
} from '@shared/solicitation-status';

/** Route segments of /app/solicitations/:status that are not a status code. */
export const OPEN_SEGMENT = 'pending';
export const REVIEW_DOCUMENTS_SEGMENT = 'review-doc';

export type ListOperation = 'solicitations.list' | 'solicitations.reviewDocuments';

export interface ListScope {
  /** which tab is selected: 'all', 'open', 'review-doc' or a status code */
  tab: string;
  operation: ListOperation;
  /** sent with every call unless the user picks a status (the route's own restriction) */
  baseFilter: Record<string, string | string[]>;
  /** the statuses the status filter offers; none hides the filter */
  statuses: readonly SolicitationStatus[];
  /** where a row opens ('view-pending' from the open list) */
  viewPath: 'view' | 'view-pending';
}

/**
 * /app/solicitations → every solicitation; /pending → the open ones (pending,
 * in review, documents requested: the work still to do, the workflow's
 * OPEN_STATUSES); /review-doc → those with a document awaiting approval;
 * /<status> → one status. Null for a segment that is none of these.
 */
export function listScopeOf(segment: string | undefined): ListScope | null {
  if (segment === undefined || segment === '') {
    return { tab: 'all', operation: 'solicitations.list', baseFilter: {}, statuses: SOLICITATION_STATUSES, viewPath: 'view' };
  }
  if (segment === OPEN_SEGMENT) {
    return { tab: 'open', operation: 'solicitations.list', baseFilter: { status: [...OPEN_STATUSES] }, statuses: OPEN_STATUSES, viewPath: 'view-pending' };
  }
  if (segment === REVIEW_DOCUMENTS_SEGMENT) {
    return { tab: 'review-doc', operation: 'solicitations.reviewDocuments', baseFilter: {}, statuses: SOLICITATION_STATUSES, viewPath: 'view' };
  }
  if (isSolicitationStatus(segment)) {
    return { tab: segment, operation: 'solicitations.list', baseFilter: { status: segment }, statuses: [], viewPath: 'view' };
  }
  return null;
}

/** The filter a call sends: the route's restriction, overridden by what the user chose. */
export function effectiveFilter<V>(base: Record<string, V>, chosen: Record<string, V>): Record<string, V> {
  return { ...base, ...chosen };
}

export function statusIntent(status: SolicitationStatus): Intent {
  switch (status) {
    case 'pending':
      return 'warning';
    case 'in_review':
    case 'documents_requested':
      return 'primary';
    case 'approved':
    case 'contracted':
      return 'success';
    case 'refused':
    case 'cancelled':
      return 'danger';
  }
}

export function slotStateIntent(state: SlotState): Intent {
  switch (state) {
    case 'missing':
      return 'none';
    case 'sent':
    case 'replaced':
      return 'warning';
    case 'approved':
      return 'success';
  }
}

/** Whether moving into `to` needs a reason the applicant is told. */
export function needsReason(to: SolicitationStatus | ''): boolean {
  return to !== '' && STATUSES_NEEDING_REASON.includes(to);
}

/** A status change can be sent: a target chosen and, where the workflow asks one, a reason. */
export function canSendStatusChange(to: SolicitationStatus | '', reason: string): boolean {
  if (to === '') return false;
  return !needsReason(to) || reason.trim().length > 0;
}

export type StepKey = 'financial' | 'personal' | 'company' | 'bank' | 'personalDocuments' | 'companyDocuments' | 'foreignDocuments';

/**
 * The questionnaire steps: PF = financial, personal, bank, personal documents;
 * PJ adds the company data and the company documents; a foreign applicant's
 * personal documents are the foreign list.
 */
export function stepsOf(typeCredit: TypeCredit, isForeign: boolean): StepKey[] {
  const personalDocs: StepKey = isForeign ? 'foreignDocuments' : 'personalDocuments';
  return typeCredit === 'PJ'
    ? ['financial', 'personal', 'company', 'bank', personalDocs, 'companyDocuments']
    : ['financial', 'personal', 'bank', personalDocs];
}

/**
 * The slots a documents step shows, in slot order: the catalogue's slots of
 * that group asked of this kind of applicant, plus any slot of the group that
 * holds a document anyway (nothing sent is ever hidden).
 */
export function slotsOfStep(step: StepKey, slots: readonly SlotStatus[], typeCredit: TypeCredit, isForeign: boolean): SlotStatus[] {
  const group = step === 'companyDocuments' ? 'company' : step === 'personalDocuments' || step === 'foreignDocuments' ? 'personal' : null;
  if (!group) return [];
  const bySlot = new Map(slots.map((s) => [s.slot, s]));
  const out: SlotStatus[] = [];
  for (const info of DOCUMENT_SLOTS) {
    if (info.group !== group) continue;
    const asked = (typeCredit === 'PF' ? info.pf : info.pj) && (isForeign ? info.foreign : info.brazilian);
    const status = bySlot.get(info.slot);
    if (asked || (status && status.state !== 'missing')) {
      out.push(
        status ?? { slot: info.slot, key: info.key, required: false, state: 'missing', current: null, replacedCount: 0 },
      );
    }
  }
  return out;
}

/** How many slots of a step still need attention (missing required, or awaiting approval): the step's badge. */
export function pendingCount(slots: readonly SlotStatus[]): number {
  return slots.filter((s) => (s.required && s.state === 'missing') || s.state === 'sent' || s.state === 'replaced').length;
}

/** The label of a saved questionnaire answer (an option id) from its list; the id itself when unknown. */
export function optionLabel(options: ReadonlyArray<{ id: number; titulo: string }> | undefined, id: number | null): string | null {
  if (id === null) return null;
  const found = options?.find((o) => o.id === id);
  return found ? found.titulo : `#${id}`;
}

/** Joins the non-empty parts of an address line. */
export function joinParts(parts: ReadonlyArray<string | null | undefined>, separator = ', '): string {
  return parts.filter((p): p is string => !!p && p.trim() !== '').join(separator);
}

/** Why a chosen file cannot be sent to a document slot (i18n key and values), or null. */
export function fileProblem(
  file: { size: number; type: string },
  accept: readonly string[],
  maxBytes: number,
): { key: string; vars: Record<string, number> } | null {
  const max = Math.round(maxBytes / (1024 * 1024));
  if (!accept.includes(file.type)) return { key: 'solicitations.documents.wrongType', vars: { max } };
  if (file.size > maxBytes) return { key: 'solicitations.documents.tooBig', vars: { max } };
  return null;
}
