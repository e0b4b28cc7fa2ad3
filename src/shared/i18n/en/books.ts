import type { books as pt } from '../pt-BR/books';
import type { Shape } from '../shape';

/** The institution's books in COSIF: the monthly trial balance by account. */
export const books: Shape<typeof pt> = {
  menu: 'COSIF trial balance',
  crumb: 'COSIF trial balance',
  title: 'Monthly trial balance by COSIF account',
  intro: "Each account of the chart with its COSIF code and title: opening balance, the month's debits and credits, and closing balance. The opening is the previous month's closing; the closing is the trial balance on the month's last day.",
  month: 'Month',
  show: 'Show',
  period: 'From {{from}} to {{to}}',
  columns: {
    cosifCode: 'COSIF code',
    cosifTitle: 'COSIF title',
    account: 'Account',
    opening: 'Opening balance',
    debits: 'Debits',
    credits: 'Credits',
    closing: 'Closing balance',
  },
  total: 'Total',
  internal: 'internal sub-account',
  side: { debit: 'Dr', credit: 'Cr' },
  legend: 'Balances: Dr debit, Cr credit. * internal sub-account opened under the COSIF account.',
  balanced: "The month's debits and credits agree: {{amount}} on each side.",
  unbalanced: "The month's debits and credits differ by {{difference}}.",
  savePdf: 'Save PDF',
  saved: 'PDF saved to {{path}}',
};
