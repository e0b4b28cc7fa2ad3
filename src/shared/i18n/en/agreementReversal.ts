import type { Shape } from '../shape';
import type { agreementReversal as pt } from '../pt-BR/agreementReversal';

/** An agreement payment's reversal waiting for another person (above the company's reversal limit), on the agreement's view. */
export const agreementReversal: Shape<typeof pt> = {
  title: 'Reversal waiting for approval',
  text: 'Reversal of {{amount}} paid on {{date}} on installment {{number}} of the agreement, asked by {{name}}. Reason: {{reason}}',
  checks: 'Approvals: {{given}} of {{required}}.',
  waits: 'The reversal waits for another person’s approval.',
  waitsForOther: 'You asked for this reversal: another person approves it (four-eyes rule). You may withdraw the request.',
  approve: 'Approve the reversal',
  refuse: 'Refuse the reversal',
  withdraw: 'Withdraw the request',
  reason: 'Reason for refusing',
  needsReason: 'Give the reason to refuse or withdraw the reversal.',
  confirmTitle: 'Approve the reversal of installment {{number}}’s payment',
  confirmText: 'The payment is reversed today: the amount is owed again on the installment and the payment’s entries are undone.',
};
