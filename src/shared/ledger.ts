/**
 * The ledger's closed lists, once: the chart of accounts (each account's code,
 * name, nature and normal balance), the sides of a line and the kinds of
 * posting. The database checks the same values (migration 0015's CHECKs); the
 * contract's journal answers, the server's postings and the screens all read
 * them from here.
 *
 * The chart is small and ours: its groups follow COSIF's (assets, liabilities,
 * income, expenses), its codes do not. It is the operational ledger of the
 * servicing desk — it proves where every real went —, not yet the
 * institution's statutory books (the COSIF mapping is added beside each
 * account when the books are kept here).
 */

export type AccountNature = 'asset' | 'liability' | 'income' | 'expense';

export const LEDGER_SIDES = ['debit', 'credit'] as const;
export type LedgerSide = (typeof LEDGER_SIDES)[number];

export interface LedgerAccountDeclaration {
  code: string;
  name: string;
  nature: AccountNature;
  /** the side the account's balance sits on when all is normal: debit for assets and expenses, credit for liabilities and income */
  normalBalance: LedgerSide;
}

const NORMAL_BALANCE = { asset: 'debit', expense: 'debit', liability: 'credit', income: 'credit' } as const satisfies Record<AccountNature, LedgerSide>;

function account<N extends AccountNature>(code: string, name: string, nature: N): LedgerAccountDeclaration {
  return { code, name, nature, normalBalance: NORMAL_BALANCE[nature] };
}

export const CHART_OF_ACCOUNTS = {
  bank: account('1.1.01', 'Bancos — conta movimento', 'asset'),
  loans_receivable: account('1.2.01', 'Operações de crédito a receber', 'asset'),
  due_from_assignee: account('1.3.01', 'Valores a receber de cessionários', 'asset'),
  iof_payable: account('2.1.01', 'IOF a recolher', 'liability'),
  due_to_assignee: account('2.1.02', 'Valores a repassar a cessionários', 'liability'),
  /** money the bank credited that no installment took (yet): areas/suspense owns its items */
  suspense: account('2.1.03', 'Valores a identificar', 'liability'),
  interest_income: account('3.1.01', 'Rendas de juros de operações de crédito', 'income'),
  fee_income: account('3.1.02', 'Rendas de tarifas', 'income'),
  late_charge_income: account('3.1.03', 'Rendas de multa e juros de mora', 'income'),
  cession_gain: account('3.1.04', 'Resultado positivo na cessão de créditos', 'income'),
  credit_losses: account('4.1.01', 'Perdas com operações de crédito', 'expense'),
  bank_fees: account('4.1.02', 'Despesas de tarifas bancárias (cobrança)', 'expense'),
  cession_loss: account('4.1.03', 'Perdas na cessão de créditos', 'expense'),
  repurchase_gain: account('3.1.05', 'Resultado positivo na recompra de créditos cedidos', 'income'),
  repurchase_loss: account('4.1.04', 'Perdas na recompra de créditos cedidos', 'expense'),
  /** what a bank settlement within the company's tolerance left short (debit) or paid above (credit) of what was due */
  rounding_differences: account('4.1.05', 'Diferenças de arredondamento', 'expense'),
} as const satisfies Record<string, LedgerAccountDeclaration>;

export type LedgerAccount = keyof typeof CHART_OF_ACCOUNTS;
/** The accounts in the chart's order, as a tuple (for z.enum and the database's CHECK). */
export const LEDGER_ACCOUNTS = Object.keys(CHART_OF_ACCOUNTS) as [LedgerAccount, ...LedgerAccount[]];

export const POSTING_KINDS = ['disbursement', 'payment', 'reversal', 'write_off', 'prepayment', 'reallocation', 'iof_remittance', 'bank_fee', 'cession', 'cession_reversal', 'repurchase', 'repurchase_reversal', 'rounding_difference', 'suspense_in', 'suspense_apply', 'suspense_refund'] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];
