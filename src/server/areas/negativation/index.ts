/**
 * Negativação through a credit bureau: the records and their events, the candidates, the submit, the job that
 * follows the bureau's notice and inclusion and sends the removals, the provider port (sandbox). This file is the
 * area's only way in for other areas and the server's composition; schema.ts declares its tables.
 */
export { runNegativation } from './job';
export { NegativationScheduler, NEGATIVATION_INTERVAL_MS } from './scheduler';
export { submitInstallment } from './submit';
export { candidates, listRecords, recordWithEvents } from './reads';
export { negativationProvider, negativationProviderFromSettings, NegativationProviderError, type NegativationProvider } from './provider';
export { SANDBOX_REMOVAL_FAILS_CPF } from './sandbox';
