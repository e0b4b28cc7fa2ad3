/** What src/server/routes.ts registers for this area: its handlers (other areas call index.ts, never these). */
export { servicingHandlers } from './servicing';
export { prepaymentHandlers } from './prepayment';
export { boletoHandlers } from './boleto';
export { servicingMovesHandlers } from './moves';
export { collectionsHandlers } from './collections';
export { remittanceHandlers } from './remittance';
export { remittanceManualHandlers } from './remittance-manual';
export { cnabReturnHandlers } from './cnab-return';
