/**
 * The disbursement: the release of an operation whose contract is issued.
 *
 * Rules:
 * - On the business date (the caller passes `deps.clock.today()`), by
 *   AllOperators, under the operation's row lock and the version the person
 *   saw; the move goes through the operations area's `changeOperation`
 *   (timeline event and activity log), the disbursement row and its ledger
 *   posting in the same transaction.
 * - The amounts are the contract's, frozen when it was issued: what the
 *   borrower owes (financed), what reaches them (released), the IOF owed to
 *   the Treasury and the fees financed.
 * - A disbursement on another day than the contract's planned one keeps the
 *   signed schedule as it is (never a silent change to what was signed); a
 *   day on or after the first due date would leave an installment due before
 *   the money, so it is refused (409 on first_due_date): the contract must be
 *   cancelled and issued again with new dates.
 * - The late-charge terms are the contract's (multa and juros de mora frozen
 *   at issue; for contracts issued before they were frozen, the company's in
 *   force now) with its monthly rate, kept on the row: later changes of the
 *   company's parameters never move this debt.
 * - The payout account is the borrower's payout account, or the borrower's
 *   account named; a copy of it as it is now is kept.
 */
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { DISBURSEMENT_MOVE, wasDisbursed, type CreditOperationStatus } from '@shared/credit-operation-status';
import type { DisbursementMethod } from '@shared/servicing';
import type { DisbursementView } from '@shared/contract/servicing';
import type { OperationName } from '@shared/contract/index';
import { formatCurrency } from '@shared/format';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { borrowerBankAccounts } from '../borrowers/schema';
import { changeOperation, findOperation, frozenContractInForce, lockOperation, statusOf, STATUS_PT, type Actor, type OperationRow } from '../operations';
import { badRequest, conflict } from '../../platform/http/errors';
import { disbursementPosting } from '../../domain/servicing/postings';
import { post } from '../ledger';
import { disbursements, type DisbursementRow, type PayoutAccount } from './schema';

/** The servicing namespace's calls on the release (the rest of the namespace is collection's, the journal the ledger's). */
export type DisbursementName = Extract<OperationName, 'servicing.disbursement' | 'servicing.disburse'>;

export const DISBURSEMENT_MESSAGES = {
  notIssued: (status: string) => `Somente uma operação com contrato emitido pode ser liberada; esta está ${status}.`,
  already: 'Esta operação já foi liberada.',
  noContract: 'A operação não tem contrato em vigor: emita o contrato antes de liberar.',
  afterFirstDue: (due: string) =>
    `Campo first_due_date: a liberação não pode ser feita no primeiro vencimento (${due}) ou depois dele; cancele o contrato e emita outro com novas datas.`,
  accountNotOwned: 'Campo bank_account_id: a conta não pertence ao tomador desta operação.',
  noPayoutAccount: 'Campo bank_account_id: o tomador não tem conta de liberação cadastrada; cadastre-a ou escolha uma conta.',
  amountsDisagree: (financed: string, parts: string) =>
    `O contrato em vigor não fecha: valor financiado ${formatCurrency(financed)} diferente de liberado + IOF + tarifas (${formatCurrency(parts)}).`,
} as const;

type AccountRow = typeof borrowerBankAccounts.$inferSelect;

function payoutCopy(a: AccountRow): PayoutAccount {
  return {
    bank_code: a.bank_code,
    bank_name: a.bank_name,
    agency: a.agency,
    agency_digit: a.agency_digit,
    account: a.account,
    account_digit: a.account_digit,
    account_type: a.account_type,
    pix_key: a.pix_key,
  };
}

async function payoutAccountOf(db: Db, borrowerId: number): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(borrowerBankAccounts)
    .where(and(eq(borrowerBankAccounts.borrower_id, borrowerId), eq(borrowerBankAccounts.is_payout, true)))
    .limit(1);
  return row ?? null;
}

export async function disbursementOf(db: Db, operationId: number): Promise<DisbursementRow | null> {
  const [row] = await db.select().from(disbursements).where(eq(disbursements.credit_operation_id, operationId)).limit(1);
  return row ?? null;
}

interface ContractAmounts {
  financed: string;
  released: string;
  iof: string;
  fees: string;
}

/** The contract's amounts: the frozen ones of the contract in force, else (no contract yet) the operation's. */
async function amountsOf(db: Db, op: OperationRow): Promise<ContractAmounts> {
  const contract = await frozenContractInForce(db, op.id);
  const a = contract?.frozen.amounts;
  return a
    ? { financed: a.principal, released: a.released, iof: a.iof_total, fees: a.fees_total }
    : { financed: op.principal, released: op.released, iof: op.iof_total, fees: op.fees_total };
}

