/** The analysis screen's tabs, kept in the URL (?tab=); plain data so the tests read them too. */
export const ANALYSIS_TABS = ['management', 'complement', 'others', 'timeline', 'messages', 'contract', 'schedule', 'installments', 'cession', 'journal'] as const;
export type AnalysisTab = (typeof ANALYSIS_TABS)[number];
