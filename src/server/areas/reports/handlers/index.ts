/** What src/server/routes.ts registers for this area: its handlers (other areas call index.ts, never these). */
import { parameterizedHandlers } from './parameterized';
import { reportsHandlers as fixedReportsHandlers } from './reports';

export const reportsHandlers = { ...fixedReportsHandlers, ...parameterizedHandlers };
