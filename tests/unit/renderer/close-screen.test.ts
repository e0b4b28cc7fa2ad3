/** The monthly close's screen: months as MM/AAAA, the next month to close, the one that may be undone, and the inbox sending a close request to it. */
import { describe, expect, it } from 'vitest';
import type { CloseRecordView } from '../../../src/shared/contract/ledger-close';
import { latestClosed, monthText, nextMonthToClose, shiftMonth } from '../../../src/renderer/src/screens/books/close/CloseScreen';
import { decisionPath } from '../../../src/renderer/src/screens/approvals/ApprovalsInboxScreen';
import { findLeaf } from '../../../src/renderer/src/app/routes';
import { translate } from '../../../src/shared/i18n';

function record(month: string, status: CloseRecordView['status']): CloseRecordView {
  return {
    id: Number(month.replace('-', '')),
    month,
    as_of: `${month}-28`,
    business_date: `${month}-28`,
    status,
    operations: 1,
    balance: '100.00',
    allowance: '1.00',
    previous_allowance: '0.00',
    change: '1.00',
    posting_id: null,
    requested_by_name: 'A',
    approved_by_name: 'B',
    undone_by_name: null,
    undone_on: null,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

describe('the monthly close screen', () => {
  it('writes a month as MM/AAAA, never through a time zone', () => {
    expect(monthText('2026-03')).toBe('03/2026');
    expect(monthText('2025-12')).toBe('12/2025');
  });

  it('moves months across the year', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-05', -13)).toBe('2025-04');
  });

  it('opens on the month after the latest closed, else the month before the business date', () => {
    expect(nextMonthToClose([], '2026-12')).toBe('2026-11');
    expect(nextMonthToClose([record('2026-09', 'closed'), record('2026-08', 'closed')], '2026-12')).toBe('2026-10');
    // An undone close does not count: its month is to close again.
    expect(nextMonthToClose([record('2026-10', 'undone'), record('2026-09', 'closed')], '2026-12')).toBe('2026-10');
    expect(nextMonthToClose([record('2026-10', 'undone')], '2026-12')).toBe('2026-11');
  });

  it('offers undo only on the latest closed month', () => {
    expect(latestClosed([])).toBeNull();
    expect(latestClosed([record('2026-10', 'undone'), record('2026-09', 'closed'), record('2026-08', 'closed')])).toBe('2026-09');
    expect(latestClosed([record('2026-10', 'undone')])).toBeNull();
  });

  it('the approvals inbox sends a close request to the close screen, which exists', () => {
    expect(decisionPath({ kind: 'ledger.close', credit_operation_ids: [], entity_id: 202601 })).toBe('/app/company-operation/books/close');
    expect(findLeaf('/app/company-operation/books/close')?.roles).toEqual(expect.arrayContaining([1, 3]));
    expect(findLeaf('/app/company-operation/books/close')?.roles).not.toContain(5);
  });

  it('says "Fechamento mensal" in pt-BR and "Monthly close" in English', () => {
    expect(translate('pt-BR', 'close.menu')).toBe('Fechamento mensal');
    expect(translate('en', 'close.menu')).toBe('Monthly close');
    expect(translate('pt-BR', 'close.asked')).toContain('enviado para aprovação de outra pessoa');
  });
});
