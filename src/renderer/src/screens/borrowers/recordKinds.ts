/**
 * The borrower's six sub-record kinds as screen declarations, one per kind of
 * the contract's BORROWER_RECORD_KINDS. Each kind lists its fields once (name,
 * kind, label, and the column width when the table shows it); the table's
 * columns, the dialog's fields, the empty form, how a row becomes form values
 * and the form-text rules are derived from that list and from the kind's
 * input schema in the contract: a field the schema lets be null is sent as
 * null when left empty, a percentage typed with a comma gets the dot, and a
 * choice offers the schema's own options. BorrowerRecordsTab draws any kind.
 */
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import { BORROWER_RECORD_KINDS, type BorrowerRecord, type BorrowerRecordKind } from '@shared/contract/borrowers';
import type { FieldDecl, FieldType } from '@kit/form/FieldInput';
import { formSchema, rateText, type FormTextRules } from '@kit/form/formSchema';
import type { CellKind, ColumnDecl, Translate } from '@kit/list/columns';

type KindInput<K extends BorrowerRecordKind> = (typeof BORROWER_RECORD_KINDS)[K]['input'];
export type RecordValues<K extends BorrowerRecordKind> = z.input<KindInput<K>>;
export type RecordSchema<K extends BorrowerRecordKind> = z.ZodType<z.output<KindInput<K>>, RecordValues<K>>;

/**
 * What a field holds, which decides its input, its cell and its empty value:
 * 'month' is 'YYYY-MM' typed as text and shown as MM/YYYY; 'choice' is one of
 * the schema's enum options, worded by `words`.
 */
export type RecordFieldKind = 'text' | 'document' | 'email' | 'textarea' | 'percent' | 'money' | 'date' | 'month' | 'switch' | 'choice';

export interface RecordField<K extends BorrowerRecordKind> {
  /** a field of the kind's input (and of its rows) */
  name: keyof RecordValues<K> & string;
  kind: RecordFieldKind;
  /** key under borrowers.recordFields; the name when absent */
  label?: string;
  /** relative width of its column; absent: the table does not show it */
  column?: number;
  /** a test id on the cell's content: `<cellTestId>-<row id>` */
  cellTestId?: string;
  /** choice: i18n prefix of the options' words */
  words?: string;
  /** textarea: visible lines */
  rows?: number;
}

interface KindSpec<K extends BorrowerRecordKind> {
  fields: readonly RecordField<K>[];
  /** columns that are not input fields (what the server adds to the row) */
  extraColumns?: readonly ColumnDecl<BorrowerRecord<K>>[];
  /** the words the removal question names ({{name}}) */
  describe(row: BorrowerRecord<K>, t: Translate): string;
}

export interface RecordKindDecl<K extends BorrowerRecordKind> {
  columns: readonly ColumnDecl<BorrowerRecord<K>>[];
  fields(t: Translate): FieldDecl<RecordValues<K>>[];
  empty: RecordValues<K>;
  toValues(row: BorrowerRecord<K>): RecordValues<K>;
  /** the words the removal question names ({{name}}) */
  describe(row: BorrowerRecord<K>, t: Translate): string;
}

const F = (key: string) => `borrowers.recordFields.${key}`;

/** 'YYYY-MM' as 'MM/YYYY', by text (no date object). */
export function monthText(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  return m ? `${m[2]}/${m[1]}` : month;
}

const INPUT_TYPE: Record<RecordFieldKind, FieldType> = {
  text: 'text',
  document: 'text',
  email: 'email',
  textarea: 'textarea',
  percent: 'percentage',
  money: 'money',
  date: 'date',
  month: 'text',
  switch: 'switch',
  choice: 'select',
};

const CELL_KIND: Record<RecordFieldKind, CellKind | undefined> = {
  text: undefined,
  document: 'document',
  email: undefined,
  textarea: undefined,
  // A share is read whole, like a count.
  percent: 'integer',
  money: 'money',
  date: 'date',
  month: 'date',
  switch: 'boolean',
  choice: undefined,
};

function shapeOf(kind: BorrowerRecordKind): Record<string, z.ZodType> {
  return BORROWER_RECORD_KINDS[kind].input.shape as Record<string, z.ZodType>;
}

