/**
 * The title's document number ("seu número", FEBRABAN 240 segment P 63–77,
 * note G064): what the payer reads on the slip and what the bank holds for
 * the title must be the same text, so both come from here. The title data's
 * own number when someone set one; otherwise the operation's id and the
 * installment's number ("15/003"), which fits the narrowest field of the
 * banks' layouts (Itaú 10 characters, Caixa 11) for operations up to
 * 999999 — the writer refuses a longer one naming the field, never cuts it.
 */
export function titleDocumentNumber(operationId: number, installmentNumber: number, stored: string | null | undefined): string {
  const own = stored?.trim();
  return own ? own : `${operationId}/${String(installmentNumber).padStart(3, '0')}`;
}

/**
 * "A12/000": an agreement's installment (renegotiation; 000 the down payment), beside the operations' "15/003" and
 * within the narrowest layout's 10 characters for agreements up to 99999 — the slip prints it and the remittance's
 * P 63–77 carries it, the same text.
 */
export function agreementDocumentNumber(agreementId: number, number: number): string {
  return `A${agreementId}/${String(number).padStart(3, '0')}`;
}
