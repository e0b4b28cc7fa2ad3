/**
 * What a contract template must carry, checked when it is saved. A template
 * missing something still saves (the lender's lawyers own the text), but the
 * answer lists each gap in Portuguese so the screen can show it.
 *
 * A template is judged by its placeholders ({{…}}, filled at issue from the
 * frozen data) and by key phrases, compared without case, accents or extra
 * spaces. The PDF itself always adds the summary of amounts, the whole
 * schedule and the signature lines (the issuer's first), whatever the
 * template says.
 *
 * Cédula de Crédito Bancário, Lei 10.931/2004 art. 29 (and the debt's amount
 * and its interest, art. 28):
 * - I, the name "Cédula de Crédito Bancário": the phrase, in the title or the text;
 * - II, the issuer's promise to pay the debt in money: a promise to pay
 *   ("promete pagar", "prometem pagar", "promessa do emitente de pagar",
 *   "se obriga a pagar", "pagará") and the words "em dinheiro";
 * - III, the dates and the place of payment: {{operacao.cronograma}} (each
 *   installment's date and amount) and {{local.pagamento}} or a phrase naming
 *   it ("praça de pagamento", "local de pagamento", "lugar do pagamento");
 * - the debt's amount and its interest: {{operacao.valor_financiado}} or
 *   {{operacao.total_a_pagar}}, and {{operacao.taxa_mensal}} or
 *   {{operacao.taxa_anual}};
 * - IV, the creditor's name and the order clause: {{empresa.razao_social}},
 *   and "à sua ordem" or "à ordem de/da/do";
 * - V, the date and place of issue: {{data.emissao}} and {{local.emissao}};
 * - VI, the issuer's signature: the PDF signs for the issuer named by
 *   {{tomador.nome}}, so the template must name them ({{tomador.nome}} and
 *   {{tomador.documento}}).
 *
 * Every kind: the contract's own number, {{contrato.numero}}, which is the
 * number in the PDF's heading. "nº {{operacao.numero}}" names the contract by
 * the operation's internal number (OP-…): a second number for one contract.
 */
import { REMUNERATORY_PLACEHOLDER, templatePlaceholders, type ContractKind } from '@shared/contract/index';

interface TemplateText {
  placeholders: ReadonlySet<string>;
  /** title and body, lower case, without accents, spaces collapsed */
  words: string;
  body: string;
}

/** Lower case, no accents, one space between words: how key phrases are compared. */
export function plainWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

interface Requirement {
  met(t: TemplateText): boolean;
  message: string;
}

const has = (t: TemplateText, ...names: string[]) => names.every((n) => t.placeholders.has(n));
const any = (t: TemplateText, ...names: string[]) => names.some((n) => t.placeholders.has(n));

const PROMISE = /\b(promete|prometem|prometo|promessa d[oa]s? emitentes? de|se obrigam? a|pagara|pagarao)\b/;

const CCB_REQUIREMENTS: readonly Requirement[] = [
  {
    met: (t) => t.words.includes('cedula de credito bancario'),
    message: 'Falta a denominação "Cédula de Crédito Bancário" (Lei 10.931/2004, art. 29, I).',
  },
  {
    met: (t) => PROMISE.test(t.words) && t.words.includes('em dinheiro'),
    message: 'Falta a promessa do emitente de pagar a dívida em dinheiro (art. 29, II): por exemplo, "O emitente promete pagar à credora, ou à sua ordem, em dinheiro, …".',
  },
  {
    met: (t) => has(t, 'operacao.cronograma'),
    message: 'Faltam as datas e os valores das parcelas (art. 29, III): use {{operacao.cronograma}}.',
  },
  {
    met: (t) => has(t, 'local.pagamento') || /\b(praca|local|lugar) d[eo] pagamento\b/.test(t.words),
    message: 'Falta o lugar do pagamento (art. 29, III): use {{local.pagamento}}.',
  },
  {
    met: (t) => any(t, 'operacao.valor_financiado', 'operacao.total_a_pagar') && any(t, 'operacao.taxa_mensal', 'operacao.taxa_anual'),
    message: 'Faltam o valor da dívida e os seus juros: use {{operacao.valor_financiado}} (ou {{operacao.total_a_pagar}}) e {{operacao.taxa_mensal}} (ou {{operacao.taxa_anual}}).',
  },
  {
    met: (t) => has(t, 'empresa.razao_social'),
    message: 'Falta o nome da instituição credora (art. 29, IV): use {{empresa.razao_social}}.',
  },
  {
    met: (t) => /\ba (sua )?ordem\b/.test(t.words),
    message: 'Falta a cláusula à ordem (art. 29, IV): por exemplo, "à credora ou à sua ordem".',
  },
  {
    met: (t) => has(t, 'data.emissao', 'local.emissao'),
    message: 'Faltam a data e o lugar da emissão (art. 29, V): use {{data.emissao}} e {{local.emissao}}.',
  },
  {
    met: (t) => has(t, 'tomador.nome', 'tomador.documento'),
    message: 'Falta identificar o emitente, que assina a cédula (art. 29, VI): use {{tomador.nome}} e {{tomador.documento}}.',
  },
];

const EVERY_KIND: readonly Requirement[] = [
  {
    met: (t) => has(t, 'contrato.numero'),
    message: 'Falta o número do contrato: use {{contrato.numero}}, o mesmo número do cabeçalho do PDF.',
  },
  {
    met: (t) => !/n[º°o]\.?\s*\{\{\s*operacao\.numero\s*\}\}/i.test(t.body),
    message: '"nº {{operacao.numero}}" dá ao contrato o número interno da operação (OP-…), diferente do número do contrato: use {{contrato.numero}}.',
  },
];

/** The gaps of a template, in Portuguese, in the order of the rules above (empty when complete). */
export function templateWarnings(kind: ContractKind, title: string, body: string, company: CompanyTerms): string[] {
  const text: TemplateText = { placeholders: new Set(templatePlaceholders(body)), words: plainWords(`${title}\n${body}`), body };
  const rules = kind === 'CCB' ? [...CCB_REQUIREMENTS, ...EVERY_KIND] : EVERY_KIND;
  const gaps = rules.filter((r) => !r.met(text)).map((r) => r.message);
  // The company means to charge it, but a clause the text does not print is not agreed (Res. CMN 4.882/2020), so a
  // contract issued from this template would be charged multa and mora only: say so before anyone issues one.
  if (company.remuneratoryInterestInDelay && !text.placeholders.has(REMUNERATORY_PLACEHOLDER)) gaps.push(REMUNERATORY_CLAUSE_MISSING);
  return gaps;
}

/** What of the company's parameters a template is judged against. */
export interface CompanyTerms {
  /** the company's `remuneratory_interest_in_delay` */
  remuneratoryInterestInDelay: boolean;
}

export const REMUNERATORY_CLAUSE_MISSING =
  'Os parâmetros da empresa preveem juros remuneratórios durante o atraso, mas este modelo não imprime {{encargos.juros_remuneratorios}}: os contratos emitidos com ele cobrarão só multa e juros de mora. Inclua o marcador ou desligue o parâmetro.';
