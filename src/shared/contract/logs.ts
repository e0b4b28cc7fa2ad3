/** The activity log (the spec's "logs" calls: GET /logs/all, GET /logs/:id, POST /logs/export). */
import { z } from 'zod';
import { AllAdmins } from '../roles';
import { defineOperation, type ExcelColumn } from './define';
import { exportArgs, exportRowsSchema, idArgs, listArgs, pageMetaSchema, timestampSchema } from './common';

/**
 * Filters of the logs list. actor: a name/e-mail fragment or a user id;
 * action: an exact action ('user.erase') or its family ('user' matches
 * 'user.*'); entity: the record kind; from/to: period (YYYY-MM-DD or ISO, both ends included).
 */
export const LOG_FILTERS = ['actor', 'action', 'entity', 'from', 'to'] as const;
/** 'actor' sorts by the actor's id (indexed at a million entries), grouping each person's entries. */
export const LOG_SORTS = ['created_at', 'action', 'entity', 'actor'] as const;

/**
 * meta.totalItems is an exact count up to this many matching entries; above it
 * the count stops there and `capped` is true (the screen says "mais de …").
 * Counting a million rows on every page turn is what made log screens slow;
 * paging past the cap is refused by the screen, narrowing the filters is the way.
 */
export const LOG_COUNT_CAP = 10_000;

export const logItemSchema = z.object({
  id: z.number().int(),
  created_at: timestampSchema,
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().int().nullable(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
});
export type LogItem = z.infer<typeof logItemSchema>;

const snapshotValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const logChangeSchema = z.object({
  field: z.string(),
  before: snapshotValue.optional(),
  after: snapshotValue.optional(),
  changed: z.boolean(),
});
export type LogChange = z.infer<typeof logChangeSchema>;

export const logDetailSchema = logItemSchema.extend({
  before: z.record(z.string(), snapshotValue).nullable(),
  after: z.record(z.string(), snapshotValue).nullable(),
  /** every field present before or after, in a stable order, flagged when it differs */
  changes: z.array(logChangeSchema),
});
export type LogDetail = z.infer<typeof logDetailSchema>;

export const LOG_EXPORT_COLUMNS: readonly ExcelColumn[] = [
  { key: 'id', header: 'logs.columns.id', format: 'integer' },
  { key: 'created_at', header: 'logs.columns.createdAt', format: 'datetime' },
  { key: 'actor_name', header: 'logs.columns.actor' },
  { key: 'actor_email', header: 'logs.columns.actorEmail' },
  { key: 'action', header: 'logs.columns.action', format: 'activity-action' },
  { key: 'entity', header: 'logs.columns.entity', format: 'activity-entity' },
  { key: 'entity_id', header: 'logs.columns.entityId', format: 'integer' },
];

/** The most rows one export writes; the export says so when the filters match more. */
export const LOG_EXPORT_MAX = 200_000;

export const logsOperations = {
  'logs.all': defineOperation({
    method: 'GET',
    path: '/api/logs/all',
    access: AllAdmins,
    encoding: 'list',
    cacheable: true,
    origin: 'spec',
    description: 'Activity log entries, newest first by default, paged, filtered (actor, action, entity, period) and sorted.',
    list: { filters: LOG_FILTERS, sorts: LOG_SORTS },
    args: listArgs,
    result: z.object({ items: z.array(logItemSchema), meta: pageMetaSchema, capped: z.boolean() }),
  }),
  'logs.byId': defineOperation({
    method: 'GET',
    path: '/api/logs/:id',
    access: AllAdmins,
    encoding: 'none',
    origin: 'spec',
    description: 'One log entry with the record before and after and the fields that changed.',
    args: idArgs,
    result: logDetailSchema,
  }),
  'logs.export': defineOperation({
    method: 'POST',
    path: '/api/logs/export',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Log entries matching the list filters, as rows for the Excel export (at most LOG_EXPORT_MAX).',
    file: { kind: 'excel-export', columns: LOG_EXPORT_COLUMNS, title: 'logs.exportTitle' },
    list: { filters: LOG_FILTERS, sorts: LOG_SORTS },
    args: exportArgs,
    result: exportRowsSchema,
  }),
} as const;
