/**
 * The borrower's six sub-record kinds as screen declarations, one per kind of
 * the contract's BORROWER_RECORD_KINDS: the table's columns, the dialog's
 * fields over the kind's input schema (rates typed with a comma get the dot,
 * empty optional fields become null), how a row becomes form values and what
 * the removal question names. BorrowerRecordsTab draws any of them.
 */
import type { z } from 'zod';
import { BORROWER_RECORD_KINDS, type BorrowerRecord, type BorrowerRecordKind } from '../../../../shared/contract/borrowers';
import type { FieldDecl } from '../../components/form/FieldInput';
import type { ColumnDecl, Translate } from '../../components/list/columns';
import { formSchema, rateText, type FormTextRules } from '../../components/form/formSchema';

const RULES: Record<BorrowerRecordKind, FormTextRules> = {
  shareholder: { percents: ['share_percent'], nullIfEmpty: ['email', 'position', 'phone'] },
  attorney: { nullIfEmpty: ['email', 'phone', 'valid_until'] },
  jointdebtor: { nullIfEmpty: ['email', 'phone', 'address', 'monthly_income'] },
  product: { percents: ['revenue_share_percent'], nullIfEmpty: ['description', 'average_price', 'revenue_share_percent'] },
  revenue: {},
  securedguarantee: { nullIfEmpty: ['registry'] },
};

type KindInput<K extends BorrowerRecordKind> = (typeof BORROWER_RECORD_KINDS)[K]['input'];
export type RecordValues<K extends BorrowerRecordKind> = z.input<KindInput<K>>;
export type RecordSchema<K extends BorrowerRecordKind> = z.ZodType<z.output<KindInput<K>>, RecordValues<K>>;

/** The dialog's schema of a kind: the contract's input behind the form-text normalisation. */
export function recordSchema<K extends BorrowerRecordKind>(kind: K): RecordSchema<K> {
  return formSchema(BORROWER_RECORD_KINDS[kind].input, RULES[kind]) as unknown as RecordSchema<K>;
}

export interface RecordKindDecl<K extends BorrowerRecordKind> {
  columns: readonly ColumnDecl<BorrowerRecord<K>>[];
  fields(t: Translate): FieldDecl<RecordValues<K>>[];
  empty: RecordValues<K>;
  toValues(row: BorrowerRecord<K>): RecordValues<K>;
  /** the words the removal question names ({{name}}) */
  describe(row: BorrowerRecord<K>, t: Translate): string;
}

const text = (v: string | null | undefined) => v ?? '';
const rate = (v: string | null) => (v ? `${rateText(v)}%` : '');
const f = (t: Translate, key: string) => t(`borrowers.recordFields.${key}`);
const F = (key: string) => `borrowers.recordFields.${key}`;

/** 'YYYY-MM' as 'MM/YYYY', by text (no date object). */
export function monthText(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  return m ? `${m[2]}/${m[1]}` : month;
}

const REVENUE_SOURCES = ['declared', 'bank_statement', 'invoices', 'tax_return'] as const;
const GUARANTEE_KINDS = ['vehicle', 'property', 'equipment', 'receivables', 'investment', 'other'] as const;

