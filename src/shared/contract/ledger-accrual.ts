/**
 * Interest on the competence basis (the ledger's accrual, src/server/areas/ledger/README.md "Competence basis"):
 * run the accrual up to a date, and read the last run with its totals.
 *
 * Design choices:
 * - The run is on demand (no day-change job exists on the server): an administrator runs it up to a date no later
 *   than the business date; it is idempotent per date (a second run of the date recognises nothing) and resumes
 *   where a stopped run left off. Answers what this run recognised.
 * - A run up to a day of a month already closed posts on the first day of the first open month (posted_on says so).
 * - The status answers the last finished run (null before the first) and the last ten, the interest recognised and not yet settled in
 *   all (the accrued interest receivable) and the operations whose accrual stopped (stage 3).
 * - Who: AllAdmins (the books are the administrators'), with the activity log.
 */
import { z } from 'zod';
import { AllAdmins } from '../roles';
import { defineOperation } from './define';
import { calendarDaySchema, moneySchema } from './money';

export const accrualRunResultSchema = z.object({
  run_id: z.number().int(),
  up_to: z.string(),
  /** operations that recognised interest in this run */
  operations: z.number().int(),
  /** the interest recognised in this run */
  amount: moneySchema,
  /** operations whose accrual stopped in this run (stage 3: more than 90 days late) */
  stopped: z.number().int(),
  /** when up_to fell in a month the monthly close closed: the date its postings carry (the first open month's first day); else null */
  posted_on: z.string().nullable(),
});
export type AccrualRunResult = z.infer<typeof accrualRunResultSchema>;

export const accrualRunRowSchema = z.object({
  run_id: z.number().int(),
  up_to: z.string(),
  operations: z.number().int(),
  amount: moneySchema,
  stopped: z.number().int(),
  finished_at: z.string(),
  posted_on: z.string().nullable(),
});
export type AccrualRunRow = z.infer<typeof accrualRunRowSchema>;

export const accrualStatusSchema = z.object({
  last_run: accrualRunRowSchema.nullable(),
  /** the last finished runs, latest first (at most ACCRUAL_RECENT_RUNS) */
  recent_runs: z.array(accrualRunRowSchema),
  /** the accrued interest receivable: recognised and not yet settled, every operation */
  accrued_open: moneySchema,
  /** operations whose accrual is stopped (stage 3) */
  stopped_operations: z.number().int(),
});
export type AccrualStatus = z.infer<typeof accrualStatusSchema>;

/** How many finished runs the status lists. */
export const ACCRUAL_RECENT_RUNS = 10;

export const ledgerAccrualOperations = {
  'ledgerAccrual.run': defineOperation({
    method: 'POST',
    path: '/api/ledger/accrual/run',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description:
      'Recognises interest on the competence basis up to `date` (no later than the business date): for every operation accruing, the schedule interest earned pro rata die up to the date less what was recognised before, posted as interest_accrual (accrued interest receivable ← interest income); stage-3 operations (more than 90 days late) stop. A date in a month already closed by the monthly close posts on the first day of the first open month (posted_on). Idempotent per date; a stopped run is taken up by the next. Logged.',
    errors: [409],
    args: z.object({ date: calendarDaySchema }),
    result: accrualRunResultSchema,
  }),
  'ledgerAccrual.status': defineOperation({
    method: 'GET',
    path: '/api/ledger/accrual',
    access: AllAdmins,
    encoding: 'query',
    origin: 'designed',
    description: 'The last finished accrual run (date, operations, amount, stops, posting date when re-dated; null before the first) and the last ten, the accrued interest not yet settled in all and the operations whose accrual is stopped.',
    args: z.object({}),
    result: accrualStatusSchema,
  }),
} as const;
