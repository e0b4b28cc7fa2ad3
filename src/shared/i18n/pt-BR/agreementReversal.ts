/** O estorno de pagamento de acordo que aguarda outra pessoa (acima do limite de estorno da empresa), na tela do acordo. */
export const agreementReversal = {
  title: 'Estorno aguardando aprovação',
  text: 'Estorno de {{amount}} pago em {{date}} na parcela {{number}} do acordo, pedido por {{name}}. Motivo: {{reason}}',
  checks: 'Aprovações: {{given}} de {{required}}.',
  waits: 'O estorno aguarda a aprovação de outra pessoa.',
  waitsForOther: 'Você pediu este estorno: a aprovação cabe a outra pessoa (regra dos quatro olhos). Você pode retirar o pedido.',
  approve: 'Aprovar o estorno',
  refuse: 'Recusar o estorno',
  withdraw: 'Retirar o pedido',
  reason: 'Motivo da recusa',
  needsReason: 'Informe o motivo para recusar ou retirar o estorno.',
  confirmTitle: 'Aprovar o estorno do pagamento da parcela {{number}}',
  confirmText: 'O pagamento é estornado hoje: o valor volta a ser devido na parcela e os lançamentos do pagamento são desfeitos.',
} as const;
