import type { Shape } from '../shape';
import type { withdrawal as pt } from '../pt-BR/withdrawal';

/** The borrower's seven-day withdrawal (CDC art. 49), on the operation's installments tab. */
export const withdrawal: Shape<typeof pt> = {
  open: 'Withdrawal (CDC art. 49)',
  notAllowed: 'Withdrawal unavailable: {{reason}}',
  window: 'Withdrawal possible until {{last}} (seven days counted from {{from}}).',
  title: "Borrower's withdrawal — operation {{operation}}",
  text: 'The borrower withdraws from the contract within seven days (CDC art. 49: signed electronically, away from the premises). They return {{amount}}, the principal they received, with no interest or fees, by {{last}}. The operation is cancelled, every installment closes and registered slips get a write-off in the next remittance.',
  amountToReturn: 'Amount the borrower returns (principal released)',
  financed: 'Amount financed in the contract',
  iof: 'IOF (not refunded by the Treasury; not charged to the borrower)',
  fees: 'Fees financed (undone)',
  reason: 'Note (optional)',
  reasonHint: 'How the borrower asked, proof of the return…',
  confirm: 'Record the withdrawal',
  done: 'Withdrawal recorded: {{amount}} returned; the operation was cancelled.',
  withdrawn: "Borrower's withdrawal (CDC art. 49) recorded on {{date}} by {{who}}: {{amount}} returned.",
};
