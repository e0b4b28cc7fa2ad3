/**
 * Bureau reports for the demo seed (embedded sandbox only): a lookup from the
 * sandbox provider for some decided solicitations, as staff would have run
 * them, so the bureau screens and a person's history have something to show.
 * Deterministic like the sandbox itself; no activity log rows (the seed logs
 * itself once as 'seed.demo').
 */
import { and, inArray, isNull, ne } from 'drizzle-orm';
import { stripDocumentMask } from '@shared/documents';
import type { Db } from '../../db/connect';
import { solicitations } from '../intake/schema';
import { bureauLookupModels, bureauReports } from './schema';
import { sandboxReport } from './sandbox';

const DAY = 86_400_000;

/**
 * One report for every third solicitation past 'pending' (a second, a month
 * later, for every ninth), dated a day after the solicitation arrived and
 * never after `now`. Answers how many reports were written.
 */
export async function seedDemoBureauReports(db: Db, options: { staffIds: readonly number[]; now?: number }): Promise<number> {
  const now = options.now ?? Date.now();
  const models = await db.select({ id: bureauLookupModels.id, label: bureauLookupModels.label }).from(bureauLookupModels);
  const modelFor = (kind: 'PF' | 'PJ') => models.find((m) => m.label.includes(kind))?.id ?? models[0]?.id ?? null;
  const rows = await db
    .select({
      id: solicitations.id,
      user_id: solicitations.user_id,
      type_credit: solicitations.type_credit,
      name: solicitations.name,
      legal_name: solicitations.legal_name,
      cpf: solicitations.cpf,
      cnpj: solicitations.cnpj,
      created_at: solicitations.created_at,
    })
    .from(solicitations)
    .where(and(isNull(solicitations.deleted_at), ne(solicitations.status, 'pending'), inArray(solicitations.type_credit, ['PF', 'PJ'])))
    .orderBy(solicitations.id);
  const values: Array<typeof bureauReports.$inferInsert> = [];
  rows.forEach((row, index) => {
    if (index % 3 !== 0) return;
    const company = row.type_credit === 'PJ' && row.cnpj;
    const document = company ? row.cnpj : row.cpf;
    if (!document) return;
    const bare = stripDocumentMask(document);
    const subject = company ? (row.legal_name ?? row.name) : row.name;
    const result = sandboxReport(bare, subject);
    const times = index % 9 === 0 ? [DAY, 31 * DAY] : [DAY];
    for (const offset of times) {
      const at = Math.min(row.created_at.getTime() + offset, now);
      values.push({
        solicitation_id: row.id,
        user_id: row.user_id,
        document: bare,
        subject_name: subject,
        model_id: modelFor(company ? 'PJ' : 'PF'),
        provider: 'sandbox',
        score: result.score,
        result,
        requested_by: options.staffIds.length ? options.staffIds[(row.id + offset / DAY) % options.staffIds.length] : null,
        idempotency_key: `demo-seed-${row.id}-${offset / DAY}`,
        created_at: new Date(at),
      });
    }
  });
  for (let i = 0; i < values.length; i += 200) await db.insert(bureauReports).values(values.slice(i, i + 200));
  return values.length;
}
