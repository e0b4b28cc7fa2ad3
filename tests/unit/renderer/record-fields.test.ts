/**
 * The kit's record form (components/form/recordFields.ts): one field list
 * over a contract input gives the table's columns, the dialog's fields, the
 * empty form, a row's form values and the form-text rules. The company's
 * record lists (screens/company/recordForms.ts) are declared on it and must
 * draw and send exactly what their hand-written declarations did, and so
 * must the borrower's bank accounts (screens/borrowers/bankForm.ts): the
 * expectations below are those declarations, written out.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  contract,
  type AssignmentAccount,
  type BorrowerBankAccount,
  type CompanyBankAccount,
  type IofParameter,
  type Representative,
  type Witness,
} from '../../../src/shared/contract';
import { BANK_ACCOUNT_TYPES, IOF_PERSON_TYPES } from '../../../src/shared/enums';
import { REPURCHASE_RULES } from '../../../src/shared/servicing';
import { translate } from '../../../src/shared/i18n';
import { formSchema } from '../../../src/renderer/src/components/form/formSchema';
import { choicesOf, recordForm, type RecordForm } from '../../../src/renderer/src/components/form/recordFields';
import { cellText, type ColumnDecl } from '../../../src/renderer/src/components/list/columns';
import { assignmentForm, bankForm, iofForm, representativeForm, witnessForm } from '../../../src/renderer/src/screens/company/recordForms';
import { borrowerBankForm } from '../../../src/renderer/src/screens/borrowers/bankForm';
import { catalogueHas } from '../../helpers/catalogue';

const t = (key: string, vars?: Record<string, unknown>) => translate('pt-BR', key, vars as Record<string, string | number> | undefined);

/** A column as the table reads it, without its functions. */
const shapeOf = <R>(c: ColumnDecl<R>) => ({ id: c.id, title: c.title, width: c.width, kind: c.kind ?? 'text' });
const textsOf = <R>(columns: readonly ColumnDecl<R>[], row: R) => columns.map((c) => cellText(c, row, t));
/** The dialog's fields without their functions: name, input, label, hint, options. */
const dialogOf = <S extends z.ZodObject, R>(form: RecordForm<S, R>) =>
  form.fields(t).map((f) => ({ name: f.name, type: f.type, label: f.label, hint: f.hint, options: f.options?.map((o) => `${o.value}:${o.label}`) }));

/* ---------- the kit, on an input made for the test ---------- */

const input = z.object({
  name: z.string().min(1),
  code: z.string(),
  rate: z.string(),
  note: z.string().nullable().optional(),
  count: z.number().int(),
  month: z.string(),
  kind: z.enum(['first', 'second']).optional(),
  done: z.boolean(),
});
interface Row {
  id: number;
  name: string;
  code: string;
  rate: string;
  note: string | null;
  count: number;
  month: string;
  kind: 'first' | 'second';
  done: boolean;
}
const sample = recordForm<typeof input, Row>(
  input,
  'company.fields',
  [
    { name: 'name', kind: 'text', column: 200, cellTestId: 'sample-name' },
    { name: 'code', kind: 'identifier', label: 'agency', column: { id: 'code-and-name', title: 'bank', width: 90, text: (r) => `${r.code}/${r.name}` } },
    { name: 'rate', kind: 'percent', hint: 'company.iof.dailyHint', column: 80, empty: '0,38' },
    { name: 'note', kind: 'textarea', rows: 3 },
    { name: 'count', kind: 'number', column: { width: 60, kind: 'identifier' }, empty: '1' },
    { name: 'month', kind: 'month', column: 70 },
    { name: 'kind', kind: 'choice', words: 'servicing.repurchase.rules', column: 100 },
    { name: 'done', kind: 'switch', column: 50, empty: true },
  ],
  [{ id: 'extra', title: 'company.fields.bank', width: 40, text: (r) => `#${r.id}` }],
);
const row: Row = { id: 12, name: 'Ana', code: '0042', rate: '2.5000', note: null, count: 1234567, month: '2026-09', kind: 'second', done: false };

