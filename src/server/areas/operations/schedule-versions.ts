/**
 * Schedule versions (migration 0017): servicing's prepayment replaces an
 * operation's remaining installments with new rows, under the operation's
 * row lock it already holds. The replaced rows are never deleted (their
 * payments and journal entries point at them): they are marked with the
 * version that replaced them, and the new rows carry that version. The
 * serial id never repeats; a number repeats only across versions.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { creditOperationInstallments } from './schema';

export interface NewInstallment {
  number: number;
  due_date: string;
  payment: string;
  interest: string;
  amortization: string;
  balance: string;
}

/**
 * Marks `replacedIds` (current rows of the operation) as replaced in
 * `version` and adds `rows` as that version's; answers the new rows' ids in
 * the order given. Throws when a row is not a current one of the operation
 * (the caller read them under the same lock, so that is a bug).
 */
export async function replaceInstallments(
  tx: Db,
  input: { operationId: number; version: number; replacedIds: readonly number[]; rows: readonly NewInstallment[] },
): Promise<number[]> {
  const replaced = await tx
    .update(creditOperationInstallments)
    .set({ superseded_in: input.version })
    .where(
      and(
        eq(creditOperationInstallments.credit_operation_id, input.operationId),
        inArray(creditOperationInstallments.id, [...input.replacedIds]),
        isNull(creditOperationInstallments.superseded_in),
      ),
    )
    .returning({ id: creditOperationInstallments.id });
  if (replaced.length !== input.replacedIds.length) throw new Error(`operation ${input.operationId}: only ${replaced.length} of ${input.replacedIds.length} installments were current`);
  if (input.rows.length === 0) return [];
  const inserted = await tx
    .insert(creditOperationInstallments)
    .values(input.rows.map((r) => ({ ...r, credit_operation_id: input.operationId, schedule_version: input.version })))
    .returning({ id: creditOperationInstallments.id, number: creditOperationInstallments.number });
  const byNumber = new Map(inserted.map((r) => [r.number, r.id]));
  return input.rows.map((r) => byNumber.get(r.number)!);
}
