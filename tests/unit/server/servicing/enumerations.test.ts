/** The database's lists (src/shared/servicing.ts) and the ledger's chart (domain) name the same accounts and kinds. */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_KEYS } from '../../../../src/server/domain/servicing/ledger';
import { LEDGER_ACCOUNTS, POSTING_KINDS } from '../../../../src/shared/servicing';
import { disbursementPosting, paymentPosting, prepaymentPosting, reversalPosting, writeOffPosting, iofRemittancePosting, bankFeePosting } from '../../../../src/server/domain/servicing/ledger';
import Decimal from 'decimal.js';

describe('servicing enumerations', () => {
  it('the chart of accounts is LEDGER_ACCOUNTS', () => {
    expect([...ACCOUNT_KEYS].sort()).toEqual([...LEDGER_ACCOUNTS].sort());
  });
  it('every posting the ledger makes has a kind of POSTING_KINDS', () => {
    const d = new Decimal('10.00');
    const split = { lateFee: d, defaultInterest: d, interest: d, principal: d };
    const kinds = [
      disbursementPosting({ financed: '100.00', released: '90.00', iof: '5.00', fees: '5.00' }).kind,
      paymentPosting(split).kind,
      reversalPosting(paymentPosting(split)).kind,
      writeOffPosting('1.00').kind,
      prepaymentPosting({ amount: '2.00', principal: '1.00', interest: '1.00' }).kind,
      iofRemittancePosting('1.00').kind,
      bankFeePosting('1.00').kind,
    ];
    for (const kind of kinds) expect(POSTING_KINDS).toContain(kind);
  });
});