describe('a record form from one field list', () => {
  it('gives each shown field a column, in the list order, its header under the labels, its width and its cell by kind; the extra columns last', () => {
    expect(sample.columns.map(shapeOf)).toEqual([
      { id: 'name', title: 'company.fields.name', width: 200, kind: 'text' },
      { id: 'code-and-name', title: 'company.fields.bank', width: 90, kind: 'identifier' },
      { id: 'rate', title: 'company.fields.rate', width: 80, kind: 'integer' },
      { id: 'count', title: 'company.fields.count', width: 60, kind: 'identifier' },
      { id: 'month', title: 'company.fields.month', width: 70, kind: 'date' },
      { id: 'kind', title: 'company.fields.kind', width: 100, kind: 'text' },
      { id: 'done', title: 'company.fields.done', width: 50, kind: 'boolean' },
      { id: 'extra', title: 'company.fields.bank', width: 40, kind: 'text' },
    ]);
    expect(textsOf(sample.columns, row)).toEqual(['Ana', '0042/Ana', '2,50%', '1234567', '09/2026', t('servicing.repurchase.rules.second'), t('common.no'), '#12']);
    expect(sample.columns[0].testId?.(row)).toBe('sample-name-12');
    // An empty share shows nothing, not "%".
    expect(cellText(sample.columns[2], { ...row, rate: '' }, t)).toBe('');
  });

  it("asks every field in the dialog with its input, label, hint, lines and a choice's options as the contract's enum lists them", () => {
    const fields = sample.fields(t);
    expect(fields.map((f) => [f.name, f.type])).toEqual([
      ['name', 'text'],
      ['code', 'text'],
      ['rate', 'percentage'],
      ['note', 'textarea'],
      ['count', 'number'],
      ['month', 'text'],
      ['kind', 'select'],
      ['done', 'switch'],
    ]);
    expect(fields[1].label).toBe(t('company.fields.agency'));
    expect(fields[2].hint).toBe(t('company.iof.dailyHint'));
    expect(fields[3].rows).toBe(3);
    // The contract's enum is optional here: its options are still found.
    expect(fields[6].options).toEqual([
      { value: 'first', label: t('servicing.repurchase.rules.first') },
      { value: 'second', label: t('servicing.repurchase.rules.second') },
    ]);
    expect(fields[0].hint).toBeUndefined();
  });

  it("starts a new record from the declared values, else by kind ('' for text, false for a switch, a choice's first option)", () => {
    expect(sample.empty).toEqual({ name: '', code: '', rate: '0,38', note: '', count: '1', month: '', kind: 'first', done: true });
  });

  it('turns a row into form values: rates and whole numbers as typed text, nulls as empty text', () => {
    expect(sample.toValues(row)).toEqual({ name: 'Ana', code: '0042', rate: '2,5', note: '', count: '1234567', month: '2026-09', kind: 'second', done: false });
  });

  it("reads the form's text as the contract wants it: a comma rate with its dot, a whole number as a number, an empty nullable field as null", () => {
    expect(sample.rules).toEqual({ percents: ['rate'], nullIfEmpty: ['note'] });
    const parsed = sample.schema.safeParse({ ...sample.toValues(row), rate: '2,75', count: ' 48 ', note: '  ' });
    expect(parsed.data).toEqual({ name: 'Ana', code: '0042', rate: '2.75', note: null, count: 48, month: '2026-09', kind: 'second', done: false });
    // A required field stays required: empty is refused, not turned into null.
    expect(sample.schema.safeParse({ ...sample.empty, name: '', count: '1' }).success).toBe(false);
  });

  it('refuses a choice the contract does not declare as an enum', () => {
    expect(() => choicesOf(input, 'name')).toThrow(/name is not an enum/);
    expect(choicesOf(input, 'kind')).toEqual(['first', 'second']);
  });

  it('hands RecordsPanel its columns, schema, fields, empty form and row values in one piece', () => {
    const parts = sample.panel(t);
    expect(parts.columns).toBe(sample.columns);
    expect(parts.schema).toBe(sample.schema);
    expect(parts.fields.map((f) => f.name)).toEqual(sample.fields(t).map((f) => f.name));
    expect(parts.empty).toEqual(sample.empty);
    expect(parts.toValues(row)).toEqual(sample.toValues(row));
  });
});

