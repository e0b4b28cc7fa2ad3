/**
 * The close's written-off part: what of each operation was written off as a
 * loss (baixa como prejuízo: collection's installment_write_offs, read in a
 * join) and still stands on the as-of day, kept on the position with the SCR
 * Doc 3040 buckets at the data-base, so the month's 3040 shows again as it
 * was (the written-off principal left the receivable, so the balance
 * provisioned no longer holds it).
 *
 * Source of the buckets: SCR Doc 3040, Instruções de Preenchimento, anexo
 * Vencimentos — v310 créditos baixados como prejuízo há até 12 meses, v320 há
 * mais de 12 e até 48 meses, v330 há mais de 48 meses (domain/scr3040/venc.ts,
 * writtenOffBuckets). A write-off in force: its row not undone on the as-of
 * day (an undoing dated later does not count yet).
 */
import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import { writtenOffBuckets, type WrittenOffAmount } from '../../../domain/scr3040/venc';

/**
 * CTEs `wo` (the amounts in force on `asOf` by operation and day written off) and `wo_op` (per operation, the JSON
 * text of [{date, amount}] by day). Zero amounts are left out (a write-off of nothing moves nothing to report).
 */
export function writtenOffCtes(asOf: string): SQL {
  return sql`wo AS (
      SELECT w.credit_operation_id AS op, w.written_off_on AS on_day, sum(w.principal) AS amount
        FROM installment_write_offs w
       WHERE w.undoes_id IS NULL AND w.written_off_on <= ${asOf}::date
         AND NOT EXISTS (SELECT 1 FROM installment_write_offs u WHERE u.undoes_id = w.id AND u.written_off_on <= ${asOf}::date)
       GROUP BY w.credit_operation_id, w.written_off_on
      HAVING sum(w.principal) > 0
    ), wo_op AS (
      SELECT op, json_agg(json_build_object('date', to_char(on_day, 'YYYY-MM-DD'), 'amount', amount::text) ORDER BY on_day)::text AS write_offs
        FROM wo GROUP BY op
    )`;
}

export interface WrittenOffFigures {
  written_off: string;
  written_off_first_on: string | null;
  written_off_last_on: string | null;
  written_off_v310: string;
  written_off_v320: string;
  written_off_v330: string;
}

const NONE_WRITTEN_OFF: WrittenOffFigures = {
  written_off: '0.00',
  written_off_first_on: null,
  written_off_last_on: null,
  written_off_v310: '0.00',
  written_off_v320: '0.00',
  written_off_v330: '0.00',
};

/** The position's written-off figures on `asOf` from the write-offs' JSON text (null: none). */
export function writtenOffFigures(asOf: string, writeOffsJson: string | null): WrittenOffFigures {
  if (writeOffsJson === null) return { ...NONE_WRITTEN_OFF };
  const amounts = (writeOffsJson ? (JSON.parse(writeOffsJson) as Array<{ date: string; amount: string }>) : []) satisfies WrittenOffAmount[];
  const buckets = writtenOffBuckets(asOf, amounts);
  const total = amounts.reduce((s, a) => s.plus(a.amount), new Decimal(0));
  const days = amounts.map((a) => a.date).sort();
  const of = (code: string) => (buckets[code] ?? new Decimal(0)).toFixed(2);
  return {
    written_off: total.toFixed(2),
    written_off_first_on: days[0] ?? null,
    written_off_last_on: days[days.length - 1] ?? null,
    written_off_v310: of('v310'),
    written_off_v320: of('v320'),
    written_off_v330: of('v330'),
  };
}

export interface WrittenOffTotals {
  /** operations with an amount written off in force */
  operations: number;
  amount: string;
  v310: string;
  v320: string;
  v330: string;
}

/** A decimal string (or number) that is zero, without a Decimal: "0", "0.00", "-0.00", 0. */
export function isZeroAmount(value: string | number): boolean {
  return Number(value) === 0;
}

/** The written-off totals, a position at a time (Decimal while adding, strings at the end). */
export class WrittenOffSum {
  private operations = 0;
  private amount = new Decimal(0);
  private v310 = new Decimal(0);
  private v320 = new Decimal(0);
  private v330 = new Decimal(0);

  /** Adds a position's written-off figures (nothing when none). */
  add(p: Partial<Pick<WrittenOffFigures, 'written_off' | 'written_off_v310' | 'written_off_v320' | 'written_off_v330'>>): void {
    if (!p.written_off || isZeroAmount(p.written_off)) return;
    this.operations += 1;
    this.amount = this.amount.plus(p.written_off);
    this.v310 = this.v310.plus(p.written_off_v310 ?? 0);
    this.v320 = this.v320.plus(p.written_off_v320 ?? 0);
    this.v330 = this.v330.plus(p.written_off_v330 ?? 0);
  }

  totals(): WrittenOffTotals {
    return { operations: this.operations, amount: this.amount.toFixed(2), v310: this.v310.toFixed(2), v320: this.v320.toFixed(2), v330: this.v330.toFixed(2) };
  }
}