/** The options of a choice, as the contract's enum lists them. */
export function choicesOf(kind: BorrowerRecordKind, name: string): readonly string[] {
  const schema = shapeOf(kind)[name];
  if (!(schema instanceof z.ZodEnum)) throw new Error(`${kind}.${name} is not an enum in the contract`);
  return schema.options as readonly string[];
}

/** The form-text rules of a kind: its percentages, and every field the contract lets be null (sent as null when left empty). */
export function recordRules<K extends BorrowerRecordKind>(kind: K, fields: readonly RecordField<K>[]): FormTextRules {
  const shape = shapeOf(kind);
  return {
    percents: fields.filter((f) => f.kind === 'percent').map((f) => f.name),
    nullIfEmpty: Object.keys(shape).filter((name) => shape[name].safeParse(null).success),
  };
}

type Row = Record<string, unknown>;

function columnOf<K extends BorrowerRecordKind>(f: RecordField<K>, width: number): ColumnDecl<BorrowerRecord<K>> {
  const value = (r: BorrowerRecord<K>) => (r as unknown as Row)[f.name];
  const col: ColumnDecl<BorrowerRecord<K>> = { id: f.name, title: F(f.label ?? f.name), width, kind: CELL_KIND[f.kind] };
  if (f.kind === 'percent') col.text = (r) => (value(r) ? `${rateText(value(r) as string)}%` : '');
  else if (f.kind === 'month') col.text = (r) => monthText(value(r) as string);
  else if (f.kind === 'choice') col.text = (r, t) => t(`${f.words}.${String(value(r))}`);
  else col.field = f.name as keyof BorrowerRecord<K> & string;
  if (f.cellTestId) col.testId = (r) => `${f.cellTestId}-${r.id}`;
  return col;
}

function inputOf<K extends BorrowerRecordKind>(kind: K, f: RecordField<K>, t: Translate): FieldDecl<RecordValues<K>> {
  // A top-level key of the values is one of their paths; TypeScript cannot see it through the generic kind.
  const decl = { name: f.name as unknown as Path<RecordValues<K>>, type: INPUT_TYPE[f.kind], label: t(F(f.label ?? f.name)) } as FieldDecl<RecordValues<K>>;
  if (f.rows) decl.rows = f.rows;
  if (f.kind === 'choice') decl.options = choicesOf(kind, f.name).map((value) => ({ value, label: t(`${f.words}.${value}`) }));
  return decl;
}

function emptyOf<K extends BorrowerRecordKind>(kind: K, f: RecordField<K>): unknown {
  if (f.kind === 'switch') return false;
  if (f.kind === 'choice') return choicesOf(kind, f.name)[0];
  return '';
}

/** A row as the form holds it: rates as typed ("2,5"), nothing null (an empty field is ''). */
function formValueOf<K extends BorrowerRecordKind>(f: RecordField<K>, row: BorrowerRecord<K>): unknown {
  const v = (row as unknown as Row)[f.name];
  if (f.kind === 'percent') return rateText(v as string | null);
  return v ?? '';
}

/** One kind's declaration, derived from its field list. */
export function recordKind<K extends BorrowerRecordKind>(kind: K, spec: KindSpec<K>): RecordKindDecl<K> {
  const byField = (make: (f: RecordField<K>) => unknown) => Object.fromEntries(spec.fields.map((f) => [f.name, make(f)])) as RecordValues<K>;
  return {
    columns: [...spec.fields.flatMap((f) => (f.column === undefined ? [] : [columnOf(f, f.column)])), ...(spec.extraColumns ?? [])],
    fields: (t) => spec.fields.map((f) => inputOf(kind, f, t)),
    empty: byField((f) => emptyOf(kind, f)),
    toValues: (row) => byField((f) => formValueOf(f, row)),
    describe: spec.describe,
  };
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
  const spec = SPECS[kind] as KindSpec<K>;
  return formSchema(BORROWER_RECORD_KINDS[kind].input, recordRules(kind, spec.fields)) as unknown as RecordSchema<K>;
}
