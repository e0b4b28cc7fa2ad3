/**
 * The lender's own company record. The app serves one lender, so every
 * screen that reads or writes the company's data (its parameters, records
 * and contract templates, and the borrowers' limits read against them) names
 * this one id.
 */
export const COMPANY_ID = 1;
