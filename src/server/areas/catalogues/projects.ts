/**
 * Projects of the solicitation form and their banners: each change in one
 * transaction with its activity-log entry. The api_key is a secret: the log
 * records that it changed, never its value. Banner files on disk are the
 * caller's, removed after the commit.
 */
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { contract } from '@shared/contract/index';
import type { Db } from '../../db/connect';
import { projectBanners, projects, type ProjectRow } from './schema';
import { generateToken } from '../../domain/tokens';
import { badRequest, notFound } from '../../platform/http/errors';
import { logActivity, type Snapshot } from '../../platform/activity';
import { assertNotInUse } from './catalogues';
import { generateFileKey } from '../../platform/storage';

type Args<K extends keyof typeof contract> = z.output<(typeof contract)[K]['args']>;

export function generateApiKey(): string {
  return `pk_${generateToken()}`;
}

export function toProject(row: ProjectRow) {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

/** The api_key is a secret: the log records that it changed, never its value. */
function projectSnapshot(row: ProjectRow): Snapshot {
  return { id: row.id, title: row.title, description: row.description, url: row.url, banner: row.banner, active: row.active };
}

export async function projectOr404(db: Db, id: number): Promise<ProjectRow> {
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

export async function createProject(db: Db, actorId: number, input: Args<'projects.create'>) {
  return db.transaction(async (tx) => {
    await assertBanner(tx, input.banner);
    const [created] = await tx.insert(projects).values({ ...input, api_key: generateApiKey() }).returning();
    await logActivity(tx, { actorId: actorId, action: 'project.create', entity: 'project', entityId: created.id, after: projectSnapshot(created) });
    return toProject(created);
  });
}

/** Changes the project; answers it and the banner file no project uses any more, to remove after the commit. */
export async function updateProject(db: Db, actorId: number, { id, ...input }: Args<'projects.update'>) {
  return db.transaction(async (tx) => {
    const before = await projectOr404(tx, id);
    await assertBanner(tx, input.banner);
    const [updated] = await tx
      .update(projects)
      .set({ ...input, updated_at: new Date() })
      .where(eq(projects.id, id))
      .returning();
    const orphan = before.banner !== updated.banner ? await dropBannerIfUnused(tx, before.banner) : null;
    await logActivity(tx, {
      actorId: actorId,
      action: 'project.update',
      entity: 'project',
      entityId: id,
      before: projectSnapshot(before),
      after: projectSnapshot(updated),
    });
    return { project: toProject(updated), orphan };
  });
}

/** Deletes a project no solicitation uses; answers its banner file when no project uses it any more, to remove after the commit. */
export async function deleteProject(db: Db, actorId: number, id: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    const before = await projectOr404(tx, id);
    await assertNotInUse(tx, 'projects', id);
    await tx.delete(projects).where(eq(projects.id, id));
    await logActivity(tx, { actorId: actorId, action: 'project.delete', entity: 'project', entityId: id, before: projectSnapshot(before) });
    return dropBannerIfUnused(tx, before.banner);
  });
}

/** Records a stored banner; answers its key. */
export async function recordBanner(db: Db, actorId: number, file: { mime: string; size: number; storageName: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projectBanners)
      .values({ key: generateFileKey(), mime: file.mime, size: file.size, storage_path: file.storageName })
      .returning();
    await logActivity(tx, { actorId, action: 'project.banner.upload', entity: 'project-banner', entityId: row.id, after: { mime: file.mime, size: row.size } });
    return row.key;
  });
}

export async function regenerateProjectKey(db: Db, actorId: number, id: number) {
  return db.transaction(async (tx) => {
    await projectOr404(tx, id);
    const [updated] = await tx
      .update(projects)
      .set({ api_key: generateApiKey(), updated_at: new Date() })
      .where(eq(projects.id, id))
      .returning();
    await logActivity(tx, { actorId: actorId, action: 'project.api-key.regenerate', entity: 'project', entityId: id, after: { api_key: 'regenerada' } });
    return toProject(updated);
  });
}
