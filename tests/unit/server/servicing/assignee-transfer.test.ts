/** The entries of a transfer to an assignee and of its reversal: balanced, the fee kept as fee income, no zero line. */
import { describe, expect, it } from 'vitest';
import { transferPosting, transferReversalPosting } from '../../../../src/server/domain/servicing/assignee-transfer';

const lines = (p: ReturnType<typeof transferPosting>) => p.lines.map((l) => [l.account, l.side, l.amount.toFixed(2)]);

describe('assignee transfer postings', () => {
  it('takes amount + fee off due to assignee, the amount out of the bank and the fee into fee income', () => {
    expect(transferPosting('97.50', '2.50')).toMatchObject({ kind: 'assignee_transfer' });
    expect(lines(transferPosting('97.50', '2.50'))).toEqual([
      ['due_to_assignee', 'debit', '100.00'],
      ['bank', 'credit', '97.50'],
      ['fee_income', 'credit', '2.50'],
    ]);
  });
  it('has no fee line when nothing is kept, and the reversal swaps the lines', () => {
    expect(lines(transferPosting('10.00', '0'))).toEqual([
      ['due_to_assignee', 'debit', '10.00'],
      ['bank', 'credit', '10.00'],
    ]);
    expect(lines(transferReversalPosting('97.50', '2.50'))).toEqual([
      ['bank', 'debit', '97.50'],
      ['fee_income', 'debit', '2.50'],
      ['due_to_assignee', 'credit', '100.00'],
    ]);
  });
});
