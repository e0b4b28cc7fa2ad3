import type { Shape } from '../shape';
import type { dashboard as pt } from '../pt-BR/dashboard';

export const dashboard: Shape<typeof pt> = {
  title: '{{year}} dashboard',
  year: 'Year',
  defaultedNote: 'Default year: {{year}}.',
  noData: 'No solicitations in this year.',
  cards: {
    received: 'Solicitations received',
    requested: 'Value requested',
    approved: 'Approved in the year',
    approvedValue: 'Value approved',
    conversion: 'Conversion rate',
    conversionHint: 'of those received in the year, the share approved',
    ticket: 'Average approved ticket',
  },
  byStatus: 'Solicitations received by status',
  status: {
    pending: 'Pending',
    in_review: 'In review',
    documents_requested: 'Documents requested',
    approved: 'Approved',
    refused: 'Refused',
    cancelled: 'Cancelled',
    contracted: 'Contracted',
  },
  charts: {
    counts: 'Solicitations received and approved per month',
    values: 'Value requested and approved per month',
    received: 'Received',
    approved: 'Approved',
    requestedValue: 'Value requested',
    approvedValue: 'Value approved',
    showTable: 'View as table',
    showChart: 'View as chart',
    month: 'Month',
    total: 'Total',
    count: 'Count',
  },
};
