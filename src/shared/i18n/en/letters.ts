import type { letters as pt } from '../pt-BR/letters';
import type { Shape } from '../shape';

/** Statements and letters for a borrower: the "Statements and letters" panel under the operation's contract tab and the borrower's annual declaration. */
export const letters: Shape<typeof pt> = {
  tab: 'Statements and letters',
  intro: "Documents for the borrower, as PDFs rendered by the server with the day's figures and saved on your computer. Each issue is written to the activity log.",
  notReleased: 'Statements and letters are available once the operation is released.',
  blankToday: 'Blank: today.',
  saved: 'PDF saved to {{path}}',
  statement: {
    title: 'Operation statement',
    help: 'Installments, payments split into principal, interest and late charges, and the balance on the date.',
    date: 'As of',
    save: 'Save statement',
  },
  payoff: {
    title: 'Payoff quote letter',
    help: 'What settles the operation, with the discount of interest not yet due (CDC art. 52 §2). The amount is the one of the valid-until day (up to {{days}} days).',
    validUntil: 'Valid until',
    save: 'Save letter',
  },
  discharge: {
    title: 'Discharge letter',
    help: 'Only for a settled operation (every installment paid, or a full prepayment). Issued by the back office.',
    save: 'Save discharge letter',
  },
  annual: {
    title: 'Annual debt-discharge declaration',
    help: 'Lei 12.007/2009: for a year that is over, when every installment due in it is paid. Issued by the back office.',
    year: 'Year',
    save: 'Save declaration',
  },
};
