/** What src/server/routes.ts registers for this area: its handlers (other areas call index.ts, never these). */
export { remittanceHandlers } from './remittance';
export { remittanceManualHandlers } from './remittance-manual';
export { cnabReturnHandlers } from './cnab-return';
