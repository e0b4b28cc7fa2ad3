/**
 * Every migration, in the order it is applied. Append new modules; never edit
 * one that has shipped (the id is recorded in schema_migrations).
 */
import * as m0001 from './0001_initial';
import * as m0002 from './0002_catalogues';
import * as m0003 from './0003_logs_lgpd';
import * as m0004 from './0004_messages';
import * as m0005FileKeys from './0005_file_keys';
import * as m0006AuthLimits from './0006_auth_limits';
import * as m0007InterestProfiles from './0007_interest_profiles';
import * as m0008CreditIntake from './0008_credit_intake';
import * as m0009Company from './0009_company';
import * as m0010Origination from './0010_origination';
import * as m0011LawfulMoney from './0011_lawful_money';
import * as m0012FourEyes from './0012_four_eyes';
import * as m0013FrozenContracts from './0013_frozen_contracts';
import * as m0014Speed from './0014_speed';
import * as m0015Servicing from './0015_servicing';
import * as m0016BoletoNumbers from './0016_boleto_numbers';
import * as m0017Prepayments from './0017_prepayments';
import * as m0018InstallmentMoves from './0018_installment_moves';
import * as m0019Collections from './0019_collections';
import * as m0020BoletoTitleVersion from './0020_boleto_title_version';
import * as m0021ServicingSpeed from './0021_servicing_speed';
import * as m0022InstallmentStatusHistory from './0022_installment_status_history';
import * as m0023Remittances from './0023_remittances';
import * as m0024ReturnFiles from './0024_return_files';
import * as m0025RemittanceDueDateChange from './0025_remittance_due_date_change';
import * as m0026RemittanceManual from './0026_remittance_manual';
import * as m0027Cessions from './0027_cessions';
import * as m0028Repurchases from './0028_repurchases';
import * as m0029AssignmentRemittances from './0029_assignment_remittances';
import * as m0030CessionReversalWindow from './0030_cession_reversal_window';
import * as m0031RepurchaseCauses from './0031_repurchase_causes';
import * as m0032SavedReports from './0032_saved_reports';
import * as m0033JournalStatementBalance from './0033_journal_statement_balance';
import * as m0034RemittanceResend from './0034_remittance_resend';
import * as m0035SavedReportSort from './0035_saved_report_sort';
import * as m0036AppendOnly from './0036_append_only';
import * as m0037FourEyesLimits from './0037_four_eyes_limits';
import * as m0038ContractLateCharges from './0038_contract_late_charges';
import * as m0039BankSettlementTolerance from './0039_bank_settlement_tolerance';
import * as m0040Suspense from './0040_suspense';
import * as m0042PixCharges from './0042_pix_charges';
import * as m0045CosifChart from './0045_cosif_chart';
import * as m0046BooksPostingKinds from './0046_books_posting_kinds';
import * as m0047InterestAccruals from './0047_interest_accruals';
import * as m0048LedgerClose from './0048_ledger_close';
import * as m0049Scr3044Events from './0049_scr_3044_events';
import * as m0050AccrualTransfers from './0050_accrual_transfers';
import * as m0053CollectionContacts from './0053_collection_contacts';
import * as m0054CessionPrice from './0054_cession_price';
import * as m0055PaymentReminders from './0055_payment_reminders';
import * as m0057Renegotiations from './0057_renegotiations';
import * as m0058Withdrawals from './0058_withdrawals';
import * as m0059Negativation from './0059_negativation';
import * as m0060RenegotiationCollection from './0060_renegotiation_collection';
import * as m0061AssigneePassThrough from './0061_assignee_pass_through';
import * as m0062CustodianReturns from './0062_custodian_returns';
import * as m0063CessionReversalAfterCollection from './0063_cession_reversal_after_collection';
import * as m0064AgreementTitles from './0064_agreement_titles';
import * as m0065RenegotiationBreakRuns from './0065_renegotiation_break_runs';
import * as m0066WithdrawalIofExpense from './0066_withdrawal_iof_expense';
import * as m0067WrittenOffAnd3044Corrections from './0067_written_off_and_3044_corrections';
import * as m0068AgreementTitlesAtTheBank from './0068_agreement_titles_at_the_bank';
import * as m0069DocumentTemplates from './0069_document_templates';
import * as m0070RenegotiationLimitChanges from './0070_renegotiation_limit_changes';
import * as m0073ScrAgreementEvents from './0073_scr_agreement_events';
import * as m0074AgreementPaymentSources from './0074_agreement_payment_sources';

export interface Migration {
  id: string;
  sql: string;
}

export const migrations: readonly Migration[] = [m0001, m0002, m0003, m0004, m0005FileKeys, m0006AuthLimits, m0007InterestProfiles, m0008CreditIntake, m0009Company, m0010Origination, m0011LawfulMoney, m0012FourEyes, m0013FrozenContracts, m0014Speed, m0015Servicing, m0016BoletoNumbers, m0017Prepayments, m0018InstallmentMoves, m0019Collections, m0020BoletoTitleVersion, m0021ServicingSpeed, m0022InstallmentStatusHistory, m0023Remittances, m0024ReturnFiles, m0025RemittanceDueDateChange, m0026RemittanceManual, m0027Cessions, m0028Repurchases, m0029AssignmentRemittances, m0030CessionReversalWindow, m0031RepurchaseCauses, m0032SavedReports, m0033JournalStatementBalance, m0034RemittanceResend, m0035SavedReportSort, m0036AppendOnly, m0037FourEyesLimits, m0038ContractLateCharges, m0039BankSettlementTolerance, m0040Suspense, m0042PixCharges, m0045CosifChart, m0046BooksPostingKinds, m0047InterestAccruals, m0048LedgerClose, m0049Scr3044Events, m0050AccrualTransfers, m0053CollectionContacts, m0054CessionPrice, m0055PaymentReminders, m0057Renegotiations, m0058Withdrawals, m0059Negativation, m0060RenegotiationCollection, m0061AssigneePassThrough, m0062CustodianReturns, m0063CessionReversalAfterCollection, m0064AgreementTitles, m0065RenegotiationBreakRuns, m0066WithdrawalIofExpense, m0067WrittenOffAnd3044Corrections, m0068AgreementTitlesAtTheBank, m0069DocumentTemplates, m0070RenegotiationLimitChanges, m0073ScrAgreementEvents, m0074AgreementPaymentSources];
