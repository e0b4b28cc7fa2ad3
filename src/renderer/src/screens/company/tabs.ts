/** The company setup's tabs, in order, as kept in the URL (?tab=; the first is the page without it). Plain data, so tests read it too. */
export const COMPANY_TABS = ['company', 'representatives', 'witnesses', 'parameters', 'iof', 'banks', 'assignment', 'contracts', 'issued', 'pix'] as const;
export type CompanyTab = (typeof COMPANY_TABS)[number];
