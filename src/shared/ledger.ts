/**
 * The ledger's closed lists, once: the chart of accounts (each account's code,
 * name, nature, normal balance and its place in COSIF), the sides of a line
 * and the kinds of posting. The database checks the same values (the journal's
 * CHECK, last rewritten by migration 0045); the contract's journal answers,
 * the server's postings, the balancete and the screens all read them from here.
 *
 * COSIF (Plano Contábil das Instituições do Sistema Financeiro Nacional): each
 * account names the COSIF account it is booked under, with its title and the
 * public page the code and title were checked against. Where COSIF gives one
 * account for what the servicing desk keeps apart (principal and accrued
 * interest of a loan; the institution's several "credores diversos"), the
 * account is a subtítulo de uso interno of the COSIF account (COSIF 1.1.5.9
 * lets the institution open them; `internal: true`), its code the COSIF
 * account's with the last pair numbered by us. Every code carries its control
 * digit, computed by COSIF 1.1.4.4's rule (cosifControlDigit). The first digit
 * is the COSIF group: 1 assets (Ativo Circulante e Realizável a Longo Prazo),
 * 4 liabilities (Passivo Circulante e Exigível a Longo Prazo), 7 income
 * (Contas de Resultado Credoras), 8 expenses (Contas de Resultado Devedoras).
 */

export type AccountNature = 'asset' | 'liability' | 'income' | 'expense';

export const LEDGER_SIDES = ['debit', 'credit'] as const;
export type LedgerSide = (typeof LEDGER_SIDES)[number];

/** The COSIF group (first digit of the code) of each nature. */
export const COSIF_GROUP_OF_NATURE = { asset: '1', liability: '4', income: '7', expense: '8' } as const satisfies Record<AccountNature, string>;

export interface CosifMapping {
  /** the COSIF code with its control digit, as its source prints it: '1.6.1.20.10-2', '4.9.1.50.00.00-5' */
  code: string;
  /** the COSIF title (of the account, or of the internal subtitle we opened under it) */
  title: string;
  /** a subtítulo de uso interno opened under a COSIF account (COSIF 1.1.5.9), not an account COSIF lists itself */
  internal: boolean;
  /** where the code and title (or, for an internal subtitle, its parent's) were checked */
  source: string;
}

export interface LedgerAccountDeclaration {
  code: string;
  name: string;
  nature: AccountNature;
  /** the side the account's balance sits on when all is normal: debit for assets and expenses, credit for liabilities and income — the other side for a contra account (the allowance) */
  normalBalance: LedgerSide;
  /** a contra account: reduces its group (the allowance for credit losses reduces the loans) */
  contra: boolean;
  cosif: CosifMapping;
}

const NORMAL_BALANCE = { asset: 'debit', expense: 'debit', liability: 'credit', income: 'credit' } as const satisfies Record<AccountNature, LedgerSide>;
const OTHER_SIDE = { debit: 'credit', credit: 'debit' } as const satisfies Record<LedgerSide, LedgerSide>;

/**
 * COSIF 1.1.4.4: each digit of the code (control digit left out) multiplied
 * by 3, 7, 1, 3, 7, 1… from the right, the products summed; the control
 * digit is 10 less the sum's remainder by 10 (0 when the remainder is 0).
 */
export function cosifControlDigit(codeWithoutDigit: string): number {
  const digits = codeWithoutDigit.replace(/\D/g, '').split('').map(Number).reverse();
  const weights = [3, 7, 1];
  const sum = digits.reduce((total, d, i) => total + d * weights[i % 3], 0);
  const rest = sum % 10;
  return rest === 0 ? 0 : 10 - rest;
}

/** The code with its control digit: '1.6.1.20.10' → '1.6.1.20.10-2'. */
function withDigit(code: string): string {
  return `${code}-${cosifControlDigit(code)}`;
}

