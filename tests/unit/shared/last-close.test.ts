/** The borrower at the last close: the worst stage of its operations, their provisions summed in decimal to two places. */
import { describe, expect, it } from 'vitest';
import { borrowerAtClose } from '../../../src/shared/books/last-close';

describe('borrowerAtClose', () => {
  it('no position: no stage, 0.00, none', () => {
    expect(borrowerAtClose([])).toEqual({ stage: null, provision: '0.00', operations: 0 });
  });

  it('the worst stage whatever the order, the provisions summed without binary drift', () => {
    const positions = [
      { stage: '1' as const, provision: '0.10' },
      { stage: '3' as const, provision: '0.20' },
      { stage: '2' as const, provision: '1234567.01' },
    ];
    expect(borrowerAtClose(positions)).toEqual({ stage: '3', provision: '1234567.31', operations: 3 });
    expect(borrowerAtClose([positions[2], positions[0]])).toEqual({ stage: '2', provision: '1234567.11', operations: 2 });
  });

  it('one operation in stage 1 with nothing provisioned', () => {
    expect(borrowerAtClose([{ stage: '1', provision: '0' }])).toEqual({ stage: '1', provision: '0.00', operations: 1 });
  });
});
