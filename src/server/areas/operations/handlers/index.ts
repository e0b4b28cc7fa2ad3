/** What src/server/routes.ts registers for this area: its handlers (other areas call index.ts, never these). */
export { creditOperationHandlers } from './credit-operations';
export { approvalsInboxHandlers } from './approvals-inbox';
