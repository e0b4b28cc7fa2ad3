/**
 * Reverse cession after collection (transfers/README.md, "Reverse cession"):
 * a reversal of an installment partly collected while assigned brings back
 * only its open principal and the assignee's price share of what returns, so
 * each reversal item records its own figures.
 *
 * - cession_reversal_items.price / carrying / result: the price share taken
 *   off what the assignee owes, the open principal back in loans receivable,
 *   and price − carrying (the part of the cession's gain or loss undone).
 *   Rows written before this migration hold none of them: they undid their
 *   whole item (its own price, carrying and result), which is what readers
 *   take when they are null. All three or none.
 */
export const id = '0063_cession_reversal_after_collection';

export const sql = /* sql */ `
ALTER TABLE cession_reversal_items
  ADD COLUMN price numeric(14,2) CHECK (price >= 0),
  ADD COLUMN carrying numeric(14,2) CHECK (carrying >= 0),
  ADD COLUMN result numeric(14,2),
  ADD CONSTRAINT cession_reversal_items_figures CHECK ((price IS NULL) = (carrying IS NULL) AND (price IS NULL) = (result IS NULL)),
  ADD CONSTRAINT cession_reversal_items_result CHECK (result = price - carrying);
`;
