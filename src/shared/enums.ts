/**
 * Every closed list of codes the database checks (statuses and kinds), once.
 * Each list feeds the contract's zod schema (`z.enum(LIST)`), the Drizzle
 * column (`text(name, { enum: LIST })`, which types it and carries the list
 * at run time) and the screens' options, whose labels come from the i18n
 * catalogue by code. The SQL CHECK constraints of the shipped migrations
 * hold the same values; tests/integration/server/schema-agreement.test.ts
 * reads them back from the database and fails when a list and its CHECK
 * differ, so a new code is a new migration plus a change here.
 *
 * Workflow statuses live beside their transitions and are re-exported here,
 * so this module is where every enumeration is found.
 */
export { SOLICITATION_STATUSES, type SolicitationStatus } from './solicitation-status';
export { CREDIT_OPERATION_STATUSES, type CreditOperationStatus } from './credit-operation-status';
export { INSTALLMENT_STATUSES, type InstallmentStatus } from './installment-status';
export { STORED_INSTALLMENT_STATUSES } from './installment-status';

/** Whether `value` is one of the codes of `list` (a filter value, a row read as text), narrowing its type. */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/** A borrower, or the applicant of a solicitation: an individual (CPF) or a company (CNPJ). */
export const PERSON_TYPES = ['PF', 'PJ'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];

/** The IOF's person types: a company under Simples Nacional, and a MEI, have their own rates up to R$ 30.000,00. */
export const IOF_PERSON_TYPES = ['PF', 'PJ', 'SIMPLES', 'MEI'] as const;
export type IofPersonType = (typeof IOF_PERSON_TYPES)[number];

