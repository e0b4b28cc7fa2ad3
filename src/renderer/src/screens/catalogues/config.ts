/** The three simple catalogues as data: where they live, which calls they use, which texts they show. */
import { CATALOGUE_OPERATIONS, CATALOGUE_SORTS, SITUATION_SORTS, type CatalogueKind } from '@shared/contract';

export interface CatalogueScreenConfig {
  kind: CatalogueKind;
  /** route of the list; the form is `${base}/:form` */
  base: string;
  ops: (typeof CATALOGUE_OPERATIONS)[CatalogueKind];
  sorts: readonly string[];
  /** situations carry a percentage */
  percentage: boolean;
  /** prefix of data-testid attributes */
  testId: string;
}

export const CATALOGUE_SCREENS: Record<CatalogueKind, CatalogueScreenConfig> = {
  situations: { kind: 'situations', base: '/app/situations', ops: CATALOGUE_OPERATIONS.situations, sorts: SITUATION_SORTS, percentage: true, testId: 'situations' },
  howDidFind: { kind: 'howDidFind', base: '/app/how-did-find', ops: CATALOGUE_OPERATIONS.howDidFind, sorts: CATALOGUE_SORTS, percentage: false, testId: 'how-did-find' },
  reasons: { kind: 'reasons', base: '/app/reasons', ops: CATALOGUE_OPERATIONS.reasons, sorts: CATALOGUE_SORTS, percentage: false, testId: 'reasons' },
};
