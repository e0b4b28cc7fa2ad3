/**
 * The i18n catalogue: pt-BR (default) and English, one file per area in each
 * language folder. The renderer loads it into i18next; the main process and
 * the server use `translate` for the few texts they produce (Excel titles,
 * error messages).
 */
import type { Locale } from '../bridge';
import { common as ptCommon } from './pt-BR/common';
import { errors as ptErrors } from './pt-BR/errors';
import { menu as ptMenu } from './pt-BR/menu';
import { users as ptUsers } from './pt-BR/users';
import { auth as ptAuth } from './pt-BR/auth';
import { shell as ptShell } from './pt-BR/shell';
import { common as enCommon } from './en/common';
import { errors as enErrors } from './en/errors';
import { menu as enMenu } from './en/menu';
import { users as enUsers } from './en/users';
import { auth as enAuth } from './en/auth';
import { shell as enShell } from './en/shell';
import { catalogues as ptCatalogues } from './pt-BR/catalogues';
import { catalogues as enCatalogues } from './en/catalogues';
import { logs as ptLogs } from './pt-BR/logs';
import { logs as enLogs } from './en/logs';
import { lgpd as ptLgpd } from './pt-BR/lgpd';
import { lgpd as enLgpd } from './en/lgpd';
import { preferences as ptPreferences } from './pt-BR/preferences';
import { preferences as enPreferences } from './en/preferences';
import { messages as ptMessages } from './pt-BR/messages';
import { messages as enMessages } from './en/messages';
import { list as ptList } from './pt-BR/list';
import { list as enList } from './en/list';
import { form as ptForm } from './pt-BR/form';
import { form as enForm } from './en/form';
import { bureau as ptBureau } from './pt-BR/bureau';
import { bureau as enBureau } from './en/bureau';
import { dashboard as ptDashboard } from './pt-BR/dashboard';
import { dashboard as enDashboard } from './en/dashboard';
import { solicitations as ptSolicitations } from './pt-BR/solicitations';
import { solicitations as enSolicitations } from './en/solicitations';

import { simulations as ptSimulations } from './pt-BR/simulations';
import { simulations as enSimulations } from './en/simulations';
import { entrepreneurs as ptEntrepreneurs } from './pt-BR/entrepreneurs';
import { entrepreneurs as enEntrepreneurs } from './en/entrepreneurs';
import { company as ptCompany } from './pt-BR/company';
import { company as enCompany } from './en/company';
import { creditOperations as ptCreditOperations } from './pt-BR/creditOperations';
import { creditOperations as enCreditOperations } from './en/creditOperations';
import { borrowers as ptBorrowers } from './pt-BR/borrowers';
import { borrowers as enBorrowers } from './en/borrowers';
import { servicing as ptServicing } from './pt-BR/servicing';
import { servicing as enServicing } from './en/servicing';
import { prepayment as ptPrepayment } from './pt-BR/prepayment';
import { prepayment as enPrepayment } from './en/prepayment';
import { boleto as ptBoleto } from './pt-BR/boleto';
import { boleto as enBoleto } from './en/boleto';
import { remittance as ptRemittance } from './pt-BR/remittance';
import { remittance as enRemittance } from './en/remittance';
import { cnabReturn as ptCnabReturn } from './pt-BR/cnabReturn';
import { cnabReturn as enCnabReturn } from './en/cnabReturn';
import { collections as ptCollections } from './pt-BR/collections';
import { collections as enCollections } from './en/collections';
import { remittanceManual as ptRemittanceManual } from './pt-BR/remittanceManual';
import { remittanceManual as enRemittanceManual } from './en/remittanceManual';
import { assignmentRemittance as ptAssignmentRemittance } from './pt-BR/assignmentRemittance';
import { assignmentRemittance as enAssignmentRemittance } from './en/assignmentRemittance';
import { assigneeStatement as ptAssigneeStatement } from './pt-BR/assigneeStatement';
import { assigneeStatement as enAssigneeStatement } from './en/assigneeStatement';
import { suspense as ptSuspense } from './pt-BR/suspense';
import { suspense as enSuspense } from './en/suspense';
import { agreementApply as ptAgreementApply } from './pt-BR/agreementApply';
import { agreementApply as enAgreementApply } from './en/agreementApply';
import { books as ptBooks } from './pt-BR/books';
import { books as enBooks } from './en/books';
import { doc3044 as ptDoc3044 } from './pt-BR/doc3044';
import { doc3044 as enDoc3044 } from './en/doc3044';
import { scr3040 as ptScr3040 } from './pt-BR/scr3040';
import { scr3040 as enScr3040 } from './en/scr3040';
import { reports as ptReports } from './pt-BR/reports';
import { reports as enReports } from './en/reports';
import { desk as ptDesk } from './pt-BR/desk';
import { desk as enDesk } from './en/desk';
import { docTemplates as ptDocTemplates } from './pt-BR/docTemplates';
import { docTemplates as enDocTemplates } from './en/docTemplates';
import { close as ptClose } from './pt-BR/close';
import { close as enClose } from './en/close';
import { accrual as ptAccrual } from './pt-BR/accrual';
import { accrual as enAccrual } from './en/accrual';
import { refusals as ptRefusals } from './pt-BR/refusals';
import { refusals as enRefusals } from './en/refusals';
import { emptyHints as ptEmptyHints } from './pt-BR/emptyHints';
import { emptyHints as enEmptyHints } from './en/emptyHints';
import { access as ptAccess } from './pt-BR/access';
import { access as enAccess } from './en/access';
import { contacts as ptContacts } from './pt-BR/contacts';
import { contacts as enContacts } from './en/contacts';
import { letters as ptLetters } from './pt-BR/letters';
import { letters as enLetters } from './en/letters';
import { cessionPrice as ptCessionPrice } from './pt-BR/cessionPrice';
import { cessionPrice as enCessionPrice } from './en/cessionPrice';
import { custodianReturn as ptCustodianReturn } from './pt-BR/custodianReturn';
import { custodianReturn as enCustodianReturn } from './en/custodianReturn';
import { renegotiation as ptRenegotiation } from './pt-BR/renegotiation';
import { renegotiation as enRenegotiation } from './en/renegotiation';
import { withdrawal as ptWithdrawal } from './pt-BR/withdrawal';
import { agreementReversal as ptAgreementReversal } from './pt-BR/agreementReversal';
import { agreementReversal as enAgreementReversal } from './en/agreementReversal';
import { withdrawal as enWithdrawal } from './en/withdrawal';
import { reminders as ptReminders } from './pt-BR/reminders';
import { reminders as enReminders } from './en/reminders';
import { negativation as ptNegativation } from './pt-BR/negativation';
import { negativation as enNegativation } from './en/negativation';