/** Cédula de Crédito Bancário (Lei 10.931/2004) or microcrédito produtivo orientado (Lei 13.636/2018). */
export const CONTRACT_KINDS = ['CCB', 'MPO'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** The documents a company's templates also write: the confession of debt and the three letters (contract/document-templates.ts). */
export const DOCUMENT_TEMPLATE_KINDS = ['confession', 'payoff', 'discharge', 'annual'] as const;

/** The letters kept when issued (issued_letters.kind, migration 0069): the statement is not a template and is not kept. */
export const ISSUED_LETTER_KINDS = ['payoff', 'discharge', 'annual'] as const;

/** Every kind of company template: the contracts and the documents (contract_templates.kind, migration 0069). */
export const TEMPLATE_KINDS = [...CONTRACT_KINDS, ...DOCUMENT_TEMPLATE_KINDS] as const;

/** An issued contract is in force until it is cancelled (never deleted). */
export const ISSUED_CONTRACT_STATUSES = ['issued', 'cancelled'] as const;
export type IssuedContractStatus = (typeof ISSUED_CONTRACT_STATUSES)[number];
/** The status of a contract in force (not cancelled): what other areas ask of issued_contracts. */
export const IN_FORCE_CONTRACT_STATUS: IssuedContractStatus = 'issued';

export const AMORTIZATION_SYSTEMS = ['price', 'sac'] as const;
export type AmortizationSystemName = (typeof AMORTIZATION_SYSTEMS)[number];

export const PAYMENT_METHODS = ['boleto', 'pix', 'debit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A borrower's bank account: conta corrente, poupança or conta de pagamento. */
export const BANK_ACCOUNT_TYPES = ['checking', 'savings', 'payment'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/** Where a borrower's monthly revenue figure comes from. */
export const REVENUE_SOURCES = ['declared', 'bank_statement', 'invoices', 'tax_return'] as const;
export type RevenueSource = (typeof REVENUE_SOURCES)[number];

/** Kinds of a borrower's secured guarantee (garantia real). */
export const GUARANTEE_KINDS = ['vehicle', 'property', 'equipment', 'receivables', 'investment', 'other'] as const;
export type GuaranteeKind = (typeof GUARANTEE_KINDS)[number];

/** A four-eyes approval request: pending until approved, rejected or cancelled. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
/** The servicing moves a four-eyes limit counts per person, operation and window (contract/approvals.ts, LIMITED_MOVES). */
export const LIMITED_MOVE_NAMES = ['reversal', 'write_off', 'cession', 'cession_reversal', 'repurchase', 'repurchase_reversal', 'suspense_refund'] as const;

/** An LGPD request's status and the channel it came through (Portuguese codes, as the spec's). */
export const LGPD_STATUSES = ['aberto', 'concluido', 'recusado'] as const;
export type LgpdStatus = (typeof LGPD_STATUSES)[number];
export const LGPD_CHANNELS = ['app', 'email', 'telefone', 'presencial', 'carta', 'outro'] as const;
export type LgpdChannel = (typeof LGPD_CHANNELS)[number];

/** A broadcast's channel and each recipient's delivery status. */
export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const BROADCAST_RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type BroadcastRecipientStatus = (typeof BROADCAST_RECIPIENT_STATUSES)[number];
export {
  DISBURSEMENT_METHODS,
  INSTALLMENT_TRANSACTION_KINDS,
  LATE_DAYS_FROM,
  PREPAYMENT_KINDS,
  PREPAYMENT_MODES,
  RECEIPT_METHODS,
  REPURCHASE_CAUSES,
  REPURCHASE_MARK_ACTIONS,
  REPURCHASE_MARK_CAUSES,
  REPURCHASE_RULES,
  REMUNERATORY_IN_DELAY,
  type DisbursementMethod,
  type InstallmentTransactionKind,
  type LateDaysFrom,
  type RemuneratoryInDelay,
  type PrepaymentKind,
  type PrepaymentMode,
  type ReceiptMethod,
  type RepurchaseCause,
  type RepurchaseMarkAction,
  type RepurchaseMarkCause,
  type RepurchaseRule,
} from './servicing';
export { LEDGER_ACCOUNTS, LEDGER_SIDES, POSTING_KINDS, type LedgerAccount, type LedgerSide, type PostingKind } from './ledger';
export { SUSPENSE_MOVE_KINDS, SUSPENSE_REASONS, SUSPENSE_SOURCES } from './suspense';
export { CONTACT_CHANNELS, CONTACT_DIRECTIONS, CONTACT_OUTCOMES } from './contacts';
export { RENEGOTIATION_OUTCOMES } from './renegotiation';
export { REMINDER_CHANNELS, REMINDER_REASONS, REMINDER_STATUSES } from './reminders';
export { NEGATIVATION_EVENT_KINDS, NEGATIVATION_REMOVAL_REASONS, NEGATIVATION_STATUSES } from './negativation';
export { CLOSE_STATUSES, PORTFOLIOS, STAGE_REASONS } from './books/close';
export { RISK_STAGES } from './risk-classification';

/** SCR Doc 3044: what an event is (scr_events.kind, migration 0049; withdrawal 0066: an operation undone within seven days, CDC art. 49). */
export const SCR_EVENT_KINDS = ['disbursement', 'payment', 'settlement', 'reversal', 'cession', 'cession_reversal', 'renegotiation', 'withdrawal', 'renegotiation_break'] as const;

/** What a CNAB remittance asks of the bank for a title: register it (entrada, 01), write it off (baixa, 02) or move its due date (alteração de vencimento, 06). */
export const REMITTANCE_INSTRUCTIONS = ['entry', 'writeOff', 'dueDateChange'] as const;

/** How a cession is priced: a monthly discount rate, or a price stated by the agreement. */
export const CESSION_PRICINGS = ['rate', 'stated'] as const;
export type CessionPricingKind = (typeof CESSION_PRICINGS)[number];
/** What a row of a cession's price settlement is (migration 0054): a receipt, a receipt's reversal, a write-off of the difference. */
export const CESSION_PRICE_MOVE_KINDS = ['receipt', 'receipt_reversal', 'write_off'] as const;
export type RemittanceInstructionCode = (typeof REMITTANCE_INSTRUCTIONS)[number];

/** What a CNAB return line says the bank did (its movement code's family). */
export const RETURN_MOVEMENT_KINDS = ['settled', 'entryConfirmed', 'rejected', 'writtenOff', 'other'] as const;
export type ReturnMovementKind = (typeof RETURN_MOVEMENT_KINDS)[number];

/**
 * What a line does: settled (a payment of its installment), rejected (the
 * slip marked rejected), confirmed (entry confirmed), written_off (the bank's
 * baixa), recorded (another movement, kept), unmatched (no slip of the
 * account has the nosso número), already_paid (the installment is paid or out
 * of collection: not settled twice), duplicate (applied by a file imported
 * before), refused (the payment rules refused it; the message says why).
 */
export const RETURN_LINE_OUTCOMES = ['settled', 'rejected', 'confirmed', 'written_off', 'recorded', 'unmatched', 'already_paid', 'duplicate', 'refused'] as const;
export type ReturnLineOutcome = (typeof RETURN_LINE_OUTCOMES)[number];

/** The Pix provider a company creates its charges at (areas/pix): none (static code), the sandbox, a Pix API PSP. */
export const PIX_PROVIDER_CHOICES = ['none', 'sandbox', 'api'] as const;
export type PixProviderChoice = (typeof PIX_PROVIDER_CHOICES)[number];
/** Whose installment a boleto slip or Pix charge collects (migration 0064): an operation's, or a renegotiation agreement's. */
export const TITLE_OWNER_KINDS = ['installment', 'agreement'] as const;

/** Where a pix notified stands: settled (a payment of its installment) or unmatched (kept with the reason). */
export const PIX_NOTICE_STATUSES = ['settled', 'unmatched'] as const;
export type PixNoticeStatus = (typeof PIX_NOTICE_STATUSES)[number];

/** Why a webhook delivery was refused: no provider chosen, unsigned, badly signed, stale, the same delivery again. */
export const PIX_REFUSAL_REASONS = ['unsigned', 'bad_signature', 'stale', 'replayed', 'no_provider'] as const;
export type PixRefusalReason = (typeof PIX_REFUSAL_REASONS)[number];

/** What an interest_accruals row records: the accrual run's recognition, accrued interest undone (migration 0047), or moved with a ceded or returned installment (0050). */
export const INTEREST_ACCRUAL_KINDS = ['accrual', 'reversal', 'transfer'] as const;
export type InterestAccrualKind = (typeof INTEREST_ACCRUAL_KINDS)[number];

/**
 * What a line of a custodian's CNAB 444 return did (migration 0062): the title acquired; refused and its cession
 * undone (a cession reversal), refused but the reversal could not be asked (the reason kept), refused when the
 * installment was no longer the assignee's; a line of a title answered before; a line naming no title of ours; an
 * occurrence other than 02/03.
 */
export const CUSTODIAN_RETURN_RESULTS = ['acquired', 'refused_undone', 'refused_blocked', 'refused_kept', 'repeated', 'not_found', 'no_effect'] as const;
export type CustodianReturnResult = (typeof CUSTODIAN_RETURN_RESULTS)[number];

/** A transfer of collected money to an assignee, or its reversal (assignee_transfers.kind, migration 0061). */
export const ASSIGNEE_TRANSFER_KINDS = ['transfer', 'transfer_reversal'] as const;
