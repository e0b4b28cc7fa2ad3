/**
 * A borrower's bank account as a record form, each field declared once
 * (name, kind, label, column) over the contract's input, as the company's
 * accounts are (screens/company/recordForms.ts); the kit's recordForm derives
 * the table's columns, the dialog's fields, the empty form, a row's form
 * values and the form-text rules. The bank column is the code's, written with
 * the name; agency and account are shown with their digits. BankAccountsTab
 * (BorrowerPanels.tsx) draws it on RecordsPanel.
 */
import { contract, type BorrowerBankAccount } from '@shared/contract';
import { recordForm, withDigit } from '@kit/form/recordFields';

const bankInput = contract['borrowers.createBank'].args.omit({ borrower_id: true });
export type BankInput = typeof bankInput;

/** An account with its digit: what the removal question names. */
export const accountText = (a: BorrowerBankAccount) => withDigit(a.account, a.account_digit);

export const borrowerBankForm = recordForm<BankInput, BorrowerBankAccount>(bankInput, 'borrowers.bank.fields', [
  { name: 'bank_code', kind: 'text', column: { id: 'bank', title: 'bank_name', width: 200, text: (a) => `${a.bank_code} · ${a.bank_name}` } },
  { name: 'bank_name', kind: 'text' },
  { name: 'agency', kind: 'identifier', column: { width: 90, text: (a) => withDigit(a.agency, a.agency_digit) } },
  { name: 'agency_digit', kind: 'text' },
  { name: 'account', kind: 'identifier', column: { width: 120, text: accountText } },
  { name: 'account_digit', kind: 'text' },
  { name: 'account_type', kind: 'choice', words: 'borrowers.bank.types', column: { id: 'type', width: 110 } },
  { name: 'pix_key', kind: 'text', column: { id: 'pix', width: 160 } },
  { name: 'is_payout', kind: 'switch', column: { id: 'payout', title: 'payout', width: 120 }, cellTestId: 'borrower-bank-payout' },
]);
