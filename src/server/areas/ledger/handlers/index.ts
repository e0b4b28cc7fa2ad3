/** What src/server/routes.ts registers for this area: its handlers (other areas call index.ts, never these). */
export { ledgerHandlers } from './ledger';
export { accrualHandlers } from './accrual';
