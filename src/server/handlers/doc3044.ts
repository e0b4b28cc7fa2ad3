/** SCR Doc 3044 events (handler group, routes.ts). */
export { doc3044Handlers as handlers } from '../areas/regulatory/handlers';
