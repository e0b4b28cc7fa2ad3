/**
 * The monthly close's vocabulary (Res. CMN 4.966/2021, Res. BCB 352/2023):
 * the states of a close, why an operation sits in its stage, and the
 * portfolios of the simplified method. Declared once: the migration's CHECKs
 * (0048), the Drizzle schema, the contract and the screens read these lists.
 */
export const CLOSE_CLOSED = 'closed';
export const CLOSE_UNDONE = 'undone';
export const CLOSE_STATUSES = [CLOSE_CLOSED, CLOSE_UNDONE] as const;
export type CloseStatus = (typeof CLOSE_STATUSES)[number];

/**
 * Why an operation is in its stage (Res. CMN 4.966/2021): performing (stage 1),
 * more than 30 days late (stage 2, art. 38's presumption), more than 90 days
 * late (stage 3, problem asset, art. 3), restructured (stage 3), written off
 * (a loss in force: stage 3) or dragged to stage 3 by another operation of the
 * same client in stage 3 (client-level drag).
 */
export const STAGE_REASONS = ['performing', 'late_over_30', 'late_over_90', 'restructured', 'written_off', 'client_drag'] as const;
export type StageReason = (typeof STAGE_REASONS)[number];

/** Res. BCB 352/2023 art. 82's portfolios of the simplified method (S4/S5 institutions). */
export const PORTFOLIOS = ['C1', 'C2', 'C3', 'C4', 'C5'] as const;
export type Portfolio = (typeof PORTFOLIOS)[number];

/** 'YYYY-MM' */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
