/**
 * The CNAB 444 remittance a receivables fund's custodian takes to acquire
 * receivables (remessa de aquisição / cessão): a header, one detail per
 * installment ceded, a trailer; 444 positions a line, CR LF between lines.
 *
 * Source of the positions: Banco Paulista S.A. (FIDC custody, operated by
 * Fromtis), "Troca Eletrônica Padrão – Remessa/Cobrança", layout CNAB 444,
 * junho/2019 — as transcribed field by field in the public parser
 * lsevero/cnab-parser, resources/paulista444.edn
 * (https://github.com/lsevero/cnab-parser/blob/f43824becb77c6bb059ec5a8bb3ae2b97a3cc77a/resources/paulista444.edn).
 * Singulare, QI, BRL and Oliveira Trust publish the same table (it is
 * Bradesco's CNAB 400 cobrança widened to 444 for the cession's data: the
 * cession term, the present value, the assignor), so the custodian's own
 * bank code and name go in the header from the assignee account.
 *
 * Positions are 1-based and inclusive as the layout prints them. Dates are
 * DDMMAA (the layout's 9(6)); amounts 9(n)V9(2).
 */
import { alpha, amount, blank, date, LINE_LENGTH_444, num, zeros, type Table444 } from './field-table';

const SOURCE_444 = 'Banco Paulista/Fromtis, Troca Eletrônica Padrão – Remessa/Cobrança, CNAB 444, junho/2019';

export const HEADER_444: Table444 = {
  record: 'header',
  source: SOURCE_444,
  length: LINE_LENGTH_444,
  fields: [
    num('recordType', 1, 1, { fixed: '0' }),
    num('fileKind', 2, 2, { fixed: '1' }),
    alpha('remittanceLiteral', 3, 9, { fixed: 'REMESSA' }),
    num('serviceCode', 10, 11, { fixed: '01' }),
    alpha('serviceLiteral', 12, 26, { fixed: 'COBRANCA' }),
    /** "Código do originador", given by the custodian; our CNPJ when it gave none. */
    num('originatorCode', 27, 46),
    alpha('originatorName', 47, 76),
    /** The custodian's bank number (611 for Banco Paulista). */
    num('bankCode', 77, 79),
    alpha('bankName', 80, 94),
    date('writtenOn', 95, 100),
    blank('blank1', 101, 108),
    alpha('systemId', 109, 110, { fixed: 'MX' }),
    /** Nº sequencial do arquivo: the account's file number, one more each file. */
    num('fileSequence', 111, 117),
    blank('blank2', 118, 438),
    num('recordSequence', 439, 444),
  ],
};

export const DETAIL_444: Table444 = {
  record: 'detail',
  source: SOURCE_444,
  length: LINE_LENGTH_444,
  fields: [
    num('recordType', 1, 1, { fixed: '1' }),
    blank('autoDebit', 2, 20),
    /** 01 com coobrigação (the assignor buys back what the agreement says), 02 sem. */
    num('coobligation', 21, 22),
    num('specialFeature', 23, 24, { default: '00' }),
    /** Modalidade da operação (SCR, BACEN). */
    num('modality', 25, 28),
    num('nature', 29, 30, { default: '01' }),
    num('fundsOrigin', 31, 34, { default: '0101' }),
    alpha('riskClass', 35, 36, { default: 'A' }),
    zeros('zeros1', 37, 37),
    /** Nº de controle do participante: our reference of the installment (operation/number), read back on the custodian's return. */
    alpha('participantControl', 38, 62),
    zeros('chequeBank', 63, 65),
    zeros('zeros2', 66, 70),
    zeros('bankTitleId', 71, 81),
    blank('ourNumberDigit', 82, 82),
    zeros('paidAmount', 83, 92),
    /** 2: the assignor issues the slip (the lender keeps collecting). */
    num('slipCondition', 93, 93, { default: '2' }),
    alpha('slipForDebit', 94, 94, { default: 'N' }),
    zeros('settledOn', 95, 100),
    blank('bankOperationId', 101, 104),
    blank('creditSplit', 105, 105),
    zeros('debitNotice', 106, 106),
    blank('blank1', 107, 108),
    /** 01: remessa (acquisition). */
    num('occurrence', 109, 110, { fixed: '01' }),
    /** Nº do documento (seu número). */
    alpha('documentNumber', 111, 120),
    date('dueDate', 121, 126),
    amount('faceValue', 127, 139),
    zeros('collectingBank', 140, 142),
    zeros('collectingAgency', 143, 147),
    /** Espécie do título, from the custodian's table. */
    num('titleKind', 148, 149),
    blank('identification', 150, 150),
    date('issuedOn', 151, 156),
    num('firstInstruction', 157, 158, { default: '00' }),
    num('secondInstruction', 159, 159, { default: '0' }),
    /** Tipo de pessoa do cedente: 01 PF, 02 PJ. */
    alpha('assignorPersonType', 160, 161),
    alpha('zeros3', 162, 173, { fixed: '000000000000', filler: true }),
    /** Nº do termo de cessão: our cession number. */
    alpha('cessionTerm', 174, 192),
    amount('presentValue', 193, 205),
    zeros('rebate', 206, 218),
    /** 01 CPF, 02 CNPJ. */
    num('payerDocumentType', 219, 220),
    num('payerDocument', 221, 234),
    alpha('payerName', 235, 274),
    alpha('payerAddress', 275, 314),
    blank('invoiceNumber', 315, 323),
    blank('invoiceSeries', 324, 326),
    num('payerPostalCode', 327, 334),
    /** Cedente: the layout's X(60) is the name (46) followed by the CNPJ (14). */
    alpha('assignorName', 335, 380),
    num('assignorDocument', 381, 394),
    blank('invoiceKey', 395, 438),
    num('recordSequence', 439, 444),
  ],
};

export const TRAILER_444: Table444 = {
  record: 'trailer',
  source: SOURCE_444,
  length: LINE_LENGTH_444,
  fields: [num('recordType', 1, 1, { fixed: '9' }), blank('blank', 2, 438), num('recordSequence', 439, 444)],
};

export const TABLES_444 = [HEADER_444, DETAIL_444, TRAILER_444] as const;
