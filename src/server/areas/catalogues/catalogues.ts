/**
 * The three simple catalogues (situations, how-did-find, lending reasons) share
 * one implementation: list/filters/sort, list-actives, get, create, update,
 * status and delete, each mutation written to the activity log. Deleting an
 * item still referenced in `catalogue_references` answers 409.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { CATALOGUE_OPERATIONS, pageMeta, type CatalogueKind, type OperationName } from '@shared/contract/index';
import type { CatalogueActivityEntity } from '@shared/activity';
import type { Db } from '../../db/connect';
import { catalogueReferences, type LabelTable } from './schema';
import { conflict, HttpError, notFound } from '../../platform/http/errors';
import { requireAuth, type Handler, type HandlerContext } from '../../platform/http/handler';
import { logActivity, type Snapshot } from '../../platform/activity';
import { listConditions, listOrder, type ListSpec } from '../../platform/list';

/** Shown when an item still in use is deleted; the screen then offers deactivation. */
export function inUseMessage(count: number): string {
  return `Este item está em uso por ${count} ${count === 1 ? 'registro' : 'registros'} e não pode ser excluído. Desative-o para que deixe de ser oferecido.`;
}

/**
 * The solicitation column that refers to each catalogue. Solicitations are
 * counted straight from their table (soft-deleted ones too: the foreign key
 * still holds them), so no second bookkeeping can drift from the data.
 */
const SOLICITATION_COLUMN: Partial<Record<CatalogueKind | 'projects', string>> = {
  howDidFind: 'how_did_find',
  reasons: 'lending_reason',
  projects: 'project_id',
};

