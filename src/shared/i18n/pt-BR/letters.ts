/** Statements and letters for a borrower: the "Extratos e cartas" panel under the operation's contract tab and the borrower's annual declaration. */
export const letters = {
  tab: 'Extratos e cartas',
  intro: 'Documentos para o tomador, em PDF, gerados pelo servidor com os valores do dia e salvos no seu computador. Cada emissão fica registrada no log de atividades.',
  notReleased: 'Extratos e cartas ficam disponíveis depois da liberação da operação.',
  blankToday: 'Em branco: hoje.',
  saved: 'PDF salvo em {{path}}',
  statement: {
    title: 'Extrato da operação',
    help: 'Parcelas, pagamentos com a divisão entre principal, juros e encargos de atraso, e o saldo na data.',
    date: 'Posição em',
    save: 'Salvar extrato',
  },
  payoff: {
    title: 'Carta de quitação antecipada',
    help: 'Quanto custa quitar a operação, com o desconto dos juros a vencer (CDC art. 52 § 2º). O valor é o do dia da validade (até {{days}} dias).',
    validUntil: 'Válida até',
    save: 'Salvar carta',
  },
  discharge: {
    title: 'Termo de quitação',
    help: 'Só para operação quitada (todas as parcelas pagas ou liquidação antecipada). Emitido pelo back office.',
    save: 'Salvar termo de quitação',
  },
  annual: {
    title: 'Declaração anual de quitação de débitos',
    help: 'Lei 12.007/2009: para o ano encerrado, se todas as parcelas com vencimento no ano estão pagas. Emitida pelo back office.',
    year: 'Ano',
    save: 'Salvar declaração',
  },
} as const;
