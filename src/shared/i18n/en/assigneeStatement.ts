/** The assignee's statement (assignment remittance screen): what the lender and the assignee owe each other over a period. */
export const assigneeStatement = {
  title: "Assignee's statement",
  from: 'From',
  to: 'To',
  balances: 'Opening balance {{opening}} · closing balance {{closing}} (positive: owed to the assignee; negative: due from it)',
  kinds: {
    cession: 'Cession (price due)',
    cession_reversal: 'Cession undone',
    payment: 'Payment collected (owed)',
    payment_reversal: 'Payment reversed',
    repurchase: 'Repurchase',
    repurchase_reversal: 'Repurchase undone',
  },
  columns: {
    date: 'Date',
    kind: 'Entry',
    operation: 'Operation',
    installment: 'Installment',
    cession: 'Cession',
    amount: 'Amount',
    balance: 'Balance',
  },
};
