/**
 * A short list of sub-records (a borrower's shareholders, the company's
 * representatives, IOF periods and accounts) declared from one field list:
 * each field is written once (name, kind, label, and its column when the
 * table shows it), and the table's columns, the dialog's fields, the empty
 * form, how a row becomes form values and the form-text rules are derived
 * from that list and from the contract's input schema. A field the schema
 * lets be null is sent as null when left empty, a percentage typed with a
 * comma gets the dot, a whole number typed as text becomes a number, and a
 * choice offers the schema's own options. RecordsPanel draws the result.
 */
import type { DefaultValues, Path } from 'react-hook-form';
import { z } from 'zod';
import { formatRate } from '@shared/format';
import type { FieldDecl, FieldType } from './FieldInput';
import { asText, formSchema, innerType, rateText, type FormTextRules } from './formSchema';
import type { CellKind, ColumnDecl, Translate } from '../list/columns';

/**
 * What a field holds, which decides its input, its cell and its empty value:
 * 'identifier' is a code people quote (an agency, a wallet) typed as text and
 * read whole; 'number' a whole number typed as text; 'month' is 'YYYY-MM'
 * typed as text and shown as MM/YYYY; 'choice' is one of the schema's enum
 * options, worded by `words`.
 */
export type RecordFieldKind =
  | 'text'
  | 'identifier'
  | 'document'
  | 'email'
  | 'textarea'
  | 'number'
  | 'percent'
  | 'money'
  | 'date'
  | 'month'
  | 'switch'
  | 'choice';

/** A field's column where it differs from what the field's kind gives. */
export interface RecordColumn<R> {
  /** relative width */
  width: number;
  /** the column's id when it is not the field's name (the table keeps chosen widths by id) */
  id?: string;
  /** key of the header under the labels' prefix; the field's label when absent */
  title?: string;
  /** how the cell is formatted when not as the field's kind */
  kind?: CellKind;
  /** the cell's text when computed (from this field and the ones beside it, e.g. an account and its digit) */
  text?(row: R, t: Translate): string;
}

export interface RecordField<V, R> {
  /** a field of the input (and of its rows) */
  name: keyof V & string;
  kind: RecordFieldKind;
  /** key of the label under the labels' prefix; the name when absent */
  label?: string;
  /** its column: the relative width, or the width with what differs; absent: the table does not show it */
  column?: number | RecordColumn<R>;
  /** a test id on the cell's content: `<cellTestId>-<row id>` */
  cellTestId?: string;
  /** i18n key of the text under the input */
  hint?: string;
  /** choice: i18n prefix of the options' words */
  words?: string;
  /** textarea: visible lines */
  rows?: number;
  /** the new record's value; by kind when absent ('' for text, false for a switch, a choice's first option) */
  empty?: string | number | boolean;
}

/** What RecordsPanel takes of a record form. */
export interface RecordFormParts<S extends z.ZodObject, R> {
  columns: readonly ColumnDecl<R>[];
  schema: RecordFormSchema<S>;
  fields: FieldDecl<z.input<S>>[];
  empty: DefaultValues<z.input<S>>;
  toValues(row: R): DefaultValues<z.input<S>>;
}

export type RecordFormSchema<S extends z.ZodObject> = z.ZodType<z.output<S>, z.input<S>>;

export interface RecordForm<S extends z.ZodObject, R> {
  columns: readonly ColumnDecl<R>[];
  fields(t: Translate): FieldDecl<z.input<S>>[];
  empty: z.input<S>;
  toValues(row: R): z.input<S>;
  /** the form-text rules derived from the fields and the schema */
  rules: FormTextRules;
  /** the dialog's schema: the contract's input behind the form-text rules */
  schema: RecordFormSchema<S>;
  /** the columns, schema, fields, empty form and row values, as RecordsPanel's declaration takes them */
  panel(t: Translate): RecordFormParts<S, R>;
}

/** 'YYYY-MM' as 'MM/YYYY', by text (no date object). */
export function monthText(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  return m ? `${m[2]}/${m[1]}` : month;
}

/** An agency or account with its check digit, when it has one: "1234-5". */
export const withDigit = (main: string, digit: string | null) => (digit ? `${main}-${digit}` : main);

const INPUT_TYPE: Record<RecordFieldKind, FieldType> = {
  text: 'text',
  identifier: 'text',
  document: 'text',
  email: 'email',
  textarea: 'textarea',
  number: 'number',
  percent: 'percentage',
  money: 'money',
  date: 'date',
  month: 'text',
  switch: 'switch',
  choice: 'select',
};

const CELL_KIND: Record<RecordFieldKind, CellKind | undefined> = {
  text: undefined,
  identifier: 'identifier',
  document: 'document',
  email: undefined,
  textarea: undefined,
  number: 'integer',
  // A share is read whole, like a count.
  percent: 'integer',
  money: 'money',
  date: 'date',
  month: 'date',
  switch: 'boolean',
  choice: undefined,
};

function shapeOf(input: z.ZodObject): Record<string, z.ZodType> {
  return input.shape as Record<string, z.ZodType>;
}

