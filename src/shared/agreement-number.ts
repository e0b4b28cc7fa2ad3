/** An agreement's number as screens and bank files name it: "AC-000012" (beside the operations' "OP-000015"). */
export function agreementNumber(id: number): string {
  return `AC-${String(id).padStart(6, '0')}`;
}

/** The id an agreement number names ("AC-000012", "AC-12" or "12"), or null when it names none. */
export function agreementIdOf(text: string): number | null {
  const m = /^\s*(?:AC-?)?0*(\d{1,9})\s*$/i.exec(text);
  return m ? Number(m[1]) : null;
}
