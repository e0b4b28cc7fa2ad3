/** What src/server/routes.ts registers for this area: its handlers (nothing else calls this area). */
export { custodianReturnHandlers } from './custodian-return';
