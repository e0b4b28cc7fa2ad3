/**
 * The chart of accounts in COSIF (@shared/ledger): every account declared
 * once with a COSIF code and title, the codes unique and well formed, each
 * control digit right by COSIF 1.1.4.4's rule, and each account's nature the
 * one of its COSIF group (1 assets, 4 liabilities, 7 income, 8 expenses; the
 * groups as cosif.com.br prints them: 1.0.0.00.00-7 Ativo Circulante e
 * Realizável a Longo Prazo, 4.0.0.00.00.00-3 Passivo Circulante,
 * 7.0.0.00.00-9 Contas de Resultado Credoras, 8.0.0.00.00-6 Contas de
 * Resultado Devedoras).
 */
import { describe, expect, it } from 'vitest';
import { CHART_OF_ACCOUNTS, COSIF_GROUP_OF_NATURE, LEDGER_ACCOUNTS, cosifControlDigit } from '../../../src/shared/ledger';

const CODE = /^[1-9](\.\d){2}(\.\d{2}){2,3}-\d$/;

describe('the COSIF control digit (COSIF 1.1.4.4)', () => {
  // Codes with their digits as the public COSIF pages print them (the sources named in src/shared/ledger.ts).
  it.each([
    ['1.1.1.10.00', 6], // the rule's own example (COSIF 1.1.4.4): Caixa
    ['1.1.2.30.00', 3],
    ['1.6.1.00.00', 4],
    ['1.6.9.00.00', 8],
    ['1.6.0.00.00', 1],
    ['7.1.1.40.00', 9],
    ['7.1.7.99.00', 3],
    ['7.1.9.99.00', 9],
    ['8.1.9.99.00', 6],
    ['8.1.8.00.00', 9],
    ['8.1.8.40.10', 0],
    ['8.1.6.10.00', 0],
    ['7.1.8.20.00', 6],
    ['4.9.1.50.00.00', 5],
    ['1.8.9.99.20.00', 8],
    ['1.0.0.00.00', 7],
    ['7.0.0.00.00', 9],
    ['8.0.0.00.00', 6],
  ])('%s has control digit %i', (code, digit) => {
    expect(cosifControlDigit(code)).toBe(digit);
  });
});

describe('the chart of accounts in COSIF', () => {
  it('declares every account once, each with a COSIF code, title and source', () => {
    expect([...LEDGER_ACCOUNTS]).toEqual(Object.keys(CHART_OF_ACCOUNTS));
    for (const account of LEDGER_ACCOUNTS) {
      const { cosif } = CHART_OF_ACCOUNTS[account];
      expect(cosif.code, account).toMatch(CODE);
      expect(cosif.title.length, account).toBeGreaterThan(3);
      expect(cosif.source.length, account).toBeGreaterThan(10);
    }
  });

  it('gives every account its own COSIF code and its own servicing code', () => {
    const cosif = LEDGER_ACCOUNTS.map((a) => CHART_OF_ACCOUNTS[a].cosif.code);
    expect(new Set(cosif).size).toBe(cosif.length);
    const ours = LEDGER_ACCOUNTS.map((a) => CHART_OF_ACCOUNTS[a].code);
    expect(new Set(ours).size).toBe(ours.length);
  });

  it("carries each code's right control digit", () => {
    for (const account of LEDGER_ACCOUNTS) {
      const [code, digit] = CHART_OF_ACCOUNTS[account].cosif.code.split('-');
      expect(Number(digit), account).toBe(cosifControlDigit(code));
    }
  });

  it("puts each account in its nature's COSIF group, with the normal balance of its nature (the other side for a contra account)", () => {
    for (const account of LEDGER_ACCOUNTS) {
      const { nature, cosif, normalBalance, contra } = CHART_OF_ACCOUNTS[account];
      expect(cosif.code[0], account).toBe(COSIF_GROUP_OF_NATURE[nature]);
      const natural = nature === 'asset' || nature === 'expense' ? 'debit' : 'credit';
      expect(normalBalance, account).toBe(contra ? (natural === 'debit' ? 'credit' : 'debit') : natural);
    }
  });

  it('declares the accounts the books need: accrued interest receivable, the allowance (a contra asset under 1.6.9) and its expense', () => {
    expect(CHART_OF_ACCOUNTS.accrued_interest_receivable).toMatchObject({ nature: 'asset', normalBalance: 'debit' });
    expect(CHART_OF_ACCOUNTS.allowance_for_credit_losses).toMatchObject({ nature: 'asset', contra: true, normalBalance: 'credit' });
    expect(CHART_OF_ACCOUNTS.allowance_for_credit_losses.cosif.code.startsWith('1.6.9.')).toBe(true);
    expect(CHART_OF_ACCOUNTS.provision_expense).toMatchObject({ nature: 'expense', normalBalance: 'debit' });
    expect(CHART_OF_ACCOUNTS.provision_expense.cosif.code.startsWith('8.1.8.')).toBe(true);
    // The IOF the lender bears on an operation the borrower undid (CDC art. 49; Decreto 6.306/2007 art. 3 §1 I): an
    // expense of its own under Outras Despesas Operacionais, apart from the credit losses.
    expect(CHART_OF_ACCOUNTS.iof_expense).toMatchObject({ nature: 'expense', normalBalance: 'debit', contra: false });
    expect(CHART_OF_ACCOUNTS.iof_expense.cosif).toMatchObject({ code: '8.1.9.99.60-4', internal: true });
    expect(CHART_OF_ACCOUNTS.iof_expense.cosif.code).not.toBe(CHART_OF_ACCOUNTS.credit_losses.cosif.code);
    for (const account of ['suspense', 'rounding_differences', 'iof_payable', 'due_to_assignee'] as const) expect(CHART_OF_ACCOUNTS[account].cosif.code, account).toMatch(CODE);
  });
});
