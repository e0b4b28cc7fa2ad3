/**
 * The portfolio figures of the dashboard on the business date.
 *
 * - Outstanding: the journal's loans receivable on that day. It carries
 *   principal only (ledger.ts), including what each payment's split moved to
 *   principal as it stands after re-allocations, so it is the principal still
 *   to receive; a write-off leaves it through the same account.
 * - Disbursed in the month: the disbursements dated from the first of the
 *   business date's month up to that day (amount released to borrowers and
 *   amount financed).
 * - At risk by N days (15, 30, 60, 90): installments more than N days late
 *   (the expired list's rule: collectible on that day, due on or before
 *   today − N − 1), how many and of how many operations, their principal
 *   still open (scheduled principal less the principal the journal received
 *   on them), and the outstanding principal of those operations — the
 *   portfolio at risk as lenders report it.
 * Sums stay numeric in SQL and travel as decimal text with two places.
 */
import Decimal from 'decimal.js';
import { and, sql } from 'drizzle-orm';
import { PORTFOLIO_RISK_DAYS, type Portfolio } from '@shared/contract/index';
import { COLLECTING_STATUSES } from '@shared/credit-operation-status';
import type { Db } from '../../db/connect';
import { creditOperationInstallments as installments } from '../operations/schema';
import { addDays } from '../../domain/servicing/business-days';
import { collectible } from './overdue';

type Rows<T> = { rows: T[] };
const two = (v: string | number | null | undefined) => new Decimal(v ?? 0).toFixed(2);

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as Rows<T>;
  return result.rows[0];
}

async function atRisk(db: Db, today: string, days: number): Promise<Portfolio['at_risk'][number]> {
  const late = and(...collectible(today), sql`${installments.due_date} <= ${addDays(today, -(days + 1))}::date`);
  const row = await one<{ installments: number; operations: number; overdue_principal: string | null; outstanding: string | null }>(
    db,
    sql`
    WITH late AS (
      SELECT ${installments.id} AS id, ${installments.credit_operation_id} AS op, ${installments.amortization} AS principal
        FROM ${installments}
       WHERE ${late}
    ),
    ops AS (SELECT DISTINCT op AS id FROM late),
    received AS (
      SELECT t.installment_id AS id, sum(CASE WHEN j.side = 'credit' THEN j.amount ELSE -j.amount END) AS principal
        FROM journal_entries j JOIN installment_transactions t ON t.id = j.transaction_id
       WHERE j.credit_operation_id IN (SELECT id FROM ops) AND j.account = 'loans_receivable' AND j.business_date <= ${today}::date
       GROUP BY t.installment_id
    )
    SELECT (SELECT count(*) FROM late)::int AS installments,
           (SELECT count(*) FROM ops)::int AS operations,
           (SELECT sum(l.principal - coalesce(r.principal, 0)) FROM late l LEFT JOIN received r ON r.id = l.id)::text AS overdue_principal,
           (SELECT sum(CASE WHEN j.side = 'debit' THEN j.amount ELSE -j.amount END)
              FROM journal_entries j
             WHERE j.credit_operation_id IN (SELECT id FROM ops) AND j.account = 'loans_receivable' AND j.business_date <= ${today}::date)::text AS outstanding`,
  );
  return {
    days,
    operations: Number(row.operations),
    installments: Number(row.installments),
    overdue_principal: two(row.overdue_principal),
    outstanding: two(row.outstanding),
  };
}

export async function portfolioOn(db: Db, today: string): Promise<Portfolio> {
  const monthStart = `${today.slice(0, 7)}-01`;
  const collecting = sql.join(COLLECTING_STATUSES.map((s) => sql`${s}`), sql`, `);
  const totals = await one<{ outstanding: string | null; operations: number; count: number; released: string | null; financed: string | null }>(
    db,
    sql`
    SELECT (SELECT sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END) FROM journal_entries
             WHERE account = 'loans_receivable' AND business_date <= ${today}::date)::text AS outstanding,
           (SELECT count(*) FROM credit_operations WHERE status IN (${collecting}))::int AS operations,
           d.count, d.released, d.financed
      FROM (SELECT count(*)::int AS count, sum(released)::text AS released, sum(financed)::text AS financed
              FROM disbursements WHERE disbursed_on >= ${monthStart}::date AND disbursed_on <= ${today}::date) d`,
  );
  const risk: Portfolio['at_risk'] = [];
  for (const days of PORTFOLIO_RISK_DAYS) risk.push(await atRisk(db, today, days));
  return {
    as_of: today,
    outstanding: two(totals.outstanding),
    operations: Number(totals.operations),
    disbursed_month: { month: today.slice(0, 7), count: Number(totals.count), released: two(totals.released), financed: two(totals.financed) },
    at_risk: risk,
  };
}