/** How many records refer to a catalogue item: rows of catalogue_references plus solicitations. */
export async function referenceCount(db: Db, catalogue: CatalogueKind | 'projects', itemId: number): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(catalogueReferences)
    .where(and(eq(catalogueReferences.catalogue, catalogue), eq(catalogueReferences.item_id, itemId)));
  const column = SOLICITATION_COLUMN[catalogue];
  if (!column) return Number(count);
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM solicitations WHERE ${sql.identifier(column)} = ${itemId}`);
  const rows = (result as unknown as { rows: Array<{ n: number | string }> }).rows;
  return Number(count) + Number(rows[0]?.n ?? 0);
}

export async function assertNotInUse(db: Db, catalogue: CatalogueKind | 'projects', itemId: number): Promise<void> {
  const count = await referenceCount(db, catalogue, itemId);
  // The screen recognises the 'in-use' code and offers deactivation instead.
  if (count > 0) throw new HttpError(409, inUseMessage(count), undefined, 'in-use');
}

/** Labels compare without case, accents or repeated blanks: "Capital de Giro" and "capital de giro " are the same item. */
export function labelKey(label: string): string {
  return label.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase('pt-BR').replace(/\s+/g, ' ').trim();
}

export const DUPLICATE_LABEL_MESSAGE = 'Já existe um item com este rótulo neste catálogo.';

/**
 * Refuses a label another item of the same catalogue already has (409 on the
 * `label` field). The catalogues are short lists, so the comparison runs here
 * rather than through a database collation both PGlite and PostgreSQL must have.
 */
async function assertLabelFree(db: Db, table: LabelTable, label: string, exceptId?: number): Promise<void> {
  const key = labelKey(label);
  const rows = await db.select({ id: table.id, label: table.label }).from(table);
  if (rows.some((r) => r.id !== exceptId && labelKey(r.label) === key)) throw conflict(DUPLICATE_LABEL_MESSAGE, 'label');
}

type Row = Record<string, unknown> & { id: number; label: string; active: boolean; created_at: Date; updated_at: Date };

interface CatalogueConfig {
  kind: CatalogueKind;
  /** the table, seen through the columns all catalogues share */
  table: LabelTable;
  /** activity-log entity name (src/shared/activity.ts) */
  entity: CatalogueActivityEntity;
  /** extra columns beyond label/active (situations: percentage) */
  extra: readonly string[];
}

function toItem(row: Row, extra: readonly string[]) {
  const out: Record<string, unknown> = {
    id: row.id,
    label: row.label,
    active: row.active,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
  for (const key of extra) out[key] = row[key];
  return out;
}

function snapshot(row: Row, extra: readonly string[]): Snapshot {
  const out: Snapshot = { id: row.id, label: row.label, active: row.active };
  for (const key of extra) out[key] = row[key] as Snapshot[string];
  return out;
}

interface ListArgsIn {
  page: number;
  limit: number;
  filter?: Record<string, unknown>;
  sort?: { field?: string | null; order?: string | null } | null;
}

type Ops<K extends CatalogueKind> = (typeof CATALOGUE_OPERATIONS)[K];
export type CatalogueHandlers<K extends CatalogueKind> = {
  [Op in keyof Ops<K>]: Ops<K>[Op] extends infer N extends OperationName ? Handler<N> : never;
};

export function catalogueHandlers<K extends CatalogueKind>(config: CatalogueConfig & { kind: K }): CatalogueHandlers<K> {
  const { table, entity, extra, kind } = config;
  const spec: ListSpec = {
    filters: { label: { kind: 'contains', column: table.label }, active: { kind: 'boolean', column: table.active } },
    sorts: {
      id: table.id,
      label: table.label,
      active: table.active,
      created_at: table.created_at,
      updated_at: table.updated_at,
      // Only situations have a percentage column (extra lists it).
      ...Object.fromEntries(extra.map((key) => [key, (table as unknown as Record<string, LabelTable['id']>)[key]])),
    },
    idColumn: table.id,
  };

  const find = async (db: Db, id: number): Promise<Row> => {
    const rows = (await db.select().from(table).where(eq(table.id, id)).limit(1)) as Row[];
    if (!rows[0]) throw notFound();
    return rows[0];
  };

  const values = (input: Record<string, unknown>) => {
    const out: Record<string, unknown> = { label: input.label, active: input.active };
    for (const key of extra) out[key] = input[key];
    return out as { label: string; active: boolean };
  };

  const handlers = {
    list: async (args: ListArgsIn, { deps }: HandlerContext) => {
      const where = and(...listConditions(spec, args.filter));
      const [{ count }] = await deps.db.select({ count: sql<number>`count(*)::int` }).from(table).where(where);
      const rows = (await deps.db
        .select()
        .from(table)
        .where(where)
        .orderBy(...listOrder(spec, args.sort))
        .limit(args.limit)
        .offset((args.page - 1) * args.limit)) as Row[];
      return { items: rows.map((r) => toItem(r, extra)), meta: pageMeta(args.page, args.limit, Number(count)) };
    },
    listActives: async (_args: unknown, { deps }: HandlerContext) =>
      deps.db
        .select({ id: table.id, label: table.label })
        .from(table)
        .where(eq(table.active, true))
        .orderBy(asc(table.label), asc(table.id)),
    byId: async ({ id }: { id: number }, { deps }: HandlerContext) => toItem(await find(deps.db, id), extra),
    create: async (input: Record<string, unknown>, ctx: HandlerContext) => {
      const { user } = requireAuth(ctx);
      return ctx.deps.db.transaction(async (tx) => {
        await assertLabelFree(tx, table, String(input.label));
        const [created] = (await tx.insert(table).values(values(input)).returning()) as Row[];
        await logActivity(tx, { actorId: user.id, action: `${entity}.create` as const, entity, entityId: created.id, after: snapshot(created, extra) });
        return toItem(created, extra);
      });
    },
    update: async (input: Record<string, unknown> & { id: number }, ctx: HandlerContext) => {
      const { user } = requireAuth(ctx);
      return ctx.deps.db.transaction(async (tx) => {
        const before = await find(tx, input.id);
        await assertLabelFree(tx, table, String(input.label), input.id);
        const [updated] = (await tx
          .update(table)
          .set({ ...values(input), updated_at: new Date() })
          .where(eq(table.id, input.id))
          .returning()) as Row[];
        await logActivity(tx, {
          actorId: user.id,
          action: `${entity}.update` as const,
          entity,
          entityId: input.id,
          before: snapshot(before, extra),
          after: snapshot(updated, extra),
        });
        return toItem(updated, extra);
      });
    },
    setStatus: async ({ id, active }: { id: number; active: boolean }, ctx: HandlerContext) => {
      const { user } = requireAuth(ctx);
      await ctx.deps.db.transaction(async (tx) => {
        const before = await find(tx, id);
        await tx.update(table).set({ active, updated_at: new Date() }).where(eq(table.id, id));
        await logActivity(tx, {
          actorId: user.id,
          action: active ? (`${entity}.activate` as const) : (`${entity}.deactivate` as const),
          entity,
          entityId: id,
          before: { active: before.active },
          after: { active },
        });
      });
      return { ok: true as const };
    },
    delete: async ({ id }: { id: number }, ctx: HandlerContext) => {
      const { user } = requireAuth(ctx);
      await ctx.deps.db.transaction(async (tx) => {
        const before = await find(tx, id);
        await assertNotInUse(tx, kind, id);
        await tx.delete(table).where(eq(table.id, id));
        await logActivity(tx, { actorId: user.id, action: `${entity}.delete` as const, entity, entityId: id, before: snapshot(before, extra) });
      });
      return { ok: true as const };
    },
  };
  // The implementations above are written against the shapes every catalogue shares; the
  // per-operation types differ only by name (and situations' percentage), which the router
  // checks against the contract's result schema on every answer.
  return handlers as unknown as CatalogueHandlers<K>;
}
