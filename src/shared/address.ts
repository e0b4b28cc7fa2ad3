/**
 * Brazilian postal addresses: the CEP rule and the address a CEP lookup
 * answers (the spec's address fields). Shared so the main process (which asks the postal-code
 * service) and the forms that will show the address apply the same rule.
 */

/** Separators people type or paste in a CEP: hyphen, dots and spaces. */
const CEP_MASK_CHARS = /[-.\s]/g;

/** The CEP's 8 digits, or null when what was typed is not a CEP. */
export function cepDigits(value: string): string | null {
  const digits = value.replace(CEP_MASK_CHARS, '');
  return /^\d{8}$/.test(digits) ? digits : null;
}

/** '01001000' → '01001-000' (the way the post office writes it). */
export function formatCep(digits: string): string {
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

/** An address as the postal-code service knows it; empty strings where it has nothing. */
export interface Address {
  /** '01001-000' */
  cep: string;
  street: string;
  complement: string;
  neighborhood: string;
  city: string;
  /** Two-letter state (UF), e.g. 'SP'. */
  state: string;
  /** IBGE municipality code, e.g. '3550308'. */
  ibge: string;
}
