/**
 * The amounts a confirmation states before money moves, declared as rows:
 * an amount is decimal text from the wire, written by the shared money
 * formatter here and nowhere else, so every confirmation shows it the same
 * way; a row that is not one amount (a count of installments with the first
 * one's value) brings its own words.
 */
import { formatCurrency } from '@shared/format';

export interface MoneyRow {
  /** the row's heading, already translated */
  label: string;
  /** a decimal amount from the wire ('1234.50'), shown as currency */
  amount?: string;
  /** what the row says instead of one amount, already worded */
  text?: string;
  /** the figures that decide (what is released, what is owed) stand out */
  strong?: boolean;
  /** names the row's value for tests: `<table test id>-<id>` */
  id?: string;
}

export interface MoneyCell {
  key: string;
  label: string;
  value: string;
  strong: boolean;
  testId: string | undefined;
}

export function moneyCells(rows: readonly MoneyRow[], testId: string): MoneyCell[] {
  return rows.map((row, i) => ({
    key: row.id ?? `row-${i}`,
    label: row.label,
    value: row.amount !== undefined ? formatCurrency(row.amount) : (row.text ?? ''),
    strong: row.strong ?? false,
    testId: row.id ? `${testId}-${row.id}` : undefined,
  }));
}
