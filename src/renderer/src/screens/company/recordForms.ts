/**
 * The company's record lists as record forms, each field declared once
 * (name, kind, label, hint, column, the new record's value) over the
 * contract's input; the kit's recordForm derives the table's columns, the
 * dialog's fields, the empty form, a row's form values and the form-text
 * rules. A column computed from more than one field (the bank's code and
 * name, an account with its digit, the IOF period) is the first field's,
 * with its text. CompanyRecords.tsx draws them on RecordsPanel.
 */
import { contract, type AssignmentAccount, type CompanyBankAccount, type IofParameter, type Representative, type Witness } from '@shared/contract';
import { formatDate } from '@shared/format';
import { recordForm, withDigit } from '@kit/form/recordFields';
import type { Translate } from '@kit/list/columns';

const COMPANY_FIELDS = 'company.fields';

const representativeInput = contract['company.createRepresentative'].args.omit({ company_id: true });
export const representativeForm = recordForm<typeof representativeInput, Representative>(representativeInput, COMPANY_FIELDS, [
  { name: 'name', kind: 'text', column: 200 },
  { name: 'cpf', kind: 'document', column: 130 },
  { name: 'role', kind: 'text', column: 140 },
  { name: 'email', kind: 'email', column: 180 },
  { name: 'phone', kind: 'text' },
  { name: 'active', kind: 'switch', column: 70, empty: true },
]);

const witnessInput = contract['company.createWitness'].args.omit({ company_id: true });
export const witnessForm = recordForm<typeof witnessInput, Witness>(witnessInput, COMPANY_FIELDS, [
  { name: 'name', kind: 'text', column: 220 },
  { name: 'cpf', kind: 'document', column: 140 },
  { name: 'email', kind: 'email', column: 200 },
  { name: 'active', kind: 'switch', column: 70, empty: true },
]);

/** An IOF rate's validity: from – to, or from – "open" (no end yet). */
export const iofPeriod = (p: IofParameter, t: Translate) => `${formatDate(p.valid_from)} – ${p.valid_to ? formatDate(p.valid_to) : t('company.iof.open')}`;

const iofInput = contract['company.createIofParameter'].args;
export const iofForm = recordForm<typeof iofInput, IofParameter>(iofInput, 'company.iof.fields', [
  { name: 'person_type', kind: 'choice', words: 'company.iof.types', column: { id: 'type', width: 140 }, empty: 'PF' },
  { name: 'daily_percent', kind: 'percent', hint: 'company.iof.dailyHint', column: { id: 'daily', width: 140 } },
  { name: 'additional_percent', kind: 'percent', hint: 'company.iof.additionalHint', column: { id: 'additional', width: 160 }, empty: '0,38' },
  { name: 'valid_from', kind: 'date', column: { id: 'period', title: 'period', width: 190, text: iofPeriod }, cellTestId: 'company-iof-period' },
  { name: 'valid_to', kind: 'date', hint: 'company.iof.openHint' },
  { name: 'legal_basis', kind: 'text', column: { id: 'basis', width: 200 } },
]);

/** A bank as people name it: "341 – Itaú Unibanco". */
export const bankName = (b: { bank_code: string; bank_name: string }) => `${b.bank_code} – ${b.bank_name}`;
const CODE_HINT = 'company.banks.codeHint';

const bankInput = contract['company.createBank'].args.omit({ id: true });
export const bankForm = recordForm<typeof bankInput, CompanyBankAccount>(bankInput, COMPANY_FIELDS, [
  { name: 'bank_code', kind: 'text', hint: CODE_HINT, column: { id: 'bank', title: 'bank', width: 170, text: bankName } },
  { name: 'bank_name', kind: 'text' },
  { name: 'agency', kind: 'identifier', column: { width: 90, text: (b) => withDigit(b.agency, b.agency_digit) } },
  { name: 'agency_digit', kind: 'text' },
  { name: 'account', kind: 'identifier', column: { width: 110, text: (b) => withDigit(b.account, b.account_digit) } },
  { name: 'account_digit', kind: 'text' },
  { name: 'wallet', kind: 'identifier', column: 70 },
  { name: 'agreement', kind: 'identifier', column: 110 },
  { name: 'wallet_variation', kind: 'text' },
  // An identifier (the next boleto's number), shown without thousands separators.
  { name: 'next_our_number', kind: 'number', hint: 'company.banks.ourNumberHint', column: { id: 'next', width: 150, kind: 'identifier' }, empty: '1' },
  { name: 'pix_key', kind: 'text', hint: 'company.banks.pixKeyHint' },
  { name: 'active', kind: 'switch', column: 70, empty: true },
]);

const assignmentInput = contract['company.createAssignmentAccount'].args.omit({ id: true });
export const assignmentForm = recordForm<typeof assignmentInput, AssignmentAccount>(assignmentInput, COMPANY_FIELDS, [
  { name: 'assignee_name', kind: 'text', column: { id: 'name', width: 200 } },
  { name: 'assignee_cnpj', kind: 'document', column: { id: 'cnpj', width: 160 } },
  { name: 'bank_code', kind: 'text', hint: CODE_HINT, column: { id: 'bank', title: 'bank', width: 170, text: bankName } },
  { name: 'bank_name', kind: 'text' },
  { name: 'agency', kind: 'identifier', column: 80 },
  { name: 'account', kind: 'identifier', column: { width: 110, text: (a) => withDigit(a.account, a.account_digit) } },
  { name: 'account_digit', kind: 'text' },
  { name: 'active', kind: 'switch', column: 70, empty: true },
  { name: 'pass_through_fee_rate', kind: 'percent', hint: 'company.assignment.passThroughFeeRateHint', column: { id: 'fee', width: 110 }, cellTestId: 'company-assignment-fee', empty: '0' },
  { name: 'repurchase_rule', kind: 'choice', words: 'servicing.repurchase.rules', hint: 'company.assignment.repurchaseRuleHint', empty: 'face_plus_charges' },
  { name: 'repurchase_after_days', kind: 'number', hint: 'company.assignment.repurchaseAfterDaysHint', empty: 30 },
  { name: 'originator_code', kind: 'text', hint: 'company.assignment.originatorCodeHint', empty: '' },
  { name: 'scr_modality', kind: 'text', hint: 'company.assignment.scrModalityHint', empty: '0299' },
  { name: 'title_kind', kind: 'text', hint: 'company.assignment.titleKindHint', empty: '60' },
]);
