import type { desk as pt } from '../pt-BR/desk';
import type { Shape } from '../shape';

/** The collections desk's menu section (Collections), its attention counts, the palette's synonyms and the approvals inbox. */
export const desk: Shape<typeof pt> = {
  menu: {
    group: 'Collections',
    overdue: 'Overdue installments',
    approvals: 'Pending approvals',
    suspense: 'Unidentified amounts',
    bankFiles: 'Remittances and returns',
    attention: '{{count}} need attention',
    attentionMore: 'more than {{count}} need attention',
  },
  words: {
    overdue: 'overdue late arrears delinquent default collections collect due',
    approvals: 'approval approvals approve pending four eyes requests reversal cession repurchase write-off',
    suspense: 'unidentified suspense unapplied refund',
    bankFiles: 'remittance remittances return returns CNAB file bank banks',
    reports: 'report reports',
    iofReport: 'report IOF tax',
    operationsReport: 'report operations portfolio',
    parameterizedReport: 'report parameterized custom',
  },
  palette: {
    iofReport: 'IOF report',
    operationsReport: 'Operations report',
    parameterizedReport: 'Parameterized report',
    reports: 'Reports',
  },
  inbox: {
    title: 'Pending approvals',
    intro: 'Everything waiting for another person to approve it, oldest request first. Open a request to approve or refuse it on the operation’s screen.',
    empty: 'Nothing waits for approval. When someone asks for a reversal, a cession, a repurchase, a write-off or a parameter change above the limit, the request shows here.',
    columns: {
      kind: 'What',
      operation: 'Operation',
      borrower: 'Borrower',
      amount: 'Amount',
      maker: 'Asked by',
      since: 'Since',
      checks: 'Approvals',
      state: 'State',
    },
    checks: '{{given}} of {{required}}',
    moreOperations: '{{number}} and {{count}} more',
    filters: { kind: 'Kind', mine: 'Mine' },
    mine: { check: 'I may approve', asked: 'Asked by me' },
    state: { check: 'May approve', asked: 'Your request', other: 'With someone else' },
    kinds: {
      credit_operation: { approve: 'Credit approval', write_off: 'Balance write-off' },
      installment: { reverse: 'Payment reversal', write_off: 'Installment write-off' },
      cession: { assign: 'Cession of installments', reverse: 'Cession undone', price_write_off: 'Cession price difference write-off' },
      repurchase: { create: 'Repurchase', reverse: 'Repurchase undone' },
      suspense: { refund: 'Refund of an unidentified amount' },
      company: { parameters: 'Parameter change' },
      ledger: { close: 'Monthly close' },
      renegotiation: { agree: 'Renegotiation agreement', reverse_payment: 'Agreement payment reversal', limits: 'Renegotiation limits change' },
    },
  },
  sent: {
    title: 'Sent for another person’s approval',
    open: 'See pending approvals',
  },
  askApproval: 'Ask for approval',
};
