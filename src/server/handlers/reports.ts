/** The reports (handler group, routes.ts). */
export { reportsHandlers as handlers } from '../areas/reports/handlers';
