/**
 * The borrower's six sub-record kinds as screen declarations, one per kind of
 * the contract's BORROWER_RECORD_KINDS. Each kind lists its fields once (name,
 * kind, label, and the column width when the table shows it); the kit's
 * recordForm derives the table's columns, the dialog's fields, the empty
 * form, how a row becomes form values and the form-text rules from that list
 * and from the kind's input schema in the contract. BorrowerRecordsTab draws
 * any kind.
 */
import { z } from 'zod';
import { BORROWER_RECORD_KINDS, type BorrowerRecord, type BorrowerRecordKind } from '@shared/contract/borrowers';
import { choicesOf as choicesOfInput, monthText, recordForm, type RecordField as KitField, type RecordForm } from '@kit/form/recordFields';
import type { ColumnDecl, Translate } from '@kit/list/columns';

type KindInput<K extends BorrowerRecordKind> = (typeof BORROWER_RECORD_KINDS)[K]['input'];
export type RecordValues<K extends BorrowerRecordKind> = z.input<KindInput<K>>;
export type RecordSchema<K extends BorrowerRecordKind> = z.ZodType<z.output<KindInput<K>>, RecordValues<K>>;
export type RecordField<K extends BorrowerRecordKind> = KitField<RecordValues<K>, BorrowerRecord<K>>;

interface KindSpec<K extends BorrowerRecordKind> {
  fields: readonly RecordField<K>[];
  /** columns that are not input fields (what the server adds to the row) */
  extraColumns?: readonly ColumnDecl<BorrowerRecord<K>>[];
  /** the words the removal question names ({{name}}) */
  describe(row: BorrowerRecord<K>, t: Translate): string;
}

/** A kind's record form (columns, dialog fields, empty form, row values, schema) and how its removal names a row. */
export interface RecordKindDecl<K extends BorrowerRecordKind> extends RecordForm<KindInput<K>, BorrowerRecord<K>> {
  describe(row: BorrowerRecord<K>, t: Translate): string;
}

const F = (key: string) => `borrowers.recordFields.${key}`;

/** The options of a choice, as the contract's enum lists them. */
export function choicesOf(kind: BorrowerRecordKind, name: string): readonly string[] {
  return choicesOfInput(BORROWER_RECORD_KINDS[kind].input, name);
}

/** One kind's declaration, derived from its field list. */
function recordKind<K extends BorrowerRecordKind>(kind: K, spec: KindSpec<K>): RecordKindDecl<K> {
  const form = recordForm<KindInput<K>, BorrowerRecord<K>>(BORROWER_RECORD_KINDS[kind].input, 'borrowers.recordFields', spec.fields, spec.extraColumns);
  return { ...form, describe: spec.describe };
}

const SPECS: { [K in BorrowerRecordKind]: KindSpec<K> } = {
  shareholder: {
    fields: [
      { name: 'name', kind: 'text', column: 220 },
      { name: 'document', kind: 'document', column: 160 },
      { name: 'share_percent', kind: 'percent', column: 110 },
      { name: 'position', kind: 'text', column: 140 },
      { name: 'email', kind: 'email' },
      { name: 'phone', kind: 'text' },
      { name: 'signs_as_guarantor', kind: 'switch', column: 110 },
    ],
    describe: (r) => r.name,
  },
  attorney: {
    fields: [
      { name: 'name', kind: 'text', column: 200 },
      { name: 'cpf', kind: 'document', column: 140 },
      { name: 'email', kind: 'email' },
      { name: 'phone', kind: 'text' },
      { name: 'powers', kind: 'textarea', rows: 3, column: 280 },
      { name: 'valid_until', kind: 'date', column: 110 },
    ],
    describe: (r) => r.name,
  },
  jointdebtor: {
    fields: [
      { name: 'name', kind: 'text', column: 200 },
      { name: 'document', kind: 'document', column: 160 },
      { name: 'relationship', kind: 'text', column: 160 },
      { name: 'email', kind: 'email' },
      { name: 'phone', kind: 'text' },
      { name: 'address', kind: 'text' },
      { name: 'monthly_income', kind: 'money', column: 130 },
    ],
    describe: (r) => r.name,
  },
  product: {
    fields: [
      { name: 'name', kind: 'text', label: 'product_name', column: 220 },
      { name: 'description', kind: 'textarea', rows: 3, column: 260 },
      { name: 'average_price', kind: 'money', column: 130 },
      { name: 'revenue_share_percent', kind: 'percent', column: 130 },
    ],
    describe: (r) => r.name,
  },
  revenue: {
    fields: [
      { name: 'reference_month', kind: 'month', column: 120, cellTestId: 'revenue-month' },
      { name: 'amount', kind: 'money', column: 150 },
      { name: 'source', kind: 'choice', words: 'borrowers.revenueSources', column: 180 },
    ],
    describe: (r) => monthText(r.reference_month),
  },
  securedguarantee: {
    fields: [
      { name: 'kind', kind: 'choice', words: 'borrowers.guaranteeKinds', column: 130 },
      { name: 'description', kind: 'textarea', rows: 3, column: 240 },
      { name: 'value', kind: 'money', column: 130 },
      { name: 'registry', kind: 'text', column: 160 },
    ],
    extraColumns: [
      {
        id: 'file',
        title: F('file'),
        width: 150,
        text: (r, t) => r.file_name ?? t('borrowers.guarantee.noFile'),
        testId: (r) => `guarantee-file-${r.id}`,
      },
    ],
    describe: (r) => r.description,
  },
};

export const RECORD_KINDS = Object.fromEntries(
  (Object.keys(SPECS) as BorrowerRecordKind[]).map((kind) => [kind, recordKind(kind, SPECS[kind] as KindSpec<typeof kind>)]),
) as { [K in BorrowerRecordKind]: RecordKindDecl<K> };

/** The dialog's schema of a kind: the contract's input behind the form-text normalisation. */
export function recordSchema<K extends BorrowerRecordKind>(kind: K): RecordSchema<K> {
  return (RECORD_KINDS[kind] as RecordKindDecl<K>).schema;
}
