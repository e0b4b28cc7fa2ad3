/** The company's reports (Operations › Company › Reports). */
import type { Shape } from '../shape';
import type { reports as pt } from '../pt-BR/reports';

export const reports: Shape<typeof pt> = {
  link: 'IOF report',
  iof: {
    title: 'IOF report',
    crumb: 'IOF report',
    intro: 'The IOF charged when the operations were released, per ten-day period (days 1–10, 11–20 and 21 to the month end) and taxpayer type, with the DARF revenue code and the due date (3rd business day after the period). The period is widened to whole ten-day periods.',
    from: 'From',
    to: 'To',
    show: 'Show',
    savePdf: 'Save PDF',
    saved: 'File saved to {{path}}',
    period: 'Period: {{from}} to {{to}}',
    empty: 'No IOF charged in the period.',
    decendioTotal: 'Period total',
    periodTotal: 'Total: {{total}} ({{count}} operations)',
    payer: { PF: 'Individual', PJ: 'Company' },
    columns: {
      decendio: 'Ten-day period',
      start: 'Start',
      end: 'End',
      payerType: 'Taxpayer',
      darfCode: 'DARF code',
      operationCount: 'Operations',
      total: 'IOF',
      dueDate: 'Due date',
    },
  },
  operations: {
    title: 'Operations report',
    crumb: 'Operations report',
    link: 'Operations report',
    intro: 'The operations by planned release period, status, product, borrower and assignee (installments ceded to the assignee’s account and not ceded back), with the totals of every match.',
    filters: { period: 'Release', status: 'Status', product: 'Product', borrower: 'Borrower (name or CPF/CNPJ)', assignee: 'Assignee' },
    totals: '{{count}} operations · financed {{principal}} · IOF {{iof}} · total payable {{payable}}',
    columns: {
      id: 'Operation',
      borrowerName: 'Borrower',
      borrowerDocument: 'CPF/CNPJ',
      product: 'Product',
      status: 'Status',
      disbursementDate: 'Release',
      installments: 'Installments',
      monthlyRate: 'Monthly rate (%)',
      principal: 'Financed',
      iof: 'IOF',
      totalPayable: 'Total payable',
    },
  },
  remittances: { title: 'Remittance report', bank: 'Bank' },
};
