import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { INSTALLMENT_STATUSES } from '../../../src/shared/installment-status';
import { translate } from '../../../src/shared/i18n';
import {
  accountText,
  badgeIntent,
  badgeKeys,
  badgeValue,
  canReverse,
  dateParam,
  disbursementBody,
  idParam,
  isPayable,
  journalRows,
  journalTotals,
  openAfter,
  parcelsPath,
  paymentsPath,
  paysInFull,
  postingTotals,
  transactionState,
} from '../../../src/renderer/src/screens/servicing/model';

describe('servicing screens: how an installment reads', () => {
  it('says every status in words in both languages, and overdue besides the status, in red', () => {
    for (const status of INSTALLMENT_STATUSES) {
      for (const overdue of [false, true]) {
        const keys = badgeKeys({ status, overdue });
        for (const locale of ['pt-BR', 'en'] as const) {
          for (const key of keys) expect(translate(locale, key), `${locale} ${key}`).not.toBe(key);
        }
        expect(keys).toHaveLength(overdue ? 2 : 1);
        if (overdue) expect(badgeIntent(badgeValue({ status, overdue }))).toBe('danger');
      }
    }
    expect(badgeIntent(badgeValue({ status: 'paid', overdue: false }))).toBe('success');
    expect(badgeIntent(badgeValue({ status: 'partially_paid', overdue: false }))).toBe('warning');
    expect(badgeIntent('anything else')).toBe('none');
  });

  it('takes payments only while something is open', () => {
    expect(isPayable({ due_total: '0.00', status: 'open' })).toBe(false);
    expect(isPayable({ due_total: '0.01', status: 'open' })).toBe(true);
    // Open amounts stay on view, but a written-off or renegotiated installment takes no payment.
    expect(isPayable({ due_total: '10.00', status: 'written_off' })).toBe(false);
    expect(isPayable({ due_total: '10.00', status: 'renegotiated' })).toBe(false);
  });
});

describe('servicing screens: addresses', () => {
  it('builds the spec routes and reads their parameters', () => {
    expect(parcelsPath(7, 42)).toBe('/app/clientOperation/parcels/7/42');
    expect(parcelsPath(7, 42, '2026-03-31')).toBe('/app/clientOperation/parcels/7/42?date=2026-03-31');
    expect(paymentsPath(901, 42)).toBe('/app/clientOperation/payments/901/42');
    expect(idParam('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-1', '1.5', 'abc', '1234567890']) expect(idParam(bad), String(bad)).toBeNull();
    expect(dateParam('2024-02-29')).toBe('2024-02-29');
    for (const bad of [null, '', '2023-02-29', '31/12/2026', '2026-13-01']) expect(dateParam(bad), String(bad)).toBeNull();
  });
});

describe('servicing screens: the disbursement body (spec: empty values are sent as null)', () => {
  it('turns empty and falsy values into null and keeps the rest', () => {
    expect(disbursementBody({ method: '', bank_account_id: '', transfer_reference: '   ' })).toEqual({ method: null, bank_account_id: null, transfer_reference: null });
    expect(disbursementBody({ method: 'pix', bank_account_id: null, transfer_reference: undefined })).toEqual({ method: 'pix', bank_account_id: null, transfer_reference: null });
    expect(disbursementBody({ method: 'ted', bank_account_id: 0, transfer_reference: null })).toEqual({ method: 'ted', bank_account_id: null, transfer_reference: null });
    expect(disbursementBody({ method: 'ted', bank_account_id: '15', transfer_reference: ' E123 ' })).toEqual({ method: 'ted', bank_account_id: 15, transfer_reference: 'E123' });
    expect(disbursementBody({ method: 'pix', bank_account_id: 9, transfer_reference: 'x' }).bank_account_id).toBe(9);
  });

  it('writes an account whole, with its digits', () => {
    const words = { agency: 'ag.', account: 'c/c' };
    expect(accountText({ bank_code: '001', bank_name: 'Banco do Brasil', agency: '1234', agency_digit: '5', account: '10001', account_digit: '2' }, words)).toBe(
      '001 Banco do Brasil · ag. 1234-5 · c/c 10001-2',
    );
    expect(accountText({ bank_code: '341', bank_name: 'Itaú', agency: '0001', agency_digit: null, account: '12345', account_digit: null }, words)).toBe('341 Itaú · ag. 0001 · c/c 12345');
  });
});

