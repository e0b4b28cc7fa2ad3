/**
 * Each bank's CNAB 240 cobrança tables: the FEBRABAN v10.6 tables with the
 * bank's own fields only where its manual differs. A record the bank's manual
 * prints exactly as FEBRABAN's keeps the base table.
 */
import { SUPPORTED_BANK_CODES, type SupportedBankCode } from '@shared/banks';
import { alpha, blank, num, overrideFields, zeros, type FieldSpec } from './field-table';
import { FEBRABAN_TABLES, type CnabTables } from './febraban-240';

export type CnabBank = SupportedBankCode;
export const CNAB_BANKS: readonly CnabBank[] = SUPPORTED_BANK_CODES;

/**
 * Banco do Brasil: "Particularidades BB — Leiaute CNAB 240", agosto/2017
 * (the BB notes over FEBRABAN's layout). The agreement field is split into
 * convênio (9), 0014 (cobrança cedente), carteira (2) and variação (3); the
 * layout versions go in pairs, file 084 with lot 043 (field 07.1's note); the
 * remittance's lot trailer carries only the record count ("Informar Zeros e
 * brancos" from 24 to 240). The nosso número (13.3P) is FEBRABAN's 20-position
 * alphanumeric field, left-aligned: 17 digits without check digit for 7-digit
 * agreements.
 */
export const BB_SOURCE = 'Banco do Brasil, Particularidades BB — Leiaute CNAB 240, agosto/2017';
export const BB_FILE_LAYOUT = '084';
export const BB_LOT_LAYOUT = '043';

const bbAgreement = (start: number): FieldSpec[] => [
  num('agreement', start, start + 8), // BB1 número do convênio
  num('agreementProduct', start + 9, start + 12, { fixed: '0014' }), // BB2 cobrança cedente
  num('wallet', start + 13, start + 14), // BB3 carteira
  num('walletVariation', start + 15, start + 17), // BB4 variação
  alpha('testFlag', start + 18, start + 19), // BB5 brancos, or TS for a test file
];

const BANCO_DO_BRASIL: CnabTables = {
  ...FEBRABAN_TABLES,
  fileHeader: overrideFields(FEBRABAN_TABLES.fileHeader, BB_SOURCE, [
    ...bbAgreement(33),
    num('layoutVersion', 164, 166, { default: BB_FILE_LAYOUT }),
  ]),
  lotHeader: overrideFields(FEBRABAN_TABLES.lotHeader, BB_SOURCE, [
    num('layoutVersion', 14, 16, { default: BB_LOT_LAYOUT }),
    ...bbAgreement(34),
  ]),
  lotTrailer: overrideFields(FEBRABAN_TABLES.lotTrailer, BB_SOURCE, [alpha('bbReserved24', 24, 240)]),
};

/**
 * Caixa: "Leiaute de Arquivo Eletrônico Padrão CNAB 240 — Cobrança Bancária
 * CAIXA — SIGCB", 67.118 v010 micro, junho/2018. The account is the 6-digit
 * beneficiary code (header 59–64, lot 34–39 and 60–65, P 24–29), never an
 * account number; file layout 101, lot 060; P carries the 17-digit nosso número
 * at 41–57 (modality 14 + 15 digits) after a SINCO flag at 40; T carries it at
 * 40–56 with its check digit at 57; the document number is 11 long; U's
 * payer-occurrence area (154–240) and the trailers' unused totals are Caixa's.
 */
export const CAIXA_SOURCE = 'CAIXA, Leiaute de Arquivo Eletrônico Padrão CNAB 240 — Cobrança Bancária CAIXA — SIGCB, 67.118 v010 micro, junho/2018';
export const CAIXA_FILE_LAYOUT = '101';
export const CAIXA_LOT_LAYOUT = '060';

