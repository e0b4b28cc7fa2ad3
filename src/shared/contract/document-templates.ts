/**
 * The company's document templates besides the contracts (CCB, MPO): the
 * agreement's confession of debt and the three letters (payoff quote,
 * discharge, annual debt-discharge declaration). They live beside the
 * contracts' in the company's `contract_templates` (areas/company), edited on
 * the same screen ("Modelos de contrato"), versioned the same way; each kind
 * may use only its own placeholders, declared here once (the server refuses
 * any other {{name}} with a 400 that names it and lists the allowed ones; the
 * editor says the same as the text is typed). The text filled at issue, with
 * the template's id and version, is frozen with the issued document, so a
 * document printed again reads as it was issued.
 *
 * The defaults a company starts with are today's texts (migration 0069 seeds
 * them for every company, and for each new one by a trigger).
 */

import { DOCUMENT_TEMPLATE_KINDS } from '../enums';

export { DOCUMENT_TEMPLATE_KINDS };
export type DocumentTemplateKind = (typeof DOCUMENT_TEMPLATE_KINDS)[number];

export interface TemplateAlias {
  readonly alias: string;
  readonly description: string;
}

/** The confession of debt of a renegotiation agreement (renegotiation/document.ts fills each one when the agreement is carried out). */
export const CONFESSION_ALIASES = [
  { alias: 'acordo.numero', description: 'Número do acordo' },
  { alias: 'credora.nome', description: 'Razão social da credora' },
  { alias: 'credora.cnpj', description: 'CNPJ da credora' },
  { alias: 'devedor.nome', description: 'Nome ou razão social do devedor' },
  { alias: 'devedor.documento', description: 'CPF ou CNPJ do devedor' },
  { alias: 'acordo.data', description: 'Data do acordo' },
  { alias: 'acordo.saldo', description: 'Saldo renegociado (principal, juros e encargos em aberto)' },
  { alias: 'acordo.parcelas_renegociadas', description: 'Operações e parcelas renegociadas' },
  { alias: 'acordo.principal_aberto', description: 'Principal em aberto das parcelas renegociadas' },
  { alias: 'acordo.juros_abertos', description: 'Juros em aberto das parcelas renegociadas' },
  { alias: 'acordo.encargos_abertos', description: 'Multa e juros de mora em aberto' },
  { alias: 'acordo.desconto', description: 'Desconto concedido' },
  { alias: 'acordo.entrada', description: 'Valor da entrada' },
  { alias: 'acordo.entrada_vencimento', description: 'Vencimento da entrada (", com vencimento em …", vazio sem entrada)' },
  { alias: 'acordo.iof', description: 'IOF devido no acordo' },
  { alias: 'acordo.valor_parcelado', description: 'Saldo parcelado' },
  { alias: 'acordo.prazo', description: 'Número de parcelas do acordo' },
  { alias: 'acordo.sistema', description: 'Sistema de amortização (Price ou SAC)' },
  { alias: 'acordo.taxa', description: 'Taxa de juros ao mês (%)' },
  { alias: 'acordo.cet_mensal', description: 'CET ao mês (%)' },
  { alias: 'acordo.cet_anual', description: 'CET ao ano (%)' },
  { alias: 'acordo.total', description: 'Total a pagar nas parcelas do acordo' },
  { alias: 'acordo.cronograma', description: 'Parcelas do acordo (número, valor e vencimento)' },
  { alias: 'encargos.multa', description: 'Multa do contrato original (%)' },
  { alias: 'encargos.mora', description: 'Juros de mora do contrato original (% ao mês)' },
  { alias: 'acordo.dias_rompimento', description: 'Dias de atraso que rompem o acordo (parâmetro da empresa)' },
] as const satisfies readonly TemplateAlias[];

