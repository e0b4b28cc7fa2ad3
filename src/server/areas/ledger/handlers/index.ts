/** What src/server/routes.ts registers for this area: its handlers (other areas call index.ts, never these). */
import { closeHandlers } from './close';
import { ledgerHandlers as bookHandlers } from './ledger';

export const ledgerHandlers = { ...bookHandlers, ...closeHandlers };
export { accrualHandlers } from './accrual';
