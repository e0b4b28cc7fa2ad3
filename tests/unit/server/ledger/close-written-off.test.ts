/**
 * The close's written-off part, pure: positions from the facts of one day.
 * An operation written off whole keeps a position with no balance, stage 3,
 * its write-offs and their Doc 3040 buckets, counted only in the totals'
 * written_off; it drags none of the client's other operations to stage 3
 * (off the books); an operation partly written off keeps its balance and
 * provision beside what was written off.
 */
import { describe, expect, it } from 'vitest';
import { positionsOf, totalsOf } from '../../../../src/server/areas/ledger/close/close';

type Facts = Parameters<typeof positionsOf>[0];
const fact = (over: Partial<Facts[number]>): Facts[number] => ({
  op: 1,
  borrower: 1,
  company: false,
  kinds: null,
  restructured: false,
  written_off: false,
  principal: '0',
  accrued: '0',
  contracted_on: '2025-01-15',
  last_due_on: '2026-01-15',
  oldest_unpaid: null,
  days_late: null,
  overdue: null,
  falling_due: null,
  write_offs: null,
  ...over,
});

const AS_OF = '2027-04-30';

describe('written-off positions of a close', () => {
  const facts = [
    // written off whole: 300 on 31 March 2026, 1,200 on 4 May 2026
    fact({ op: 1, borrower: 1, written_off: true, write_offs: JSON.stringify([{ date: '2026-03-31', amount: '300.00' }, { date: '2026-05-04', amount: '1200.00' }]) }),
    // the same client's other operation, current
    fact({ op: 2, borrower: 1, principal: '1000.00', accrued: '10.00', days_late: 0, falling_due: '1100.00' }),
    // another client's operation partly written off
    fact({ op: 3, borrower: 2, principal: '500.00', written_off: true, days_late: 0, write_offs: JSON.stringify([{ date: '2023-01-10', amount: '80.00' }]) }),
  ];
  const positions = positionsOf(facts, AS_OF);
  const byOp = new Map(positions.map((p) => [p.credit_operation_id, p]));

  it('written off whole: no balance, stage 3, the amounts by bucket at the data-base', () => {
    expect(byOp.get(1)).toMatchObject({
      balance: '0.00',
      provision: '0.00',
      stage: '3',
      stage_reason: 'written_off',
      written_off: '1500.00',
      written_off_first_on: '2026-03-31',
      written_off_last_on: '2026-05-04',
      written_off_v310: '1200.00',
      written_off_v320: '300.00',
      written_off_v330: '0.00',
    });
  });

  it('drags none of the client’s other operations (off the books)', () => {
    expect(byOp.get(2)).toMatchObject({ stage: '1', stage_reason: 'performing', written_off: '0.00', written_off_first_on: null });
  });

  it('partly written off: the balance provisioned as stage 3, what was written off 51 months ago in v330', () => {
    expect(byOp.get(3)).toMatchObject({ balance: '500.00', stage: '3', written_off: '80.00', written_off_v330: '80.00', written_off_v310: '0.00' });
    expect(Number(byOp.get(3)!.provision)).toBeGreaterThan(0);
  });

  it('the totals count the whole write-off only as written off', () => {
    const totals = totalsOf(positions, '0');
    expect(totals.operations).toBe(2);
    expect(totals.written_off).toEqual({ operations: 2, amount: '1580.00', v310: '1200.00', v320: '300.00', v330: '80.00' });
    expect(totals.by_stage['3'].operations).toBe(1);
  });
});