/* ---------- the company's lists, as they were written by hand ---------- */

const representative: Representative = { id: 4, company_id: 1, name: 'Ana Souza', cpf: '52998224725', role: 'Diretora', email: null, phone: null, active: true };
const witness: Witness = { id: 6, company_id: 1, name: 'Bruno Lima', cpf: '52998224725', email: 'bruno@demo.local', active: false };
const iof: IofParameter = {
  id: 9,
  person_type: 'PJ',
  daily_percent: '0.0041',
  additional_percent: '0.3800',
  valid_from: '2026-01-01',
  valid_to: null,
  legal_basis: 'Decreto 6.306/2007, art. 7º',
  updated_at: '2026-01-01T10:00:00Z',
};
const bank: CompanyBankAccount = {
  id: 3,
  company_id: 1,
  bank_code: '341',
  bank_name: 'Itaú Unibanco',
  agency: '1234',
  agency_digit: null,
  account: '56789',
  account_digit: '0',
  wallet: '109',
  agreement: '123456',
  next_our_number: 1234567,
  active: true,
  pix_key: null,
  wallet_variation: null,
};
const assignment: AssignmentAccount = {
  id: 5,
  company_id: 1,
  assignee_name: 'FIDC Alfa',
  assignee_cnpj: '11222333000181',
  bank_code: '001',
  bank_name: 'Banco do Brasil',
  agency: '0001',
  account: '9999',
  account_digit: null,
  active: false,
  repurchase_rule: 'present_value',
  repurchase_after_days: 45,
  originator_code: '',
  scr_modality: '0299',
  title_kind: '60',
  pass_through_fee_rate: '1.2500',
};

const f = (key: string) => t(`company.fields.${key}`);
const yes = t('common.yes');
const no = t('common.no');

