/**
 * What a payment reads under the operation's lock, in as few statements as
 * the answer allows: on PGlite every statement is a round trip through one
 * connection, and a payment used to read the operation, its disbursement,
 * the installment, its stored status, its transactions, then read all of it
 * again (plus the reversal requests and the actors' names) for the answer.
 *
 * - The operation is locked in a statement of its own (lockOperationRows);
 *   its disbursement's late-charge terms and, for a payment, the installment
 *   with its stored status are read in the next statement, never in the
 *   locking one: under read committed a statement that waited for the lock
 *   still sees the other tables as they were before the wait, so a cession
 *   or a write-off that held the lock would be invisible to it.
 * - The transactions come with their actors' names and any pending reversal
 *   request, so the details answer is built from the same rows the payment
 *   was checked against (detailsView), with the new row appended.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { StoredInstallmentStatus } from '@shared/installment-status';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { lockOperations, OPERATION_MESSAGES, REQUEST, type OperationRow } from '../operations';
import { creditOperationInstallments, creditOperations } from '../operations/schema';
import { notFound } from '../../platform/http/errors';
import { contextFrom, INSTALLMENT_MESSAGES, termsOfDisbursement, type InstallmentRow, type ServicingContext, type Terms } from './installments';
import { disbursements } from '../servicing/schema';
import { installmentStates } from '../servicing/schema-status';
import { installmentTransactions, type InstallmentTransactionRow } from './schema';
import { intArray } from '../../db/batch-sql';

/**
 * Takes the row locks of these operations through their owner, the operations
 * area (lockOperations: in id order, in a statement that reads nothing else);
 * answers the ids found. What a decision depends on is read after it, in new
 * statements: under read committed each statement sees what was committed
 * when it began, and a statement that waited for a lock keeps that view for
 * every row but the locked one — a payment that joined the installment's
 * stored status into its locking statement saw it as it was before the
 * cession or write-off it had waited for.
 *
 * Lock order (src/server/areas/servicing/README.md, "One lock order"): a company
 * bank account's row (a boleto's collecting account, a return file's, a
 * remittance's) before these, every operation the transaction will write
 * rows for in this one call (a row whose foreign key names an operation
 * share-locks it), then rows of the locked operations (approval requests,
 * title data), and the ledger's advisory lock last (the journal's trigger).
 */
export async function lockOperationRows(tx: Db, operationIds: readonly number[]): Promise<number[]> {
  const found = await lockOperations(tx, operationIds);
  // Outside a transaction the lock ends with its statement: nothing to remember.
  if (isTransaction(tx)) {
    const held = lockedIn.get(tx) ?? new Set<number>();
    for (const id of found) held.add(id);
    lockedIn.set(tx, held);
  }
  return found;
}

/**
 * The operations each transaction (its Db object: one per transaction or savepoint) locked through
 * lockOperationRows: a row lock lasts until the transaction ends, so a batch whose caller already locked its
 * operations (a Pix delivery, a return file) does not lock the same thousands of rows again in another statement.
 */
const lockedIn = new WeakMap<Db, Set<number>>();

/** Whether this handle is a transaction (or a savepoint in one); a plain boolean, so `tx` keeps its Db type. */
function isTransaction(tx: Db): boolean {
  return tx instanceof PgTransaction;
}

/** The operations of `operationIds` this transaction has not locked yet through lockOperationRows. */
function notLockedYet(tx: Db, operationIds: readonly number[]): number[] {
  const held = lockedIn.get(tx);
  return held ? operationIds.filter((id) => !held.has(id)) : [...operationIds];
}

/** The operation locked for this transaction, then (a new statement, see lockOperationRows) with its late-charge terms. */
export async function lockedServicingContext(tx: Db, operationId: number): Promise<ServicingContext> {
  if ((await lockOperationRows(tx, [operationId])).length === 0) throw notFound(OPERATION_MESSAGES.notFound);
  const [row] = await tx
    .select({ op: creditOperations, d: disbursements })
    .from(creditOperations)
    .leftJoin(disbursements, eq(disbursements.credit_operation_id, creditOperations.id))
    .where(eq(creditOperations.id, operationId))
    .limit(1);
  if (!row) throw notFound(OPERATION_MESSAGES.notFound);
  return contextFrom(tx, row.op, row.d);
}

