/** What src/server/routes.ts registers for this area: its handlers (other areas call index.ts, never these). */
export { cessionHandlers } from './cession';
export { repurchaseHandlers } from './repurchase';
export { assignmentRemittanceHandlers } from './assignment-remittance';
export { assigneeStatementHandlers } from './assignee-statement';
export { cessionPriceHandlers } from './cession-price';