describe("the company's record lists, one field list each", () => {
  it('legal representatives: the same table, dialog, empty form and row values', () => {
    expect(representativeForm.columns.map(shapeOf)).toEqual([
      { id: 'name', title: 'company.fields.name', width: 200, kind: 'text' },
      { id: 'cpf', title: 'company.fields.cpf', width: 130, kind: 'document' },
      { id: 'role', title: 'company.fields.role', width: 140, kind: 'text' },
      { id: 'email', title: 'company.fields.email', width: 180, kind: 'text' },
      { id: 'active', title: 'company.fields.active', width: 70, kind: 'boolean' },
    ]);
    expect(textsOf(representativeForm.columns, representative)).toEqual(['Ana Souza', '529.982.247-25', 'Diretora', '', yes]);
    expect(dialogOf(representativeForm)).toEqual([
      { name: 'name', type: 'text', label: f('name') },
      { name: 'cpf', type: 'text', label: f('cpf') },
      { name: 'role', type: 'text', label: f('role') },
      { name: 'email', type: 'email', label: f('email') },
      { name: 'phone', type: 'text', label: f('phone') },
      { name: 'active', type: 'switch', label: f('active') },
    ]);
    expect(representativeForm.empty).toEqual({ name: '', cpf: '', role: '', email: '', phone: '', active: true });
    expect(representativeForm.toValues(representative)).toEqual({ name: 'Ana Souza', cpf: '52998224725', role: 'Diretora', email: '', phone: '', active: true });
  });

  it('witnesses: the same table, dialog, empty form and row values', () => {
    expect(witnessForm.columns.map(shapeOf)).toEqual([
      { id: 'name', title: 'company.fields.name', width: 220, kind: 'text' },
      { id: 'cpf', title: 'company.fields.cpf', width: 140, kind: 'document' },
      { id: 'email', title: 'company.fields.email', width: 200, kind: 'text' },
      { id: 'active', title: 'company.fields.active', width: 70, kind: 'boolean' },
    ]);
    expect(textsOf(witnessForm.columns, witness)).toEqual(['Bruno Lima', '529.982.247-25', 'bruno@demo.local', no]);
    expect(dialogOf(witnessForm).map((d) => [d.name, d.type])).toEqual([
      ['name', 'text'],
      ['cpf', 'text'],
      ['email', 'email'],
      ['active', 'switch'],
    ]);
    expect(witnessForm.empty).toEqual({ name: '', cpf: '', email: '', active: true });
    expect(witnessForm.toValues(witness)).toEqual({ name: 'Bruno Lima', cpf: '52998224725', email: 'bruno@demo.local', active: false });
  });

  it('IOF periods: the person type in its words, the rates as typed with %, the period from start to end (or open) with its test id', () => {
    expect(iofForm.columns.map(shapeOf)).toEqual([
      { id: 'type', title: 'company.iof.fields.person_type', width: 140, kind: 'text' },
      { id: 'daily', title: 'company.iof.fields.daily_percent', width: 140, kind: 'integer' },
      { id: 'additional', title: 'company.iof.fields.additional_percent', width: 160, kind: 'integer' },
      { id: 'period', title: 'company.iof.fields.period', width: 190, kind: 'date' },
      { id: 'basis', title: 'company.iof.fields.legal_basis', width: 200, kind: 'text' },
    ]);
    expect(textsOf(iofForm.columns, iof)).toEqual([t('company.iof.types.PJ'), '0,0041%', '0,38%', `01/01/2026 – ${t('company.iof.open')}`, 'Decreto 6.306/2007, art. 7º']);
    expect(cellText(iofForm.columns[3], { ...iof, valid_to: '2026-12-31' }, t)).toBe('01/01/2026 – 31/12/2026');
    expect(iofForm.columns[3].testId?.(iof)).toBe('company-iof-period-9');
    const i = (key: string) => t(`company.iof.fields.${key}`);
    expect(dialogOf(iofForm)).toEqual([
      { name: 'person_type', type: 'select', label: i('person_type'), options: IOF_PERSON_TYPES.map((p) => `${p}:${t(`company.iof.types.${p}`)}`) },
      { name: 'daily_percent', type: 'percentage', label: i('daily_percent'), hint: t('company.iof.dailyHint') },
      { name: 'additional_percent', type: 'percentage', label: i('additional_percent'), hint: t('company.iof.additionalHint') },
      { name: 'valid_from', type: 'date', label: i('valid_from') },
      { name: 'valid_to', type: 'date', label: i('valid_to'), hint: t('company.iof.openHint') },
      { name: 'legal_basis', type: 'text', label: i('legal_basis') },
    ]);
    expect(iofForm.empty).toEqual({ person_type: 'PF', daily_percent: '', additional_percent: '0,38', valid_from: '', valid_to: '', legal_basis: '' });
    expect(iofForm.toValues(iof)).toEqual({ person_type: 'PJ', daily_percent: '0,0041', additional_percent: '0,38', valid_from: '2026-01-01', valid_to: '', legal_basis: 'Decreto 6.306/2007, art. 7º' });
  });

  it('bank accounts: the bank by code and name, agency and account with their digits, the next nosso número whole', () => {
    expect(bankForm.columns.map(shapeOf)).toEqual([
      { id: 'bank', title: 'company.fields.bank', width: 170, kind: 'text' },
      { id: 'agency', title: 'company.fields.agency', width: 90, kind: 'identifier' },
      { id: 'account', title: 'company.fields.account', width: 110, kind: 'identifier' },
      { id: 'wallet', title: 'company.fields.wallet', width: 70, kind: 'identifier' },
      { id: 'agreement', title: 'company.fields.agreement', width: 110, kind: 'identifier' },
      { id: 'next', title: 'company.fields.next_our_number', width: 150, kind: 'identifier' },
      { id: 'active', title: 'company.fields.active', width: 70, kind: 'boolean' },
    ]);
    expect(textsOf(bankForm.columns, bank)).toEqual(['341 – Itaú Unibanco', '1234', '56789-0', '109', '123456', '1234567', yes]);
    expect(textsOf(bankForm.columns, { ...bank, agency_digit: '7' })[1]).toBe('1234-7');
    const hints = { bank_code: t('company.banks.codeHint'), next_our_number: t('company.banks.ourNumberHint'), pix_key: t('company.banks.pixKeyHint') };
    const types: Record<string, string> = { next_our_number: 'number', active: 'switch' };
    const names = ['bank_code', 'bank_name', 'agency', 'agency_digit', 'account', 'account_digit', 'wallet', 'agreement', 'wallet_variation', 'next_our_number', 'pix_key', 'active'];
    expect(dialogOf(bankForm)).toEqual(names.map((name) => ({ name, type: types[name] ?? 'text', label: f(name), hint: hints[name as keyof typeof hints] })));
    expect(bankForm.empty).toEqual({
      bank_code: '',
      bank_name: '',
      agency: '',
      agency_digit: '',
      account: '',
      account_digit: '',
      wallet: '',
      agreement: '',
      wallet_variation: '',
      next_our_number: '1',
      pix_key: '',
      active: true,
    });
    expect(bankForm.toValues(bank)).toEqual({
      bank_code: '341',
      bank_name: 'Itaú Unibanco',
      agency: '1234',
      agency_digit: '',
      account: '56789',
      account_digit: '0',
      wallet: '109',
      agreement: '123456',
      wallet_variation: '',
      next_our_number: '1234567',
      pix_key: '',
      active: true,
    });
  });

  it("assignees' accounts: the CNPJ formatted, the repurchase rule in its words, 30 days by default", () => {
    expect(assignmentForm.columns.map(shapeOf)).toEqual([
      { id: 'name', title: 'company.fields.assignee_name', width: 200, kind: 'text' },
      { id: 'cnpj', title: 'company.fields.assignee_cnpj', width: 160, kind: 'document' },
      { id: 'bank', title: 'company.fields.bank', width: 170, kind: 'text' },
      { id: 'agency', title: 'company.fields.agency', width: 80, kind: 'identifier' },
      { id: 'account', title: 'company.fields.account', width: 110, kind: 'identifier' },
      { id: 'active', title: 'company.fields.active', width: 70, kind: 'boolean' },
      { id: 'fee', title: 'company.fields.pass_through_fee_rate', width: 110, kind: 'integer' },
    ]);
    expect(textsOf(assignmentForm.columns, assignment)).toEqual(['FIDC Alfa', '11.222.333/0001-81', '001 – Banco do Brasil', '0001', '9999', no, '1,25%']);
    expect(dialogOf(assignmentForm)).toEqual([
      { name: 'assignee_name', type: 'text', label: f('assignee_name') },
      { name: 'assignee_cnpj', type: 'text', label: f('assignee_cnpj') },
      { name: 'bank_code', type: 'text', label: f('bank_code'), hint: t('company.banks.codeHint') },
      { name: 'bank_name', type: 'text', label: f('bank_name') },
      { name: 'agency', type: 'text', label: f('agency') },
      { name: 'account', type: 'text', label: f('account') },
      { name: 'account_digit', type: 'text', label: f('account_digit') },
      { name: 'active', type: 'switch', label: f('active') },
      { name: 'pass_through_fee_rate', type: 'percentage', label: f('pass_through_fee_rate'), hint: t('company.assignment.passThroughFeeRateHint') },
      {
        name: 'repurchase_rule',
        type: 'select',
        label: f('repurchase_rule'),
        hint: t('company.assignment.repurchaseRuleHint'),
        options: REPURCHASE_RULES.map((r) => `${r}:${t(`servicing.repurchase.rules.${r}`)}`),
      },
      { name: 'repurchase_after_days', type: 'number', label: f('repurchase_after_days'), hint: t('company.assignment.repurchaseAfterDaysHint') },
      { name: 'originator_code', type: 'text', label: f('originator_code'), hint: t('company.assignment.originatorCodeHint') },
      { name: 'scr_modality', type: 'text', label: f('scr_modality'), hint: t('company.assignment.scrModalityHint') },
      { name: 'title_kind', type: 'text', label: f('title_kind'), hint: t('company.assignment.titleKindHint') },
    ]);
    expect(assignmentForm.empty).toEqual({
      assignee_name: '',
      assignee_cnpj: '',
      bank_code: '',
      bank_name: '',
      agency: '',
      account: '',
      account_digit: '',
      active: true,
      pass_through_fee_rate: '0',
      repurchase_rule: 'face_plus_charges',
      repurchase_after_days: 30,
      originator_code: '',
      scr_modality: '0299',
      title_kind: '60',
    });
    // The days are held as the number input types them; the schema reads them as the number they were.
    expect(assignmentForm.toValues(assignment)).toEqual({
      assignee_name: 'FIDC Alfa',
      assignee_cnpj: '11222333000181',
      bank_code: '001',
      bank_name: 'Banco do Brasil',
      agency: '0001',
      account: '9999',
      account_digit: '',
      active: false,
      pass_through_fee_rate: '1,25',
      repurchase_rule: 'present_value',
      repurchase_after_days: '45',
      originator_code: '',
      scr_modality: '0299',
      title_kind: '60',
    });
  });

  const forms = [
    { name: 'representatives', form: representativeForm, input: contract['company.createRepresentative'].args.omit({ company_id: true }), rules: { nullIfEmpty: ['email'] } },
    { name: 'witnesses', form: witnessForm, input: contract['company.createWitness'].args.omit({ company_id: true }), rules: { nullIfEmpty: ['email'] } },
    { name: 'iof', form: iofForm, input: contract['company.createIofParameter'].args, rules: { percents: ['daily_percent', 'additional_percent'], nullIfEmpty: ['valid_to'] } },
    { name: 'banks', form: bankForm, input: contract['company.createBank'].args.omit({ id: true }), rules: { nullIfEmpty: ['agency_digit', 'account_digit'] } },
    { name: 'assignment', form: assignmentForm, input: contract['company.createAssignmentAccount'].args.omit({ id: true }), rules: { percents: ['pass_through_fee_rate'], nullIfEmpty: ['account_digit'] } },
  ] as const;
  const rows = { representatives: representative, witnesses: witness, iof, banks: bank, assignment } as const;

  it.each(forms)('$name: the dialog asks every field the contract takes, once, and every header and label is in both languages', ({ form, input: schema }) => {
    const names = form.fields(t).map((d) => d.name as string);
    expect([...names].sort()).toEqual(Object.keys(schema.shape).sort());
    expect(new Set(names).size).toBe(names.length);
    const keys = form.columns.map((c) => c.title);
    for (const locale of ['pt-BR', 'en'] as const) expect(keys.filter((k) => !catalogueHas(locale, k)), locale).toEqual([]);
  });

  it.each(forms)('$name: the schema sends what the hand-written rules sent (empty form, a row, blanks and commas)', ({ name, form, input: schema, rules }) => {
    const before = formSchema(schema, rules);
    const values = form.toValues(rows[name] as never) as Record<string, unknown>;
    const blanks = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? '  ' : v]));
    for (const typed of [form.empty, values, blanks, { ...values, daily_percent: '0,0082', additional_percent: ' 0,38 ' }]) {
      const now = form.schema.safeParse(typed);
      const then = before.safeParse(typed);
      expect(now.success).toBe(then.success);
      expect(now.data).toEqual(then.data);
      expect(now.error?.issues.map((i) => i.path.join('.'))).toEqual(then.error?.issues.map((i) => i.path.join('.')));
    }
  });
});

