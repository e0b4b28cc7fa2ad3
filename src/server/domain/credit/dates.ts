/**
 * The dates of an operation against the lender's calendar: the disbursement
 * is not before the business date (a proposal made today and released three
 * months ago would start with installments overdue) nor more than the
 * company's days ahead of it; the first due date is after the disbursement
 * and at most the company's first-period days after it (a first due date five
 * years out is no loan the schedule's convention was chosen for).
 */
import { addDays, daysBetween } from './calendar';

export interface DateLimits {
  /** the lender's business date, 'YYYY-MM-DD' */
  today: string;
  /** how many days after `today` a disbursement may be */
  maxDaysAhead: number;
  /** the most days from the disbursement to the first due date */
  maxFirstPeriodDays: number;
}

export type DateProblem =
  | { field: 'disbursementDate'; rule: 'past'; limit: string }
  | { field: 'disbursementDate'; rule: 'too-far-ahead'; limit: string }
  | { field: 'firstDueDate'; rule: 'not-after-disbursement'; limit: string }
  | { field: 'firstDueDate'; rule: 'first-period-too-long'; limit: string };

/** The first rule the dates break (with the day that bounds it), or null. */
export function checkOperationDates(disbursementDate: string, firstDueDate: string, limits: DateLimits): DateProblem | null {
  if (daysBetween(limits.today, disbursementDate) < 0) return { field: 'disbursementDate', rule: 'past', limit: limits.today };
  const latest = addDays(limits.today, limits.maxDaysAhead);
  if (daysBetween(latest, disbursementDate) > 0) return { field: 'disbursementDate', rule: 'too-far-ahead', limit: latest };
  const firstPeriod = daysBetween(disbursementDate, firstDueDate);
  if (firstPeriod <= 0) return { field: 'firstDueDate', rule: 'not-after-disbursement', limit: disbursementDate };
  if (firstPeriod > limits.maxFirstPeriodDays) {
    return { field: 'firstDueDate', rule: 'first-period-too-long', limit: addDays(disbursementDate, limits.maxFirstPeriodDays) };
  }
  return null;
}
