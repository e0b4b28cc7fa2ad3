/**
 * The banks whose layouts the app builds: boleto barcodes and digitable
 * lines, CNAB 240 remittances and returns (Banco do Brasil, Caixa, Itaú).
 * Declared once: the contract's bank fields, the boleto and CNAB domains and
 * the collecting-account rules all read this list, so adding a bank is a
 * change here plus its layout tables.
 */
export const SUPPORTED_BANK_CODES = ['001', '104', '341'] as const;
export type SupportedBankCode = (typeof SUPPORTED_BANK_CODES)[number];