const SRC = {
  c11230: 'COSIF 2.2 Função das Contas, 1.1.2.30.00-3 (Circ. 1273; Cta-Circ 3258), document.onl/documents/funcao-das-contas.html',
  c49150: 'cosif.com.br/mostra.asp?arquivo=contas49150 (4.9.1.50.00.00-5 Recebimentos de Tributos Federais; IN BCB 429/2023)',
  c71799: 'cosif.com.br/mostra.asp?arquivo=contas71799 (7.1.7.99.00-3 Rendas de Outros Serviços; IN BCB 273/2022)',
  c71999: 'cosif.com.br/mostra.asp?arquivo=contas71999 (7.1.9.99.00-9 Outras Rendas Operacionais; 8.1.9.99.00-6 Outras Despesas Operacionais)',
  c81999: 'cosif.com.br/mostra.asp?arquivo=contas81999 (8.1.9.99.00-6 Outras Despesas Operacionais: expenses with no account of their own, kept apart by nature in internal subtitles; Circular BCB 1.273/1987, Carta Circular BCB 3.105/2003) — no COSIF account of its own for a tax the institution bears was seen on a public page',
  s818: 'cosif.com.br, conta 8.1.8.40.00 Despesas de Provisões Passivas (subgrupo 8.1.8.00.00-9 Aprovisionamentos e Ajustes Patrimoniais; IN BCB 274/2022) — the subgroup checked; 8.1.8.30.00 itself not seen on a public page',
  g49: 'cosif.com.br/mostra.asp?arquivo=contas49150 (grupo 4.9.0.00.00.00-3 Outras Obrigações) — the group checked; 4.9.9.92.00 Credores Diversos – País not seen on a public page',
  g188: 'cosif.com.br/mostra.asp?arquivo=contas18999 (grupo 1.8.0.00.00 Outros Créditos) — the group checked; 1.8.8.92.00 Devedores Diversos – País not seen on a public page',
  g169: 'cosif.com.br/mostra.asp?arquivo=elenco160 (subgrupo 1.6.9.00.00-8 Provisões para Operações de Crédito; IN BCB 268/2022) — the subgroup checked; 1.6.9.20.00 itself not seen on a public page',
  g711: 'cosif.com.br/mostra.asp?arquivo=contas71140 (subgrupo 7.1.1.00.00-1 Rendas de Operações de Crédito; IN BCB 273/2022) — the subgroup checked; 7.1.1.10.00 Rendas de Empréstimos not seen on a public page',
  g161: 'cosif.com.br/mostra.asp?arquivo=elenco160 (subgrupo 1.6.1.00.00-4 Empréstimos e Direitos Creditórios Descontados; IN BCB 268/2022) — the subgroup checked; 1.6.1.20.00 Empréstimos not seen on a public page',
} as const;

function cosif(code: string, title: string, source: string, internal = false): CosifMapping {
  return { code: withDigit(code), title, internal, source };
}

function account<N extends AccountNature>(code: string, name: string, nature: N, mapping: CosifMapping, contra = false): LedgerAccountDeclaration {
  const normal = NORMAL_BALANCE[nature];
  return { code, name, nature, normalBalance: contra ? OTHER_SIDE[normal] : normal, contra, cosif: mapping };
}

