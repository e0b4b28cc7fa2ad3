/** Catalogues of the solicitation form (the spec's calls "company-situations, how-did-find, lending-reasons" and "Projects"). */
import { readFile } from 'node:fs/promises';
import { and, eq, ilike, sql, asc } from 'drizzle-orm';
import { MAX_BANNER_BYTES, pageMeta, PROJECT_BANNER_TYPES } from '../../shared/contract/index';
import type { Db } from '../db/connect';
import {
  companySituations,
  howDidFind,
  lendingReasons,
  projectBanners,
  projects,
  type LabelTable,
  type ProjectRow,
} from '../db/schema-catalogues';
import { containsPattern } from '../domain/like';
import { judgeUpload } from '../domain/file-type';
import { generateToken } from '../domain/tokens';
import { badRequest, MESSAGES, notFound } from '../http/errors';
import { requireAuth, type Handler } from '../http/handler';
import { logActivity, type Snapshot } from '../services/activity';
import { assertNotInUse, catalogueHandlers } from '../services/catalogues';
import { listConditions, listOrder, type ListSpec } from '../services/list';
import { generateFileKey, removeFile, storedPath, storeFile } from '../services/storage';

export const situations = catalogueHandlers({
  kind: 'situations',
  // Situations add a percentage column to the shared shape (listed in extra).
  table: companySituations as unknown as LabelTable,
  entity: 'situation',
  extra: ['percentage'],
});
export const howDidFindOptions = catalogueHandlers({ kind: 'howDidFind', table: howDidFind, entity: 'how-did-find', extra: [] });
export const reasons = catalogueHandlers({ kind: 'reasons', table: lendingReasons, entity: 'lending-reason', extra: [] });

// ---- projects ----

const projectListSpec: ListSpec = {
  filters: { title: { kind: 'contains', column: projects.title }, active: { kind: 'boolean', column: projects.active } },
  sorts: {
    id: projects.id,
    title: projects.title,
    active: projects.active,
    created_at: projects.created_at,
    updated_at: projects.updated_at,
  },
  idColumn: projects.id,
};

/** Project api keys: a prefix that says what they are, then 32 random bytes. */
export function generateApiKey(): string {
  return `pk_${generateToken()}`;
}

