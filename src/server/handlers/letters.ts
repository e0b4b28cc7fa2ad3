/** Statements and letters for a borrower (handler group, routes.ts). */
export { lettersHandlers as handlers } from '../areas/letters/handlers';