describe('servicing screens: a payment against what is due', () => {
  it('states what stays open, never below zero, by whole cents', () => {
    expect(openAfter('1234.56', '1000.00')).toBe('234.56');
    expect(openAfter('0.30', '0.10')).toBe('0.20');
    expect(openAfter('100.00', '150.00')).toBe('0.00');
    expect(paysInFull('100.00', '100.00')).toBe(true);
    expect(paysInFull('100.00', '99.99')).toBe(false);
    expect(paysInFull('0.00', '0.00')).toBe(false);
  });

  it('never loses a cent: paid plus open is the amount due (property, fixed seed)', () => {
    const cents = fc.bigInt({ min: 0n, max: 10n ** 12n });
    const text = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
    fc.assert(
      fc.property(cents, cents, (due, paid) => {
        fc.pre(paid <= due);
        const rest = openAfter(text(due), text(paid));
        expect(rest).toBe(text(due - paid));
      }),
      { seed: 20261126, numRuns: 300 },
    );
  });
});

describe('servicing screens: payments and reversals', () => {
  const base = { kind: 'payment' as const, reversed_by: null, reversal_request_id: null };
  it('marks a reversed payment, a pending reversal and the reversal entry; only a standing payment may be reversed', () => {
    expect(transactionState(base)).toBe('standing');
    expect(transactionState({ ...base, reversed_by: 9 })).toBe('reversed');
    expect(transactionState({ ...base, reversal_request_id: 3 })).toBe('reversal_pending');
    expect(transactionState({ kind: 'reversal', reversed_by: null, reversal_request_id: null })).toBe('reversal');
    expect(canReverse(base)).toBe(true);
    expect(canReverse({ ...base, reversed_by: 9 })).toBe(false);
    expect(canReverse({ ...base, reversal_request_id: 3 })).toBe(false);
    expect(canReverse({ kind: 'reversal', reversed_by: null, reversal_request_id: null })).toBe(false);
  });
});

describe('servicing screens: the journal', () => {
  const line = (side: 'debit' | 'credit', amount: string, account: 'bank' | 'loans_receivable' | 'interest_income' = 'bank') => ({
    account,
    code: '1.1',
    name: account,
    side,
    amount,
  });
  const posting = (id: number, lines: ReturnType<typeof line>[]) => ({
    posting_id: id,
    kind: 'payment' as const,
    business_date: '2026-03-10',
    transaction_id: id * 10,
    disbursement_id: null,
    created_at: '2026-03-10T12:00:00.000Z',
    lines,
  });

  it('sums debits and credits by whole cents and says whether they balance', () => {
    expect(postingTotals([line('debit', '0.10'), line('debit', '0.20'), line('credit', '0.30')])).toEqual({ debits: '0.30', credits: '0.30', balanced: true });
    expect(postingTotals([line('debit', '100.00'), line('credit', '99.99')]).balanced).toBe(false);
    const journal = { postings: [posting(1, [line('debit', '500.00', 'loans_receivable'), line('credit', '500.00')]), posting(2, [line('debit', '45.10'), line('credit', '40.00', 'loans_receivable'), line('credit', '5.10', 'interest_income')])] };
    expect(journalTotals(journal)).toEqual({ debits: '545.10', credits: '545.10', balanced: true });
  });

  it('lays the postings out as lines, newest posting first, debit and credit in their own columns, the posting named once', () => {
    const rows = journalRows({ postings: [posting(4, [line('debit', '10.00'), line('credit', '10.00', 'loans_receivable')]), posting(5, [line('debit', '1.00'), line('credit', '1.00')])] });
    expect(rows.map((r) => [r.id, r.posting_id, r.first, r.debit, r.credit])).toEqual([
      [1, 5, true, '1.00', null],
      [2, 5, false, null, '1.00'],
      [3, 4, true, '10.00', null],
      [4, 4, false, null, '10.00'],
    ]);
  });

  it('puts a later business day first even when its posting was made earlier (a back-dated entry)', () => {
    const dated = (id: number, day: string) => ({ ...posting(id, [line('debit', '1.00'), line('credit', '1.00')]), business_date: day });
    const rows = journalRows({ postings: [dated(7, '2026-03-10'), dated(8, '2026-02-01'), dated(9, '2026-03-10')] });
    expect(rows.filter((r) => r.first).map((r) => r.posting_id)).toEqual([9, 7, 8]);
  });
});