function toProject(row: ProjectRow) {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

/** The api_key is a secret: the log records that it changed, never its value. */
function projectSnapshot(row: ProjectRow): Snapshot {
  return { id: row.id, title: row.title, description: row.description, url: row.url, banner: row.banner, active: row.active };
}

async function projectOr404(db: Db, id: number): Promise<ProjectRow> {
  const rows = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** A banner reference must name a stored banner by its random key (or be empty). */
async function assertBanner(db: Db, banner: string): Promise<void> {
  if (banner === '') return;
  const rows = await db.select({ id: projectBanners.id }).from(projectBanners).where(eq(projectBanners.key, banner));
  if (rows.length === 0) throw badRequest('Campo banner: imagem não encontrada; envie o banner novamente', 'banner');
}

/** Removes a banner no project uses any more; answers the stored file to delete after the transaction. */
async function dropBannerIfUnused(db: Db, banner: string): Promise<string | null> {
  if (banner === '') return null;
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(projects).where(eq(projects.banner, banner));
  if (Number(count) > 0) return null;
  const removed = await db.delete(projectBanners).where(eq(projectBanners.key, banner)).returning();
  return removed[0]?.storage_path ?? null;
}

export const projectsList: Handler<'projects.list'> = async (args, { deps }) => {
  const where = and(...listConditions(projectListSpec, args.filter));
  const [{ count }] = await deps.db.select({ count: sql<number>`count(*)::int` }).from(projects).where(where);
  const rows = await deps.db
    .select()
    .from(projects)
    .where(where)
    .orderBy(...listOrder(projectListSpec, args.sort))
    .limit(args.limit)
    .offset((args.page - 1) * args.limit);
  return { items: rows.map(toProject), meta: pageMeta(args.page, args.limit, Number(count)) };
};

export const projectsSearch: Handler<'projects.search'> = async ({ search }, { deps }) => {
  const rows = await deps.db
    .select()
    .from(projects)
    .where(search ? ilike(projects.title, containsPattern(search)) : undefined)
    .orderBy(asc(projects.title), asc(projects.id))
    .limit(20);
  return rows.map(toProject);
};

export const projectsById: Handler<'projects.byId'> = async ({ id }, { deps }) => toProject(await projectOr404(deps.db, id));

export const projectsCreate: Handler<'projects.create'> = async (input, ctx) => {
  const { user } = requireAuth(ctx);
  return ctx.deps.db.transaction(async (tx) => {
    await assertBanner(tx, input.banner);
    const [created] = await tx.insert(projects).values({ ...input, api_key: generateApiKey() }).returning();
    await logActivity(tx, { actorId: user.id, action: 'project.create', entity: 'project', entityId: created.id, after: projectSnapshot(created) });
    return toProject(created);
  });
};

export const projectsUpdate: Handler<'projects.update'> = async ({ id, ...input }, ctx) => {
  const { user } = requireAuth(ctx);
  const result = await ctx.deps.db.transaction(async (tx) => {
    const before = await projectOr404(tx, id);
    await assertBanner(tx, input.banner);
    const [updated] = await tx
      .update(projects)
      .set({ ...input, updated_at: new Date() })
      .where(eq(projects.id, id))
      .returning();
    const orphan = before.banner !== updated.banner ? await dropBannerIfUnused(tx, before.banner) : null;
    await logActivity(tx, {
      actorId: user.id,
      action: 'project.update',
      entity: 'project',
      entityId: id,
      before: projectSnapshot(before),
      after: projectSnapshot(updated),
    });
    return { project: toProject(updated), orphan };
  });
  if (result.orphan) await removeFile(ctx.deps.uploadsDir, result.orphan);
  return result.project;
};

export const projectsDelete: Handler<'projects.delete'> = async ({ id }, ctx) => {
  const { user } = requireAuth(ctx);
  const orphan = await ctx.deps.db.transaction(async (tx) => {
    const before = await projectOr404(tx, id);
    await assertNotInUse(tx, 'projects', id);
    await tx.delete(projects).where(eq(projects.id, id));
    await logActivity(tx, { actorId: user.id, action: 'project.delete', entity: 'project', entityId: id, before: projectSnapshot(before) });
    return dropBannerIfUnused(tx, before.banner);
  });
  if (orphan) await removeFile(ctx.deps.uploadsDir, orphan);
  return { ok: true as const };
};

function dataUrl(mime: string, bytes: Uint8Array): string {
  return `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
}

export const projectsUpload: Handler<'projects.upload'> = async ({ file }, ctx) => {
  const { user } = requireAuth(ctx);
  if (file.bytes.byteLength === 0) throw badRequest(MESSAGES.uploadMissing, 'file');
  if (file.bytes.byteLength > MAX_BANNER_BYTES) throw badRequest('Campo file: o banner excede o tamanho máximo de 5 MB', 'file');
  const mime = judgeUpload(file.bytes, PROJECT_BANNER_TYPES);
  if (!mime) throw badRequest(MESSAGES.uploadType, 'file');
  const storageName = await storeFile(ctx.deps.uploadsDir, file.bytes);
  try {
    return await ctx.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(projectBanners)
        .values({ key: generateFileKey(), mime, size: file.bytes.byteLength, storage_path: storageName })
        .returning();
      await logActivity(tx, { actorId: user.id, action: 'project.banner.upload', entity: 'project-banner', entityId: row.id, after: { mime, size: row.size } });
      return { banner: row.key, dataUrl: dataUrl(mime, file.bytes) };
    });
  } catch (error) {
    await removeFile(ctx.deps.uploadsDir, storageName);
    throw error;
  }
};

export const projectsBanner: Handler<'projects.banner'> = async ({ id }, { deps }) => {
  const project = await projectOr404(deps.db, id);
  if (project.banner === '') return { dataUrl: null };
  const rows = await deps.db.select().from(projectBanners).where(eq(projectBanners.key, project.banner)).limit(1);
  if (!rows[0]) return { dataUrl: null };
  const bytes = await readFile(storedPath(deps.uploadsDir, rows[0].storage_path));
  return { dataUrl: dataUrl(rows[0].mime, bytes) };
};

export const projectsRegenerateKey: Handler<'projects.regenerateKey'> = async ({ id }, ctx) => {
  const { user } = requireAuth(ctx);
  return ctx.deps.db.transaction(async (tx) => {
    await projectOr404(tx, id);
    const [updated] = await tx
      .update(projects)
      .set({ api_key: generateApiKey(), updated_at: new Date() })
      .where(eq(projects.id, id))
      .returning();
    await logActivity(tx, { actorId: user.id, action: 'project.api-key.regenerate', entity: 'project', entityId: id, after: { api_key: 'regenerada' } });
    return toProject(updated);
  });
};