export const DEFAULT_LOCALE: Locale = 'pt-BR';

export const resources = {
  'pt-BR': { translation: { common: ptCommon, errors: ptErrors, menu: ptMenu, users: ptUsers, auth: ptAuth, shell: ptShell, catalogues: ptCatalogues, logs: ptLogs, lgpd: ptLgpd, preferences: ptPreferences, messages: ptMessages, list: ptList, form: ptForm, bureau: ptBureau, dashboard: ptDashboard, solicitations: ptSolicitations, simulations: ptSimulations, entrepreneurs: ptEntrepreneurs, company: ptCompany, borrowers: ptBorrowers, creditOperations: ptCreditOperations, servicing: ptServicing, prepayment: ptPrepayment, boleto: ptBoleto, collections: ptCollections, remittance: ptRemittance, remittanceManual: ptRemittanceManual, cnabReturn: ptCnabReturn, reports: ptReports, assignmentRemittance: ptAssignmentRemittance, assigneeStatement: ptAssigneeStatement, suspense: ptSuspense, desk: ptDesk, access: ptAccess, books: ptBooks, refusals: ptRefusals, emptyHints: ptEmptyHints, doc3044: ptDoc3044, scr3040: ptScr3040, close: ptClose, accrual: ptAccrual, contacts: ptContacts, reminders: ptReminders, negativation: ptNegativation, renegotiation: ptRenegotiation, withdrawal: ptWithdrawal, cessionPrice: ptCessionPrice, letters: ptLetters, custodianReturn: ptCustodianReturn, agreementReversal: ptAgreementReversal, docTemplates: ptDocTemplates, agreementApply: ptAgreementApply } },
  en: { translation: { common: enCommon, errors: enErrors, menu: enMenu, users: enUsers, auth: enAuth, shell: enShell, catalogues: enCatalogues, logs: enLogs, lgpd: enLgpd, preferences: enPreferences, messages: enMessages, list: enList, form: enForm, bureau: enBureau, dashboard: enDashboard, solicitations: enSolicitations, simulations: enSimulations, entrepreneurs: enEntrepreneurs, company: enCompany, borrowers: enBorrowers, creditOperations: enCreditOperations, servicing: enServicing, prepayment: enPrepayment, boleto: enBoleto, collections: enCollections, remittance: enRemittance, remittanceManual: enRemittanceManual, cnabReturn: enCnabReturn, reports: enReports, assignmentRemittance: enAssignmentRemittance, assigneeStatement: enAssigneeStatement, suspense: enSuspense, desk: enDesk, access: enAccess, books: enBooks, refusals: enRefusals, emptyHints: enEmptyHints, doc3044: enDoc3044, scr3040: enScr3040, close: enClose, accrual: enAccrual, contacts: enContacts, reminders: enReminders, negativation: enNegativation, renegotiation: enRenegotiation, withdrawal: enWithdrawal, cessionPrice: enCessionPrice, letters: enLetters, custodianReturn: enCustodianReturn, agreementReversal: enAgreementReversal, docTemplates: enDocTemplates, agreementApply: enAgreementApply } },
} as const;

type Tree = { readonly [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Looks a dotted key up, falling back to pt-BR and then to the key itself; {{name}} placeholders are filled. */
export function translate(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const text =
    lookup(resources[locale].translation as Tree, key) ??
    lookup(resources[DEFAULT_LOCALE].translation as Tree, key) ??
    key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => (name in vars ? String(vars[name]) : ''));
}