/* ---------- the borrower's bank accounts (BorrowerPanels' BankAccountsTab wrote each field twice by hand) ---------- */

describe("the borrower's bank accounts, one field list", () => {
  const account: BorrowerBankAccount = {
    id: 7,
    borrower_id: 3,
    bank_code: '001',
    bank_name: 'Banco do Brasil',
    agency: '1234',
    agency_digit: null,
    account: '98765',
    account_digit: '0',
    account_type: 'savings',
    pix_key: null,
    is_payout: true,
  };
  const b = (key: string) => t(`borrowers.bank.fields.${key}`);

  it('the same table: the bank by code and name, agency and account with their digits, the type in words, the payout flag with its test id', () => {
    expect(borrowerBankForm.columns.map(shapeOf)).toEqual([
      { id: 'bank', title: 'borrowers.bank.fields.bank_name', width: 200, kind: 'text' },
      { id: 'agency', title: 'borrowers.bank.fields.agency', width: 90, kind: 'identifier' },
      { id: 'account', title: 'borrowers.bank.fields.account', width: 120, kind: 'identifier' },
      { id: 'type', title: 'borrowers.bank.fields.account_type', width: 110, kind: 'text' },
      { id: 'pix', title: 'borrowers.bank.fields.pix_key', width: 160, kind: 'text' },
      { id: 'payout', title: 'borrowers.bank.fields.payout', width: 120, kind: 'boolean' },
    ]);
    expect(textsOf(borrowerBankForm.columns, account)).toEqual(['001 · Banco do Brasil', '1234', '98765-0', t('borrowers.bank.types.savings'), '', yes]);
    expect(textsOf(borrowerBankForm.columns, { ...account, agency_digit: '7', account_digit: null, pix_key: 'a@b.co' })).toEqual([
      '001 · Banco do Brasil',
      '1234-7',
      '98765',
      t('borrowers.bank.types.savings'),
      'a@b.co',
      yes,
    ]);
    expect(borrowerBankForm.columns[5].testId?.(account)).toBe('borrower-bank-payout-7');
    expect(t('borrowers.bank.fields.payout')).toBe('Conta de liberação');
    const keys = borrowerBankForm.columns.map((c) => c.title);
    for (const locale of ['pt-BR', 'en'] as const) expect(keys.filter((k) => !catalogueHas(locale, k)), locale).toEqual([]);
  });

  it('the same dialog, empty form and row values', () => {
    const types: Record<string, string> = { account_type: 'select', is_payout: 'switch' };
    const names = ['bank_code', 'bank_name', 'agency', 'agency_digit', 'account', 'account_digit', 'account_type', 'pix_key', 'is_payout'];
    const options = { account_type: BANK_ACCOUNT_TYPES.map((v) => `${v}:${t(`borrowers.bank.types.${v}`)}`) };
    expect(dialogOf(borrowerBankForm)).toEqual(
      names.map((name) => ({ name, type: types[name] ?? 'text', label: b(name), hint: undefined, options: options[name as keyof typeof options] })),
    );
    expect(borrowerBankForm.empty).toEqual({
      bank_code: '',
      bank_name: '',
      agency: '',
      agency_digit: '',
      account: '',
      account_digit: '',
      account_type: 'checking',
      pix_key: '',
      is_payout: false,
    });
    expect(borrowerBankForm.toValues(account)).toEqual({
      bank_code: '001',
      bank_name: 'Banco do Brasil',
      agency: '1234',
      agency_digit: '',
      account: '98765',
      account_digit: '0',
      account_type: 'savings',
      pix_key: '',
      is_payout: true,
    });
  });

  it('the schema sends what the hand-written rules sent (empty form, a row, blanks)', () => {
    const input = contract['borrowers.createBank'].args.omit({ borrower_id: true });
    const before = formSchema(input, { nullIfEmpty: ['agency_digit', 'account_digit', 'pix_key'] });
    const values = borrowerBankForm.toValues(account) as Record<string, unknown>;
    const blanks = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? '  ' : v]));
    for (const typed of [borrowerBankForm.empty, values, blanks, { ...values, agency_digit: 'X', pix_key: '  ' }]) {
      const now = borrowerBankForm.schema.safeParse(typed);
      const then = before.safeParse(typed);
      expect(now.success).toBe(then.success);
      expect(now.data).toEqual(then.data);
      expect(now.error?.issues.map((i) => i.path.join('.'))).toEqual(then.error?.issues.map((i) => i.path.join('.')));
    }
  });
});
