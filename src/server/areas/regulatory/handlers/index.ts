/** What src/server/handlers registers for the regulatory area (other areas call index.ts, never these). */
export { doc3044Handlers } from '../doc3044/handlers';
export { doc3040Handlers } from '../doc3040/handlers';
