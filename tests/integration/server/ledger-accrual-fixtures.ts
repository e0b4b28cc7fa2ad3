/**
 * Operations for the accrual suites written straight into a migrated database (no server): a borrower, then
 * operations already disbursed with their schedule rows (domain/credit/schedule.ts), many in one statement, so a
 * suite can book one operation or a hundred thousand quickly.
 */
import { buildSchedule, type ScheduleInput } from '../../../src/server/domain/credit/schedule';
import type { DbHandle } from '../../../src/server/db/connect';

export async function insertBorrower(handle: DbHandle, document = '529.982.247-25'): Promise<number> {
  const [row] = await handle.rows<{ id: number }>("INSERT INTO borrowers (person_type, name, document) VALUES ('PF', 'Tomadora Teste', $1) RETURNING id", [document]);
  return row.id;
}

export interface FixtureOperation extends ScheduleInput {
  status?: string;
}

/** Inserts the operations (disbursed unless told) and their schedules; answers their ids in order. */
export async function insertOperations(handle: DbHandle, borrowerId: number, operations: readonly FixtureOperation[]): Promise<number[]> {
  const ops = operations.map((o, k) => {
    const rows = buildSchedule(o);
    const interest = rows.reduce((s, r) => s + Number(r.interest), 0).toFixed(2);
    return {
      k,
      status: o.status ?? 'disbursed',
      amortization: o.amortization,
      principal: String(o.principal),
      rate: String(o.monthlyRatePercent),
      n: o.installments,
      start: o.disbursementDate,
      first: o.firstDueDate,
      interest,
      rows: rows.map((r) => ({ number: r.number, due: r.dueDate, payment: r.payment.toFixed(2), interest: r.interest.toFixed(2), amortization: r.amortization.toFixed(2), balance: r.balance.toFixed(2) })),
    };
  });
  const inserted = await handle.rows<{ id: number; k: number }>(
    `INSERT INTO credit_operations (borrower_id, status, product, contract_kind, amortization, requested_amount, principal, monthly_rate, installments_count,
                                    disbursement_date, first_due_date, finance_iof, fees_total, iof_daily, iof_additional, iof_total, iof_rates,
                                    cet_monthly, cet_yearly, total_interest, total_payable, released)
     SELECT $1, v.status, 'working_capital', 'CCB', v.amortization, v.principal, v.principal, v.rate, v.n, v.start, v.first, false, 0, 0, 0, 0,
            '{"personType":"PF","dailyPercent":"0.0082","additionalPercent":"0.38","legalBasis":"Decreto 6.306/2007"}'::jsonb,
            v.rate, v.rate, v.interest, v.principal + v.interest, v.principal
       FROM json_to_recordset($2::json) AS v(status text, amortization text, principal numeric, rate numeric, n int, start date, first date, interest numeric, k int)
      ORDER BY v.k
     RETURNING id`,
    [borrowerId, JSON.stringify(ops)],
  );
  const ids = inserted.map((r) => Number(r.id));
  const rows = ops.flatMap((o, k) => o.rows.map((r) => ({ op: ids[k], ...r })));
  for (let from = 0; from < rows.length; from += 200_000) {
    await handle.rows(
      `INSERT INTO credit_operation_installments (credit_operation_id, number, due_date, payment, interest, amortization, balance)
       SELECT v.op, v.number, v.due, v.payment, v.interest, v.amortization, v.balance
         FROM json_to_recordset($1::json) AS v(op int, number int, due date, payment numeric, interest numeric, amortization numeric, balance numeric)`,
      [JSON.stringify(rows.slice(from, from + 200_000))],
    );
  }
  return ids;
}
