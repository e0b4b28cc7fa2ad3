/**
 * The borrower's sub-record kinds are declared once per field: the table's
 * columns, the dialog's fields, the empty form, the row's form values and
 * the form-text rules all come from one field list and the contract's input
 * schema, so a field added to the contract and to the list reaches every one
 * of them and a field the contract does not know is caught here.
 */
import { catalogueHas } from '../../helpers/catalogue';
import { describe, expect, it } from 'vitest';
import { BORROWER_RECORD_KINDS, BORROWER_RECORD_KIND_NAMES, type BorrowerRecord } from '../../../src/shared/contract/borrowers';
import { translate } from '../../../src/shared/i18n';
import { cellText } from '../../../src/renderer/src/components/list/columns';
import { choicesOf, RECORD_KINDS, recordSchema } from '../../../src/renderer/src/screens/borrowers/recordKinds';

const t = (key: string, vars?: Record<string, unknown>) => translate('pt-BR', key, vars as Record<string, string | number> | undefined);


const base = { id: 7, borrower_id: 3, created_at: '2026-01-05T10:00:00Z' };

describe('record kinds derived from one field list', () => {
  it.each(BORROWER_RECORD_KIND_NAMES)('%s: the dialog asks every field the contract takes, once, and the empty form has each of them', (kind) => {
    const inputNames = Object.keys(BORROWER_RECORD_KINDS[kind].input.shape).sort();
    const decl = RECORD_KINDS[kind];
    const fieldNames = decl.fields(t).map((f) => f.name);
    expect([...fieldNames].sort()).toEqual(inputNames);
    expect(new Set(fieldNames).size).toBe(fieldNames.length);
    expect(Object.keys(decl.empty).sort()).toEqual(inputNames);
  });

  it.each(BORROWER_RECORD_KIND_NAMES)('%s: every header and label exists in both languages', (kind) => {
    const decl = RECORD_KINDS[kind];
    const keys = decl.columns.map((c) => c.title);
    for (const locale of ['pt-BR', 'en'] as const) {
      const missing = keys.filter((k) => !catalogueHas(locale, k));
      expect(missing, locale).toEqual([]);
    }
    for (const field of decl.fields(t)) expect(field.label, field.name).not.toMatch(/^borrowers\./);
  });

  it("the shareholder's share is declared once and reaches the column, the input, the empty form and the form values", () => {
    const decl = RECORD_KINDS.shareholder;
    const column = decl.columns.find((c) => c.id === 'share_percent');
    expect(column?.title).toBe('borrowers.recordFields.share_percent');
    expect(decl.fields(t).find((f) => f.name === 'share_percent')).toMatchObject({ type: 'percentage', label: t('borrowers.recordFields.share_percent') });
    expect(decl.empty).toEqual({ name: '', document: '', share_percent: '', position: '', email: '', phone: '', signs_as_guarantor: false });
    const row: BorrowerRecord<'shareholder'> = {
      ...base,
      name: 'Maria',
      document: '529.982.247-25',
      share_percent: '37.5000',
      position: null,
      email: 'maria@demo.local',
      phone: null,
      signs_as_guarantor: true,
    };
    expect(decl.toValues(row)).toEqual({ name: 'Maria', document: '529.982.247-25', share_percent: '37,5', position: '', email: 'maria@demo.local', phone: '', signs_as_guarantor: true });
    expect(cellText(column!, row, t)).toBe('37,50%');
    expect(decl.columns.map((c) => c.id)).toEqual(['name', 'document', 'share_percent', 'position', 'signs_as_guarantor']);
  });

  it("reads the form's text as the contract wants it: a comma rate gets its dot, an empty optional field is null", () => {
    const parsed = recordSchema('shareholder').safeParse({ name: 'Maria', document: '529.982.247-25', share_percent: '37,5', position: '', email: '', phone: ' ', signs_as_guarantor: false });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ share_percent: '37.5', position: null, email: null, phone: null });
    const product = recordSchema('product').safeParse({ name: 'Bolo', description: '', average_price: '', revenue_share_percent: '' });
    expect(product.data).toMatchObject({ description: null, average_price: null, revenue_share_percent: null });
    // A required field stays required: empty is refused, not turned into null.
    expect(recordSchema('attorney').safeParse({ name: 'Ana', cpf: '529.982.247-25', email: '', phone: '', powers: '', valid_until: '' }).success).toBe(false);
  });

  it("offers a choice's options as the contract lists them, the first one the empty form's", () => {
    const guarantee = RECORD_KINDS.securedguarantee;
    const options = guarantee.fields(t).find((f) => f.name === 'kind')?.options?.map((o) => o.value);
    expect(options).toEqual(BORROWER_RECORD_KINDS.securedguarantee.input.shape.kind.options);
    expect(guarantee.empty.kind).toBe(choicesOf('securedguarantee', 'kind')[0]);
    expect(RECORD_KINDS.revenue.empty.source).toBe('declared');
    expect(guarantee.columns.map((c) => c.id)).toEqual(['kind', 'description', 'value', 'registry', 'file']);
  });

  it('shows a revenue month as MM/YYYY with its test id, and names it in the removal question', () => {
    const revenue = RECORD_KINDS.revenue;
    const row: BorrowerRecord<'revenue'> = { ...base, reference_month: '2026-09', amount: '45000.50', source: 'invoices' };
    const month = revenue.columns[0];
    expect(cellText(month, row, t)).toBe('09/2026');
    expect(month.testId?.(row)).toBe('revenue-month-7');
    expect(cellText(revenue.columns[2], row, t)).toBe(t('borrowers.revenueSources.invoices'));
    expect(revenue.describe(row, t)).toBe('09/2026');
  });
});
