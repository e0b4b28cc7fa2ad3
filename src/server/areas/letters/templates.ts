/**
 * The letters' texts, with placeholders in the CCB template's syntax
 * ({{name}}, operations' contracts.ts fillTemplate): filled at issue from the
 * figures of the day, then printed; the issued text is what the PDF and the
 * activity log's entry speak of. The sources of law each letter cites are in
 * its text and in the area's README.
 */

export interface LetterTemplate {
  title: string;
  body: string;
}

/** Payoff quote (CDC art. 52 §2º; Res. CMN 3.516/2007): the amount to settle on the day the letter is valid to. */
export const PAYOFF_TEMPLATE: LetterTemplate = {
  title: 'Carta de quitação antecipada — valor para quitar',
  body: [
    '{{empresa.cidade}}, {{carta.data}}.',
    'A {{tomador.nome}} (CPF/CNPJ {{tomador.documento}}).',
    'Ref.: operação {{operacao.numero}}, contrato {{contrato.numero}}, liberada em {{operacao.liberacao}}.',
    'Informamos que o valor para a quitação antecipada total da operação acima, para pagamento em {{carta.validade}}, é de {{quitacao.valor}}.',
    'O valor traz a valor presente as parcelas a vencer ({{quitacao.nominal}} pelo valor nominal), à taxa do contrato de {{operacao.taxa}} ao mês, pro rata die, com a redução proporcional dos juros e demais acréscimos (Código de Defesa do Consumidor, art. 52, § 2º; Resolução CMN nº 3.516/2007): desconto de {{quitacao.desconto}}. {{quitacao.vencidas}}',
    'Esta carta é válida até {{carta.validade}}. O valor muda a cada dia (os juros correm até o pagamento): para pagar em outra data, peça nova carta.',
  ].join('\n\n'),
};

/** Discharge (Código Civil arts. 319 e 320: who pays is owed a regular discharge naming the debt, the debtor, the time and the amount). */
export const DISCHARGE_TEMPLATE: LetterTemplate = {
  title: 'Termo de quitação',
  body: [
    '{{empresa.nome}}, inscrita no CNPJ sob o nº {{empresa.cnpj}}, declara, para todos os fins de direito, que {{tomador.nome}}, inscrito(a) no CPF/CNPJ sob o nº {{tomador.documento}}, quitou integralmente as obrigações da operação de crédito {{operacao.numero}} (contrato {{contrato.numero}}), de valor financiado de {{operacao.principal}}, liberada em {{operacao.liberacao}}, {{quitacao.forma}}, totalizando {{quitacao.total_pago}} recebidos, o último pagamento em {{quitacao.data}}.',
    'Nada mais há a reclamar do(a) devedor(a) a título de principal, juros, encargos ou tarifas da referida operação, da qual se dá plena, geral e irrevogável quitação (Código Civil, arts. 319 e 320).',
    '{{empresa.cidade}}, {{carta.data}}.',
  ].join('\n\n'),
};

/** Annual debt-discharge declaration (Lei 12.007/2009, arts. 1º a 4º; art. 4º's statement is required verbatim in substance). */
export const ANNUAL_TEMPLATE: LetterTemplate = {
  title: 'Declaração anual de quitação de débitos — {{ano}}',
  body: [
    '{{empresa.nome}}, inscrita no CNPJ sob o nº {{empresa.cnpj}}, em cumprimento à Lei nº 12.007, de 29 de julho de 2009, declara que {{tomador.nome}}, inscrito(a) no CPF/CNPJ sob o nº {{tomador.documento}}, quitou todos os débitos das operações de crédito abaixo com vencimento de 01/01/{{ano}} a 31/12/{{ano}}, relacionados a seguir, no total de {{total}}.',
    'Esta declaração substitui, para a comprovação do cumprimento das obrigações do consumidor, as quitações dos faturamentos mensais dos débitos do ano a que se refere e dos anos anteriores (Lei nº 12.007/2009, art. 4º).',
    '{{empresa.cidade}}, {{carta.data}}.',
  ].join('\n\n'),
};

/** {{name}} → its value; a placeholder without one stays as written (as the CCB's fillTemplate). */
export function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