export const CHART_OF_ACCOUNTS = {
  bank: account('1.1.01', 'Bancos — conta movimento', 'asset', cosif('1.1.2.30.00', 'Depósitos bancários de instituições sem conta reserva', SRC.c11230)),
  loans_receivable: account('1.2.01', 'Operações de crédito a receber', 'asset', cosif('1.6.1.20.10', 'Empréstimos — principal', SRC.g161, true)),
  /** interest recognised day by day and not yet due or received (competence basis): nothing posts here yet — the accrual run comes later */
  accrued_interest_receivable: account('1.2.02', 'Rendas de operações de crédito apropriadas a receber', 'asset', cosif('1.6.1.20.20', 'Empréstimos — rendas apropriadas a receber', SRC.g161, true)),
  /** the allowance for expected credit losses (Res. CMN 4.966, Res. BCB 352): a contra asset; nothing posts here yet — the monthly close comes later */
  allowance_for_credit_losses: account('1.2.03', '(-) Provisão para perdas esperadas associadas ao risco de crédito', 'asset', cosif('1.6.9.20.00', '(-) Provisão para empréstimos e direitos creditórios descontados', SRC.g169), true),
  due_from_assignee: account('1.3.01', 'Valores a receber de cessionários', 'asset', cosif('1.8.8.92.10', 'Devedores diversos — cessionários', SRC.g188, true)),
  iof_payable: account('2.1.01', 'IOF a recolher', 'liability', cosif('4.9.1.50.00.00', 'Recebimentos de tributos federais (IOF a recolher)', SRC.c49150)),
  due_to_assignee: account('2.1.02', 'Valores a repassar a cessionários', 'liability', cosif('4.9.9.92.10', 'Credores diversos — cessionários', SRC.g49, true)),
  /** money the bank credited that no installment took (yet): areas/suspense owns its items */
  suspense: account('2.1.03', 'Valores a identificar', 'liability', cosif('4.9.9.92.20', 'Credores diversos — valores a identificar', SRC.g49, true)),
  interest_income: account('3.1.01', 'Rendas de juros de operações de crédito', 'income', cosif('7.1.1.10.10', 'Rendas de empréstimos — juros', SRC.g711, true)),
  fee_income: account('3.1.02', 'Rendas de tarifas', 'income', cosif('7.1.7.99.00', 'Rendas de outros serviços', SRC.c71799)),
  late_charge_income: account('3.1.03', 'Rendas de multa e juros de mora', 'income', cosif('7.1.1.10.20', 'Rendas de empréstimos — multa e juros de mora', SRC.g711, true)),
  cession_gain: account('3.1.04', 'Resultado positivo na cessão de créditos', 'income', cosif('7.1.9.99.10', 'Outras rendas operacionais — cessão de créditos', SRC.c71999, true)),
  credit_losses: account('4.1.01', 'Perdas com operações de crédito', 'expense', cosif('8.1.9.99.10', 'Outras despesas operacionais — perdas com operações de crédito', SRC.c71999, true)),
  bank_fees: account('4.1.02', 'Despesas de tarifas bancárias (cobrança)', 'expense', cosif('8.1.9.99.20', 'Outras despesas operacionais — tarifas bancárias de cobrança', SRC.c71999, true)),
  cession_loss: account('4.1.03', 'Perdas na cessão de créditos', 'expense', cosif('8.1.9.99.30', 'Outras despesas operacionais — cessão de créditos', SRC.c71999, true)),
  repurchase_gain: account('3.1.05', 'Resultado positivo na recompra de créditos cedidos', 'income', cosif('7.1.9.99.20', 'Outras rendas operacionais — recompra de créditos cedidos', SRC.c71999, true)),
  repurchase_loss: account('4.1.04', 'Perdas na recompra de créditos cedidos', 'expense', cosif('8.1.9.99.40', 'Outras despesas operacionais — recompra de créditos cedidos', SRC.c71999, true)),
  /** what a bank settlement within the company's tolerance left short (debit) or paid above (credit) of what was due */
  rounding_differences: account('4.1.05', 'Diferenças de arredondamento', 'expense', cosif('8.1.9.99.50', 'Outras despesas operacionais — diferenças de arredondamento', SRC.c71999, true)),
  /** the expense of building the allowance (and, credited, its reversal): nothing posts here yet — the monthly close comes later */
  provision_expense: account('4.1.06', 'Despesas de provisão para perdas esperadas de crédito', 'expense', cosif('8.1.8.30.00', 'Despesas de provisões para operações de crédito', SRC.s818)),
  /**
   * IOF the lender bears: the tax on a credit operation the borrower undid within seven days (CDC art. 49). Its
   * taxable event, the delivery of the money (Decreto 6.306/2007 art. 3 §1 I), took place and the decree gives no
   * refund, while the borrower returns only the principal released: the IOF stays owed to the Treasury and is the
   * lender's expense (areas/withdrawal). Not a credit loss: nothing the borrower owed was lost.
   */
  iof_expense: account('4.1.07', 'Despesas de IOF suportado pela instituição', 'expense', cosif('8.1.9.99.60', 'Outras despesas operacionais — IOF suportado em operações desfeitas', SRC.c81999, true)),
} as const satisfies Record<string, LedgerAccountDeclaration>;

export type LedgerAccount = keyof typeof CHART_OF_ACCOUNTS;
/** The accounts in the chart's order, as a tuple (for z.enum and the database's CHECK). */
export const LEDGER_ACCOUNTS = Object.keys(CHART_OF_ACCOUNTS) as [LedgerAccount, ...LedgerAccount[]];

export const POSTING_KINDS = ['disbursement', 'payment', 'reversal', 'write_off', 'prepayment', 'reallocation', 'iof_remittance', 'bank_fee', 'cession', 'cession_reversal', 'repurchase', 'repurchase_reversal', 'rounding_difference', 'suspense_in', 'suspense_apply', 'suspense_refund', 'interest_accrual', 'accrual_reversal', 'provision', 'provision_reversal', 'renegotiation', 'cession_price_receipt', 'cession_price_receipt_reversal', 'cession_price_write_off', 'assignee_transfer', 'assignee_transfer_reversal', 'renegotiation_payment', 'renegotiation_payment_reversal', 'withdrawal'] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];
