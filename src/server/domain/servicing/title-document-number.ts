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