export const RECORD_KINDS: { [K in BorrowerRecordKind]: RecordKindDecl<K> } = {
  shareholder: {
    columns: [
      { id: 'name', title: F('name'), width: 220, field: 'name' },
      { id: 'document', title: F('document'), width: 160, kind: 'document', field: 'document' },
      { id: 'share', title: F('share_percent'), width: 110, kind: 'integer', text: (r) => rate(r.share_percent) },
      { id: 'position', title: F('position'), width: 140, field: 'position' },
      { id: 'guarantor', title: F('signs_as_guarantor'), width: 110, kind: 'boolean', field: 'signs_as_guarantor' },
    ],
    fields: (t) => [
      { name: 'name', type: 'text', label: f(t, 'name') },
      { name: 'document', type: 'text', label: f(t, 'document') },
      { name: 'share_percent', type: 'percentage', label: f(t, 'share_percent') },
      { name: 'position', type: 'text', label: f(t, 'position') },
      { name: 'email', type: 'email', label: f(t, 'email') },
      { name: 'phone', type: 'text', label: f(t, 'phone') },
      { name: 'signs_as_guarantor', type: 'switch', label: f(t, 'signs_as_guarantor') },
    ],
    empty: { name: '', document: '', share_percent: '', position: '', email: '', phone: '', signs_as_guarantor: false },
    toValues: (r) => ({
      name: r.name,
      document: r.document,
      share_percent: rateText(r.share_percent),
      position: text(r.position),
      email: text(r.email),
      phone: text(r.phone),
      signs_as_guarantor: r.signs_as_guarantor,
    }),
    describe: (r) => r.name,
  },
  attorney: {
    columns: [
      { id: 'name', title: F('name'), width: 200, field: 'name' },
      { id: 'cpf', title: F('cpf'), width: 140, kind: 'document', field: 'cpf' },
      { id: 'powers', title: F('powers'), width: 280, field: 'powers' },
      { id: 'valid', title: F('valid_until'), width: 110, kind: 'date', field: 'valid_until' },
    ],
    fields: (t) => [
      { name: 'name', type: 'text', label: f(t, 'name') },
      { name: 'cpf', type: 'text', label: f(t, 'cpf') },
      { name: 'email', type: 'email', label: f(t, 'email') },
      { name: 'phone', type: 'text', label: f(t, 'phone') },
      { name: 'powers', type: 'textarea', label: f(t, 'powers'), rows: 3 },
      { name: 'valid_until', type: 'date', label: f(t, 'valid_until') },
    ],
    empty: { name: '', cpf: '', email: '', phone: '', powers: '', valid_until: '' },
    toValues: (r) => ({ name: r.name, cpf: r.cpf, email: text(r.email), phone: text(r.phone), powers: r.powers, valid_until: text(r.valid_until) }),
    describe: (r) => r.name,
  },
  jointdebtor: {
    columns: [
      { id: 'name', title: F('name'), width: 200, field: 'name' },
      { id: 'document', title: F('document'), width: 160, kind: 'document', field: 'document' },
      { id: 'relationship', title: F('relationship'), width: 160, field: 'relationship' },
      { id: 'income', title: F('monthly_income'), width: 130, kind: 'money', field: 'monthly_income' },
    ],
    fields: (t) => [
      { name: 'name', type: 'text', label: f(t, 'name') },
      { name: 'document', type: 'text', label: f(t, 'document') },
      { name: 'relationship', type: 'text', label: f(t, 'relationship') },
      { name: 'email', type: 'email', label: f(t, 'email') },
      { name: 'phone', type: 'text', label: f(t, 'phone') },
      { name: 'address', type: 'text', label: f(t, 'address') },
      { name: 'monthly_income', type: 'money', label: f(t, 'monthly_income') },
    ],
    empty: { name: '', document: '', relationship: '', email: '', phone: '', address: '', monthly_income: '' },
    toValues: (r) => ({
      name: r.name,
      document: r.document,
      relationship: r.relationship,
      email: text(r.email),
      phone: text(r.phone),
      address: text(r.address),
      monthly_income: text(r.monthly_income),
    }),
    describe: (r) => r.name,
  },
  product: {
    columns: [
      { id: 'name', title: F('product_name'), width: 220, field: 'name' },
      { id: 'description', title: F('description'), width: 260, field: 'description' },
      { id: 'price', title: F('average_price'), width: 130, kind: 'money', field: 'average_price' },
      { id: 'share', title: F('revenue_share_percent'), width: 130, kind: 'integer', text: (r) => rate(r.revenue_share_percent) },
    ],
    fields: (t) => [
      { name: 'name', type: 'text', label: f(t, 'product_name') },
      { name: 'description', type: 'textarea', label: f(t, 'description'), rows: 3 },
      { name: 'average_price', type: 'money', label: f(t, 'average_price') },
      { name: 'revenue_share_percent', type: 'percentage', label: f(t, 'revenue_share_percent') },
    ],
    empty: { name: '', description: '', average_price: '', revenue_share_percent: '' },
    toValues: (r) => ({
      name: r.name,
      description: text(r.description),
      average_price: text(r.average_price),
      revenue_share_percent: rateText(r.revenue_share_percent),
    }),
    describe: (r) => r.name,
  },
  revenue: {
    columns: [
      { id: 'month', title: F('reference_month'), width: 120, kind: 'date', text: (r) => monthText(r.reference_month), testId: (r) => `revenue-month-${r.id}` },
      { id: 'amount', title: F('amount'), width: 150, kind: 'money', field: 'amount' },
      { id: 'source', title: F('source'), width: 180, text: (r, t) => t(`borrowers.revenueSources.${r.source}`) },
    ],
    fields: (t) => [
      { name: 'reference_month', type: 'text', label: f(t, 'reference_month') },
      { name: 'amount', type: 'money', label: f(t, 'amount') },
      { name: 'source', type: 'select', label: f(t, 'source'), options: REVENUE_SOURCES.map((s) => ({ value: s, label: t(`borrowers.revenueSources.${s}`) })) },
    ],
    empty: { reference_month: '', amount: '', source: 'declared' },
    toValues: (r) => ({ reference_month: r.reference_month, amount: r.amount, source: r.source }),
    describe: (r) => monthText(r.reference_month),
  },
  securedguarantee: {
    columns: [
      { id: 'kind', title: F('kind'), width: 130, text: (r, t) => t(`borrowers.guaranteeKinds.${r.kind}`) },
      { id: 'description', title: F('description'), width: 240, field: 'description' },
      { id: 'value', title: F('value'), width: 130, kind: 'money', field: 'value' },
      { id: 'registry', title: F('registry'), width: 160, field: 'registry' },
      {
        id: 'file',
        title: F('file'),
        width: 150,
        text: (r, t) => r.file_name ?? t('borrowers.guarantee.noFile'),
        testId: (r) => `guarantee-file-${r.id}`,
      },
    ],
    fields: (t) => [
      { name: 'kind', type: 'select', label: f(t, 'kind'), options: GUARANTEE_KINDS.map((k) => ({ value: k, label: t(`borrowers.guaranteeKinds.${k}`) })) },
      { name: 'description', type: 'textarea', label: f(t, 'description'), rows: 3 },
      { name: 'value', type: 'money', label: f(t, 'value') },
      { name: 'registry', type: 'text', label: f(t, 'registry') },
    ],
    empty: { kind: 'vehicle', description: '', value: '', registry: '' },
    toValues: (r) => ({ kind: r.kind, description: r.description, value: r.value, registry: text(r.registry) }),
    describe: (r) => r.description,
  },
};
