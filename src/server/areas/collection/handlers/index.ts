/** What src/server/routes.ts registers for this area: its handlers (other areas call index.ts, never these). */
export { paymentHandlers } from './payments';
export { prepaymentHandlers } from './prepayment';
export { servicingMovesHandlers } from './moves';
