/**
 * The monthly close (fechamento mensal): as of a month's last day, each
 * operation's stage (Res. CMN 4.966/2021), portfolio and provision (Res. BCB
 * 352/2023, simplified method), and the allowance's change from the last
 * close posted. Rules: src/shared/books/*, the ledger's README.
 *
 * Design choices:
 * - preview: what the close would record now (nothing written), totals by
 *   stage and portfolio, the change from the last close, and the operations
 *   whose provision is largest (up to PREVIEW_POSITIONS; the totals hold all);
 * - ask → approve (four eyes, approval kind ledger.close): the asker opens a
 *   request; another administrator approves it and the close runs then, with
 *   the figures of that moment; refusing needs a reason; the asker may withdraw;
 * - one close in force a month, months in order; the latest may be undone
 *   (its change reversed, provision_reversal) and the month closed again;
 * - month: a close as it was recorded (stored positions), history: every close.
 * - Who: AllAdmins; every run and undo is in the activity log.
 */
import { z } from 'zod';
import { CLOSE_STATUSES, PORTFOLIOS, STAGE_REASONS } from '../books/close';
import { RISK_STAGES } from '../risk-classification';
import { AllAdmins } from '../roles';
import { defineOperation } from './define';
import { knownFilters, optionalText, sortSchema } from './common';
import { moneySchema } from './money';
import { monthSchema } from './ledger-books';

/** How many operations the preview and a month's view list (the largest provisions first). */
export const PREVIEW_POSITIONS = 200;

export const CLOSE_FILTERS = ['month'] as const;

const monthArgs = z.object({
  sort: sortSchema,
  filter: knownFilters(z.object({ month: monthSchema })),
});

const totalsLine = z.object({ operations: z.number().int(), balance: moneySchema, provision: moneySchema });

export const closeTotalsSchema = z.object({
  operations: z.number().int(),
  balance: moneySchema,
  allowance: moneySchema,
  previous_allowance: moneySchema,
  change: moneySchema,
  by_stage: z.record(z.enum(RISK_STAGES), totalsLine),
  by_portfolio: z.record(z.enum(PORTFOLIOS), totalsLine),
  by_reason: z.record(z.enum(STAGE_REASONS), z.number().int()),
  /**
   * What stands written off as a loss on the as-of day, by the SCR Doc 3040 buckets (v310 up to 12 months ago, v320
   * over 12 up to 48, v330 over 48). An operation written off whole is counted here only, not in `operations`.
   */
  written_off: z.object({ operations: z.number().int(), amount: moneySchema, v310: moneySchema, v320: moneySchema, v330: moneySchema }),
});

export const closePositionSchema = z.object({
  credit_operation_id: z.number().int(),
  borrower_id: z.number().int(),
  borrower_name: z.string().nullable(),
  stage: z.enum(RISK_STAGES),
  stage_reason: z.enum(STAGE_REASONS),
  portfolio: z.enum(PORTFOLIOS),
  days_late: z.number().int(),
  months_in_default: z.number().int(),
  defaulted: z.boolean(),
  restructured: z.boolean(),
  principal: moneySchema,
  accrued: moneySchema,
  balance: moneySchema,
  /** percent */
  provision_rate: z.string(),
  provision: moneySchema,
  /** principal written off as a loss and in force on the as-of day (Doc 3040 v310–v330) */
  written_off: moneySchema,
  /** the operation's provision at the last close before (null: not in it) */
  previous_provision: moneySchema.nullable(),
});
export type ClosePositionView = z.infer<typeof closePositionSchema>;

export const closeRecordSchema = z.object({
  id: z.number().int(),
  month: z.string(),
  as_of: z.string(),
  business_date: z.string(),
  status: z.enum(CLOSE_STATUSES),
  operations: z.number().int(),
  balance: moneySchema,
  allowance: moneySchema,
  previous_allowance: moneySchema,
  change: moneySchema,
  posting_id: z.number().int().nullable(),
  requested_by_name: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  undone_by_name: z.string().nullable(),
  undone_on: z.string().nullable(),
  created_at: z.string(),
});
export type CloseRecordView = z.infer<typeof closeRecordSchema>;

