/**
 * The company's Pix settings: which provider creates its charges, the secret
 * the provider signs its notices with, and in whose name the notices'
 * payments are booked (the administrator who chose the provider: the webhook
 * has no signed-in user, and a payment names a person).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PixSettings } from '@shared/contract/pix';
import type { Db } from '../../db/connect';
import { badRequest } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { companyOf } from '../company';
import { pixSettings, type PixSettingsRow } from './schema';

export const PIX_MESSAGES = {
  apiNeedsUrl: 'Campo api_base_url: informe o endereço https:// da API Pix do provedor.',
} as const;

export function webhookPath(companyId: number): string {
  return `/api/pix/webhook/${companyId}`;
}

export async function pixSettingsOf(db: Db, companyId: number): Promise<PixSettingsRow | null> {
  const [row] = await db.select().from(pixSettings).where(eq(pixSettings.company_id, companyId));
  return row ?? null;
}

function view(companyId: number, row: PixSettingsRow | null, secret: string | null): PixSettings {
  return {
    company_id: companyId,
    provider: (row?.provider ?? 'none') as PixSettings['provider'],
    api_base_url: row?.api_base_url ?? null,
    webhook_path: webhookPath(companyId),
    webhook_secret: secret,
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}

export async function readPixSettings(db: Db, companyId: number): Promise<PixSettings> {
  await companyOf(db, companyId);
  return view(companyId, await pixSettingsOf(db, companyId), null);
}

export interface SavePixSettings {
  id: number;
  provider: PixSettings['provider'];
  api_base_url?: string | null;
  rotate_secret?: boolean;
}

/** Chooses the provider; draws the secret the first time and when asked (answered that once). */
export async function savePixSettings(db: Db, actorId: number, args: SavePixSettings): Promise<PixSettings> {
  if (args.provider === 'api' && !args.api_base_url) throw badRequest(PIX_MESSAGES.apiNeedsUrl, 'api_base_url');
  return db.transaction(async (tx) => {
    await companyOf(tx, args.id);
    const [before] = await tx.select().from(pixSettings).where(eq(pixSettings.company_id, args.id)).for('update');
    const drawn = !before || args.rotate_secret ? randomBytes(32).toString('base64url') : null;
    const values = {
      provider: args.provider,
      api_base_url: args.provider === 'api' ? (args.api_base_url ?? null) : null,
      webhook_secret: drawn ?? before!.webhook_secret,
      settle_as: actorId,
      updated_at: new Date(),
    };
    const [row] = before
      ? await tx.update(pixSettings).set(values).where(eq(pixSettings.company_id, args.id)).returning()
      : await tx.insert(pixSettings).values({ company_id: args.id, ...values }).returning();
    await logActivity(tx, {
      actorId,
      action: 'pix.settings',
      entity: 'company',
      entityId: args.id,
      before: before ? { provider: before.provider, api_base_url: before.api_base_url } : null,
      after: { provider: row.provider, api_base_url: row.api_base_url, secret_drawn: drawn !== null },
    });
    return view(args.id, row, drawn);
  });
}