const CAIXA: CnabTables = {
  ...FEBRABAN_TABLES,
  fileHeader: overrideFields(FEBRABAN_TABLES.fileHeader, CAIXA_SOURCE, [
    zeros('caixaReserved33', 33, 52),
    num('beneficiaryCode', 59, 64),
    zeros('caixaReserved65', 65, 71),
    zeros('caixaReserved72', 72, 72),
    num('layoutVersion', 164, 166, { default: CAIXA_FILE_LAYOUT }),
    blank('caixaReserved172', 172, 191),
    alpha('fileSituation', 192, 211), // REMESSA-PRODUCAO or REMESSA-TESTE
    blank('caixaReserved212', 212, 215),
    blank('cnab216', 216, 240),
  ]),
  lotHeader: overrideFields(FEBRABAN_TABLES.lotHeader, CAIXA_SOURCE, [
    zeros('caixaReserved12', 12, 13),
    num('layoutVersion', 14, 16, { default: CAIXA_LOT_LAYOUT }),
    num('beneficiaryCode', 34, 39),
    zeros('caixaReserved40', 40, 53),
    num('beneficiaryCodeAgain', 60, 65),
    num('customSlipModel', 66, 72),
    zeros('caixaReserved73', 73, 73),
  ]),
  segmentP: overrideFields(FEBRABAN_TABLES.segmentP, CAIXA_SOURCE, [
    num('beneficiaryCode', 24, 29),
    zeros('caixaReserved30', 30, 37),
    zeros('caixaReserved38', 38, 39),
    num('sincoModality', 40, 40, { default: '0' }),
    num('nossoNumero', 41, 57),
    alpha('documentNumber', 63, 73),
    blank('caixaReserved74', 74, 77),
    num('writeOffDays', 225, 227),
  ]),
  segmentR: overrideFields(FEBRABAN_TABLES.segmentR, CAIXA_SOURCE, [blank('caixaReserved180', 180, 229), blank('cnab230', 230, 240)]),
  segmentT: overrideFields(FEBRABAN_TABLES.segmentT, CAIXA_SOURCE, [
    num('beneficiaryCode', 24, 29),
    num('caixaReserved30', 30, 32),
    num('payerBank', 33, 35),
    num('caixaReserved36', 36, 36),
    alpha('caixaReserved37', 37, 38),
    num('sincoModality', 39, 39),
    num('nossoNumero', 40, 56),
    num('nossoNumeroDigit', 57, 57),
    alpha('documentNumber', 59, 69),
    alpha('caixaReserved70', 70, 73),
    alpha('caixaReserved189', 189, 198),
  ]),
  segmentU: overrideFields(FEBRABAN_TABLES.segmentU, CAIXA_SOURCE, [alpha('caixaPayerArea', 154, 240)]),
  lotTrailer: overrideFields(FEBRABAN_TABLES.lotTrailer, CAIXA_SOURCE, [alpha('caixaReserved93', 93, 123)]),
  fileTrailer: overrideFields(FEBRABAN_TABLES.fileTrailer, CAIXA_SOURCE, [alpha('caixaReserved30', 30, 35)]),
};

/**
 * Itaú: "Cobrança Bancária — Intercâmbio Eletrônico de Arquivos — Layout de
 * Arquivos FEBRABAN 240", janeiro/2017. Branch of 4 and account of 5 digits
 * with one DAC (no agreement field); file layout 040, lot 030; P and T carry
 * the wallet (38–40), the 8-digit nosso número (41–48) and its DAC (49); the
 * document number is 10 long; payer and guarantor names are 30 long; T's
 * reasons are four codes (214–221) and the settlement channel (222–223). The
 * R segment's positions are FEBRABAN's.
 */
export const ITAU_SOURCE = 'Itaú, Cobrança Bancária — Intercâmbio Eletrônico de Arquivos — Layout de Arquivos FEBRABAN 240, janeiro/2017';
export const ITAU_FILE_LAYOUT = '040';
export const ITAU_LOT_LAYOUT = '030';

const itauAccount = (start: number, zeroWidth: number): FieldSpec[] => [
  zeros(`itauZero${start}`, start, start),
  num('agency', start + 1, start + 4),
  blank(`itauBlank${start + 5}`, start + 5, start + 5),
  zeros(`itauZero${start + 6}`, start + 6, start + 5 + zeroWidth),
  num('account', start + 6 + zeroWidth, start + 10 + zeroWidth),
  blank(`itauBlank${start + 11 + zeroWidth}`, start + 11 + zeroWidth, start + 11 + zeroWidth),
  num('accountDac', start + 12 + zeroWidth, start + 12 + zeroWidth),
];

