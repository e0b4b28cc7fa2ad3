/** The cession tab's totals and confirmations add up in whole cents. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { translate } from '../../../src/shared/i18n';
import type { AssignableInstallment, CessionQuote, ReversibleList } from '../../../src/shared/contract/servicing-cession';
import { quoteRows, reverseRows, selectedFace } from '../../../src/renderer/src/screens/servicing/cession/model';

const t = (key: string, vars?: Record<string, unknown>) => translate('pt-BR', key, vars as Record<string, string | number> | undefined);
const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

const installment = (id: number, face: number): AssignableInstallment => ({
  id,
  credit_operation_id: 1,
  number: id,
  due_date: '2026-03-15',
  status: 'open',
  days_late: 0,
  value: cents(face),
  face_value: cents(face),
  open_principal: cents(face),
  borrower_name: 'Ana',
  borrower_document: '529.982.247-25',
  product: 'working_capital',
});

describe('cession tab model', () => {
  it('sums the face value of what is selected, exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100_000_000 }), { minLength: 1, maxLength: 40 }), fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), (faces, picks) => {
        const rows = faces.map((f, k) => installment(k + 1, f));
        const selected = new Set(rows.filter((_, k) => picks[k]).map((r) => r.id));
        const expected = faces.reduce((s, f, k) => s + (picks[k] ? f : 0), 0);
        expect(selectedFace(rows, selected)).toBe(cents(expected));
      }),
      { seed: 2027, numRuns: 100 },
    );
  });
  it('states each price and the totals the server quoted', () => {
    const quote: CessionQuote = {
      date: '2026-02-01',
      installments: [
        { id: 7, credit_operation_id: 1, number: 2, due_date: '2026-03-15', days: 42, face_value: '300.00', price: '293.82', discount: '6.18', carrying: '250.00', result: '43.82' },
      ],
      face_value: '300.00',
      price: '293.82',
      discount: '6.18',
      carrying: '250.00',
      result: '43.82',
      needs_approval: false,
      approval_above: '50000.00',
    };
    const rows = quoteRows(quote, t);
    // The totals first, above the installments' lines.
    expect(rows.map((r) => [r.id, r.amount])).toEqual([
      ['face', '300.00'],
      ['price', '293.82'],
      ['carrying', '250.00'],
      ['result', '43.82'],
      ['installment-7', '293.82'],
    ]);
    expect(rows[4].label).toContain('Parcela 2');
  });
  it('states the price undone of the selected assigned installments and their sum', () => {
    const list: ReversibleList = {
      credit_operation_id: 1,
      as_of: '2026-03-10',
      installments: [10, 11, 12].map((id) => ({
        id,
        number: id,
        due_date: '2026-04-15',
        status: 'assigned' as const,
        cession_id: 1,
        cession_number: 1,
        cession_date: '2026-02-01',
        assignee_name: 'Fundo',
        face_value: '300.00',
        price: '290.01',
        carrying: '250.00',
        blocked: null,
        pending_reversal_id: null,
      })),
    };
    const rows = reverseRows(list, new Set([10, 12]), t);
    expect(rows.map((r) => r.amount)).toEqual(['290.01', '290.01', '580.02']);
  });
});
