/**
 * What is still open of many operations' installments, for reports that list
 * operations (the parameterized report's open amount): the current
 * schedule's installments without a payment date of an operation being
 * collected, each at its own value still open (principal and scheduled
 * interest, no charges) after the payments that stand (reversed ones left
 * out) — the same replay the installment's screen shows, so a partial payment
 * is deducted only for the part that reached the installment's value, never
 * for the late charges it paid first.
 *
 * Read in chunks (a report's file asks for up to 100,000 operations): per
 * chunk one statement for the open installments, one for their transactions,
 * and the operations with transactions and their disbursement's terms in a
 * third; an installment with no transaction is open at face value without a
 * replay.
 */
import Decimal from 'decimal.js';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { creditOperationInstallments as inst, creditOperations } from '../operations/schema';
import { contextFrom, replayOf, type ServicingContext } from './installments';
import { disbursements } from '../servicing/schema';
import { installmentTransactions, type InstallmentTransactionRow } from './schema';

const CHUNK = 1000;

export interface OpenValue {
  /** open installments */
  count: number;
  /** their value still open, decimal text with two places */
  amount: string;
}

/** Every asked operation's open installments and their value still open on `asOf` (operations with none: 0 and "0.00"). */
export async function openValuesOf(db: Db, operationIds: readonly number[], asOf: string): Promise<Map<number, OpenValue>> {
  const ids = [...new Set(operationIds)];
  const totals = new Map<number, { count: number; amount: Decimal }>(ids.map((id) => [id, { count: 0, amount: new Decimal(0) }]));
  for (let at = 0; at < ids.length; at += CHUNK) await addChunk(db, ids.slice(at, at + CHUNK), asOf, totals);
  return new Map([...totals].map(([id, t]) => [id, { count: t.count, amount: t.amount.toFixed(2) }]));
}

async function addChunk(db: Db, ids: number[], asOf: string, totals: Map<number, { count: number; amount: Decimal }>): Promise<void> {
  const open = await db
    .select()
    .from(inst)
    .where(and(inArray(inst.credit_operation_id, ids), isNull(inst.superseded_in), isNull(inst.paid_on), eq(inst.collecting, true)))
    .orderBy(asc(inst.id));
  if (open.length === 0) return;
  const txs = await db
    .select()
    .from(installmentTransactions)
    .where(inArray(installmentTransactions.installment_id, open.map((i) => i.id)))
    .orderBy(asc(installmentTransactions.id));
  const byInstallment = new Map<number, InstallmentTransactionRow[]>();
  for (const t of txs) byInstallment.set(t.installment_id, [...(byInstallment.get(t.installment_id) ?? []), t]);

  // The late-charge terms only for operations whose installments have transactions (charges come before the value).
  const replayed = [...new Set(txs.map((t) => t.credit_operation_id))];
  const contexts = new Map<number, ServicingContext>();
  if (replayed.length > 0) {
    const rows = await db
      .select({ op: creditOperations, d: disbursements })
      .from(creditOperations)
      .leftJoin(disbursements, eq(disbursements.credit_operation_id, creditOperations.id))
      .where(inArray(creditOperations.id, replayed));
    for (const r of rows) contexts.set(r.op.id, await contextFrom(db, r.op, r.d));
  }

  for (const i of open) {
    const total = totals.get(i.credit_operation_id)!;
    total.count += 1;
    const rows = byInstallment.get(i.id);
    const ctx = contexts.get(i.credit_operation_id);
    const value = rows && ctx ? replayOf(ctx, i, rows, asOf).state.valueOpen : new Decimal(i.amortization).plus(i.interest);
    total.amount = total.amount.plus(value);
  }
}
