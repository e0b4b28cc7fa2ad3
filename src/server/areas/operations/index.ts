/**
 * Credit operations: building, approval (four eyes), state changes, issued contracts (CCB/MPO).
 * This file is the area's only way in for other areas and the server's
 * composition (routes, seeds); its schema*.ts files declare its tables.
 */
export { issueContract } from './contracts';
export { createOperation, decide, guaranteeHeld, overdueOf, updateComplement } from './credit-operations';
export type { Conditions } from './credit-operations';
export { creditOperationHandlers } from './handlers/credit-operations';
