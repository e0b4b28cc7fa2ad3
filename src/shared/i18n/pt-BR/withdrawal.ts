/** A desistência do tomador em sete dias (art. 49 do CDC), na aba de parcelas da operação. */
export const withdrawal = {
  open: 'Desistência (art. 49 CDC)',
  notAllowed: 'Desistência indisponível: {{reason}}',
  window: 'Desistência possível até {{last}} (sete dias contados de {{from}}).',
  title: 'Desistência do tomador — operação {{operation}}',
  text: 'O tomador desiste do contrato no prazo de sete dias (art. 49 do CDC: contrato assinado eletronicamente, fora do estabelecimento). Ele devolve {{amount}}, o principal que recebeu, sem juros nem tarifas, até {{last}}. A operação é cancelada, todas as parcelas são encerradas e os boletos registrados recebem baixa na próxima remessa.',
  amountToReturn: 'Valor a devolver pelo tomador (principal liberado)',
  financed: 'Valor financiado no contrato',
  iof: 'IOF (não restituído pela Receita; não cobrado do tomador)',
  fees: 'Tarifas financiadas (desfeitas)',
  reason: 'Observação (opcional)',
  reasonHint: 'Como o tomador pediu, comprovante da devolução…',
  confirm: 'Registrar a desistência',
  done: 'Desistência registrada: {{amount}} devolvidos; a operação foi cancelada.',
  withdrawn: 'Desistência do tomador (art. 49 do CDC) registrada em {{date}} por {{who}}: {{amount}} devolvidos.',
} as const;
