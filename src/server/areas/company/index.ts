/**
 * The lender's company: its setup, representatives, bank accounts, parameters and contract templates.
 * This file is the area's only way in for other areas and the server's
 * composition (routes, seeds); its schema*.ts files declare its tables.
 */
export { iofRateOn, parametersOf } from './company';
export { BOLETO_BANK_CODES, collectingAccountOf, companyOf, lockAssignmentAccount, lockBankAccount, reserveSequences } from './collecting-accounts';
export type { CollectingAccountRow, CompanyRow } from './collecting-accounts';
export { templateOf, TEMPLATE_MESSAGES } from './templates';
export type { TemplateInForce } from './templates';
