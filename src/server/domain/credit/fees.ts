/**
 * Fees charged at disbursement. The Tarifa de Abertura de Crédito (TAC) may
 * not be charged to individuals since 30/04/2008 (Res. CMN 3.518/2007, which
 * left it out of the fees a bank may charge a person; STJ Súmula 565), so a
 * PF operation never carries it: not the company's default, not a borrower's
 * negotiated one, not an operator's fee list naming it. A company (PJ) may be
 * charged it. (The Tarifa de Cadastro, another fee, is not the TAC.)
 */

/** Whether a fee's name is the TAC ("TAC", "Tarifa de abertura de crédito", in any case or accent). */
export function isTacName(name: string): boolean {
  const plain = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
  return /^tac\b/.test(plain) || plain.includes('abertura de credito');
}
