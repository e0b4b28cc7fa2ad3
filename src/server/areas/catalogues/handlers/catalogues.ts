/** Catalogues of the solicitation form (the spec's calls "company-situations, how-did-find, lending-reasons" and "Projects"). */
import { readFile } from 'node:fs/promises';
import { and, eq, ilike, sql, asc } from 'drizzle-orm';
import { MAX_BANNER_BYTES, pageMeta, PROJECT_BANNER_TYPES, type PROJECT_FILTERS, type PROJECT_SORTS } from '@shared/contract/index';
import {
  companySituations,
  howDidFind,
  lendingReasons,
  projectBanners,
  projects,
  type LabelTable,
} from '../schema';
import { containsPattern } from '../../../domain/like';
import { judgeUpload } from '../../../domain/file-type';
import { badRequest, MESSAGES } from '../../../platform/http/errors';
import { requireAuth, type Handler } from '../../../platform/http/handler';
import { createProject, deleteProject, projectOr404, recordBanner, regenerateProjectKey, toProject, updateProject } from '../projects';
import { catalogueHandlers } from '../catalogues';
import { listConditions, listOrder, type ListSpec } from '../../../platform/list';
import { removeFile, storedPath, storeFile } from '../../../platform/storage';

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

const projectListSpec: ListSpec<(typeof PROJECT_FILTERS)[number], (typeof PROJECT_SORTS)[number]> = {
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
  return createProject(ctx.deps.db, user.id, input);
};

export const projectsUpdate: Handler<'projects.update'> = async (args, ctx) => {
  const { user } = requireAuth(ctx);
  const result = await updateProject(ctx.deps.db, user.id, args);
  if (result.orphan) await removeFile(ctx.deps.uploadsDir, result.orphan);
  return result.project;
};

export const projectsDelete: Handler<'projects.delete'> = async ({ id }, ctx) => {
  const { user } = requireAuth(ctx);
  const orphan = await deleteProject(ctx.deps.db, user.id, id);
  if (orphan) await removeFile(ctx.deps.uploadsDir, orphan);
  return { ok: true as const };
};

function dataUrl(mime: string, bytes: Uint8Array): string {
  return `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
}

export const projectsUpload: Handler<'projects.upload'> = async ({ file }, ctx) => {
  const { user } = requireAuth(ctx);
  if (file.bytes.byteLength === 0) throw badRequest(MESSAGES.uploadMissing, 'file');
  if (file.bytes.byteLength > MAX_BANNER_BYTES) throw badRequest('Arquivo: o banner excede o tamanho máximo de 5 MB', 'file');
  const mime = judgeUpload(file.bytes, PROJECT_BANNER_TYPES);
  if (!mime) throw badRequest(MESSAGES.uploadType, 'file');
  const storageName = await storeFile(ctx.deps.uploadsDir, file.bytes);
  try {
    const key = await recordBanner(ctx.deps.db, user.id, { mime, size: file.bytes.byteLength, storageName });
    return { banner: key, dataUrl: dataUrl(mime, file.bytes) };
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
  return regenerateProjectKey(ctx.deps.db, user.id, id);
};
