/** Broadcast messages: preview, create (recipients fixed and queued), history and per-recipient status. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  BROADCAST_RECIPIENT_STATUSES,
  type BROADCAST_FILTERS,
  type BROADCAST_RECIPIENT_FILTERS,
  type BROADCAST_RECIPIENT_SORTS,
  type BROADCAST_SORTS,
  MESSAGE_CHANNELS,
  pageMeta,
  type Broadcast,
  type BroadcastRecipient,
  type RecipientSelection,
} from '@shared/contract/index';
import type { Db } from '../../../db/connect';
import { users } from '../../access/schema';
import { notFound } from '../../../platform/http/errors';
import { requireAuth, type Handler } from '../../../platform/http/handler';
import { createBroadcast } from '../messages-create';
import { resolveSelection } from '../messages-recipients';
import { listConditions, listOrder, type ListSpec } from '../../../platform/list';
import { broadcastRecipients as R, broadcasts, type BroadcastRow } from '../messages-schema';

const PREVIEW_SAMPLE = 5;

/** The history's filters and sorts, named by the contract (BROADCAST_FILTERS / _SORTS); newest first by default. */
const BROADCAST_LIST: ListSpec<(typeof BROADCAST_FILTERS)[number], (typeof BROADCAST_SORTS)[number]> = {
  filters: { channel: { kind: 'one-of', column: broadcasts.channel, codes: MESSAGE_CHANNELS, many: true } },
  sorts: { id: broadcasts.id, created_at: broadcasts.created_at },
  idColumn: broadcasts.id,
  // The history is read from the top.
  defaultOrder: [desc(broadcasts.id)],
  tiebreak: () => [desc(broadcasts.id)],
};

/** One broadcast's recipients (BROADCAST_RECIPIENT_FILTERS / _SORTS), in the order they were fixed by default. */
const RECIPIENT_LIST: ListSpec<(typeof BROADCAST_RECIPIENT_FILTERS)[number], (typeof BROADCAST_RECIPIENT_SORTS)[number]> = {
  filters: { status: { kind: 'one-of', column: R.status, codes: BROADCAST_RECIPIENT_STATUSES, many: true } },
  sorts: { id: R.id, status: R.status, contact: R.contact },
  idColumn: R.id,
};

async function countsOf(db: Db, ids: number[]) {
  const out = new Map<number, Record<string, number>>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: R.broadcast_id, status: R.status, n: sql<number>`count(*)::int` })
    .from(R)
    .where(inArray(R.broadcast_id, ids))
    .groupBy(R.broadcast_id, R.status);
  for (const row of rows) {
    const entry = out.get(row.id) ?? {};
    entry[row.status] = Number(row.n);
    out.set(row.id, entry);
  }
  return out;
}

async function toBroadcasts(db: Db, rows: Array<BroadcastRow & { created_by_name: string | null }>): Promise<Broadcast[]> {
  const counts = await countsOf(db, rows.map((r) => r.id));
  return rows.map((row) => {
    const c = counts.get(row.id) ?? {};
    const queued = (c.queued ?? 0) + (c.sending ?? 0);
    const sent = c.sent ?? 0;
    const failed = c.failed ?? 0;
    return {
      id: row.id,
      channel: row.channel === 'email' ? 'email' : 'sms',
      subject: row.subject,
      body: row.body,
      selection: row.selection as RecipientSelection,
      created_by: row.created_by,
      created_by_name: row.created_by_name,
      created_at: row.created_at.toISOString(),
      total: queued + sent + failed,
      queued,
      sent,
      failed,
      status: queued > 0 ? 'sending' : 'done',
    };
  });
}

const broadcastColumns = {
  id: broadcasts.id,
  channel: broadcasts.channel,
  subject: broadcasts.subject,
  body: broadcasts.body,
  selection: broadcasts.selection,
  created_by: broadcasts.created_by,
  created_at: broadcasts.created_at,
  created_by_name: users.name,
};

async function broadcastOr404(db: Db, id: number): Promise<Broadcast> {
  const rows = await db
    .select(broadcastColumns)
    .from(broadcasts)
    .leftJoin(users, eq(users.id, broadcasts.created_by))
    .where(eq(broadcasts.id, id));
  if (rows.length === 0) throw notFound();
  return (await toBroadcasts(db, rows))[0];
}

export const previewMessage: Handler<'messages.preview'> = async ({ channel, selection }, { deps }) => {
  const resolved = await resolveSelection(deps.db, channel, selection);
  return {
    count: resolved.recipients.length,
    sample: resolved.recipients.slice(0, PREVIEW_SAMPLE).map((r) => ({ name: r.name, contact: r.contact })),
    invalid: resolved.invalid,
    withoutContact: resolved.withoutContact,
  };
};

export const createMessage: Handler<'messages.create'> = async (input, ctx) => {
  const { user: actor } = requireAuth(ctx);
  const id = await createBroadcast(ctx.deps.db, actor.id, input);
  ctx.deps.broadcasts?.wake();
  return broadcastOr404(ctx.deps.db, id);
};

export const listMessages: Handler<'messages.list'> = async (args, { deps }) => {
  const where = and(...listConditions(BROADCAST_LIST, args.filter));
  const order = listOrder(BROADCAST_LIST, args.sort);
  const [{ count }] = await deps.db.select({ count: sql<number>`count(*)::int` }).from(broadcasts).where(where);
  const rows = await deps.db
    .select(broadcastColumns)
    .from(broadcasts)
    .leftJoin(users, eq(users.id, broadcasts.created_by))
    .where(where)
    .orderBy(...order)
    .limit(args.limit)
    .offset((args.page - 1) * args.limit);
  return { items: await toBroadcasts(deps.db, rows), meta: pageMeta(args.page, args.limit, Number(count)) };
};

export const getMessage: Handler<'messages.get'> = async ({ id }, { deps }) => broadcastOr404(deps.db, id);

function toStatus(status: string): BroadcastRecipient['status'] {
  return (BROADCAST_RECIPIENT_STATUSES as readonly string[]).includes(status) ? (status as BroadcastRecipient['status']) : 'queued';
}

export const messageRecipients: Handler<'messages.recipients'> = async (args, { deps }) => {
  await broadcastOr404(deps.db, args.id);
  const where = and(eq(R.broadcast_id, args.id), ...listConditions(RECIPIENT_LIST, args.filter));
  const order = listOrder(RECIPIENT_LIST, args.sort);
  const [{ count }] = await deps.db.select({ count: sql<number>`count(*)::int` }).from(R).where(where);
  const rows = await deps.db
    .select()
    .from(R)
    .where(where)
    .orderBy(...order)
    .limit(args.limit)
    .offset((args.page - 1) * args.limit);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      contact: r.contact,
      status: toStatus(r.status),
      error: r.error,
      sent_at: r.sent_at ? r.sent_at.toISOString() : null,
    })),
    meta: pageMeta(args.page, args.limit, Number(count)),
  };
};
