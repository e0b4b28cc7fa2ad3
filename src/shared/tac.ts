/**
 * The Tarifa de Abertura de Crédito (TAC) may not be charged to individuals
 * since 30/04/2008 (Res. CMN 3.518/2007, which left it out of the fees a bank
 * may charge a person; STJ Súmula 565). Fees are free-named lists, so the TAC
 * is recognised by its name; the server refuses it on a PF operation and the
 * building screen does not suggest it for one. (The Tarifa de Cadastro is
 * another fee.)
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