const ITAU: CnabTables = {
  ...FEBRABAN_TABLES,
  fileHeader: overrideFields(FEBRABAN_TABLES.fileHeader, ITAU_SOURCE, [
    blank('itauBlank33', 33, 52),
    ...itauAccount(53, 7),
    num('layoutVersion', 164, 166, { default: ITAU_FILE_LAYOUT }),
    zeros('itauZero167', 167, 171),
    blank('itauBlank172', 172, 225),
    zeros('itauZero226', 226, 228),
    blank('itauBlank229', 229, 240),
  ]),
  lotHeader: overrideFields(FEBRABAN_TABLES.lotHeader, ITAU_SOURCE, [
    zeros('itauZero12', 12, 13),
    num('layoutVersion', 14, 16, { default: ITAU_LOT_LAYOUT }),
    blank('itauBlank34', 34, 53),
    ...itauAccount(54, 7),
    blank('itauBlank104', 104, 183),
  ]),
  segmentP: overrideFields(FEBRABAN_TABLES.segmentP, ITAU_SOURCE, [
    ...itauAccount(18, 7),
    num('wallet', 38, 40),
    num('nossoNumero', 41, 48),
    num('nossoNumeroDigit', 49, 49),
    blank('itauBlank50', 50, 57),
    zeros('itauZero58', 58, 62),
    alpha('documentNumber', 63, 72),
    blank('itauBlank73', 73, 77),
    num('collectingAgencyDigit', 106, 106),
    zeros('itauZero118', 118, 118), // no interest code: 127–141 is always the amount per day
    zeros('itauZero142', 142, 142),
    num('writeOffDays', 225, 226),
    zeros('itauZero227', 227, 239),
    blank('itauBlank240', 240, 240),
  ]),
  segmentQ: overrideFields(FEBRABAN_TABLES.segmentQ, ITAU_SOURCE, [
    alpha('payerName', 34, 63),
    blank('itauBlank64', 64, 73),
    alpha('guarantorName', 170, 199),
    blank('itauBlank200', 200, 209),
    zeros('itauZero210', 210, 212),
    blank('itauBlank213', 213, 240),
  ]),
  segmentT: overrideFields(FEBRABAN_TABLES.segmentT, ITAU_SOURCE, [
    alpha('ddaFlag', 15, 15),
    zeros('itauZero18', 18, 18),
    num('agency', 19, 22),
    zeros('itauZero23', 23, 30),
    num('account', 31, 35),
    zeros('itauZero36', 36, 36),
    num('accountDac', 37, 37),
    num('wallet', 38, 40),
    num('nossoNumero', 41, 48),
    num('nossoNumeroDigit', 49, 49),
    blank('itauBlank50', 50, 57),
    zeros('itauZero58', 58, 58),
    alpha('documentNumber', 59, 68),
    blank('itauBlank69', 69, 73),
    zeros('itauZero97', 97, 99),
    zeros('itauZero131', 131, 132),
    alpha('payerName', 149, 178),
    blank('itauBlank179', 179, 188),
    zeros('itauZero189', 189, 198),
    alpha('reasons', 214, 221),
    alpha('settlementChannel', 222, 223),
  ]),
  segmentU: overrideFields(FEBRABAN_TABLES.segmentU, ITAU_SOURCE, [
    zeros('itauZero108', 108, 137),
    alpha('payerOccurrence', 154, 157),
    alpha('payerOccurrenceOn', 158, 165),
    blank('itauBlank181', 181, 210),
    zeros('itauZero211', 211, 233),
  ]),
  lotTrailer: overrideFields(FEBRABAN_TABLES.lotTrailer, ITAU_SOURCE, [zeros('itauZero70', 70, 115)]),
};

const BANK_TABLES: Readonly<Record<CnabBank, CnabTables>> = { '001': BANCO_DO_BRASIL, '104': CAIXA, '341': ITAU };

export function isCnabBank(value: string): value is CnabBank {
  return (CNAB_BANKS as readonly string[]).includes(value);
}

export function cnabTables(bank: CnabBank): CnabTables {
  return BANK_TABLES[bank];
}
