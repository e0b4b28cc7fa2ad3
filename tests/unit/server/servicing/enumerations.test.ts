/** The ledger's lists (src/shared/ledger.ts): the chart names the accounts, every posting a known kind. */
import { describe, expect, it } from 'vitest';
import { CHART_OF_ACCOUNTS, LEDGER_ACCOUNTS, POSTING_KINDS } from '../../../../src/shared/ledger';
import { disbursementPosting, paymentPosting, prepaymentPosting, reversalPosting, writeOffPosting, iofRemittancePosting, bankFeePosting } from '../../../../src/server/domain/servicing/postings';
import Decimal from 'decimal.js';

describe('servicing enumerations', () => {
  it('the chart of accounts is LEDGER_ACCOUNTS, each account with the normal balance of its nature (the other side for a contra account)', () => {
    expect([...LEDGER_ACCOUNTS]).toEqual(Object.keys(CHART_OF_ACCOUNTS));
    for (const account of LEDGER_ACCOUNTS) {
      const { nature, normalBalance, contra } = CHART_OF_ACCOUNTS[account];
      const natural = nature === 'asset' || nature === 'expense' ? 'debit' : 'credit';
      expect(normalBalance, account).toBe(contra ? (natural === 'debit' ? 'credit' : 'debit') : natural);
    }
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
