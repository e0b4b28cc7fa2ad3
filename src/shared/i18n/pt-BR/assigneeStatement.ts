/** The assignee's statement (Remessa de cessão screen): what the lender and the assignee owe each other over a period. */
export const assigneeStatement = {
  title: 'Extrato do cessionário',
  from: 'De',
  to: 'Até',
  balances: 'Saldo inicial {{opening}} · saldo final {{closing}} (positivo: a repassar ao cessionário; negativo: a receber dele)',
  kinds: {
    cession: 'Cessão (preço a receber)',
    cession_reversal: 'Cessão desfeita',
    payment: 'Pagamento recebido (a repassar)',
    payment_reversal: 'Estorno de pagamento',
    repurchase: 'Recompra',
    repurchase_reversal: 'Recompra desfeita',
  },
  columns: {
    date: 'Data',
    kind: 'Lançamento',
    operation: 'Operação',
    installment: 'Parcela',
    cession: 'Cessão',
    amount: 'Valor',
    balance: 'Saldo',
  },
};
