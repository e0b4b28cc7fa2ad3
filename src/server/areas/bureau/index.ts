/**
 * The credit bureau: the lookup-model catalogue, lookups (billable, once per
 * idempotency key) and their reports, a report as PDF, and the provider port
 * (the sandbox by default). Other areas call this file; README.md beside it
 * says what it owns and its rules.
 */
export { seedDemoBureauReports } from './demo';
export { eraseBureauReportsOf } from './reports';
