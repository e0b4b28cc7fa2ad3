/** A borrower's tabs, in order, as kept in the URL (?tab=; the first is the page without it). Plain data, so tests read it too. */
import { BORROWER_RECORD_KIND_NAMES, type BorrowerRecordKind } from '@shared/contract/borrowers';

export const BORROWER_TABS = [
  'data',
  'business',
  'bank',
  ...BORROWER_RECORD_KIND_NAMES,
  'guarantors',
  'other',
  'parameters',
  'simulations',
  'risk',
  'operations',
] as const;
export type BorrowerTab = 'data' | 'business' | 'bank' | BorrowerRecordKind | 'guarantors' | 'other' | 'parameters' | 'simulations' | 'risk' | 'operations';

export function isRecordKind(tab: BorrowerTab): tab is BorrowerRecordKind {
  return (BORROWER_RECORD_KIND_NAMES as readonly string[]).includes(tab);
}