/** What every letter knows: the lender, the borrower, the day of the letter. */
const LETTER_COMMON = [
  { alias: 'empresa.nome', description: 'Razão social da credora' },
  { alias: 'empresa.cnpj', description: 'CNPJ da credora' },
  { alias: 'empresa.cidade', description: 'Cidade da credora' },
  { alias: 'tomador.nome', description: 'Nome ou razão social do tomador' },
  { alias: 'tomador.documento', description: 'CPF ou CNPJ do tomador' },
  { alias: 'carta.data', description: 'Data de emissão da carta' },
] as const satisfies readonly TemplateAlias[];

/** The payoff quote letter (CDC art. 52 §2º; Res. CMN 3.516/2007). */
export const PAYOFF_ALIASES = [
  ...LETTER_COMMON,
  { alias: 'operacao.numero', description: 'Número interno da operação (OP-…)' },
  { alias: 'contrato.numero', description: 'Número do contrato em vigor' },
  { alias: 'operacao.liberacao', description: 'Data da liberação' },
  { alias: 'operacao.taxa', description: 'Taxa do contrato ao mês' },
  { alias: 'carta.validade', description: 'Data até a qual a carta vale (o dia do pagamento)' },
  { alias: 'quitacao.valor', description: 'Valor para quitar na data de validade' },
  { alias: 'quitacao.nominal', description: 'Parcelas a vencer pelo valor nominal' },
  { alias: 'quitacao.desconto', description: 'Desconto dos juros a vencer' },
  { alias: 'quitacao.vencidas', description: 'Frase sobre as parcelas vencidas incluídas (vazia quando não há)' },
] as const satisfies readonly TemplateAlias[];

/** The discharge letter (Código Civil arts. 319 e 320). */
export const DISCHARGE_ALIASES = [
  ...LETTER_COMMON,
  { alias: 'operacao.numero', description: 'Número interno da operação (OP-…)' },
  { alias: 'contrato.numero', description: 'Número do contrato em vigor' },
  { alias: 'operacao.principal', description: 'Valor financiado' },
  { alias: 'operacao.liberacao', description: 'Data da liberação' },
  { alias: 'quitacao.forma', description: 'Como foi quitada (liquidação antecipada ou todas as parcelas pagas)' },
  { alias: 'quitacao.total_pago', description: 'Total recebido' },
  { alias: 'quitacao.data', description: 'Data do último pagamento' },
] as const satisfies readonly TemplateAlias[];

/** The annual debt-discharge declaration (Lei 12.007/2009). */
export const ANNUAL_ALIASES = [
  ...LETTER_COMMON,
  { alias: 'ano', description: 'Ano a que a declaração se refere' },
  { alias: 'total', description: 'Total pago dos débitos do ano' },
] as const satisfies readonly TemplateAlias[];

export const DOCUMENT_TEMPLATE_ALIASES: Readonly<Record<DocumentTemplateKind, readonly TemplateAlias[]>> = {
  confession: CONFESSION_ALIASES,
  payoff: PAYOFF_ALIASES,
  discharge: DISCHARGE_ALIASES,
  annual: ANNUAL_ALIASES,
};

const PLACEHOLDER = /\{\{\s*([^}\s]+)\s*\}\}/g;

/** The {{name}} placeholders of a template text, in order of first use. */
export function templatePlaceholders(body: string): string[] {
  return [...new Set([...body.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/**
 * The one fill of every template (contracts, confession, letters): each {{name}} replaced by its value; a name without
 * a value stays as written (the editor allows only the kind's names, and each issue gives them all).
 */
export function fillTemplate(body: string, values: Readonly<Record<string, string>>): string {
  return body.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** The names a text uses that its kind does not allow. */
export function unknownPlaceholders(text: string, allowed: readonly TemplateAlias[]): string[] {
  return templatePlaceholders(text).filter((name) => !allowed.some((a) => a.alias === name));
}

/** The refusal of an unknown placeholder, in Portuguese: which, and the ones the kind allows. */
export function unknownPlaceholderMessage(unknown: readonly string[], allowed: readonly TemplateAlias[]): string {
  const which = unknown.map((n) => `{{${n}}}`).join(', ');
  return `marcador desconhecido: ${which}. Permitidos neste modelo: ${allowed.map((a) => `{{${a.alias}}}`).join(', ')}`;
}
