/**
 * Questionnaire option lists (the spec's calls "GET /interests/list-perfil/{x}",
 * "GET /interests/list-options/{x}"). The router has already checked that x
 * is one of INTEREST_LISTS, so these only read that list in its order.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { InterestListName } from '@shared/contract/index';
import type { Db } from '../../../db/connect';
import { interestProfiles } from '../schema-interests';
import type { Handler } from '../../../platform/http/handler';

function listOrder() {
  return [asc(interestProfiles.sort_order), asc(interestProfiles.id)];
}

async function readList(db: Db, list: InterestListName, onlyActive: boolean) {
  return db
    .select({ id: interestProfiles.id, titulo: interestProfiles.titulo, texto: interestProfiles.texto, ativo: interestProfiles.ativo })
    .from(interestProfiles)
    .where(and(eq(interestProfiles.list_name, list), onlyActive ? eq(interestProfiles.ativo, true) : undefined))
    .orderBy(...listOrder());
}

export const listInterestProfiles: Handler<'interests.listProfiles'> = async ({ x }, { deps }) => readList(deps.db, x, false);

export const listInterestOptions: Handler<'interests.listOptions'> = async ({ x }, { deps }) =>
  (await readList(deps.db, x, true)).map((row) => ({ value: row.id, label: row.titulo }));
