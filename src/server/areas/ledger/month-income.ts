/**
 * A read for the SCR's Doc 3040 (RendMes, the 4.966 block's income of the month): per operation, the interest income
 * the journal recognised in a month, split by how it came — on the competence basis (the accrual run's
 * `interest_accrual` less `accrual_reversal`, README "Competence basis") or received (what payments credited straight
 * to interest income, net of their reversals: the part of a payment ahead of the accrual, an agreement's interest, and
 * all of it once the operation is in stage 3, where the accrual stops — Res. CMN 4.966/2021 art. 17). One query for
 * the whole month over the journal's (business_date, account) index. Reads only.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { PostingKind } from '@shared/ledger';
import type { Db } from '../../db/connect';
import { monthBounds } from './balancete';

/** Postings that recognise interest on the competence basis. */
export const ACCRUAL_INCOME_KINDS = ['interest_accrual', 'accrual_reversal'] as const satisfies readonly PostingKind[];
/** Postings of money received that credit interest income (and their reversals, which debit it back). */
export const RECEIVED_INCOME_KINDS = ['payment', 'prepayment', 'reversal', 'reallocation', 'renegotiation_payment', 'renegotiation_payment_reversal'] as const satisfies readonly PostingKind[];

export interface MonthIncome {
  /** interest income recognised by the accrual in the month (credits less debits) */
  accrued: string;
  /** interest income credited by money received in the month, net of reversals */
  received: string;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Per operation with interest income in `month` (YYYY-MM): what the accrual recognised and what was received. */
export async function monthInterestIncome(db: Db, month: string): Promise<Map<number, MonthIncome>> {
  const { from, to } = monthBounds(month);
  const signed = sql`CASE WHEN j.side = 'credit' THEN j.amount ELSE -j.amount END`;
  const result = await db.execute(sql`
    SELECT j.credit_operation_id AS op,
           coalesce(sum(${signed}) FILTER (WHERE j.kind IN (${list(ACCRUAL_INCOME_KINDS)})), 0)::text AS accrued,
           coalesce(sum(${signed}) FILTER (WHERE j.kind IN (${list(RECEIVED_INCOME_KINDS)})), 0)::text AS received
      FROM journal_entries j
     WHERE j.business_date BETWEEN ${from}::date AND ${to}::date AND j.account = 'interest_income' AND j.credit_operation_id IS NOT NULL
     GROUP BY j.credit_operation_id`);
  const rows = (result as unknown as { rows: Array<{ op: number; accrued: string; received: string }> }).rows;
  return new Map(rows.map((r) => [Number(r.op), { accrued: new Decimal(r.accrued).toFixed(2), received: new Decimal(r.received).toFixed(2) }]));
}
