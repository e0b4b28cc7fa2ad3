/** What src/server/routes.ts registers for this area: its handlers (other areas call index.ts, never these). */
export { servicingHandlers } from './servicing';
export { prepaymentHandlers } from './prepayment';
export { servicingMovesHandlers } from './moves';
export { collectionsHandlers } from './collections';