export interface PaymentTarget {
  ctx: ServicingContext;
  /** null when the installment is not this operation's (the caller answers 404 after its own checks of the operation) */
  installment: InstallmentRow | null;
  stored: StoredInstallmentStatus | null;
  actorName: string | null;
}

/**
 * A payment's first two statements: the operation locked, then its
 * disbursement's terms, the installment with its stored status, and the
 * acting person's name for the answer's new row. Two, not one: the status is
 * what decides whose money the payment is (the lender's, the assignee's, or
 * none when written off), and it must be read after the lock is held, in a
 * statement that begins after whatever held the lock has committed.
 */
export async function lockedPaymentTarget(tx: Db, operationId: number, installmentId: number, actorId: number): Promise<PaymentTarget> {
  if ((await lockOperationRows(tx, [operationId])).length === 0) throw notFound(OPERATION_MESSAGES.notFound);
  const [row] = await tx
    .select({
      op: creditOperations,
      d: disbursements,
      installment: creditOperationInstallments,
      stored: installmentStates.status,
      actorName: sql<string | null>`(SELECT u.name FROM users u WHERE u.id = ${actorId})`,
    })
    .from(creditOperations)
    .leftJoin(disbursements, eq(disbursements.credit_operation_id, creditOperations.id))
    .leftJoin(creditOperationInstallments, and(eq(creditOperationInstallments.id, installmentId), eq(creditOperationInstallments.credit_operation_id, creditOperations.id)))
    .leftJoin(installmentStates, eq(installmentStates.installment_id, creditOperationInstallments.id))
    .where(eq(creditOperations.id, operationId))
    .limit(1);
  if (!row) throw notFound(OPERATION_MESSAGES.notFound);
  return { ctx: await contextFrom(tx, row.op, row.d), installment: row.installment, stored: row.stored ?? null, actorName: row.actorName ?? null };
}

/** What a payment's rules read of its operation (ServicingContext is one; a batch reads no more than this). */
export interface PaymentContext {
  op: Pick<OperationRow, 'id' | 'status' | 'version' | 'company_id'>;
  terms: Terms;
  disbursedOn: string;
}

/**
 * Every operation named, locked for this transaction in one statement and in
 * id order (the order every batch takes them in, so two batches never hold
 * each other's next operation), then read in the next statement (see
 * lockOperationRows) with what the payment rules read of it: a file names
 * thousands, and every column read is a value decoded per row.
 */
export async function lockedPaymentContexts(tx: Db, operationIds: readonly number[], lock = true): Promise<Map<number, PaymentContext>> {
  const ids = [...new Set(operationIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  // A preview reads without the lock (checkPaymentBatch): it writes nothing.
  if (lock) {
    const missing = notLockedYet(tx, ids);
    if (missing.length > 0) await lockOperationRows(tx, missing);
  }
  const rows = await tx
    .select({
      id: creditOperations.id,
      status: creditOperations.status,
      version: creditOperations.version,
      company_id: creditOperations.company_id,
      disbursed_on: disbursements.disbursed_on,
      late_fee_percent: disbursements.late_fee_percent,
      default_interest_monthly_percent: disbursements.default_interest_monthly_percent,
      contract_monthly_percent: disbursements.contract_monthly_percent,
      remuneratory: disbursements.remuneratory,
      late_days_from: disbursements.late_days_from,
      legacy_until: disbursements.legacy_until,
    })
    .from(creditOperations)
    .leftJoin(disbursements, eq(disbursements.credit_operation_id, creditOperations.id))
    .where(sql`${creditOperations.id} = ANY(${intArray(ids)})`)
    .orderBy(asc(creditOperations.id));
  const contexts = new Map<number, PaymentContext>();
  for (const r of rows) {
    const d =
      r.disbursed_on !== null &&
      r.late_fee_percent !== null &&
      r.default_interest_monthly_percent !== null &&
      r.contract_monthly_percent !== null &&
      r.remuneratory !== null &&
      r.late_days_from !== null;
    contexts.set(
      r.id,
      d
        ? {
            op: { id: r.id, status: r.status, version: r.version, company_id: r.company_id },
            disbursedOn: r.disbursed_on!,
            terms: termsOfDisbursement({
              late_fee_percent: r.late_fee_percent!,
              default_interest_monthly_percent: r.default_interest_monthly_percent!,
              contract_monthly_percent: r.contract_monthly_percent!,
              remuneratory: r.remuneratory!,
              late_days_from: r.late_days_from!,
              legacy_until: r.legacy_until,
            }),
          }
        : // Released before servicing kept disbursements: its contract's frozen terms (already locked above).
          await lockedServicingContext(tx, r.id),
    );
  }
  return contexts;
}

/** These installments with their stored status, by id (those that do not exist are left out). */
export async function installmentsWithStatus(
  tx: Db,
  installmentIds: readonly number[],
): Promise<Map<number, { installment: InstallmentRow; stored: StoredInstallmentStatus | null }>> {
  const ids = [...new Set(installmentIds)];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ installment: creditOperationInstallments, stored: installmentStates.status })
    .from(creditOperationInstallments)
    .leftJoin(installmentStates, eq(installmentStates.installment_id, creditOperationInstallments.id))
    .where(sql`${creditOperationInstallments.id} = ANY(${intArray(ids)})`);
  return new Map(rows.map((r) => [r.installment.id, { installment: r.installment, stored: r.stored ?? null }]));
}

