/**
 * SCR Doc 3044 — Dados de Eventos em Operações de Crédito: the queue of events
 * (each disbursement, payment, settlement, reversal and, from 2026-05-01,
 * cession of an operation, with its deadline of five business days), the JSON
 * remittance of the pending events (checked against the layout's public rules
 * before it is stored) and the record of what was sent. The server's part is
 * areas/regulatory/doc3044 (the area's README, section "Doc 3044", has the
 * rules and their sources).
 *
 * Design choices:
 * - Events are derived from the journal's postings, refreshed whenever the
 *   queue is read or a file generated; an event is never edited except to
 *   record the file that carried it and its sending.
 * - status: pending (not yet sent), sent, late (pending past its deadline),
 *   void (cancelled before it left: an event undone while no file carried it,
 *   with the exclusão that cancelled it); the filter pending takes the late
 *   ones too.
 * - A payment reversed, a cession undone: an exclusão (acao 2) of the event's
 *   record; a payment re-allocated: an alteração (acao 3) of its balance
 *   after; a correction goes out once the record it corrects was sent.
 * - A file carries every pending event when generated; generating again before
 *   sending carries them again (the file sent is the one marked). Marking
 *   sent, per event or per file, records who and when; an event sent is not
 *   sent again (409).
 * - Who: AllAdmins, every run, save and send in the activity log.
 */
import { z } from 'zod';
import { SCR_EVENT_KINDS } from '../enums';
import { AllAdmins } from '../roles';
import { defineOperation } from './define';
import { idSchema, idempotencyKeySchema, knownFilters, paged, sortSchema, timestampSchema } from './common';
import { calendarDaySchema, moneySchema } from './money';

export { SCR_EVENT_KINDS };
export type ScrEventKindName = (typeof SCR_EVENT_KINDS)[number];
export const SCR_EVENT_STATUSES = ['pending', 'sent', 'late', 'void'] as const;
export type ScrEventStatus = (typeof SCR_EVENT_STATUSES)[number];

export const DOC3044_FILTERS = ['status', 'from', 'to', 'credit_operation_id'] as const;

export const doc3044ListArgs = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  sort: sortSchema,
  filter: knownFilters(
    z.object({
      status: z.enum(SCR_EVENT_STATUSES, { error: 'situação: use pending, sent, late ou void' }).optional(),
      from: calendarDaySchema.optional(),
      to: calendarDaySchema.optional(),
      credit_operation_id: z.coerce.number().int().min(1).optional(),
    }),
  ).optional(),
});

export const scrEventSchema = z.object({
  id: z.number().int(),
  /** the journal posting the event comes from; null for an agreement broken (no posting) */
  posting_id: z.number().int().nullable(),
  kind: z.enum(SCR_EVENT_KINDS),
  status: z.enum(SCR_EVENT_STATUSES),
  acao: z.number().int(),
  credit_operation_id: z.number().int(),
  borrower_name: z.string(),
  ipoc: z.string(),
  amount: moneySchema,
  /** the operation's balance after the event (saldo devedor) */
  balance_after: moneySchema,
  event_date: z.string(),
  deadline: z.string(),
  /** calendar days past the deadline while pending (0 when not late) */
  days_late: z.number().int(),
  file_id: z.number().int().nullable(),
  sent_at: timestampSchema.nullable(),
  sent_by_name: z.string().nullable(),
  /** a correction (acao 2 exclusão, 3 alteração): the record it corrects (null: an inclusion) */
  corrects_id: z.number().int().nullable(),
});
export type ScrEvent = z.infer<typeof scrEventSchema>;

export const doc3044ListSchema = paged(scrEventSchema).extend({
  /** counts of the whole queue, whatever the filters */
  totals: z.object({ pending: z.number().int(), late: z.number().int(), sent: z.number().int() }),
  as_of: z.string(),
});

export const doc3044FileSchema = z.object({
  id: z.number().int(),
  generated_on: z.string(),
  remittance_at: z.string(),
  event_count: z.number().int(),
  sha256: z.string(),
  created_by_name: z.string().nullable(),
  sent_at: timestampSchema.nullable(),
  sent_by_name: z.string().nullable(),
  /** events of the file still pending (0 once the file is marked sent) */
  pending_count: z.number().int(),
});
export type Doc3044File = z.infer<typeof doc3044FileSchema>;

export const doc3044Operations = {
  'doc3044.list': defineOperation({
    method: 'GET',
    path: '/api/regulatory/doc3044/events',
    access: AllAdmins,
    encoding: 'list',
    origin: 'designed',
    description:
      "The SCR Doc 3044 events (refreshed from the journal first), by deadline then id: each disbursement, payment, settlement (the receivable brought to zero), payment reversal, renegotiation (one per operation of an agreement), withdrawal (an operation undone within seven days, CDC art. 49) and, from 2026-05-01, cession of an operation, with its IPOC, amount, balance after the event, business date, deadline (five business days after) and status. Filters: status (pending: not sent, late ones included; late: pending past the deadline; sent), from and to (the event's date), credit_operation_id; totals count the whole queue. A sort or an unknown filter is refused.",
    list: { filters: DOC3044_FILTERS, sorts: [] },
    args: doc3044ListArgs,
    result: doc3044ListSchema,
  }),
  'doc3044.files': defineOperation({
    method: 'GET',
    path: '/api/regulatory/doc3044/files',
    access: AllAdmins,
    encoding: 'none',
    origin: 'designed',
    description: 'The Doc 3044 remittances generated, newest first (the last 50): when, how many events, who made it, and whether and when it was recorded as sent.',
    args: z.object({}),
    result: z.object({ items: z.array(doc3044FileSchema) }),
  }),
  'doc3044.generate': defineOperation({
    method: 'POST',
    path: '/api/regulatory/doc3044/files',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description:
      "Generates the JSON remittance of every pending event dated up to the business date (cnpjIF, dataHoraRemessa, operacoes[{acao, ipoc, saldoDevedor, dataEvento, tipoEvento, valorEvento}]), checks it against the layout's public rules and stores it; 409 when nothing is pending or when a rule fails (naming the rule and the record). Idempotent by key.",
    errors: [409],
    args: z.object({ idempotency_key: idempotencyKeySchema }),
    result: doc3044FileSchema,
  }),
  'doc3044.file': defineOperation({
    method: 'GET',
    path: '/api/regulatory/doc3044/files/:fileId/file',
    access: AllAdmins,
    encoding: 'none',
    origin: 'designed',
    description: 'A stored Doc 3044 remittance, byte for byte as generated (application/json), saved by the main process.',
    file: { kind: 'download', extension: 'json' },
    args: z.object({ fileId: idSchema }),
    result: z.unknown(),
  }),
  'doc3044.markSent': defineOperation({
    method: 'POST',
    path: '/api/regulatory/doc3044/sent',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description:
      'Records events as sent to the Central Bank, by who and when: the events named (event_ids) or every event of a file (file_id), one of the two. 409 when an event named is already sent, or the file was already marked; 404 for an event or file not found. Idempotent by key.',
    errors: [404, 409],
    args: z
      .object({ idempotency_key: idempotencyKeySchema, event_ids: z.array(idSchema).min(1).max(5000).optional(), file_id: idSchema.optional() })
      .refine((a) => (a.event_ids === undefined) !== (a.file_id === undefined), { message: 'informe os eventos ou o arquivo, um dos dois', path: ['event_ids'] }),
    result: z.object({ marked: z.number().int(), sent_at: timestampSchema }),
  }),
} as const;
