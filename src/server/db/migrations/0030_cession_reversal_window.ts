/**
 * company_parameters.cession_reversal_max_days: a cession (or part of it) may
 * be reversed only up to this many calendar days after its cession date
 * (counted to the business date of the request; 0: only on the cession date
 * itself). Past the window the assignee owns the installment for good, and
 * the way back is a repurchase. Existing companies get 360 days, wider than
 * any reversal the back office has made so far.
 */
export const id = '0030_cession_reversal_window';

export const sql = /* sql */ `
ALTER TABLE company_parameters
  ADD COLUMN cession_reversal_max_days integer NOT NULL DEFAULT 360 CHECK (cession_reversal_max_days BETWEEN 0 AND 3650);
`;