/** The options of a choice, as the contract's enum lists them (an optional or nullable enum too). */
export function choicesOf(input: z.ZodObject, name: string): readonly string[] {
  const field = shapeOf(input)[name];
  const schema = field && innerType(field);
  if (!(schema instanceof z.ZodEnum)) throw new Error(`${name} is not an enum in the contract`);
  return schema.options as readonly string[];
}

/** The form-text rules of a field list: its percentages, and every field the contract lets be null (sent as null when left empty). */
export function recordRules<V, R>(input: z.ZodObject, fields: readonly RecordField<V, R>[]): FormTextRules {
  const shape = shapeOf(input);
  return {
    percents: fields.filter((f) => f.kind === 'percent').map((f) => f.name),
    nullIfEmpty: Object.keys(shape).filter((name) => shape[name].safeParse(null).success),
  };
}

type Row = Record<string, unknown>;

function columnOf<V, R>(labels: string, f: RecordField<V, R>, column: number | RecordColumn<R>): ColumnDecl<R> {
  const spec: RecordColumn<R> = typeof column === 'number' ? { width: column } : column;
  const value = (r: R) => (r as Row)[f.name];
  const col: ColumnDecl<R> = { id: spec.id ?? f.name, title: `${labels}.${spec.title ?? f.label ?? f.name}`, width: spec.width, kind: spec.kind ?? CELL_KIND[f.kind] };
  if (spec.text) col.text = spec.text;
  else if (f.kind === 'percent') col.text = (r) => (value(r) ? formatRate(value(r) as string) : '');
  else if (f.kind === 'month') col.text = (r) => monthText(value(r) as string);
  else if (f.kind === 'choice') col.text = (r, t) => t(`${f.words}.${String(value(r))}`);
  // A field of the input is a field of the row too.
  else col.field = f.name as unknown as keyof R & string;
  if (f.cellTestId) col.testId = (r) => `${f.cellTestId}-${(r as Row).id}`;
  return col;
}

function inputOf<S extends z.ZodObject, R>(input: S, labels: string, f: RecordField<z.input<S>, R>, t: Translate): FieldDecl<z.input<S>> {
  // A top-level key of the values is one of their paths; TypeScript cannot see it through the generic input.
  const decl = { name: f.name as unknown as Path<z.input<S>>, type: INPUT_TYPE[f.kind], label: t(`${labels}.${f.label ?? f.name}`) } as FieldDecl<z.input<S>>;
  if (f.hint) decl.hint = t(f.hint);
  if (f.rows) decl.rows = f.rows;
  if (f.kind === 'choice') decl.options = choicesOf(input, f.name).map((value) => ({ value, label: t(`${f.words}.${value}`) }));
  return decl;
}

function emptyOf<V, R>(input: z.ZodObject, f: RecordField<V, R>): unknown {
  if (f.empty !== undefined) return f.empty;
  if (f.kind === 'switch') return false;
  if (f.kind === 'choice') return choicesOf(input, f.name)[0];
  return '';
}

/** A row as the form holds it: rates and whole numbers as typed ("2,5", "12"), nothing null (an empty field is ''). */
function formValueOf<V, R>(f: RecordField<V, R>, row: R): unknown {
  const v = (row as Row)[f.name];
  if (f.kind === 'percent') return rateText(v as string | null);
  if (f.kind === 'number') return asText(v as number | null);
  return v ?? '';
}

/**
 * A record form, derived from its field list and the contract's input.
 * @param input the contract's input of one record (what the dialog sends, without the ids the screen adds)
 * @param labels i18n prefix of the labels and headers
 * @param extraColumns columns that are not input fields (what the server adds to the row), after the fields'
 */
export function recordForm<S extends z.ZodObject, R>(
  input: S,
  labels: string,
  fields: readonly RecordField<z.input<S>, R>[],
  extraColumns: readonly ColumnDecl<R>[] = [],
): RecordForm<S, R> {
  const byField = (make: (f: RecordField<z.input<S>, R>) => unknown) => Object.fromEntries(fields.map((f) => [f.name, make(f)])) as z.input<S>;
  const rules = recordRules(input, fields);
  const form: RecordForm<S, R> = {
    columns: [...fields.flatMap((f) => (f.column === undefined ? [] : [columnOf(labels, f, f.column)])), ...extraColumns],
    fields: (t) => fields.map((f) => inputOf(input, labels, f, t)),
    empty: byField((f) => emptyOf(input, f)),
    toValues: (row) => byField((f) => formValueOf(f, row)),
    rules,
    schema: formSchema(input, rules) as RecordFormSchema<S>,
    // The values are whole, so they are default values too (TypeScript cannot see it through the generic input).
    panel: (t) => ({
      columns: form.columns,
      schema: form.schema,
      fields: form.fields(t),
      empty: form.empty as DefaultValues<z.input<S>>,
      toValues: (row) => form.toValues(row) as DefaultValues<z.input<S>>,
    }),
  };
  return form;
}
