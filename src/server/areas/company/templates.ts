/**
 * The template a document is issued from, for the areas that issue them
 * (renegotiation's confession of debt, the letters): the company's template of
 * the kind in force, with its id and version, which the issued document keeps
 * beside its filled text (frozen: a later version changes no issued document).
 */
import { and, eq } from 'drizzle-orm';
import type { DocumentTemplateKind } from '@shared/contract/document-templates';
import type { Db } from '../../db/connect';
import { conflict } from '../../platform/http/errors';
import { contractTemplates } from './schema';

export interface TemplateInForce {
  id: number;
  version: number;
  title: string;
  body: string;
}

const KIND_PT: Record<DocumentTemplateKind, string> = {
  confession: 'confissão de dívida',
  payoff: 'carta de quitação antecipada',
  discharge: 'termo de quitação',
  annual: 'declaração anual de quitação',
};

export const TEMPLATE_MESSAGES = {
  missing: (kind: DocumentTemplateKind) => `A empresa não tem o modelo de ${KIND_PT[kind]}: cadastre-o em Operações › Modelos de contrato.`,
} as const;

/** The company's template of the kind as it is now (409 when the company has none). */
export async function templateOf(db: Db, companyId: number, kind: DocumentTemplateKind): Promise<TemplateInForce> {
  const [row] = await db
    .select({ id: contractTemplates.id, version: contractTemplates.version, title: contractTemplates.title, body: contractTemplates.body })
    .from(contractTemplates)
    .where(and(eq(contractTemplates.company_id, companyId), eq(contractTemplates.kind, kind)))
    .limit(1);
  if (!row) throw conflict(TEMPLATE_MESSAGES.missing(kind));
  return row;
}