/** The transactions of these installments, in the order written. */
export async function transactionsOfMany(tx: Db, installmentIds: readonly number[]): Promise<InstallmentTransactionRow[]> {
  if (installmentIds.length === 0) return [];
  return tx
    .select()
    .from(installmentTransactions)
    .where(sql`${installmentTransactions.installment_id} = ANY(${intArray([...new Set(installmentIds)])})`)
    .orderBy(asc(installmentTransactions.id));
}

/** `count` ids of the payments' sequence, ascending, drawn in one statement (a batch writes its rows with them). */
export async function nextTransactionIds(tx: Db, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('installment_transactions', 'id'))::int AS id FROM generate_series(1, ${count}::int)`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** The operation's installment with its stored status (written off, renegotiated…), 404 when not this operation's. */
export async function installmentWithStatus(tx: Db, operationId: number, installmentId: number): Promise<{ installment: InstallmentRow; stored: StoredInstallmentStatus | null }> {
  const [row] = await tx
    .select({ installment: creditOperationInstallments, stored: installmentStates.status })
    .from(creditOperationInstallments)
    .leftJoin(installmentStates, eq(installmentStates.installment_id, creditOperationInstallments.id))
    .where(and(eq(creditOperationInstallments.id, installmentId), eq(creditOperationInstallments.credit_operation_id, operationId)));
  if (!row) throw notFound(INSTALLMENT_MESSAGES.notFound);
  return { installment: row.installment, stored: row.stored ?? null };
}

export interface TransactionsWithNames {
  rows: InstallmentTransactionRow[];
  names: Map<number, string>;
  pending: Map<number, number>;
}

/** The installment's transactions in the order written, with their actors' names and pending reversal requests. */
export async function transactionsWithNames(tx: Db, installmentId: number): Promise<TransactionsWithNames> {
  const found = await tx
    .select({
      t: installmentTransactions,
      actor_name: users.name,
      request_id: sql<number | null>`(SELECT a.id FROM approval_requests a
        WHERE a.kind = 'installment.reverse' AND a.entity_id = ${installmentTransactions.id} AND a.status = ${REQUEST.pending}
        ORDER BY a.id DESC LIMIT 1)`,
    })
    .from(installmentTransactions)
    .leftJoin(users, eq(users.id, installmentTransactions.actor_id))
    .where(eq(installmentTransactions.installment_id, installmentId))
    .orderBy(asc(installmentTransactions.id));
  const names = new Map<number, string>();
  const pending = new Map<number, number>();
  for (const r of found) {
    if (r.t.actor_id !== null && r.actor_name !== null) names.set(r.t.actor_id, r.actor_name);
    if (r.request_id !== null) pending.set(r.t.id, Number(r.request_id));
  }
  return { rows: found.map((r) => r.t), names, pending };
}