export const closePendingSchema = z.object({
  approval_request_id: z.number().int(),
  maker_name: z.string().nullable(),
  made_at: z.string(),
  asked_by_you: z.boolean(),
  can_check: z.boolean(),
});

export const closeViewSchema = z.object({
  month: z.string(),
  as_of: z.string(),
  /** 'preview': computed now, nothing written; 'recorded': the close as it was stored */
  source: z.enum(['preview', 'recorded']),
  totals: closeTotalsSchema,
  positions: z.array(closePositionSchema),
  /** the stored close (recorded) or the close in force of the month (preview: null when open) */
  close: closeRecordSchema.nullable(),
  /** the request waiting for another administrator (null: none) */
  pending: closePendingSchema.nullable(),
  /** why the month may not be asked for now (null: it may) */
  refusal: z.string().nullable(),
});
export type CloseView = z.infer<typeof closeViewSchema>;

const monthBody = z.object({ month: monthSchema });

export const ledgerCloseOperations = {
  'ledger.closePreview': defineOperation({
    method: 'GET',
    path: '/api/ledger/close/preview',
    access: AllAdmins,
    encoding: 'list',
    origin: 'designed',
    description:
      "What closing filter[month] would record now (nothing written): totals by stage, portfolio and stage reason, the allowance and its change from the last close, the operations with the largest provisions (each with its provision at the last close), the request waiting for approval and why the month may not be asked for (null: it may). A sort or another filter is refused.",
    list: { filters: CLOSE_FILTERS, sorts: [] },
    args: monthArgs,
    result: closeViewSchema,
  }),
  'ledger.closeMonth': defineOperation({
    method: 'GET',
    path: '/api/ledger/close/month',
    access: AllAdmins,
    encoding: 'list',
    origin: 'designed',
    description: "The month's close in force as it was recorded (its stored positions and totals). 404 when the month has no close in force.",
    errors: [404],
    list: { filters: CLOSE_FILTERS, sorts: [] },
    args: monthArgs,
    result: closeViewSchema,
  }),
  'ledger.closeHistory': defineOperation({
    method: 'GET',
    path: '/api/ledger/closes',
    access: AllAdmins,
    encoding: 'none',
    origin: 'designed',
    description: 'Every close, newest month first (undone ones too): totals, who asked, who approved, status and who undid it.',
    args: z.object({}),
    result: z.array(closeRecordSchema),
  }),
  'ledger.closeAsk': defineOperation({
    method: 'POST',
    path: '/api/ledger/close',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description:
      'Asks for the close of a month (four eyes): a request another administrator approves; nothing is recorded yet. 400 when the month has not ended; 409 when it is closed, a later month is closed, or a request already waits.',
    errors: [409],
    args: monthBody,
    result: z.object({ approval_request_id: z.number().int() }),
  }),
  'ledger.closeDecide': defineOperation({
    method: 'POST',
    path: '/api/ledger/close/approval',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description:
      "Another administrator's answer to the month's pending close: approve runs it (positions stored, the allowance's change posted, logged); refuse needs a reason; the one who asked may withdraw it (approving their own is a 403 four-eyes). 409 when nothing waits or the month was closed meanwhile.",
    errors: [409],
    args: z.object({ month: monthSchema, approve: z.boolean({ error: 'informe se aprova' }), reason: optionalText(1000) }),
    result: closeRecordSchema.nullable(),
  }),
  'ledger.closeUndo': defineOperation({
    method: 'POST',
    path: '/api/ledger/close/undo',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description:
      "Undoes the month's close in force while it is the latest: the allowance's change is reversed (provision_reversal, dated as the close), the close is kept as undone, and the month may be closed again. 409 when the month has no close in force or a later month is closed.",
    errors: [409],
    args: monthBody,
    result: closeRecordSchema,
  }),
} as const;
