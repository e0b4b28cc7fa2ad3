/**
 * Company parameters and IOF rates as the rest of the server reads them: the
 * rows mapped to their contract shapes, the rates in force on a day, and the
 * overlap rule of rate periods. The database enforces that rule on its own
 * (migration 0011: an exclusion constraint per person type), so two periods
 * written at once cannot both land; the check here names the period in the
 * way, and isIofOverlap recognises the constraint's refusal of a race.
 */
import { and, desc, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { CompanyParameters, IofParameter, IofPersonType, ParameterChange } from '@shared/contract/index';
import type { Db } from '../../db/connect';
import { companyParameters, iofParameters } from './schema';
import { badRequest, conflict, notFound } from '../../platform/http/errors';

export const COMPANY_MESSAGES = {
  companyNotFound: 'Empresa não encontrada.',
  changePending:
    'Já há uma alteração dos parâmetros aguardando a aprovação de outro administrador: aprove-a, recuse-a ou retire-a antes de pedir outra.',
  nothingChanged: 'Nenhum parâmetro foi alterado: não há o que enviar para aprovação.',
  noPendingChange: 'Não há alteração dos parâmetros aguardando aprovação: recarregue a tela.',
  refusalReason: 'Campo reason: informe o motivo da recusa (ou da retirada do pedido).',
  staleChangeReason: 'Os parâmetros mudaram depois do pedido: a alteração foi cancelada.',
  changedSince: 'Os parâmetros mudaram depois que esta alteração foi pedida: ela foi cancelada e nada mudou. Confira os valores em vigor e peça a alteração de novo.',
  noIofRate: (type: IofPersonType, day: string) =>
    `Não há alíquota de IOF cadastrada para ${typeName(type)} em ${dayPt(day)}. Cadastre-a em Operações › Parâmetros de IOF.`,
  iofOverlap: (type: IofPersonType, from: string, to: string | null) =>
    `Já existe uma alíquota de IOF de ${typeName(type)} com vigência de ${dayPt(from)} a ${to ? dayPt(to) : 'período em aberto'}, que se sobrepõe a esse período.`,
  iofOverlapRace: (type: IofPersonType, from: string, to: string | null) =>
    `Outra alíquota de IOF de ${typeName(type)} com vigência sobreposta a ${dayPt(from)} – ${to ? dayPt(to) : 'em aberto'} acabou de ser gravada. Recarregue a lista.`,
} as const;

function dayPt(day: string): string {
  return day.split('-').reverse().join('/');
}

function typeName(type: IofPersonType): string {
  return type === 'SIMPLES' ? 'Simples Nacional' : type;
}

/** True when the database refused a period overlapping another of its type (SQLSTATE 23P01, exclusion violation). */
export function isIofOverlap(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return (e?.code ?? e?.cause?.code) === '23P01';
}

type ParametersRow = typeof companyParameters.$inferSelect;
type IofRow = typeof iofParameters.$inferSelect;

export function toCompanyParameters(row: ParametersRow, pendingChange: ParameterChange | null): CompanyParameters {
  return { ...row, updated_at: row.updated_at.toISOString(), pending_change: pendingChange };
}

export function toIofParameter(row: IofRow): IofParameter {
  return {
    id: row.id,
    person_type: row.person_type as IofPersonType,
    daily_percent: row.daily_percent,
    additional_percent: row.additional_percent,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    legal_basis: row.legal_basis,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The company's parameters (one query: a parameters row exists only for a company, so none is a 404 either way). */
export async function parametersOf(db: Db, companyId: number): Promise<ParametersRow> {
  const [row] = await db.select().from(companyParameters).where(eq(companyParameters.company_id, companyId)).limit(1);
  if (!row) throw notFound(COMPANY_MESSAGES.companyNotFound);
  return row;
}

/** The rate period in force on `day` for `type`; 400 on `field` when none is registered. */
export async function iofRateOn(db: Db, type: IofPersonType, day: string, field: string): Promise<IofRow> {
  const [row] = await db
    .select()
    .from(iofParameters)
    .where(and(eq(iofParameters.person_type, type), lte(iofParameters.valid_from, day), or(isNull(iofParameters.valid_to), gte(iofParameters.valid_to, day))))
    .orderBy(desc(iofParameters.valid_from))
    .limit(1);
  if (!row) throw badRequest(COMPANY_MESSAGES.noIofRate(type, day), field);
  return row;
}

/** Refuses a period that shares a day with another of the same person type (409 on valid_from, naming that period). */
export async function assertNoIofOverlap(db: Db, type: IofPersonType, from: string, to: string | null, exceptId?: number): Promise<void> {
  const overlapping = await db
    .select({ from: iofParameters.valid_from, to: iofParameters.valid_to })
    .from(iofParameters)
    .where(
      and(
        eq(iofParameters.person_type, type),
        exceptId === undefined ? undefined : ne(iofParameters.id, exceptId),
        // [from, to] meets [valid_from, valid_to] (NULL = open-ended on either side)
        to === null ? sql`true` : lte(iofParameters.valid_from, to),
        or(isNull(iofParameters.valid_to), gte(iofParameters.valid_to, from)),
      ),
    )
    .orderBy(iofParameters.valid_from)
    .limit(1);
  if (overlapping.length) throw conflict(COMPANY_MESSAGES.iofOverlap(type, overlapping[0].from, overlapping[0].to), 'valid_from');
}
