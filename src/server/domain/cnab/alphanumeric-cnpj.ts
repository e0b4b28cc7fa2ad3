/**
 * The alphanumeric CNPJ (Receita Federal, IN RFB 2.229/2024: from July 2026
 * new registrations get 12 letters or digits, then two numeric check digits)
 * in CNAB 240 cobrança.
 *
 * Where it would go: the beneficiary's document (file header 19–32, lot
 * header 19–33) and the payer's (segment Q 19–33, 09.3Q; returned in T
 * 134–148). Every layout these tables follow declares them numeric (N): BB's
 * Particularidades (agosto/2017, file 084 / lot 043), Caixa's SIGCB 67.118
 * v010 (junho/2018, 101 / 060) and Itaú's FEBRABAN 240 (janeiro/2017,
 * 040 / 030), and FEBRABAN's own 240 v10.6 (G006).
 *
 * What was published (searched November 2026, the project's documentation,
 * pages and issues stores): no FEBRABAN CNAB 240 version with these fields
 * alphanumeric, and no version of the three banks' cobrança manuals saying
 * so, was found. Only third parties:
 * github.com/BoletoNet/BoletoNetCore/issues/401 (June 2026, Sicredi: the
 * library stripped the letters from the document in the Q segment and
 * headers; the proposal writes the letters in the same 15 positions,
 * right-aligned, zero-padded) and github.com/OCA/l10n-brazil/pull/4650
 * (July 2026, a CNAB structure module accepting it). Neither is a
 * bank's layout, and a file the bank's validator refuses is refused whole.
 *
 * So, per bank, until its manual says otherwise: refused before anything is
 * written, with the bank, the field and the reason named (the operator
 * registers that title through the bank's own channel meanwhile). When a
 * bank publishes its version, its entry below names the manual and version,
 * and its table's document fields become alphanumeric in the same positions.
 */
import type { CnabBank } from './bank-tables';
import { BB_FILE_LAYOUT, BB_SOURCE, CAIXA_FILE_LAYOUT, CAIXA_SOURCE, ITAU_FILE_LAYOUT, ITAU_SOURCE } from './bank-tables';

/** One declaration per bank: whether its CNAB 240 layout takes an alphanumeric CNPJ, and the manual that says so. */
export const ALPHANUMERIC_CNPJ_LAYOUTS: Readonly<Record<CnabBank, { accepted: boolean; bank: string; source: string; fileLayout: string }>> = {
  '001': { accepted: false, bank: 'Banco do Brasil', source: BB_SOURCE, fileLayout: BB_FILE_LAYOUT },
  '104': { accepted: false, bank: 'Caixa', source: CAIXA_SOURCE, fileLayout: CAIXA_FILE_LAYOUT },
  '341': { accepted: false, bank: 'Itaú', source: ITAU_SOURCE, fileLayout: ITAU_FILE_LAYOUT },
};

/** A CNPJ written with letters (the punctuation already taken out): 12 letters or digits, at least one letter, then 2 digits. */
export function isAlphanumericCnpj(value: string): boolean {
  return /^[0-9A-Z]{12}[0-9]{2}$/.test(value) && /[A-Z]/.test(value);
}

/** Why an alphanumeric CNPJ cannot go in this bank's file, in the words the refusal uses. */
export function alphanumericCnpjRefusal(bank: CnabBank): string {
  const layout = ALPHANUMERIC_CNPJ_LAYOUTS[bank];
  return (
    `CNPJ alfanumérico: o leiaute CNAB 240 do ${layout.bank} (versão ${layout.fileLayout}, ${layout.source}) tem o número de inscrição numérico, ` +
    `e o banco ainda não publicou a versão que aceita letras; registre este título pelo canal do banco`
  );
}