export async function loadDisbursement(db: Db, operationId: number): Promise<DisbursementView> {
  const op = await findOperation(db, operationId);
  const [amounts, account, row] = await Promise.all([amountsOf(db, op), payoutAccountOf(db, op.borrower_id), disbursementOf(db, op.id)]);
  let actorName: string | null = null;
  if (row?.actor_id) {
    const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.actor_id)).limit(1);
    actorName = u?.name ?? null;
  }
  const money = (v: string) => new Decimal(v).toFixed(2);
  return {
    credit_operation_id: op.id,
    status: statusOf(op),
    version: op.version,
    amounts: { financed: money(amounts.financed), released: money(amounts.released), iof: money(amounts.iof), fees: money(amounts.fees) },
    first_due_date: op.first_due_date,
    payout_account: account ? { id: account.id, ...payoutCopy(account) } : null,
    disbursement: row
      ? {
          id: row.id,
          disbursed_on: row.disbursed_on,
          released: row.released,
          method: row.method,
          payout_account: row.payout_account,
          transfer_reference: row.transfer_reference,
          late_fee_percent: row.late_fee_percent,
          default_interest_monthly_percent: row.default_interest_monthly_percent,
          contract_monthly_percent: row.contract_monthly_percent,
          remuneratory: row.remuneratory,
          late_days_from: row.late_days_from,
          legacy_until: row.legacy_until,
          actor_name: actorName,
          created_at: row.created_at.toISOString(),
        }
      : null,
  };
}

export interface DisburseInput {
  id: number;
  version: number;
  method: DisbursementMethod;
  bank_account_id?: number | null;
  transfer_reference?: string | null;
}

/** Disburses the operation on `today` (inside the caller's transaction); answers the disbursement's id. */
export async function disburse(tx: Db, actor: Actor, input: DisburseInput, today: string): Promise<number> {
  const op = await lockOperation(tx, input.id, input.version);
  const status: CreditOperationStatus = statusOf(op);
  if (wasDisbursed(status)) throw conflict(DISBURSEMENT_MESSAGES.already, 'status');
  if (!(DISBURSEMENT_MOVE.from as readonly CreditOperationStatus[]).includes(status)) throw conflict(DISBURSEMENT_MESSAGES.notIssued(STATUS_PT[status]), 'status');
  const contract = await frozenContractInForce(tx, op.id);
  if (!contract) throw conflict(DISBURSEMENT_MESSAGES.noContract, 'status');
  const firstDue = contract.frozen.amounts.first_due_date;
  if (today >= firstDue) throw conflict(DISBURSEMENT_MESSAGES.afterFirstDue(firstDue), 'first_due_date');

  let account: AccountRow | null;
  if (input.bank_account_id != null) {
    const [row] = await tx.select().from(borrowerBankAccounts).where(eq(borrowerBankAccounts.id, input.bank_account_id)).limit(1);
    if (!row || row.borrower_id !== op.borrower_id) throw badRequest(DISBURSEMENT_MESSAGES.accountNotOwned, 'bank_account_id');
    account = row;
  } else {
    account = await payoutAccountOf(tx, op.borrower_id);
    if (!account) throw conflict(DISBURSEMENT_MESSAGES.noPayoutAccount, 'bank_account_id');
  }

  const a = contract.frozen.amounts;
  const figures = { financed: a.principal, released: a.released, iof: a.iof_total, fees: a.fees_total };
  let posting;
  try {
    posting = disbursementPosting(figures);
  } catch (error) {
    if (error instanceof RangeError) throw conflict(DISBURSEMENT_MESSAGES.amountsDisagree(a.principal, new Decimal(a.released).plus(a.iof_total).plus(a.fees_total).toFixed(2)), 'status');
    throw error;
  }
  const [row] = await tx
    .insert(disbursements)
    .values({
      credit_operation_id: op.id,
      disbursed_on: today,
      financed: figures.financed,
      released: figures.released,
      iof: figures.iof,
      fees: figures.fees,
      method: input.method,
      bank_account_id: account.id,
      payout_account: payoutCopy(account),
      transfer_reference: input.transfer_reference ?? null,
      // The late-charge terms of the contract as frozen at issue (migration 0038 froze them in older contracts).
      late_fee_percent: contract.frozen.late_charges.late_fee_percent,
      default_interest_monthly_percent: contract.frozen.late_charges.default_interest_monthly_percent,
      contract_monthly_percent: a.monthly_rate,
      remuneratory: contract.frozen.late_charges.remuneratory,
      late_days_from: contract.frozen.late_charges.late_days_from,
      actor_id: actor.id,
    })
    .returning();
  await post(tx, [{ posting, link: { operationId: op.id, businessDate: today, disbursementId: row.id } }]);
  const note = `${formatCurrency(figures.released)} por ${input.method.toUpperCase()} em ${today}`;
  await changeOperation(tx, {
    id: op.id,
    version: input.version,
    to: DISBURSEMENT_MOVE.to,
    event: { kind: 'disbursed', note, actorId: actor.id, at: new Date() },
    log: {
      action: 'credit-operation.disbursed',
      before: (r) => ({ status: r.status, version: r.version }),
      after: (r) => ({
        status: r.status,
        version: r.version,
        disbursement_id: row.id,
        disbursed_on: today,
        released: figures.released,
        method: input.method,
        transfer_reference: row.transfer_reference,
      }),
    },
  });
  return row.id;
}
