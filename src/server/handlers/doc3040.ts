/** The SCR's Doc 3040 (handler group, routes.ts). */
export { doc3040Handlers as handlers } from '../areas/regulatory/handlers';
