/**
 * Boletos: the slip an installment is collected by (ficha de compensação with
 * a PIX QR code) and the carnê of an operation's open installments — which
 * slip, with which nosso número, for which amount and due date, reserved and
 * recorded before the PDF is drawn. This file is the area's only way in for
 * other areas and the server's composition (seeds); schema-boleto.ts declares
 * its table. It calls collection (the installments' replay), bank-files (the
 * title the bank holds, for a due date that moved), company (the collecting
 * account and its nosso número) and the servicing core; bank-files reads its
 * slips in joins (schema-boleto.ts), never its calls.
 *
 * Design choices (the rules are written beside each in its module):
 * - Boletos (boleto.ts): one recorded slip per installment while its amount
 *   and due date do not change (a reprint gives the same nosso número); an
 *   overdue installment gets an updated slip due today with its charges; the
 *   nosso número is the collecting account's sequence (company area), never
 *   reused; the PDF is drawn after the commit from what was recorded.
 */
export { issueBoleto, issueCarne } from './boleto';
